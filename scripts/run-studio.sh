#!/usr/bin/env bash
# Installs what building and running need, builds the programs only (no tests, no
# benchmarks), and starts the studio: the window when a display exists, otherwise the
# headless server. Extra arguments go to the program. Data (accounts, keys, audio) lives
# in $TTS_STUDIO_DATA_DIR, else ~/.local/share/TTS Studio/tts-studio (--data-dir DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh run
bash scripts/build.sh programs
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec build/bin/tts-studio "$@"
else
  exec build/bin/tts-studio-server "$@"
fi
