#!/usr/bin/env bash
# web_studio: the web studio in Debian's Chromium (playwright-core, axe-core).
#   1. npm ci into tests/web/node_modules (skipped while it matches package-lock.json:
#      the stamp is a copy of the lock file it was installed from);
#   2. a temporary data dir with an account and a key made by the CLI;
#   3. `tts-studio --headless --port 0` on it;
#   4. node --test test/*.test.mjs with TTS_BASE_URL, TTS_API_KEY and two free ports for
#      pages of other origins (TTS_ALLOWED_PORT, given to --allow-origin; TTS_REFUSED_PORT)
#      (TTS_WEB_SHOTS=DIR also saves screenshots there).
# Usage: run-web-tests.sh BIN_DIR   (the folder holding tts-studio and tts-worker)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-$here/../../build/bin}"
bin="$(cd "$bin" && pwd)"
studio="$bin/tts-studio"
[ -x "$studio" ] || { echo "run-web-tests.sh: no executable $studio" >&2; exit 1; }
for tool in node npm; do
  command -v "$tool" >/dev/null || { echo "run-web-tests.sh: $tool is not installed (scripts/install-deps.sh)" >&2; exit 1; }
done
export TTS_CHROMIUM="${TTS_CHROMIUM:-/usr/bin/chromium}"
[ -x "$TTS_CHROMIUM" ] || { echo "run-web-tests.sh: no $TTS_CHROMIUM (scripts/install-deps.sh installs chromium)" >&2; exit 1; }

cd "$here"
stamp=node_modules/.tts-lock-stamp
if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi

data="$(mktemp -d "${TMPDIR:-/tmp}/tts-web.XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 200); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$data"
}
trap cleanup EXIT

"$studio" accounts create webtester --data-dir "$data" >/dev/null
key="$("$studio" keys create --account webtester --name web-tests --data-dir "$data")"
[ -n "$key" ] || { echo "run-web-tests.sh: no key from the CLI" >&2; exit 1; }

# Two more local origins for pages of other origins: one allowed, one not.
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
allowed_port="$(free_port)"
refused_port="$(free_port)"
while [ "$refused_port" = "$allowed_port" ]; do refused_port="$(free_port)"; done

QT_QPA_PLATFORM=offscreen "$studio" --headless --port 0 --workers 1 --stream-workers 1 --data-dir "$data" \
  --allow-origin "http://127.0.0.1:$allowed_port" \
  >"$data/server.out" 2>"$data/server.err" &
server_pid=$!
base=""
for _ in $(seq 1 300); do
  base="$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$data/server.out" | head -n1)"
  [ -n "$base" ] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$base" ]; then
  echo "run-web-tests.sh: the server did not start" >&2
  cat "$data/server.out" "$data/server.err" >&2
  exit 1
fi
for _ in $(seq 1 300); do
  curl -sf -o /dev/null "$base/readyz" && break
  sleep 0.2
done

status=0
TTS_BASE_URL="$base" TTS_API_KEY="$key" TTS_ALLOWED_PORT="$allowed_port" TTS_REFUSED_PORT="$refused_port" node --test --test-concurrency=1 test/*.test.mjs || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- server stderr (last 40 lines) ---" >&2
  tail -n 40 "$data/server.err" >&2 || true
fi
exit "$status"
