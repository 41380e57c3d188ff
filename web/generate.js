// Generate: the text and its settings, Speak over the WebSocket stream (audio played as
// it arrives), Stop, the cost, and the word being heard.
import { t, numbers, money, languageName } from './i18n.js';
import { announce } from './status.js';
import { ReadAlong } from './readalong.js';
import { BASE_LANGUAGES, ADVANCED_LANGUAGES, voiceLabel } from './voicemeta.js';

const $ = (id) => document.getElementById(id);

export class GenerateView {
  constructor(app) {
    this.app = app;
    this.voices = [];
    this.readAlong = new ReadAlong($('read-along'));
    $('speak').addEventListener('click', () => this.speak());
    $('stop').addEventListener('click', () => this.stop(true));
    $('model').addEventListener('change', () => this.loadVoices());
    $('voice-filter').addEventListener('input', () => this.filterVoices());
    $('speed').addEventListener('input', () => { $('speed-value').textContent = `${Number($('speed').value).toFixed(1)}×`; });
    $('text').addEventListener('input', () => this.showEstimate());
    $('voice').addEventListener('change', () => this.showEstimate());
    $('generate-view').addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        this.speak();
      }
    });
  }

  async signedIn() {
    await this.loadVoices();
  }

  async loadVoices() {
    const model = $('model').value;
    this.fillLanguages(model);
    try {
      this.voices = (await this.app.api.voices(model)).voices;
    } catch (e) {
      $('speak-error').textContent = e.message;
      this.voices = [];
    }
    this.filterVoices();
  }

  fillLanguages(model) {
    const select = $('language');
    select.replaceChildren(new Option(t('voiceLanguage'), ''));
    const codes = model === 'base' ? Object.keys(BASE_LANGUAGES) : ADVANCED_LANGUAGES;
    for (const code of codes)
      select.append(new Option(languageName(BASE_LANGUAGES[code] ?? code), code));
  }

  filterVoices() {
    const select = $('voice');
    const chosen = select.value;
    const needle = $('voice-filter').value.trim().toLowerCase();
    const shown = this.voices.filter((v) => !needle || voiceLabel(v).toLowerCase().includes(needle));
    select.replaceChildren(...shown.map((v) => new Option(voiceLabel(v), v.voice_id)));
    if (shown.some((v) => v.voice_id === chosen)) select.value = chosen;
    if (!shown.length) announce(t('noVoices'));
    this.showEstimate();
  }

  // Chooses a voice (and its model) from another view; false when it is not in the lists.
  async chooseVoice(voice) {
    // Another model's voice, or one made since the list was loaded (a custom voice).
    if ($('model').value !== voice.model || !this.voices.some((v) => v.voice_id === voice.voice_id)) {
      $('model').value = voice.model;
      await this.loadVoices();
    }
    $('voice-filter').value = '';
    this.filterVoices();
    $('voice').value = voice.voice_id;
    this.showEstimate();
    return $('voice').value === voice.voice_id;
  }

  // Puts a text in the Text box (History's "Open in Generate").
  open(text) {
    $('text').value = text;
    this.showEstimate();
  }

  // Tokens are the text's code points; advanced and premium voices cost 2 credits each.
  price() {
    const voice = this.voices.find((v) => v.voice_id === $('voice').value);
    return $('model').value === 'advanced' || (voice && !voice.free) ? 2 : 1;
  }

  showEstimate() {
    const tokens = Array.from($('text').value).length;
    $('estimate').textContent = tokens ? t('estimate', { credits: numbers.format(tokens * this.price()), tokens: numbers.format(tokens) }) : '';
  }

  // The stream's request for a text with the view's settings (Pronunciations' Listen uses it too).
  request(text) {
    const body = { text, voice_id: $('voice').value, model: $('model').value, speed: Number($('speed').value), timestamps: true };
    if ($('language').value) body.language_code = $('language').value;
    return body;
  }

  async speak() {
    const text = $('text').value;
    $('speak-error').textContent = '';
    if (!text.trim()) {
      $('speak-error').textContent = t('textMissing');
      return;
    }
    this.readAlong.start(text);
    $('read-along-box').hidden = false;
    $('cost').textContent = '';
    this.app.speaker.stop();
    announce(t('connecting'));
    $('stop').disabled = false;
    try {
      await this.app.speaker.speak(this.request(text), {
        started: () => announce(t('speaking')),
        words: (words) => this.readAlong.add(words),
        completed: (message) => this.finished(message),
        error: (detail) => { $('speak-error').textContent = detail; },
        closed: (completed, stopped) => this.closed(completed, stopped),
      });
    } catch (e) {
      $('stop').disabled = true;
      $('speak-error').textContent = t('audioUnavailable', { detail: e.message });
    }
  }

  // The live region says the take is done; the cost line beside Speak keeps what it cost.
  finished(message) {
    const cost = message.dollar_cost == null ? '' : money.format(message.dollar_cost);
    $('cost').textContent = t('charged', { tokens: numbers.format(message.tokens), cost });
    announce(t('done'));
    this.app.refreshBalance();
  }

  closed(completed, stopped) {
    $('stop').disabled = true;
    if (!completed && !stopped && !$('speak-error').textContent) $('speak-error').textContent = t('connectionLost');
  }

  // Stop ends the stream and the sound; what arrived stays in the player.
  stop(byUser) {
    this.app.speaker.stop();
    if (byUser) {
      this.app.player.pause();
      announce(t('stopped'));
      this.app.refreshBalance();
    }
  }

  onPlayer(message) {
    if (message.type === 'position') this.readAlong.at(this.app.player.seconds);
  }
}
