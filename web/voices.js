// Voices: every voice of both models, filtered by language, gender and model; Preview
// says your own sentence with one (through the stream, like Speak); "Use in Generate"
// chooses it there. The form below creates a custom voice from a reference recording.
import { t, numbers } from './i18n.js';
import { announce, loadAnnounced } from './status.js';
import { voiceLanguage, voiceLabel } from './voicemeta.js';
import { el } from './dom.js';
import { CustomVoiceForm } from './customvoice.js';

const $ = (id) => document.getElementById(id);

export class VoicesView {
  constructor(app) {
    this.app = app;
    this.voices = [];
    for (const id of ['filter-language', 'filter-gender', 'filter-model'])
      $(id).addEventListener('change', () => this.render(true));
    this.form = new CustomVoiceForm(app, () => this.show(false));
  }

  async show(say = true) {
    const answer = await loadAnnounced(() => this.app.api.voices(), t('loading'));
    if (!answer) return;
    this.voices = answer.voices;
    this.fillLanguages();
    this.form.fillBaseVoices(this.voices.filter((v) => !v.is_custom));
    this.render(say);
  }

  fillLanguages() {
    const select = $('filter-language');
    const chosen = select.value;
    const names = [...new Set(this.voices.map(voiceLanguage))].sort((a, b) => a.localeCompare(b));
    select.replaceChildren(new Option(t('all'), ''), ...names.map((name) => new Option(name, name)));
    if (names.includes(chosen)) select.value = chosen;
  }

  matches(v) {
    const language = $('filter-language').value;
    const gender = $('filter-gender').value;
    const model = $('filter-model').value;
    return (!language || voiceLanguage(v) === language) && (!gender || v.gender === gender) && (!model || v.model === model);
  }

  render(say) {
    const shown = this.voices.filter((v) => this.matches(v));
    $('voice-list').replaceChildren(...shown.map((v) => this.entry(v)));
    const count = t(shown.length === 1 ? 'voicesShownOne' : 'voicesShown', { n: numbers.format(shown.length) });
    if (say) announce(count); // the live region shows it: no second line says it again
  }

  entry(v) {
    const kind = [t(v.model === 'base' ? 'modelBase' : 'modelAdvanced'), v.is_custom ? t('custom') : '',
      v.free ? '' : t('premium')].filter(Boolean).join(', ');
    const preview = el('button', { type: 'button' }, t('preview'));
    preview.setAttribute('aria-label', t('previewVoice', { name: v.name }));
    preview.addEventListener('click', () => this.preview(v));
    const use = el('button', { type: 'button' }, t('useVoice'));
    use.setAttribute('aria-label', t('useVoiceNamed', { name: v.name }));
    use.addEventListener('click', () => this.app.useVoice(v));
    const details = [v.description, kind].filter(Boolean).join(' · ');
    return el('li', {}, el('p', { className: 'name' }, voiceLabel(v)), el('p', { className: 'help' }, details),
      el('p', { className: 'links' }, preview, use));
  }

  async preview(v) {
    const text = $('preview-text').value.trim() || t('previewDefault');
    announce(t('previewing', { name: v.name }));
    try {
      await this.app.speaker.speak({ text, voice_id: v.voice_id, model: v.model }, {
        error: (detail) => announce(detail),
        completed: () => { announce(t('previewDone', { name: v.name })); this.app.refreshBalance(); },
      });
    } catch (e) {
      announce(t('audioUnavailable', { detail: e.message }));
    }
  }
}
