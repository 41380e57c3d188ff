// Pronunciations: the account's lexicon (GET/PUT /v3/lexicon, docs/api.md "Pronunciation
// lexicons"): add, edit, delete, Listen (the word spoken with Generate's voice and
// settings: the server applies the lexicon), PLS import and export. Every change
// replaces the whole lexicon; the API keeps the old one when any entry is refused.
import { t, numbers } from './i18n.js';
import { announce, loadAnnounced } from './status.js';
import { el } from './dom.js';
import { readPls, writePls } from './pls.js';

const $ = (id) => document.getElementById(id);
const key = (e) => `${e.case_sensitive ? e.grapheme : e.grapheme.toLowerCase()}\u0000${e.language_code || ''}`;

export class LexiconView {
  constructor(app) {
    this.app = app;
    this.entries = [];
    this.editing = -1;
    $('lexicon-form').addEventListener('submit', (e) => { e.preventDefault(); this.save(); });
    $('lexicon-cancel').addEventListener('click', () => this.edit(-1));
    $('pls-import').addEventListener('change', () => this.importFile($('pls-import').files[0]));
    $('pls-export').addEventListener('click', () => this.exportFile());
  }

  async show() {
    const answer = await loadAnnounced(() => this.app.api.lexicon(), t('loading'));
    if (!answer) return;
    this.entries = answer.entries;
    this.render();
    announce(this.countText());
  }

  countText() {
    return t(this.entries.length === 1 ? 'entriesOne' : 'entries', { n: numbers.format(this.entries.length) });
  }

  render() {
    $('lexicon-list').replaceChildren(...this.entries.map((e, i) => this.row(e, i)));
    $('lexicon-empty').hidden = this.entries.length > 0;
  }

  row(e, i) {
    const says = [e.alias, e.phoneme && `/${e.phoneme}/`].filter(Boolean).join(' · ');
    const details = [e.language_code ? t('inLanguage', { code: e.language_code }) : '', e.case_sensitive ? t('matchCase') : '']
      .filter(Boolean).join(' · ');
    const button = (label, action) => {
      const b = el('button', { type: 'button' }, t(label));
      b.setAttribute('aria-label', t(`${label}Named`, { word: e.grapheme }));
      b.addEventListener('click', action);
      return b;
    };
    const word = el('span', {}, e.grapheme);
    if (e.language_code) word.lang = e.language_code;
    return el('li', {}, el('p', { className: 'name' }, word, ' → ', says),
      el('p', { className: 'help' }, details),
      el('p', { className: 'links' }, button('listen', () => this.listen(e)), button('edit', () => this.edit(i)),
        button('remove', () => this.remove(i))));
  }

  edit(i) {
    this.editing = i;
    const e = this.entries[i] ?? {};
    $('lex-grapheme').value = e.grapheme ?? '';
    $('lex-alias').value = e.alias ?? '';
    $('lex-phoneme').value = e.phoneme ?? '';
    $('lex-language').value = e.language_code ?? '';
    $('lex-case').checked = Boolean(e.case_sensitive);
    $('lexicon-save').textContent = t(i < 0 ? 'add' : 'saveEntry');
    $('lexicon-cancel').hidden = i < 0;
    $('lexicon-error').textContent = '';
    if (i >= 0) $('lex-grapheme').focus();
  }

  entryFromForm() {
    const entry = { grapheme: $('lex-grapheme').value, case_sensitive: $('lex-case').checked };
    for (const [field, id] of [['alias', 'lex-alias'], ['phoneme', 'lex-phoneme'], ['language_code', 'lex-language']]) {
      const value = $(id).value.trim();
      if (value) entry[field] = value;
    }
    return entry;
  }

  async save() {
    const entry = this.entryFromForm();
    // Kept as written (a grapheme is matched as sent): spaces around it are refused, not trimmed.
    if (!entry.grapheme.trim() || entry.grapheme !== entry.grapheme.trim()) {
      $('lexicon-error').textContent = t('graphemeSpaces');
      return;
    }
    if (!entry.alias && !entry.phoneme) {
      $('lexicon-error').textContent = t('saysMissing');
      return;
    }
    const next = [...this.entries];
    if (this.editing >= 0) next[this.editing] = entry; else next.push(entry);
    if (await this.store(next, t(this.editing >= 0 ? 'entrySaved' : 'entryAdded', { word: entry.grapheme })))
      this.edit(-1);
  }

  async remove(i) {
    const word = this.entries[i].grapheme;
    await this.store(this.entries.filter((_, j) => j !== i), t('entryRemoved', { word }));
    if (this.editing === i) this.edit(-1);
  }

  // PUT the whole lexicon; the entries as stored come back.
  async store(entries, said) {
    $('lexicon-error').textContent = '';
    try {
      this.entries = (await this.app.api.putLexicon(entries)).entries;
    } catch (e) {
      $('lexicon-error').textContent = e.message;
      return false;
    }
    this.render();
    announce(said);
    return true;
  }

  listen(e) {
    this.app.speakWithGenerateSettings(e.grapheme);
  }

  // A file's entries join the lexicon; one for the same word and language replaces it.
  async importFile(file) {
    if (!file) return;
    $('lexicon-error').textContent = '';
    let read;
    try {
      read = readPls(await file.text());
    } catch (e) {
      $('lexicon-error').textContent = t('plsUnreadable', { name: file.name, detail: e.message });
      return;
    } finally {
      $('pls-import').value = '';
    }
    const merged = new Map(this.entries.map((e) => [key(e), e]));
    for (const e of read.entries) merged.set(key(e), e);
    await this.store([...merged.values()], t('imported', { n: numbers.format(read.entries.length), name: file.name }));
  }

  exportFile() {
    const blob = new Blob([writePls(this.entries)], { type: 'application/pls+xml' });
    const url = URL.createObjectURL(blob);
    const a = el('a', { href: url, download: 'lexicon.pls' });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    announce(t('exported', { n: numbers.format(this.entries.length) }));
  }
}
