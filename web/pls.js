// Pronunciation lexicons as W3C PLS 1.0 files, read and written as the desktop studio
// does (engine/speech/plsfile.cpp): IPA phonemes, aliases, the lexicon's xml:lang as the
// entries' language ("und": every language).
const NS = 'http://www.w3.org/2005/01/pronunciation-lexicon';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

// { entries, skipped } or throws an Error saying what is wrong with the file.
export function readPls(xml) {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) throw new Error('not an XML file');
  const lexicon = doc.documentElement;
  if (lexicon.localName !== 'lexicon') throw new Error('no <lexicon> element');
  const alphabet = lexicon.getAttribute('alphabet') || 'ipa';
  let language = (lexicon.getAttributeNS(XML_NS, 'lang') || lexicon.getAttribute('xml:lang') || '').split('-')[0].toLowerCase();
  if (language === 'und') language = '';
  const entries = [];
  let skipped = 0;
  for (const lexeme of children(lexicon, 'lexeme')) {
    const phoneme = children(lexeme, 'phoneme').find((p) => (p.getAttribute('alphabet') || alphabet).toLowerCase() === 'ipa');
    const alias = children(lexeme, 'alias')[0];
    if (!phoneme && !alias) {
      skipped++;
      continue;
    }
    for (const grapheme of children(lexeme, 'grapheme')) {
      const entry = { grapheme: grapheme.textContent };
      if (phoneme) entry.phoneme = phoneme.textContent.trim();
      if (alias) entry.alias = alias.textContent.trim();
      if (language) entry.language_code = language;
      entries.push(entry);
    }
  }
  return { entries, skipped };
}

function children(node, name) {
  return [...node.children].filter((c) => c.localName === name);
}

export function writePls(entries) {
  const languages = new Set(entries.map((e) => e.language_code || ''));
  const language = languages.size === 1 && !languages.has('') ? [...languages][0] : 'und';
  const doc = document.implementation.createDocument(NS, 'lexicon', null);
  const lexicon = doc.documentElement;
  lexicon.setAttribute('version', '1.0');
  lexicon.setAttribute('alphabet', 'ipa');
  lexicon.setAttributeNS(XML_NS, 'xml:lang', language);
  for (const e of entries) {
    const lexeme = doc.createElementNS(NS, 'lexeme');
    for (const [name, value] of [['grapheme', e.grapheme], ['phoneme', e.phoneme], ['alias', e.alias]]) {
      if (!value) continue;
      const child = doc.createElementNS(NS, name);
      child.textContent = value;
      lexeme.append(child);
    }
    lexicon.append(lexeme);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(doc)}\n`;
}
