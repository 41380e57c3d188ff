// What the page knows of a voice beyond the API's fields: its language (a base voice's id
// starts with its language letter, af_sarah) and the label shown for it.
import { t, languageName, accentName } from './i18n.js';

// Base voices' language codes as BCP 47, for their names.
export const BASE_LANGUAGES = { a: 'en-US', b: 'en-GB', j: 'ja', z: 'zh', e: 'es', f: 'fr', h: 'hi', i: 'it', p: 'pt-BR' };
const IMPLIED_ACCENTS = { a: 'American', b: 'British', j: 'Japanese', z: 'Mandarin', e: 'Spanish', f: 'French',
  h: 'Indian', i: 'Italian', p: 'Brazilian' };
export const ADVANCED_LANGUAGES = ['en', 'ar', 'da', 'de', 'el', 'es', 'fi', 'fr', 'he', 'hi', 'it', 'ja', 'ko', 'ms',
  'nl', 'no', 'pl', 'pt', 'ru', 'sv', 'sw', 'tr', 'zh'];

// The base language letter of a voice, or '' for a multilingual (advanced or custom) one.
export function languageLetter(v) {
  return v.model === 'base' && /^[a-z][fm]_/.test(v.voice_id) && BASE_LANGUAGES[v.voice_id[0]] ? v.voice_id[0] : '';
}

export function voiceLanguage(v) {
  const letter = languageLetter(v);
  return letter ? languageName(BASE_LANGUAGES[letter]) : t('multilingual');
}

export function voiceLabel(v) {
  const letter = languageLetter(v);
  // The accent only where the language does not say it already (a Scottish voice of British English).
  const accent = v.accent && v.accent !== IMPLIED_ACCENTS[letter] ? accentName(v.accent) : '';
  const details = [voiceLanguage(v), t(v.gender), accent].filter(Boolean).join(', ');
  return `${v.name} — ${details}`;
}
