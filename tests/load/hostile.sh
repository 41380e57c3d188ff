#!/usr/bin/env bash
# Hostile-client soak (not part of ctest): replays the probe's hostile clients for
# MINUTES against one headless server on 127.0.0.1, then checks the server and its store.
#
#   bash tests/load/hostile.sh MINUTES [path/to/tts-studio]
#
# Traffic (tests/load/hostile.py, Python 3 stdlib, raw sockets, hand-made WebSocket
# frames), a handful of clients in rotation plus a few slowloris sockets (at most ~35
# sockets at once): WebSocket streams ended every way (client close frame, RST, FIN
# mid-audio, malformed JSON, binary message, bad key, normal completion), DELETE of a
# running stream, pipelined mixed requests of two accounts on one connection (answers
# checked in order, by content), Idempotency-Key retries on v2 and concurrent ones on
# v3, a ping flood right after a stream request, 'Content-Length : N' smuggling,
# Connection: close and HTTP/1.0, partial requests, bodies over 1 MiB, garbage bytes.
# Anomalies are counted per kind; a table is printed at the end.
#
# At the end: the queue drains, GET /healthz answers 200, peak RSS (sampled every 3 s)
# stays under HOSTILE_RSS_MB (300); then SIGTERM, a clean exit within 40 s, and the
# store (tests/fault/storecheck.py plus hostile.py dbcheck): initial balance + ledger
# movements = balance, one reserve and one settle/release per generation, nothing
# GENERATING/IN_QUEUE for over a minute, cancelled/abandoned streams FAILED, one
# generation per Idempotency-Key. Exit 0 only when all of it holds.
#
# Environment: HOSTILE_CLIENTS (5), HOSTILE_RSS_MB (300), HOSTILE_DRAIN_SECONDS (120),
# HOSTILE_SKIP=name,... leaves scenarios out and HOSTILE_WARMUP=1 authenticates each key
# once over REST first (both to look past a crash; a run with HOSTILE_SKIP fails),
# HOSTILE_KEEP=1 keeps the work dir (data, server log).
set -uo pipefail

MINUTES=${1:-}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SRC_BIN=${2:-${TTS_STUDIO_BIN:-$ROOT/build/bin/tts-studio}}
if ! [[ "$MINUTES" =~ ^[0-9]+([.][0-9]+)?$ ]]; then
  echo "usage: bash tests/load/hostile.sh MINUTES [path/to/tts-studio]" >&2
  exit 2
fi
command -v python3 >/dev/null || { echo "hostile: python3 is missing" >&2; exit 2; }
T0=$(date +%s)

