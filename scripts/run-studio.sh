#!/usr/bin/env bash
# Installs what is missing, builds, and starts the studio: the window when a display
# exists, otherwise the headless server. Extra arguments go to tts-studio.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec build/bin/tts-studio "$@"
else
  exec build/bin/tts-studio --headless "$@"
fi
