#!/usr/bin/env bash
# web_studio: the web studio in Debian's Chromium (playwright-core, axe-core).
#   1. npm ci into tests/web/node_modules (skipped while it matches package-lock.json:
#      the stamp is a copy of the lock file it was installed from);
#   2. a temporary data dir with an account and a key made by the CLI;
#   3. `tts-studio-server --port 0` on it;
#   4. node --test test/*.test.mjs with TTS_BASE_URL, TTS_API_KEY and two free ports for
#      pages of other origins (TTS_ALLOWED_PORT, given to --allow-origin; TTS_REFUSED_PORT)
#      (TTS_WEB_SHOTS=DIR also saves screenshots there).
# Usage: run-web-tests.sh BIN_DIR   (the folder holding tts-studio-server and tts-worker)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-$here/../../build/bin}"
bin="$(cd "$bin" && pwd)"
studio="$bin/tts-studio-server"
[ -x "$studio" ] || { echo "run-web-tests.sh: no executable $studio" >&2; exit 1; }
for tool in node npm; do
  command -v "$tool" >/dev/null || { echo "run-web-tests.sh: $tool is not installed (scripts/install-deps.sh)" >&2; exit 1; }
done
export TTS_CHROMIUM="${TTS_CHROMIUM:-/usr/bin/chromium}"
[ -x "$TTS_CHROMIUM" ] || { echo "run-web-tests.sh: no $TTS_CHROMIUM (scripts/install-deps.sh installs chromium)" >&2; exit 1; }

cd "$here"
source "$here/../common/headless-server.sh"
npm_ci_once
headless_data tts-web

"$studio" accounts create webtester --data-dir "$data" >/dev/null
key="$("$studio" keys create --account webtester --name web-tests --data-dir "$data")"
[ -n "$key" ] || { echo "run-web-tests.sh: no key from the CLI" >&2; exit 1; }

# Two more local origins for pages of other origins: one allowed, one not.
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
allowed_port="$(free_port)"
refused_port="$(free_port)"
while [ "$refused_port" = "$allowed_port" ]; do refused_port="$(free_port)"; done

headless_start run-web-tests.sh "$studio" --workers 1 --stream-workers 1 \
  --allow-origin "http://127.0.0.1:$allowed_port"

status=0
TTS_BASE_URL="$base" TTS_API_KEY="$key" TTS_ALLOWED_PORT="$allowed_port" TTS_REFUSED_PORT="$refused_port" node --test --test-concurrency=1 test/*.test.mjs || status=$?
if [ "$status" -ne 0 ]; then
  headless_tail
fi
exit "$status"
