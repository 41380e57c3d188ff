#!/usr/bin/env bash
# A 100,000-character project rendered with 2 workers (bench-project), then the API's
# queued-job throughput on the same machine (bench/api/run.sh, part 3), one after the other.
# Usage: bench/projects/run.sh [BUILD_DIR] [CHARACTERS]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
build="$(cd "${1:-$root/build}" && pwd)"
cmake --build "$build" --target bench-project tts-studio tts-worker >/dev/null
echo "1. project render (bench-project ${2:-100000} --workers 2):"
"$build/bin/bench-project" "${2:-100000}" --workers 2
echo
echo "2. the API on the same machine:"
BENCH_PARTS=3 bash "$root/bench/api/run.sh" "$build"
