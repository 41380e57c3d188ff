#!/usr/bin/env bash
# Screenshots of the studio as a person drives it: Xvfb + openbox + PulseAudio null
# sink, xdotool types a text and presses Ctrl+Return, then each page is shown.
# Usage: scripts/screenshots.sh OUTDIR WIDTHxHEIGHT [LANG]   (PNG files land in OUTDIR)
set -euo pipefail
out=$(realpath -m "$1"); size=$2; lang=${3:-en}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
data=$(mktemp -d)
export XDG_CONFIG_HOME="$data/config"
run() {
  "$root/build/bin/tts-studio" --data-dir "$data/studio" --lang "$lang" &
  app=$!
  for _ in $(seq 1 100); do
    win=$(xdotool search --onlyvisible --name "TTS Studio" 2>/dev/null | head -n1 || true)
    [ -n "$win" ] && break
    sleep 0.2
  done
  w=${size%x*}; h=${size#*x}
  xdotool windowsize "$win" "$w" "$h"; xdotool windowmove "$win" 0 0; xdotool windowactivate --sync "$win"
  sleep 2
  xdotool type --delay 5 "Hello! This is the studio reading a short text. The sentence being heard is marked."
  xdotool key ctrl+Return
  sleep 4
  import -window root "$out/generate-$size-$lang.png"
  for page in 94 114 134 154; do
    # The page list: Alt+F4 aside, a click on its row (rows are about 30 px high).
    xdotool mousemove 60 "$page" click 1
    sleep 1.5
    import -window root "$out/page$page-$size-$lang.png"
  done
  kill $app; wait $app || true
}
export -f run
export root data out size lang
XVFB_SCREEN="${size}x24" bash "$root/tests/playback/with-pulse.sh" bash "$root/tests/playback/with-desktop.sh" bash -c run
rm -rf "$data"
