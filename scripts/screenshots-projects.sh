#!/usr/bin/env bash
# Screenshots of the Projects page as a person drives it: Xvfb + openbox + PulseAudio null
# sink; the page is chosen in the page list, a Markdown book is imported through the file
# dialog, rendered (billed to the desktop account) and played from a block; then History.
# Usage: scripts/screenshots-projects.sh OUTDIR WIDTHxHEIGHT [LANG]   (PNG files in OUTDIR)
set -euo pipefail
out=$(realpath -m "$1"); size=$2; lang=${3:-en}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
data=$(mktemp -d)
export XDG_CONFIG_HOME="$data/config"
cat >"$data/harbour.md" <<'MD'
# The Harbour

The boats came in at dawn, low in the water with the night's catch.

Gulls followed them past the breakwater, crying over the decks.

# The Market

By eight the stalls were full: cod, mackerel, a basket of crabs.

The fishmonger called out prices that changed with every hour.

Children ran between the crates, chasing a loose cat.

# The Evening

The town went quiet once the last boat was tied up.

Lamps were lit along the quay, one after another.
MD
# A longer last chapter, so that the render is still under way for the second picture.
for i in $(seq 1 30); do
  printf '\nNight %d: the tide turned, the ropes creaked and the harbour master wrote the day into his book.\n' "$i" >>"$data/harbour.md"
done
run() {
  "$root/build/bin/tts-studio" --data-dir "$data/studio" --lang "$lang" --port 0 &
  app=$!
  for _ in $(seq 1 100); do
    win=$(xdotool search --onlyvisible --name "TTS Studio" 2>/dev/null | head -n1 || true)
    [ -n "$win" ] && break
    sleep 0.2
  done
  w=${size%x*}; h=${size#*x}
  xdotool windowsize "$win" "$w" "$h"; xdotool windowmove "$win" 0 0; xdotool windowactivate --sync "$win"
  sleep 2
  # The page list: a click on its second row, then End selects the last page (Projects).
  xdotool mousemove 60 94 click 1; sleep 0.3; xdotool key End
  sleep 1
  import -window root "$out/projects-empty-$size-$lang.png"
  # Tab from the page list reaches the page's first button (New), then Open, Import.
  xdotool key Tab Tab Tab space
  sleep 1.5
  xdotool type --delay 5 "$data/harbour.md"; xdotool key Return
  sleep 2
  import -window root "$out/projects-open-$size-$lang.png"
  # Render (Ctrl+R on the page), while it runs and when it is done.
  xdotool key ctrl+r
  sleep 3
  import -window root "$out/projects-rendering-$size-$lang.png"
  sleep 40
  import -window root "$out/projects-rendered-$size-$lang.png"
  # From Import, Tab reaches Save as, the chapter list, the block list: row 6, Return plays.
  xdotool key Tab Tab Tab Down Down Down Down Down Return
  sleep 2.5
  import -window root "$out/projects-playing-$size-$lang.png"
  # History (the page list's second row): the render is one row, its source Project.
  xdotool mousemove 60 94 click 1
  sleep 1.5
  import -window root "$out/history-$size-$lang.png"
  kill $app; wait $app || true
}
export -f run
export root data out size lang
XVFB_SCREEN="${size}x24" bash "$root/tests/playback/with-pulse.sh" bash "$root/tests/playback/with-desktop.sh" bash -c run
rm -rf "$data"
