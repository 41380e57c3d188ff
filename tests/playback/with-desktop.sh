#!/usr/bin/env bash
# Runs a command on a private X display (Xvfb) with a window manager (openbox), as a
# desktop session has one: windows get focus and close on Alt+F4. Fails when a tool is
# missing (scripts/install-deps.sh installs them).
set -euo pipefail
for tool in Xvfb openbox xdotool xprop; do
  command -v "$tool" >/dev/null || { echo "$tool not installed: cannot run the desktop test" >&2; exit 1; }
done
state=$(mktemp -d)
# -displayfd: Xvfb picks a free display number and writes it once it accepts clients.
Xvfb -displayfd 3 -screen 0 "${XVFB_SCREEN:-1280x800x24}" -nolisten tcp 3>"$state/display" 2>"$state/xvfb.log" &
xvfb=$!
wm=""
trap '[ -n "$wm" ] && kill $wm 2>/dev/null; kill $xvfb 2>/dev/null; wait 2>/dev/null; rm -rf "$state"' EXIT
for _ in $(seq 1 100); do
  [ -s "$state/display" ] && break
  sleep 0.1
done
[ -s "$state/display" ] || { echo "Xvfb did not start:" >&2; cat "$state/xvfb.log" >&2; exit 1; }
export DISPLAY=":$(head -n1 "$state/display")"
openbox --sm-disable >"$state/openbox.log" 2>&1 &
wm=$!
# openbox is managing once it has set its supporting-WM window on the root.
for _ in $(seq 1 100); do
  xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q "window id" && break
  sleep 0.1
done
"$@"
