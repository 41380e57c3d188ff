// Generate: the text and its settings, Speak over the WebSocket stream (audio played as
// it arrives), Stop, the cost, and the word being heard.
import { t, numbers, money, languageName, accentName } from './i18n.js';
import { announce } from './status.js';
import { ReadAlong } from './readalong.js';

const $ = (id) => document.getElementById(id);
// Base voices' language codes (the first letter of their id) as BCP 47, for their names.
const BASE_LANGUAGES = { a: 'en-US', b: 'en-GB', j: 'ja', z: 'zh', e: 'es', f: 'fr', h: 'hi', i: 'it', p: 'pt-BR' };
const IMPLIED_ACCENTS = { a: 'American', b: 'British', j: 'Japanese', z: 'Mandarin', e: 'Spanish', f: 'French',
  h: 'Indian', i: 'Italian', p: 'Brazilian' };
const ADVANCED_LANGUAGES = ['en', 'ar', 'da', 'de', 'el', 'es', 'fi', 'fr', 'he', 'hi', 'it', 'ja', 'ko', 'ms', 'nl',
  'no', 'pl', 'pt', 'ru', 'sv', 'sw', 'tr', 'zh'];

export class GenerateView {
  constructor(app) {
    this.app = app;
    this.socket = null;
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

  voiceLabel(v) {
    // A base voice's id starts with its language letter and f or m (af_sarah).
    const letter = v.model === 'base' && /^[a-z][fm]_/.test(v.voice_id) ? v.voice_id[0] : '';
    const language = BASE_LANGUAGES[letter] ? languageName(BASE_LANGUAGES[letter]) : t('multilingual');
    // The accent only where the language does not say it already (a Scottish voice of British English).
    const accent = v.accent && v.accent !== IMPLIED_ACCENTS[letter] ? accentName(v.accent) : '';
    const details = [language, t(v.gender), accent].filter(Boolean).join(', ');
    return `${v.name} — ${details}`;
  }

  filterVoices() {
    const select = $('voice');
    const chosen = select.value;
    const needle = $('voice-filter').value.trim().toLowerCase();
    const shown = this.voices.filter((v) => !needle || this.voiceLabel(v).toLowerCase().includes(needle));
    select.replaceChildren(...shown.map((v) => new Option(this.voiceLabel(v), v.voice_id)));
    if (shown.some((v) => v.voice_id === chosen)) select.value = chosen;
    if (!shown.length) announce(t('noVoices'));
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
    this.stop(false);
    try {
      await this.app.player.open();
    } catch (e) {
      $('speak-error').textContent = t('audioUnavailable', { detail: e.message });
      return;
    }
    this.app.player.start();
    this.readAlong.start(text);
    $('read-along-box').hidden = false;
    $('cost').textContent = '';
    this.open(text);
  }

  open(text) {
    announce(t('connecting'));
    const socket = new WebSocket(this.app.api.streamUrl());
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.completed = false;
    $('stop').disabled = false;
    socket.onopen = () => socket.send(JSON.stringify(this.request(text)));
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => this.closed(socket);
  }

  receive(data) {
    if (data instanceof ArrayBuffer) {
      this.app.player.append(new Float32Array(data));
      return;
    }
    const message = JSON.parse(data);
    if (message.type === 'started') announce(t('speaking'));
    else if (message.type === 'words') this.readAlong.add(message.words);
    else if (message.type === 'completed') this.finished(message);
    else if (message.type === 'error') $('speak-error').textContent = message.detail;
  }

  finished(message) {
    this.completed = true;
    this.app.player.end();
    const cost = message.dollar_cost == null ? '' : money.format(message.dollar_cost);
    const text = t('done', { tokens: numbers.format(message.tokens), cost });
    $('cost').textContent = text;
    announce(text);
    this.app.refreshBalance();
  }

  closed(socket) {
    if (socket !== this.socket) return;
    this.socket = null;
    $('stop').disabled = true;
    this.app.player.end();
    if (!this.completed && !$('speak-error').textContent) $('speak-error').textContent = t('connectionLost');
  }

  // Stop ends the stream (the API charges a stream its client ends after audio went
  // out) and the sound; what arrived stays in the player.
  stop(byUser) {
    const socket = this.socket;
    if (socket) {
      this.socket = null;
      socket.close(1000);
      $('stop').disabled = true;
      this.app.player.end();
    }
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
