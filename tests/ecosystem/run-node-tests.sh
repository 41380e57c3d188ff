#!/usr/bin/env bash
# ecosystem_node: the npm side of the ecosystem tests.
#   1. npm ci into tests/ecosystem/node/node_modules (skipped while it matches
#      package-lock.json: the stamp is a copy of the lock file it was installed from);
#   2. a temporary data dir with an account and a key made by the CLI;
#   3. `tts-studio --headless --port 0` on it;
#   4. node --test test/*.test.mjs with TTS_BASE_URL and TTS_API_KEY.
# Usage: run-node-tests.sh BIN_DIR   (the folder holding tts-studio and tts-worker)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-$here/../../build/bin}"
bin="$(cd "$bin" && pwd)"
studio="$bin/tts-studio"
[ -x "$studio" ] || { echo "run-node-tests.sh: no executable $studio" >&2; exit 1; }
command -v node >/dev/null || { echo "run-node-tests.sh: node is not installed (scripts/install-deps.sh)" >&2; exit 1; }
command -v npm >/dev/null || { echo "run-node-tests.sh: npm is not installed (scripts/install-deps.sh)" >&2; exit 1; }

cd "$here/node"
stamp=node_modules/.tts-lock-stamp
if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi

data="$(mktemp -d "${TMPDIR:-/tmp}/tts-eco-node.XXXXXX")"
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

# Credits for every voice, model and format the SDK tests speak (10,000 by default).
"$studio" accounts create ecosystem --credits 1000000 --data-dir "$data" >/dev/null
key="$("$studio" keys create --account ecosystem --name node-tests --data-dir "$data")"
[ -n "$key" ] || { echo "run-node-tests.sh: no key from the CLI" >&2; exit 1; }

QT_QPA_PLATFORM=offscreen "$studio" --headless --port 0 --workers 2 --data-dir "$data" \
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
  echo "run-node-tests.sh: the server did not start" >&2
  cat "$data/server.out" "$data/server.err" >&2
  exit 1
fi
# Ready when a worker is warm (the tests synthesize at once).
for _ in $(seq 1 300); do
  curl -sf -o /dev/null "$base/readyz" && break
  sleep 0.2
done

status=0
TTS_BASE_URL="$base" TTS_API_KEY="$key" node --test test/*.test.mjs || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- server stderr (last 40 lines) ---" >&2
  tail -n 40 "$data/server.err" >&2 || true
fi
exit "$status"
