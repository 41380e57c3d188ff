// The text with the word being heard marked, from the stream's word timings (seconds in
// the audio, code point offsets into the text).
export class ReadAlong {
  constructor(element) {
    this.element = element;
    this.codePoints = [];
    this.words = [];
    this.current = -1;
  }

  start(text) {
    this.codePoints = Array.from(text);
    this.words = [];
    this.current = -1;
    this.element.textContent = text;
  }

  add(words) {
    this.words.push(...words);
  }

  // The word whose time holds t (or the last one begun, between words).
  at(seconds) {
    let index = -1;
    for (let i = 0; i < this.words.length && this.words[i].start <= seconds; i++) index = i;
    if (index === this.current) return;
    this.current = index;
    this.render();
  }

  render() {
    const text = (a, b) => this.codePoints.slice(a, b).join('');
    const word = this.words[this.current];
    if (!word) {
      this.element.textContent = text(0);
      return;
    }
    const mark = document.createElement('mark');
    mark.textContent = text(word.char_start, word.char_end);
    this.element.replaceChildren(text(0, word.char_start), mark, text(word.char_end));
  }
}
