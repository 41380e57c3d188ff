#!/usr/bin/env bash
# The web studio's figures in Debian's Chromium (web-bench.mjs): a fresh data dir with
# an account and a key, `tts-studio-server --port 0` on it, then the page measured.
# Prints figures and the load average; never fails on timing.
# Usage: bench/web/run-web-bench.sh [BIN_DIR]   (default build/bin)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="$(cd "${1:-$root/build/bin}" && pwd)"
studio="$bin/tts-studio-server"
[ -x "$studio" ] || { echo "run-web-bench.sh: no executable $studio" >&2; exit 1; }
export TTS_CHROMIUM="${TTS_CHROMIUM:-/usr/bin/chromium}"
[ -x "$TTS_CHROMIUM" ] || { echo "run-web-bench.sh: no $TTS_CHROMIUM (scripts/install-deps.sh installs chromium)" >&2; exit 1; }

# playwright-core comes from the web tests' packages (one lock file for both).
web_tests="$root/tests/web"
if ! cmp -s "$web_tests/package-lock.json" "$web_tests/node_modules/.tts-lock-stamp" 2>/dev/null; then
  (cd "$web_tests" && npm ci --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.tts-lock-stamp)
fi

source "$root/tests/common/headless-server.sh"
headless_data tts-web-bench
"$studio" accounts create bench --credits 1000000 --data-dir "$data" >/dev/null
key="$("$studio" keys create --account bench --name web-bench --data-dir "$data")"
headless_start run-web-bench.sh "$studio"

TTS_BASE_URL="$base" TTS_API_KEY="$key" TTS_WEB_TESTS="$web_tests" node "$here/web-bench.mjs"
