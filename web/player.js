// Web Audio playback of a take that may still be streaming (pcm-worklet.js does the
// playing); state comes back from the worklet and is shown by the page.
export const SAMPLE_RATE = 24000;

export class Player {
  constructor(onChange) {
    this.onChange = onChange;
    this.context = null;
    this.node = null;
    this.state = { position: 0, total: 0, playing: false, ended: false, underruns: 0 };
  }

  // Called from a click (browsers start audio only after a user gesture).
  async open() {
    if (!this.context) {
      // The smallest buffer the output allows (Chromium: 5 ms + 16 ms against 10 + 32 for
      // 'interactive'): the first word is heard ~20 ms sooner; the worklet's own jitter
      // buffer absorbs late frames.
      this.context = new AudioContext({ sampleRate: SAMPLE_RATE, latencyHint: 0 });
      await this.context.audioWorklet.addModule('/web/pcm-worklet.js');
      this.node = new AudioWorkletNode(this.context, 'pcm-player', { outputChannelCount: [1] });
      this.node.connect(this.context.destination);
      this.node.port.onmessage = (event) => this.receive(event.data);
    }
    if (this.context.state !== 'running')
      await this.context.resume();
  }

  receive(message) {
    if (message.type === 'position')
      this.state = message;
    this.onChange(message);
  }

  send(message, transfer = []) {
    this.node?.port.postMessage(message, transfer);
  }

  // A new take: playing starts as soon as the jitter buffer holds enough.
  start() {
    this.state = { position: 0, total: 0, playing: true, ended: false, underruns: 0 };
    this.send({ type: 'reset', play: true });
  }

  append(samples) {
    this.send({ type: 'append', samples }, [samples.buffer]);
  }

  end() { this.send({ type: 'end' }); }
  play() { this.send({ type: 'play' }); }
  pause() { this.send({ type: 'pause' }); }
  seek(seconds) { this.send({ type: 'seek', sample: seconds * SAMPLE_RATE }); }

  // A finished file (a history entry): decoded at the player's rate and played whole.
  async load(url) {
    await this.open();
    const response = await fetch(url);
    if (!response.ok)
      throw new Error(`${response.status} ${response.statusText}`);
    const decoded = await this.context.decodeAudioData(await response.arrayBuffer());
    this.start();
    this.append(new Float32Array(decoded.getChannelData(0)));
    this.end();
  }

  get seconds() { return this.state.position / SAMPLE_RATE; }
  get totalSeconds() { return this.state.total / SAMPLE_RATE; }
}