WORK=$(mktemp -d /tmp/hostile.XXXXXX)
SPID=""
cleanup() {
  if [ -n "$SPID" ] && kill -0 "$SPID" 2>/dev/null; then
    kill -KILL "$SPID" 2>/dev/null
    wait "$SPID" 2>/dev/null
  fi
  if [ "${HOSTILE_KEEP:-0}" = 1 ]; then echo "hostile: work dir kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The build may be replaced while this runs: take a private copy of the server and its
# worker (the server starts tts-worker from its own directory). Retry while missing.
mkdir -p "$WORK/bin"
SRC_DIR=$(cd "$(dirname "$SRC_BIN")" && pwd)
stable_copy() { # SRC DST: copy a file not modified for 3 s, unchanged while copied
  local m1
  [ -x "$1" ] || return 1
  m1=$(stat -c %Y.%s "$1" 2>/dev/null) || return 1
  [ $(( $(date +%s) - ${m1%%.*} )) -ge 3 ] || return 1
  cp "$1" "$2" 2>/dev/null || return 1
  [ "$(stat -c %Y.%s "$1" 2>/dev/null)" = "$m1" ] && cmp -s "$1" "$2"
}
for attempt in $(seq 90); do
  stable_copy "$SRC_BIN" "$WORK/bin/tts-studio" && stable_copy "$SRC_DIR/tts-worker" "$WORK/bin/tts-worker" && break
  [ "$attempt" = 90 ] && { echo "hostile: no stable tts-studio/tts-worker in $SRC_DIR" >&2; exit 2; }
  sleep 2
done
BIN=$WORK/bin/tts-studio
echo "hostile: server binary $SRC_BIN ($(stat -c '%y' "$SRC_BIN" | cut -d. -f1)), copied to $WORK/bin"

D=$WORK/data
# name:credits:wallet_usd -> initial credits and wallet micro-USD for the ledger check.
ACCOUNTS="alice:50000000:0 bob:50000000:0 carol:30000000:5"
KEYS=""
INITIAL=""
for spec in $ACCOUNTS; do
  IFS=: read -r name credits wallet <<<"$spec"
  "$BIN" accounts create "$name" --credits "$credits" --wallet "$wallet" --data-dir "$D" >/dev/null \
    || { echo "hostile: accounts create $name failed" >&2; exit 2; }
  key=$("$BIN" keys create --account "$name" --name hostile --data-dir "$D") \
    || { echo "hostile: keys create for $name failed" >&2; exit 2; }
  KEYS="${KEYS:+$KEYS,}$name=$key"
  INITIAL="${INITIAL:+$INITIAL,}$name=$credits:$(python3 -c "print(round($wallet * 1000000))")"
done

"$BIN" --headless --data-dir "$D" --port 0 --max-connections 64 --max-connections-per-address 64 --rate-limit 100000 \
  >"$WORK/server.log" 2>&1 &
SPID=$!
for _ in $(seq 300); do grep -q 'listening on' "$WORK/server.log" && break; kill -0 "$SPID" 2>/dev/null || break; sleep 0.1; done
PORT=$(grep -o 'listening on http://[^ ]*' "$WORK/server.log" | head -1 | sed 's/.*://')
if [ -z "$PORT" ]; then
  echo "hostile: server did not start:" >&2; tail -20 "$WORK/server.log" >&2; exit 2
fi
echo "hostile: server pid $SPID on 127.0.0.1:$PORT, data $D, ${MINUTES} min of traffic"

SECONDS_TOTAL=$(python3 -c "print(int(float('$MINUTES') * 60))")
python3 "$HERE/hostile.py" traffic --port "$PORT" --pid "$SPID" --keys "$KEYS" \
  --seconds "$SECONDS_TOTAL" --state "$WORK/state.json"
TRAFFIC_RC=$?

FAILED=()
[ "$TRAFFIC_RC" = 0 ] || FAILED+=("traffic/health/RSS checks (exit $TRAFFIC_RC, see FAIL traffic lines)")

# Stop: SIGTERM, a clean exit within 40 s (running jobs get up to 10 s).
STOP_RC=""
if kill -0 "$SPID" 2>/dev/null; then
  kill -TERM "$SPID"
  for _ in $(seq 400); do kill -0 "$SPID" 2>/dev/null || break; sleep 0.1; done
  if kill -0 "$SPID" 2>/dev/null; then
    FAILED+=("server still running 40 s after SIGTERM (killed)")
    kill -KILL "$SPID"
  fi
  wait "$SPID"; STOP_RC=$?
  SPID=""
  [ "$STOP_RC" = 0 ] || FAILED+=("server exit status $STOP_RC after SIGTERM")
else
  FAILED+=("server died during the run")
  wait "$SPID"; STOP_RC=$?
  SPID=""
fi
echo "hostile: server stopped, exit status $STOP_RC"
if grep -qiE 'assert|segmentation|sanitizer|terminate called' "$WORK/server.log"; then
  FAILED+=("server log shows a crash/assert")
  grep -iE 'assert|segmentation|sanitizer|terminate called' "$WORK/server.log" | head -5
fi

if [ -f "$WORK/state.json" ]; then
  python3 "$HERE/hostile.py" dbcheck --data-dir "$D" --state "$WORK/state.json" --initial "$INITIAL"
  [ $? = 0 ] || FAILED+=("store checks (see FAIL store / VIOLATION lines)")
else
  FAILED+=("no traffic state written")
fi

echo
echo "hostile: run time $(($(date +%s) - T0)) s"
if [ ${#FAILED[@]} = 0 ]; then
  echo "hostile: PASS"
  exit 0
fi
for f in "${FAILED[@]}"; do echo "hostile: FAIL $f"; done
exit 1
