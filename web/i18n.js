// English and German texts; the browser's language chooses (navigator.language).
const texts = {
  en: {
    skip: 'Skip to content', title: 'TTS Studio', signOut: 'Sign out', signInTitle: 'Sign in',
    apiKey: 'API key', apiKeyHelp: 'Kept in this tab only, until you sign out or close it.', signIn: 'Sign in',
    views: 'Views', generate: 'Generate', history: 'History', text: 'Text', shortcut: 'Ctrl+Enter speaks.',
    voiceFilter: 'Find a voice', voice: 'Voice', model: 'Model', modelBase: 'Base', modelAdvanced: 'Advanced',
    language: 'Language', speed: 'Speed', speak: 'Speak', stop: 'Stop', readAlong: 'Being heard',
    historyEmpty: 'Nothing generated yet.', pages: 'Pages', newer: 'Newer', older: 'Older', player: 'Player',
    position: 'Position', play: 'Play', pause: 'Pause', listen: 'Listen', download: 'Download', captions: 'Captions',
    webvtt: 'WebVTT', voiceLanguage: "The voice's own", multilingual: 'multilingual',
    Female: 'female', Male: 'male', Neutral: 'neutral',
    keyMissing: 'Enter an API key.', signingIn: 'Signing in…', signedIn: 'Signed in as {name}.',
    signedOut: 'Signed out.', balance: 'Balance: {credits} credits · wallet {wallet}',
    estimate: 'About {credits} credits ({tokens} characters).', textMissing: 'Enter a text to speak.',
    connecting: 'Connecting…', speaking: 'Speaking…',
    stopped: 'Stopped.', connectionLost: 'The connection ended before the audio was complete.',
    page: 'Page {n}', loading: 'Loading…', historyLoaded: 'History, page {n}: {count} entries.',
    historyLoadedOne: 'History, page {n}: 1 entry.',
    item: '{date} · {voice} · {status}', tokens: '{n} characters', cost: '{cost}',
    statuses: { COMPLETED: 'completed', FAILED: 'failed', IN_QUEUE: 'queued', GENERATING: 'generating', EXPIRED: 'expired' },
    audioUnavailable: 'Sound cannot play in this browser: {detail}', playing: 'Playing.', paused: 'Paused.',
    noVoices: 'No voice found.', loadingAudio: 'Loading the audio…',
    voices: 'Voices', pronunciations: 'Pronunciations', gender: 'Gender', all: 'All', previewText: 'Preview sentence',
    previewHelp: 'Preview says this with the voice (billed like any take).', customVoice: 'New custom voice',
    voiceName: 'Name', baseVoice: 'Based on', reference: 'Reference recording (WAV)',
    referenceHelp: '16-bit PCM, at least 1 s of speech, up to 1 MiB. Its pitch and speaking rate are taken.',
    description: 'Description (optional)', createVoice: 'Create voice', custom: 'custom', premium: 'premium',
    preview: 'Preview', previewVoice: 'Preview {name}', useVoice: 'Use in Generate', useVoiceNamed: 'Use in Generate: {name}',
    previewDefault: 'Hello! This is how I sound.', previewing: 'Previewing {name}…', previewDone: 'Preview of {name} done.',
    voicesShown: '{n} voices shown.', voicesShownOne: '1 voice shown.', voiceChosen: 'Voice {name} chosen.',
    nameMissing: 'Enter a name for the voice.', referenceMissing: 'Choose a reference recording (WAV).',
    creatingVoice: 'Creating the voice (the recording is analysed)…', voiceCreated: 'Voice {name} created.',
    lexiconHelp: 'Words said your way in every generation of this account.', lexiconEmpty: 'No pronunciations yet.',
    grapheme: 'Word', alias: 'Say as', phoneme: 'Phonemes (IPA)', lexLanguage: 'Language code (optional)',
    matchCase: 'Match case', add: 'Add', saveEntry: 'Save', cancel: 'Cancel', plsTitle: 'PLS files',
    importPls: 'Import a PLS file', exportPls: 'Export as PLS', edit: 'Edit', remove: 'Delete',
    listenNamed: 'Listen to {word}', editNamed: 'Edit {word}', removeNamed: 'Delete {word}', inLanguage: 'language {code}',
    entries: '{n} pronunciations.', entriesOne: '1 pronunciation.',
    graphemeSpaces: 'Enter the word as written, without spaces before or after it.',
    saysMissing: 'Enter what to say (Say as) or the phonemes, or both.', entryAdded: 'Added {word}.',
    entrySaved: 'Saved {word}.', entryRemoved: 'Deleted {word}.', imported: '{n} pronunciations imported from {name}.',
    plsUnreadable: '{name} is not a PLS lexicon: {detail}', exported: '{n} pronunciations exported.',
    speakingWord: 'Saying {word}…', openInGenerate: 'Open in Generate', openedInGenerate: 'The text is in Generate.',
    textGone: '(text no longer kept)', done: 'Done.', charged: 'Charged: {tokens} characters, {cost}.',
  },
  de: {
    skip: 'Zum Inhalt springen', title: 'TTS Studio', signOut: 'Abmelden', signInTitle: 'Anmelden',
    apiKey: 'API-Schlüssel', apiKeyHelp: 'Nur in diesem Tab gespeichert, bis Sie sich abmelden oder ihn schließen.',
    signIn: 'Anmelden', views: 'Ansichten', generate: 'Erzeugen', history: 'Verlauf', text: 'Text',
    shortcut: 'Strg+Eingabe spricht.', voiceFilter: 'Stimme suchen', voice: 'Stimme', model: 'Modell',
    modelBase: 'Basis', modelAdvanced: 'Erweitert', language: 'Sprache', speed: 'Tempo', speak: 'Sprechen',
    stop: 'Stopp', readAlong: 'Gerade zu hören', historyEmpty: 'Noch nichts erzeugt.', pages: 'Seiten',
    newer: 'Neuere', older: 'Ältere', player: 'Wiedergabe', position: 'Position', play: 'Abspielen',
    pause: 'Pause', listen: 'Anhören', download: 'Herunterladen', captions: 'Untertitel', webvtt: 'WebVTT',
    voiceLanguage: 'Die der Stimme', multilingual: 'mehrsprachig', Female: 'weiblich', Male: 'männlich',
    Neutral: 'neutral', keyMissing: 'Geben Sie einen API-Schlüssel ein.', signingIn: 'Anmeldung…',
    signedIn: 'Angemeldet als {name}.', signedOut: 'Abgemeldet.',
    balance: 'Guthaben: {credits} Credits · Wallet {wallet}',
    estimate: 'Etwa {credits} Credits ({tokens} Zeichen).', textMissing: 'Geben Sie einen Text ein.',
    connecting: 'Verbinde…', speaking: 'Spricht…',
    stopped: 'Gestoppt.', connectionLost: 'Die Verbindung endete, bevor die Audiodaten vollständig waren.',
    page: 'Seite {n}', loading: 'Lädt…', historyLoaded: 'Verlauf, Seite {n}: {count} Einträge.',
    historyLoadedOne: 'Verlauf, Seite {n}: 1 Eintrag.',
    accents: { American: 'amerikanisch', British: 'britisch', Scottish: 'schottisch', Indian: 'indisch', Japanese: 'japanisch',
      Mandarin: 'Mandarin', Spanish: 'spanisch', French: 'französisch', Italian: 'italienisch', Brazilian: 'brasilianisch',
      Custom: 'eigene' },
    item: '{date} · {voice} · {status}', tokens: '{n} Zeichen', cost: '{cost}',
    statuses: { COMPLETED: 'fertig', FAILED: 'fehlgeschlagen', IN_QUEUE: 'wartet', GENERATING: 'in Arbeit', EXPIRED: 'abgelaufen' },
    audioUnavailable: 'Dieser Browser kann keinen Ton abspielen: {detail}', playing: 'Wiedergabe.',
    paused: 'Angehalten.', noVoices: 'Keine Stimme gefunden.', loadingAudio: 'Audio wird geladen…',
    voices: 'Stimmen', pronunciations: 'Aussprachen', gender: 'Geschlecht', all: 'Alle', previewText: 'Probesatz',
    previewHelp: 'Probehören spricht diesen Satz mit der Stimme (berechnet wie jede Aufnahme).',
    customVoice: 'Neue eigene Stimme', voiceName: 'Name', baseVoice: 'Basiert auf', reference: 'Referenzaufnahme (WAV)',
    referenceHelp: '16-Bit-PCM, mindestens 1 s Sprache, bis 1 MiB. Tonhöhe und Sprechtempo werden übernommen.',
    description: 'Beschreibung (optional)', createVoice: 'Stimme anlegen', custom: 'eigene', premium: 'Premium',
    preview: 'Probehören', previewVoice: '{name} probehören', useVoice: 'Zum Erzeugen verwenden',
    useVoiceNamed: '{name} zum Erzeugen verwenden', previewDefault: 'Hallo! So klinge ich.',
    previewing: '{name} wird probegehört…', previewDone: 'Probe von {name} fertig.',
    voicesShown: '{n} Stimmen angezeigt.', voicesShownOne: '1 Stimme angezeigt.', voiceChosen: 'Stimme {name} gewählt.',
    nameMissing: 'Geben Sie einen Namen für die Stimme ein.', referenceMissing: 'Wählen Sie eine Referenzaufnahme (WAV).',
    creatingVoice: 'Die Stimme wird angelegt (die Aufnahme wird analysiert)…', voiceCreated: 'Stimme {name} angelegt.',
    lexiconHelp: 'Wörter, die in jeder Erzeugung dieses Kontos so gesprochen werden, wie Sie es wollen.',
    lexiconEmpty: 'Noch keine Aussprachen.', grapheme: 'Wort', alias: 'Sprechen als', phoneme: 'Phoneme (IPA)',
    lexLanguage: 'Sprachcode (optional)', matchCase: 'Groß-/Kleinschreibung beachten', add: 'Hinzufügen',
    saveEntry: 'Speichern', cancel: 'Abbrechen', plsTitle: 'PLS-Dateien', importPls: 'PLS-Datei importieren',
    exportPls: 'Als PLS exportieren', edit: 'Bearbeiten', remove: 'Löschen', listenNamed: '{word} anhören',
    editNamed: '{word} bearbeiten', removeNamed: '{word} löschen', inLanguage: 'Sprache {code}',
    entries: '{n} Aussprachen.', entriesOne: '1 Aussprache.',
    graphemeSpaces: 'Geben Sie das Wort so ein, wie es geschrieben wird, ohne Leerzeichen davor oder danach.',
    saysMissing: 'Geben Sie an, wie es gesprochen wird (Sprechen als), die Phoneme oder beides.',
    entryAdded: '{word} hinzugefügt.', entrySaved: '{word} gespeichert.', entryRemoved: '{word} gelöscht.',
    imported: '{n} Aussprachen aus {name} importiert.', plsUnreadable: '{name} ist kein PLS-Lexikon: {detail}',
    exported: '{n} Aussprachen exportiert.', speakingWord: 'Spreche {word}…', openInGenerate: 'Im Erzeugen öffnen',
    openedInGenerate: 'Der Text steht im Erzeugen.', textGone: '(Text nicht mehr gespeichert)', done: 'Fertig.',
    charged: 'Berechnet: {tokens} Zeichen, {cost}.',
  },
};

