// The web studio: sign in, the Generate, History, Voices and Pronunciations views, the
// balance and the player.
import { Api, ApiError } from './api.js';
import { t, translatePage, numbers, money } from './i18n.js';
import { Player } from './player.js';
import { GenerateView } from './generate.js';
import { Speaker } from './speaker.js';
import { PlayerView } from './playerview.js';
import { announce } from './status.js';

const KEY_STORAGE = 'tts-studio-api-key';
// The other views' code is fetched after the sign-in form is ready (the first view needs
// none of it); a view is made when its tab is first chosen or once signed in.
const VIEWS = {
  'tab-history': () => import('./history.js').then((m) => m.HistoryView),
  'tab-voices': () => import('./voices.js').then((m) => m.VoicesView),
  'tab-lexicon': () => import('./lexicon.js').then((m) => m.LexiconView),
};
const $ = (id) => document.getElementById(id);

class App {
  constructor() {
    this.api = null;
    this.player = new Player((message) => this.playerView.update(message));
    this.playerView = new PlayerView(this.player, (message) => this.generate.onPlayer(message));
    this.speaker = new Speaker(this);
    this.generate = new GenerateView(this);
    this.views = {};
  }

  start() {
    translatePage();
    // The key field has no name and Sign in stays off until here: a form the browser
    // submitted itself would put the key in the address.
    $('sign-in-form').addEventListener('submit', (e) => { e.preventDefault(); this.signIn($('api-key').value.trim()); });
    $('sign-in-form').querySelector('button[type=submit]').disabled = false;
    $('sign-out').addEventListener('click', () => this.signOut());
    this.wireTabs();
    const saved = sessionStorage.getItem(KEY_STORAGE);
    if (saved) this.signIn(saved, true);
    performance.mark('studio-ready'); // the page is translated and wired: bench/web reads it
  }

  async signIn(key, silent = false) {
    const error = $('sign-in-error');
    error.textContent = '';
    if (!key) {
      error.textContent = t('keyMissing');
      return;
    }
    announce(t('signingIn'));
    const api = new Api(key);
    try {
      const account = await api.account();
      this.api = api;
      sessionStorage.setItem(KEY_STORAGE, key);
      this.showStudio(true);
      this.showBalance(account);
      announce(t('signedIn', { name: account.name }));
      for (const id of Object.keys(VIEWS)) this.view(id);
      await this.generate.signedIn();
    } catch (e) {
      sessionStorage.removeItem(KEY_STORAGE);
      this.showStudio(false);
      announce('');
      if (!silent || e.status !== 401)
        error.textContent = e instanceof ApiError ? e.message : String(e);
    }
  }

  signOut() {
    this.generate.stop(false);
    this.player.pause();
    this.api = null;
    sessionStorage.removeItem(KEY_STORAGE);
    $('api-key').value = '';
    this.showStudio(false);
    announce(t('signedOut'));
    $('api-key').focus();
  }

  showStudio(signedIn) {
    $('sign-in-view').hidden = signedIn;
    $('studio').hidden = !signedIn;
    $('sign-out').hidden = !signedIn;
    $('balance').hidden = !signedIn;
  }

  showBalance(account) {
    $('balance').textContent = t('balance', {
      credits: numbers.format(account.credits), wallet: money.format(account.wallet_dollars),
    });
  }

  async refreshBalance() {
    try {
      this.showBalance(await this.api.account());
    } catch {
      // the next refresh tries again; the stale figure stays meanwhile
    }
  }

  wireTabs() {
    const tabs = [...document.querySelectorAll('[role=tab]')];
    tabs.forEach((tab, i) => {
      tab.addEventListener('click', () => this.select(tab));
      tab.addEventListener('keydown', (e) => {
        const step = { ArrowRight: 1, ArrowLeft: -1, Home: -i, End: tabs.length - 1 - i }[e.key];
        if (step === undefined) return;
        e.preventDefault();
        const next = tabs[(i + step + tabs.length) % tabs.length];
        this.select(next);
        next.focus();
      });
    });
  }

  select(tab) {
    for (const other of document.querySelectorAll('[role=tab]')) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      $(other.getAttribute('aria-controls')).hidden = !selected;
    }
    this.view(tab.id)?.then((view) => view.show());
  }

  view(tabId) {
    if (!VIEWS[tabId]) return null;
    this.views[tabId] ??= VIEWS[tabId]().then((View) => new View(this));
    return this.views[tabId];
  }

  // History's "Open in Generate": the text in the Text box, ready to speak.
  openInGenerate(text) {
    this.generate.open(text);
    this.select($('tab-generate'));
    $('tab-generate').focus();
    announce(t('openedInGenerate'));
  }

  // Voices' "Use in Generate".
  async useVoice(voice) {
    this.select($('tab-generate'));
    $('tab-generate').focus();
    announce(t(await this.generate.chooseVoice(voice) ? 'voiceChosen' : 'noVoices', { name: voice.name }));
  }

  // Pronunciations' Listen: a word said with Generate's voice and settings.
  async speakWithGenerateSettings(text) {
    announce(t('connecting'));
    const request = { ...this.generate.request(text), timestamps: false };
    try {
      await this.speaker.speak(request, {
        started: () => announce(t('speakingWord', { word: text })),
        error: (detail) => announce(detail),
        completed: () => { announce(t('done')); this.refreshBalance(); },
      });
    } catch (e) {
      announce(t('audioUnavailable', { detail: e.message }));
    }
  }
}

new App().start();
