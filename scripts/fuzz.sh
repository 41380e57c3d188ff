#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with clang, AddressSanitizer and UBSan in a
# build dir of their own, runs each for SECONDS on its corpus, and prints the number
# of executions and whether a crash was found. Exits 1 on a crash (its input is kept
# under BUILD/fuzz-artifacts/TARGET/: copy it to fuzz/regressions/TARGET/ so the GCC
# ctest fault_fuzz_replay replays it), 77 when clang or libFuzzer is missing.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]      SECONDS defaults to 60; targets:
#                                              request-json http-guard (default both)
# Environment:
#   FUZZ_BUILD_DIR  build dir (default: <repo>/build-fuzz). Incremental: point it at a
#                   persistent dir to keep the instrumented libraries and the grown
#                   corpus between runs (the first build compiles the project's
#                   libraries with clang and sanitizers).
#   FUZZ_PARALLEL   1 (default): run the targets side by side (one core each);
#                   0: one after the other.
#   FUZZ_RSS_LIMIT_MB  memory a target may hold (default 2048). Under ASan the resident
#                   size creeps up over millions of inputs (freed memory sits in the
#                   quarantine, size classes fill up): raise it for runs of hours.
#   FUZZ_TIMEOUT    seconds one input may take before it counts as a hang (default 10).
#                   libFuzzer measures wall time: raise it for long runs at low
#                   priority on a busy machine, where a starved input can wait that long.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DURATION=${1:-60}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(request-json http-guard)
BUILD=${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
PARALLEL=${FUZZ_PARALLEL:-1}
TIMEOUT=${FUZZ_TIMEOUT:-10}
RSS_LIMIT=${FUZZ_RSS_LIMIT_MB:-2048}

if ! command -v clang++ >/dev/null || ! command -v clang >/dev/null; then
  echo "fuzz: clang is not installed (scripts/install-deps.sh installs it)" >&2
  exit 77
fi
if ! ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 \
   && ! ls /usr/lib/llvm-*/lib/clang/*/lib/*/libclang_rt.fuzzer.a >/dev/null 2>&1; then
  echo "fuzz: the libFuzzer runtime is missing (libclang-rt-14-dev)" >&2
  exit 77
fi

t0=$(date +%s)
mkdir -p "$BUILD"
if [ ! -f "$BUILD/build.ninja" ]; then
  # Sanitizers and coverage on every translation unit, so the libraries the targets
  # call into are instrumented too; only what the targets need is built.
  SAN="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
  CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -G Ninja \
    -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_FLAGS_DEBUG="-O1 -gline-tables-only" -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" \
    -DCMAKE_C_FLAGS="$SAN" -DCMAKE_CXX_FLAGS="$SAN" \
    -DTTS_BUILD_TESTS=OFF -DTTS_BUILD_BENCH=OFF >"$BUILD/configure.log" 2>&1 \
    || { cat "$BUILD/configure.log" >&2; exit 2; }
fi
ninja -C "$BUILD" $(printf 'fuzz-%s ' "${TARGETS[@]}") >"$BUILD/fuzz-build.log" 2>&1 \
  || { tail -50 "$BUILD/fuzz-build.log" >&2; echo "fuzz: build failed" >&2; exit 2; }
t1=$(date +%s)
echo "fuzz: build $((t1 - t0)) s ($BUILD)"

# UBSan findings are fatal (-fno-sanitize-recover); leaks are reported as crashes.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export QT_QPA_PLATFORM=offscreen

run_one() {
  local t=$1
  local bin="$BUILD/fuzz/fuzz-$t"
  local work="$BUILD/fuzz-corpus/$t"      # grows here, not in the repository
  local art="$BUILD/fuzz-artifacts/$t"
  mkdir -p "$work" "$art"
  local seeds=("$ROOT/fuzz/corpus/$t")
  [ -d "$ROOT/fuzz/regressions/$t" ] && seeds+=("$ROOT/fuzz/regressions/$t")
  local dict=()
  [ -f "$ROOT/fuzz/$t.dict" ] && dict=(-dict="$ROOT/fuzz/$t.dict")
  "$bin" -max_total_time="$DURATION" -print_final_stats=1 -timeout="$TIMEOUT" -rss_limit_mb="$RSS_LIMIT" \
    -max_len=8192 -artifact_prefix="$art/" "${dict[@]}" "$work" "${seeds[@]}" >"$BUILD/fuzz-$t.log" 2>&1
}

declare -A rc
if [ "$PARALLEL" = 1 ]; then
  declare -A pid
  for t in "${TARGETS[@]}"; do run_one "$t" & pid[$t]=$!; done
  for t in "${TARGETS[@]}"; do if wait "${pid[$t]}"; then rc[$t]=0; else rc[$t]=$?; fi; done
else
  for t in "${TARGETS[@]}"; do if run_one "$t"; then rc[$t]=0; else rc[$t]=$?; fi; done
fi

failed=0
for t in "${TARGETS[@]}"; do
  log="$BUILD/fuzz-$t.log"
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
  secs=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || true)
  artifacts=$(ls "$BUILD/fuzz-artifacts/$t" 2>/dev/null | grep -E '^(crash|leak|timeout|oom|slow-unit)-' || true)
  if [ "${rc[$t]}" != 0 ] || grep -qE '^==[0-9]+==ERROR|FUZZ_CHECK failed|runtime error:' "$log"; then
    failed=1
    echo "fuzz-$t: CRASH after ${execs:-?} executions (exit ${rc[$t]}); log $log"
    grep -m1 -E 'FUZZ_CHECK failed|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:' "$log" | sed 's/^/  /' || true
    for a in $artifacts; do echo "  input: $BUILD/fuzz-artifacts/$t/$a"; done
  else
    echo "fuzz-$t: ${execs:-0} executions in ${DURATION} s (${secs:-?}/s), coverage ${cov:-?}, no crash"
  fi
done
echo "fuzz: total $(( $(date +%s) - t0 )) s"
exit $failed