export const lang = (navigator.language || 'en').toLowerCase().startsWith('de') ? 'de' : 'en';

export function t(key, params = {}) {
  const text = texts[lang][key] ?? texts.en[key] ?? key;
  return String(text).replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
}

// The API's accent labels are English; German ones where known.
export function accentName(accent) {
  return texts[lang].accents?.[accent] ?? accent;
}

export function statusName(status) {
  return texts[lang].statuses[status] ?? status;
}

// Fills every element marked data-i18n with its text and sets <html lang>.
export function translatePage(root = document) {
  document.documentElement.lang = lang;
  for (const el of root.querySelectorAll('[data-i18n]'))
    el.textContent = t(el.dataset.i18n);
}

// Made on first use: the first Intl object loads the locale's data (~100 ms in Chromium),
// which the sign-in form does not need.
function lazy(make) {
  let made = null;
  return () => (made ??= make());
}
const numberFormat = lazy(() => new Intl.NumberFormat(lang));
const moneyFormat = lazy(() => new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD', maximumFractionDigits: 6 }));
const dateFormat = lazy(() => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }));
const languageNames = lazy(() => new Intl.DisplayNames([lang], { type: 'language' }));

export const numbers = { format: (n) => numberFormat().format(n) };
export const money = { format: (n) => moneyFormat().format(n) };
export const dates = { format: (d) => dateFormat().format(d) };

export function languageName(bcp47) {
  try {
    return languageNames().of(bcp47) ?? bcp47;
  } catch {
    return bcp47;
  }
}

export function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds || 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
