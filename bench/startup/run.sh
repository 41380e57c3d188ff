#!/usr/bin/env bash
# Start-up and idle memory of the executables: time from exec to the "listening on" line
# (headless) or to the embedded server answering /readyz (the window), and resident memory
# of the program (and of its worker processes) after it has sat idle for IDLE seconds.
# Prints figures, asserts nothing.
#   bash bench/startup/run.sh [BIN_DIR] [ROUNDS] [IDLE]     (default build/bin 10 5)
set -euo pipefail
bin="${1:-build/bin}"; rounds="${2:-10}"; idle="${3:-5}"
port=18722
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }
children_rss_kib() {
  local total=0 c
  for c in $(pgrep -P "$1"); do total=$((total + $(rss_kib "$c") + $(children_rss_kib "$c"))); done
  echo "$total"
}
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
ready() { # ready line|http PID OUT
  if [ "$1" = line ]; then grep -q '^listening on' "$3" 2>/dev/null; else curl -s -o /dev/null "http://127.0.0.1:$port/readyz"; fi
}
# measure LABEL line|http COMMAND...
measure() {
  local label="$1" until="$2"; shift 2
  local starts=() rss=() workers=()
  for _ in $(seq 1 "$rounds"); do
    data="$(mktemp -d)"
    t0=$(date +%s%N)
    "$@" --port "$port" --data-dir "$data" >"$data/out" 2>/dev/null &
    pid=$!
    until ready "$until" "$pid" "$data/out"; do
      kill -0 "$pid" 2>/dev/null || { echo "$label: did not start" >&2; exit 1; }
      sleep 0.005
    done
    starts+=($(( ($(date +%s%N) - t0) / 1000000 )))
    sleep "$idle"
    rss+=($(( $(rss_kib "$pid") / 1024 )))
    workers+=($(( $(children_rss_kib "$pid") / 1024 )))
    kill -TERM "$pid"; wait "$pid" || true
    rm -rf "$data"
  done
  printf '| %s | %s ms | %s ms | %s MiB | %s MiB |\n' "$label" "$(median "${starts[@]}")" \
    "$(printf '%s\n' "${starts[@]}" | sort -n | tail -n1)" "$(median "${rss[@]}")" "$(median "${workers[@]}")"
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| executable | start (median) | start (max of $rounds) | RSS idle | RSS idle, its workers |"
echo "|---|---|---|---|---|"
measure "tts-studio-server, to 'listening on'" line env -u DISPLAY -u WAYLAND_DISPLAY "$bin/tts-studio-server"
measure "tts-studio --headless, to 'listening on'" line env -u DISPLAY -u WAYLAND_DISPLAY "$bin/tts-studio" --headless
measure "tts-studio with its window (offscreen), to /readyz" http env QT_QPA_PLATFORM=offscreen "$bin/tts-studio"
