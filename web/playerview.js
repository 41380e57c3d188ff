// The player's controls: Play/Pause, the Position slider and the time, for any take.
import { t, clock } from './i18n.js';

const $ = (id) => document.getElementById(id);

export class PlayerView {
  constructor(player, onPosition) {
    this.player = player;
    this.onPosition = onPosition;
    this.dragging = false;
    this.render();
    $('play').addEventListener('click', () => this.toggle());
    const position = $('position');
    position.addEventListener('input', () => { this.dragging = true; this.showTime(Number(position.value)); });
    position.addEventListener('change', () => {
      this.dragging = false;
      this.player.seek(Number(position.value));
    });
  }

  async toggle() {
    await this.player.open();
    if (this.player.state.playing) this.player.pause(); else this.player.play();
  }

  update(message) {
    if (message.type === 'position') this.render();
    this.onPosition(message);
  }

  render() {
    const { playing, total } = this.player.state;
    const play = $('play');
    play.textContent = playing ? t('pause') : t('play');
    play.disabled = total === 0;
    const position = $('position');
    position.disabled = total === 0;
    position.max = String(this.player.totalSeconds);
    if (!this.dragging) {
      position.value = String(this.player.seconds);
      this.showTime(this.player.seconds);
    }
  }

  showTime(seconds) {
    const text = `${clock(seconds)} / ${clock(this.player.totalSeconds)}`;
    $('time').textContent = text;
    $('position').setAttribute('aria-valuetext', text);
  }
}
