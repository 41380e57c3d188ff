#!/usr/bin/env bash
# Builds the server, the worker and the given Qt tests with AddressSanitizer
# (TTS_SANITIZE=ON) in a build dir of their own and runs the tests. The server and
# worker processes the tests start are the sanitized ones (they sit beside the test
# binaries); every ASan report, from any of the processes, lands in a log file, and
# the script fails when there is one or a test fails.
#
#   scripts/asan.sh [TEST...]      default: tst_stream (WebSocket streams, including
#                                  clients that disconnect mid-stream)
# Environment: ASAN_BUILD_DIR (default <repo>/build-asan).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${ASAN_BUILD_DIR:-$ROOT/build-asan}
TESTS=("$@")
[ ${#TESTS[@]} -eq 0 ] && TESTS=(tst_stream)

# ccache as in build.sh: a second run rebuilds only what changed (sanitized objects hash
# apart from the plain build's, so the two never mix).
launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="$ROOT" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
mkdir -p "$BUILD"
[ -f "$BUILD/build.ninja" ] || cmake -S "$ROOT" -B "$BUILD" -G Ninja -DTTS_SANITIZE=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" >"$BUILD/asan-configure.log" 2>&1 \
  || { cat "$BUILD/asan-configure.log"; exit 2; }
# One job per core, as build.sh: ninja's default (cores + 2) only adds memory pressure on
# a machine whose cores the test run shares.
ninja -C "$BUILD" -j "$(nproc)" tts-studio tts-studio-server tts-worker "${TESTS[@]}" >"$BUILD/asan-build.log" 2>&1 \
  || { tail -40 "$BUILD/asan-build.log"; exit 2; }

logs=$(mktemp -d)
# Leaks are not checked: Qt keeps process-lifetime allocations it never frees.
export ASAN_OPTIONS="log_path=$logs/asan:detect_leaks=0"
export QT_QPA_PLATFORM=offscreen
failed=0
for t in "${TESTS[@]}"; do
  if "$BUILD/bin/$t" >"$logs/$t.out" 2>&1; then
    echo "asan: $t $(grep -o 'Totals: .*' "$logs/$t.out")"
  else
    failed=1
    echo "asan: $t FAILED"; grep -E 'FAIL!|Loc:' "$logs/$t.out" | head -20
  fi
done
if ls "$logs"/asan.* >/dev/null 2>&1; then
  failed=1
  echo "asan: reports found:"
  for f in "$logs"/asan.*; do echo "--- $f"; head -40 "$f"; done
else
  echo "asan: no AddressSanitizer report from the tests, the server or its workers"
fi
# The logs stay for a failure (whole reports, test output), and go otherwise.
if [ $failed -eq 0 ]; then rm -rf "$logs"; else echo "asan: logs in $logs"; fi
exit $failed
