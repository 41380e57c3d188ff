// History: the account's generations, newest first, a page at a time, with their audio
// and captions links; Listen plays one in the player.
import { t, statusName, numbers, money, dates } from './i18n.js';
import { announce } from './status.js';

const $ = (id) => document.getElementById(id);
const PAGE = 10;

export class HistoryView {
  constructor(app) {
    this.app = app;
    this.offset = 0;
    $('newer').addEventListener('click', () => this.show(Math.max(0, this.offset - PAGE)));
    $('older').addEventListener('click', () => this.show(this.offset + PAGE));
  }

  async show(offset) {
    announce(t('loading'));
    let page;
    try {
      page = await this.app.api.history(PAGE, offset);
    } catch (e) {
      announce(e.message);
      return;
    }
    this.offset = offset;
    const list = $('history-list');
    list.replaceChildren(...page.history.map((item) => this.entry(item)));
    $('history-empty').hidden = page.history.length > 0 || offset > 0;
    $('newer').disabled = offset === 0;
    $('older').disabled = page.history.length < PAGE;
    const n = offset / PAGE + 1;
    $('page').textContent = t('page', { n });
    announce(t(page.history.length === 1 ? 'historyLoadedOne' : 'historyLoaded', { n, count: page.history.length }));
  }

  entry(item) {
    const li = document.createElement('li');
    const summary = document.createElement('p');
    const when = document.createElement('time');
    when.dateTime = item.created_at;
    when.textContent = dates.format(new Date(item.created_at));
    const cost = item.dollar_cost == null ? '' : ` · ${money.format(item.dollar_cost)}`;
    summary.append(when, ` · ${item.voice_name || item.voice_id} · ${statusName(item.status)} · `
      + `${t('tokens', { n: numbers.format(item.tokens) })}${cost}`);
    li.append(summary);
    if (item.audio_url) li.append(this.links(item));
    return li;
  }

  links(item) {
    const links = document.createElement('p');
    links.className = 'links';
    const listen = document.createElement('button');
    listen.type = 'button';
    listen.textContent = t('listen');
    listen.addEventListener('click', () => this.listen(item.audio_url));
    links.append(listen, this.link(t('download'), item.audio_url, true));
    if (item.captions_url) {
      links.append(this.link(t('captions'), `${item.captions_url}&format=srt`, true));
      links.append(this.link(t('webvtt'), `${item.captions_url}&format=vtt`, true));
    }
    return links;
  }

  link(text, href, download) {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = text;
    if (download) a.download = '';
    return a;
  }

  async listen(url) {
    announce(t('loadingAudio'));
    try {
      await this.app.player.load(url);
      announce(t('playing'));
    } catch (e) {
      announce(e.message);
    }
  }
}
