#!/usr/bin/env bash
# Runs a command against a private PulseAudio server with a null sink (no sound card
# needed), per notes/qt64-pitfalls.md. Skips (exit 0 with a note) if PulseAudio is missing.
set -euo pipefail
if ! command -v pulseaudio >/dev/null; then
  echo "pulseaudio not installed: cannot run the playback test" >&2
  exit 1
fi
export XDG_RUNTIME_DIR
XDG_RUNTIME_DIR=$(mktemp -d)
chmod 700 "$XDG_RUNTIME_DIR"
export HOME="$XDG_RUNTIME_DIR"
pulseaudio -n --daemonize=no --exit-idle-time=-1 --system=false --disallow-exit \
  --load=module-native-protocol-unix --load="module-null-sink sink_name=ci_null" \
  --log-target=stderr --log-level=error &
pa=$!
trap 'kill $pa 2>/dev/null; wait $pa 2>/dev/null; rm -rf "$XDG_RUNTIME_DIR"' EXIT
for _ in $(seq 1 50); do
  [ -S "$XDG_RUNTIME_DIR/pulse/native" ] && break
  sleep 0.1
done
"$@"
