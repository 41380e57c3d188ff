// Plays float32 mono samples as they arrive (the sample rate is the context's: 24 kHz).
// Keeps the whole take so it can be paused, sought and played again; after an underrun
// while the stream still runs it waits for a small jitter buffer before going on.
const JITTER_SAMPLES = 1200; // 50 ms at 24 kHz
const REPORT_EVERY = 1200;

class PcmPlayer extends AudioWorkletProcessor {
  constructor() {
    super();
    this.reset(false);
    this.port.onmessage = (event) => this.receive(event.data);
  }

  reset(play) {
    this.buffer = new Float32Array(24000 * 8);
    this.total = 0;
    this.position = 0;
    this.ended = false;
    this.waiting = true;
    this.playing = play;
    this.underruns = 0;
    this.sinceReport = 0;
    this.firstSoundReported = false;
  }

  append(samples) {
    if (this.total + samples.length > this.buffer.length) {
      let size = this.buffer.length * 2;
      while (size < this.total + samples.length) size *= 2;
      const grown = new Float32Array(size);
      grown.set(this.buffer.subarray(0, this.total));
      this.buffer = grown;
    }
    this.buffer.set(samples, this.total);
    this.total += samples.length;
  }

  receive(message) {
    switch (message.type) {
      case 'reset': this.reset(Boolean(message.play)); break;
      case 'append': this.append(message.samples); break;
      case 'end': this.ended = true; break;
      case 'play':
        if (this.ended && this.position >= this.total) this.position = 0;
        this.playing = true;
        break;
      case 'pause': this.playing = false; break;
      case 'seek':
        this.position = Math.max(0, Math.min(this.total, Math.round(message.sample)));
        this.waiting = !this.ended;
        break;
    }
    this.report();
  }

  report() {
    this.sinceReport = 0;
    this.port.postMessage({
      type: 'position', position: this.position, total: this.total, playing: this.playing,
      ended: this.ended, underruns: this.underruns,
    });
  }

  process(_inputs, outputs) {
    const out = outputs[0][0];
    if (!this.playing) return true;
    const ahead = this.total - this.position;
    if (this.waiting && ahead < JITTER_SAMPLES && !this.ended) return true;
    this.waiting = false;
    const n = Math.min(out.length, ahead);
    out.set(this.buffer.subarray(this.position, this.position + n));
    this.position += n;
    if (n > 0 && !this.firstSoundReported) {
      this.firstSoundReported = true;
      this.port.postMessage({ type: 'first-sound' });
    }
    if (n < out.length) {
      if (this.ended) {
        this.playing = false; // the take is over: the next play starts it again
      } else {
        this.waiting = true;
        this.underruns++;
      }
      this.report();
      return true;
    }
    this.sinceReport += n;
    if (this.sinceReport >= REPORT_EVERY) this.report();
    return true;
  }
}

registerProcessor('pcm-player', PcmPlayer);
