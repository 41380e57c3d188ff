#!/usr/bin/env bash
# ecosystem_node: the npm side of the ecosystem tests.
#   1. npm ci into tests/ecosystem/node/node_modules (skipped while it matches
#      package-lock.json: the stamp is a copy of the lock file it was installed from);
#   2. a temporary data dir with an account and a key made by the CLI;
#   3. `tts-studio-server --port 0` on it;
#   4. node --test test/*.test.mjs with TTS_BASE_URL and TTS_API_KEY.
# Usage: run-node-tests.sh BIN_DIR   (the folder holding tts-studio-server and tts-worker)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
bin="${1:-$here/../../build/bin}"
bin="$(cd "$bin" && pwd)"
studio="$bin/tts-studio-server"
[ -x "$studio" ] || { echo "run-node-tests.sh: no executable $studio" >&2; exit 1; }
command -v node >/dev/null || { echo "run-node-tests.sh: node is not installed (scripts/install-deps.sh)" >&2; exit 1; }
command -v npm >/dev/null || { echo "run-node-tests.sh: npm is not installed (scripts/install-deps.sh)" >&2; exit 1; }

cd "$here/node"
source "$here/../common/headless-server.sh"
npm_ci_once
headless_data tts-eco-node

# Credits for every voice, model and format the SDK tests speak (10,000 by default).
"$studio" accounts create ecosystem --credits 1000000 --data-dir "$data" >/dev/null
key="$("$studio" keys create --account ecosystem --name node-tests --data-dir "$data")"
[ -n "$key" ] || { echo "run-node-tests.sh: no key from the CLI" >&2; exit 1; }

headless_start run-node-tests.sh "$studio" --workers 2

status=0
TTS_BASE_URL="$base" TTS_API_KEY="$key" node --test test/*.test.mjs || status=$?
if [ "$status" -ne 0 ]; then
  headless_tail
fi
exit "$status"
