// One take over the WebSocket stream (/v3/tts/stream): the request goes out when the
// socket opens, binary frames go to the player as they arrive, JSON messages to the
// caller. Generate, the Voices preview and Pronunciations' Listen all speak through it.
export class Speaker {
  constructor(app) {
    this.app = app;
    this.socket = null;
  }

  get speaking() { return this.socket !== null; }

  // Starts the player (from a click: browsers start audio only after a gesture) and the
  // stream. handlers: started, words(list), completed(message), error(detail), closed(completed, stoppedHere).
  async speak(request, handlers) {
    this.stop();
    await this.app.player.open();
    this.app.player.start();
    const socket = new WebSocket(this.app.api.streamUrl());
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.handlers = handlers;
    let completed = false;
    socket.onopen = () => socket.send(JSON.stringify(request));
    socket.onmessage = (event) => {
      if (event.data instanceof ArrayBuffer) {
        this.app.player.append(new Float32Array(event.data));
        return;
      }
      const message = JSON.parse(event.data);
      if (message.type === 'completed') {
        completed = true;
        this.app.player.end();
      }
      handlers[message.type]?.(message.type === 'words' ? message.words : message.type === 'error' ? message.detail : message);
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.app.player.end();
      handlers.closed?.(completed, false);
    };
  }

  // Ends the stream (the API charges a stream its client ends after audio went out);
  // what arrived stays in the player. True when a stream was running.
  stop() {
    const socket = this.socket;
    if (!socket) return false;
    this.socket = null;
    socket.close(1000);
    this.app.player.end();
    this.handlers.closed?.(false, true);
    return true;
  }
}
