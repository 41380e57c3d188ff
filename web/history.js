// History: the account's generations, newest first, a page at a time: the first words of
// the text, status, voice, date, duration and cost; Listen plays one in the player,
// Download and Captions save it, "Open in Generate" puts its text in the Text box.
import { t, statusName, numbers, money, dates, clock } from './i18n.js';
import { announce, loadAnnounced } from './status.js';
import { takeInfo, firstWords } from './takeinfo.js';
import { el } from './dom.js';

const $ = (id) => document.getElementById(id);
const PAGE = 10;

export class HistoryView {
  constructor(app) {
    this.app = app;
    this.offset = 0;
    $('newer').addEventListener('click', () => this.show(Math.max(0, this.offset - PAGE)));
    $('older').addEventListener('click', () => this.show(this.offset + PAGE));
  }

  async show(offset = 0) {
    const page = await loadAnnounced(() => this.app.api.history(PAGE, offset), t('loading'));
    if (!page) return;
    this.offset = offset;
    $('history-list').replaceChildren(...page.history.map((item) => this.entry(item)));
    $('history-empty').hidden = page.history.length > 0 || offset > 0;
    $('newer').disabled = offset === 0;
    $('older').disabled = page.history.length < PAGE;
    const n = offset / PAGE + 1;
    $('page').textContent = t('page', { n });
    announce(t(page.history.length === 1 ? 'historyLoadedOne' : 'historyLoaded', { n, count: page.history.length }));
  }

  entry(item) {
    const info = takeInfo(this.app.api, item);
    const words = el('p', { className: 'words' }, t('loading'));
    const duration = el('span', {}, '');
    const when = el('time', { dateTime: item.created_at }, dates.format(new Date(item.created_at)));
    const cost = item.dollar_cost == null ? [] : [' · ', money.format(item.dollar_cost)];
    const summary = el('p', { className: 'help' }, when, ` · ${item.voice_name || item.voice_id} · ${statusName(item.status)} · `,
      t('tokens', { n: numbers.format(item.tokens) }), duration, ...cost);
    const actions = el('p', { className: 'links' });
    const li = el('li', {}, words, summary, actions);
    if (item.audio_url) actions.append(...this.links(item));
    const open = el('button', { type: 'button', disabled: true }, t('openInGenerate'));
    actions.append(open);
    info.text.then((text) => {
      words.textContent = text == null ? t('textGone') : firstWords(text);
      if (text == null) return;
      open.disabled = false;
      open.addEventListener('click', () => this.app.openInGenerate(text));
    });
    info.seconds.then((s) => { if (s != null) duration.textContent = ` · ${clock(s)}`; });
    return li;
  }

  links(item) {
    const listen = el('button', { type: 'button' }, t('listen'));
    listen.addEventListener('click', () => this.listen(item.audio_url));
    const links = [listen, this.link(t('download'), item.audio_url, '')];
    if (item.captions_url) {
      // Named here: a browser gives no extension to application/x-subrip.
      links.push(this.link(t('captions'), `${item.captions_url}&format=srt`, `${item.generation_id}.srt`));
      links.push(this.link(t('webvtt'), `${item.captions_url}&format=vtt`, `${item.generation_id}.vtt`));
    }
    return links;
  }

  link(text, href, download) {
    return el('a', { href, download }, text);
  }

  async listen(url) {
    announce(t('loadingAudio'));
    try {
      this.app.speaker.stop();
      await this.app.player.load(url);
      announce(t('playing'));
    } catch (e) {
      announce(e.message);
    }
  }
}
