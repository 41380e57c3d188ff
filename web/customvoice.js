// The form that creates a custom voice (POST /v3/voices, multipart): a name, the system
// voice it is based on and a reference recording (a WAV) whose pitch and speaking rate
// it takes (docs/custom-voices.md).
import { t } from './i18n.js';
import { announce } from './status.js';
import { voiceLabel } from './voicemeta.js';

const $ = (id) => document.getElementById(id);

export class CustomVoiceForm {
  constructor(app, onCreated) {
    this.app = app;
    this.onCreated = onCreated;
    $('custom-voice-form').addEventListener('submit', (e) => { e.preventDefault(); this.create(); });
  }

  fillBaseVoices(voices) {
    const select = $('base-voice');
    const chosen = select.value;
    select.replaceChildren(...voices.map((v) => new Option(voiceLabel(v), v.voice_id)));
    if (voices.some((v) => v.voice_id === chosen)) select.value = chosen;
  }

  async create() {
    const error = $('custom-voice-error');
    error.textContent = '';
    const name = $('custom-name').value.trim();
    const file = $('reference').files[0];
    if (!name || !file) {
      error.textContent = t(name ? 'referenceMissing' : 'nameMissing');
      return;
    }
    const form = new FormData();
    form.append('name', name);
    form.append('base_voice_id', $('base-voice').value);
    if ($('custom-description').value.trim()) form.append('description', $('custom-description').value.trim());
    form.append('reference', file, file.name);
    $('create-voice').disabled = true;
    announce(t('creatingVoice'));
    try {
      const voice = await this.app.api.createVoice(form);
      $('custom-voice-form').reset();
      await this.onCreated(voice);
      announce(t('voiceCreated', { name: voice.name }));
    } catch (e) {
      error.textContent = e.message;
      announce('');
    } finally {
      $('create-voice').disabled = false;
    }
  }
}
