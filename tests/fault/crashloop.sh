#!/usr/bin/env bash
# Crash loop: runs the headless server on a fresh data dir, submits jobs with curl
# (POST /v3/tts, half of them with an Idempotency-Key, retried after failures and
# once more after success), kills the server with SIGKILL at a random moment,
# restarts it, ROUNDS times. After every crash the store is checked (integrity,
# ledger = balances, one reserve and at most one settle/release per generation, no
# partial audio behind a COMPLETED row); at the end all jobs are let finish and every
# accepted job (201, or 200 on a replay) must be COMPLETED exactly once.
#
#   tests/fault/crashloop.sh [ROUNDS] [PATH/TO/tts-studio]
#
# ROUNDS defaults to 50. The binary comes from the argument, else $TTS_STUDIO_BIN,
# else build/bin/tts-studio. Needs curl and python3 (sqlite3 module). Prints a
# summary; exits 1 on any violation (the work dir is then kept for inspection).
set -uo pipefail

ROUNDS=${1:-50}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BIN=${2:-${TTS_STUDIO_BIN:-$ROOT/build/bin/tts-studio}}
CHECK="$HERE/storecheck.py"
[ -x "$BIN" ] || { echo "crashloop: no tts-studio binary at $BIN" >&2; exit 2; }
command -v curl >/dev/null || { echo "crashloop: curl is missing" >&2; exit 2; }
python3 -c 'import sqlite3' 2>/dev/null || { echo "crashloop: python3 with sqlite3 is missing" >&2; exit 2; }

WORK=$(mktemp -d /tmp/crashloop.XXXXXX)
D=$WORK/data
mkdir -p "$D" "$WORK/req"
SPID=""
SUBPID=""
violations=0

cleanup() {
  [ -n "$SUBPID" ] && kill "$SUBPID" 2>/dev/null
  [ -n "$SPID" ] && kill -9 "$SPID" 2>/dev/null
  wait 2>/dev/null
  if [ "$violations" -eq 0 ] && [ "${CRASHLOOP_KEEP:-0}" != 1 ]; then rm -rf "$WORK"; else echo "crashloop: work dir kept: $WORK"; fi
}
trap cleanup EXIT

# Recorded in a file: the submitter runs in a subshell.
violation() {
  echo "VIOLATION $*" | tee -a "$WORK/violations"
  violations=$(wc -l <"$WORK/violations")
}

rand_between() { # rand_between LO HI (milliseconds) -> seconds with 3 decimals
  local ms=$(($1 + RANDOM % ($2 - $1 + 1)))
  printf '%d.%03d' $((ms / 1000)) $((ms % 1000))
}

"$BIN" accounts create crash --credits 100000000 --data-dir "$D" >/dev/null || exit 2
KEY_CREDITS=$("$BIN" keys create --account crash --name loop --data-dir "$D")
"$BIN" accounts create walletonly --credits 0 --wallet 1000 --data-dir "$D" >/dev/null || exit 2
KEY_WALLET=$("$BIN" keys create --account walletonly --name loop --data-dir "$D")
[ -n "$KEY_CREDITS" ] && [ -n "$KEY_WALLET" ] || { echo "crashloop: could not create keys" >&2; exit 2; }

start_server() { # start_server ROUND
  local log="$WORK/server-$1.log"
  "$BIN" --headless --port 0 --data-dir "$D" --workers 2 --rate-limit 100000 >"$log" 2>&1 &
  SPID=$!
  for _ in $(seq 300); do
    grep -q 'listening on' "$log" 2>/dev/null && break
    kill -0 "$SPID" 2>/dev/null || { violation "round $1: server exited at start: $(tail -3 "$log")"; return 1; }
    sleep 0.1
  done
  BASE=$(grep -o 'listening on http://[^ ]*' "$log" | head -1 | sed 's/listening on //')
  [ -n "$BASE" ] || { violation "round $1: server did not start"; return 1; }
}

WORDS=(the quick brown fox jumps over a lazy dog while seven bright stars shine above quiet hills
       and rivers carry old songs toward distant towns where people listen closely)
VOICES=(af_sarah am_adam bf_emma ef_dora ff_siwis im_nicola)

make_text() { # make_text NWORDS
  local out="" i
  for ((i = 0; i < $1; i++)); do out+="${WORDS[RANDOM % ${#WORDS[@]}]} "; done
  echo "${out}end."
}

# One request; its record: req/N.{key,idem,body} before sending, req/N.status and
# req/N.id after. A keyed request that got no answer stays pending and is retried.
send() { # send N
  local n=$1 key idem out status id
  key=$(cat "$WORK/req/$n.key")
  idem=$(cat "$WORK/req/$n.idem" 2>/dev/null)
  out="$WORK/req/$n.out"
  local hdr=()
  [ -n "$idem" ] && hdr=(-H "Idempotency-Key: $idem")
  status=$(curl -s -o "$out" -w '%{http_code}' --max-time 30 -X POST "$BASE/v3/tts" \
    -H "x-api-key: $key" -H 'Content-Type: application/json' "${hdr[@]}" --data-binary @"$WORK/req/$n.body")
  id=$(grep -o '"generation_id":"[^"]*"' "$out" 2>/dev/null | head -1 | cut -d'"' -f4)
  echo "$status" >>"$WORK/req/$n.status"
  echo "$status" >"$WORK/req/$n.last"
  if [ "$status" = 201 ] || [ "$status" = 200 ]; then
    if [ -f "$WORK/req/$n.id" ] && [ "$(cat "$WORK/req/$n.id")" != "$id" ]; then
      violation "request $n (Idempotency-Key $idem): id $id, earlier $(cat "$WORK/req/$n.id")"
    fi
    echo "$id" >"$WORK/req/$n.id"
    echo "$id" >>"$WORK/accepted"
    [ "$status" = 201 ] && echo "$id" >>"$WORK/created"
  fi
}

submitter() { # submitter ROUND COUNT: runs until COUNT jobs are sent or the stop file appears
  local round=$1 count=$2 i n key
  for ((i = 0; i < count; i++)); do
    [ -f "$WORK/stop" ] && return
    n="$round-$i"
    if ((RANDOM % 4 == 0)); then key=$KEY_WALLET; else key=$KEY_CREDITS; fi
    echo "$key" >"$WORK/req/$n.key"
    ((RANDOM % 2)) && echo "idem-$n-$RANDOM" >"$WORK/req/$n.idem"
    local fmt=wav
    ((RANDOM % 5 == 0)) && fmt=mp3
    # Mostly short texts, some long enough to be cut in the middle of synthesis.
    local words=$((3 + RANDOM % 12))
    ((RANDOM % 4 == 0)) && words=$((60 + RANDOM % 120))
    printf '{"text":"%s","voice_id":"%s","audio_format":"%s"}' "$(make_text $words)" \
      "${VOICES[RANDOM % ${#VOICES[@]}]}" "$fmt" >"$WORK/req/$n.body"
    send "$n"
    sleep "$(rand_between 0 300)"
  done
}

retry_pending() { # keyed requests without an answer, and one replay of answered keyed ones
  local f n status
  for f in "$WORK"/req/*.idem; do
    [ -e "$f" ] || continue
    n=$(basename "$f" .idem)
    if [ ! -f "$WORK/req/$n.id" ]; then
      send "$n"
      status=$(cat "$WORK/req/$n.last")
      retried=$((retried + 1))
      case "$status" in 201 | 200) ;; *) violation "retry of $n got $status" ;; esac
    elif [ ! -f "$WORK/req/$n.replayed" ]; then
      send "$n"
      status=$(cat "$WORK/req/$n.last")
      touch "$WORK/req/$n.replayed"
      replayed=$((replayed + 1))
      [ "$status" = 200 ] || violation "replay of $n got $status, expected 200"
    fi
  done
}

check_store() { # check_store LABEL [storecheck args]
  local label=$1
  shift
  local out
  out=$(python3 "$CHECK" "$D" "$@" 2>&1)
  local rc=$?
  if [ $rc -ne 0 ]; then
    while IFS= read -r line; do
      case "$line" in VIOLATION*) violation "$label: ${line#VIOLATION }" ;; esac
    done <<<"$out"
    [ $rc -ne 1 ] && violation "$label: storecheck failed: $out"
  fi
  lastcheck=$(tail -1 <<<"$out")
}

retried=0
replayed=0
orphans=0
t0=$(date +%s)
for ((round = 1; round <= ROUNDS; round++)); do
  start_server "$round" || break
  retry_pending
  rm -f "$WORK/stop"
  submitter "$round" $((1 + RANDOM % 8)) &
  SUBPID=$!
  sleep "$(rand_between 200 3500)"
  workers=$(pgrep -P "$SPID" | tr '\n' ' ')
  kill -9 "$SPID"
  wait "$SPID" 2>/dev/null
  SPID=""
  touch "$WORK/stop"
  wait "$SUBPID" 2>/dev/null
  SUBPID=""
  # Workers must not outlive their server (they would hold jobs and files).
  for w in $workers; do
    for _ in $(seq 100); do kill -0 "$w" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$w" 2>/dev/null; then
      orphans=$((orphans + 1))
      violation "round $round: worker $w still alive 10 s after its server was killed"
      kill -9 "$w" 2>/dev/null
    fi
  done
  check_store "after crash $round"
  echo "round $round/$ROUNDS: $lastcheck"
done

# The end: a clean run lets every job finish.
start_server final && {
  retry_pending
  retry_pending # the replays of what the first pass answered
  deadline=$(($(date +%s) + 600))
  while [ "$(date +%s)" -lt $deadline ]; do
    left=$(python3 - "$D" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1] + '/tts-studio.db', timeout=30)
print(db.execute("SELECT COUNT(*) FROM generations WHERE status IN ('IN_QUEUE','GENERATING')").fetchone()[0])
EOF
)
    [ "$left" = 0 ] && break
    sleep 1
  done
  # Every accepted job through the API: COMPLETED.
  sort -u "$WORK/accepted" 2>/dev/null >"$WORK/accepted.unique"
  not_completed=0
  while read -r id; do
    for key in "$KEY_CREDITS" "$KEY_WALLET"; do
      status=$(curl -s --max-time 10 "$BASE/v3/tts?generation_id=$id" -H "x-api-key: $key" | grep -o '"status":"[^"]*"' | cut -d'"' -f4)
      [ -n "$status" ] && break
    done
    if [ "$status" != COMPLETED ]; then
      not_completed=$((not_completed + 1))
      violation "accepted job $id is ${status:-not found} through GET /v3/tts"
    fi
  done <"$WORK/accepted.unique"
  kill -TERM "$SPID"
  wait "$SPID"
  rc=$?
  SPID=""
  [ $rc -eq 0 ] || violation "server exited $rc on SIGTERM"
  check_store "final" --final --accepted "$WORK/accepted.unique"
  echo "final: $lastcheck"
}

violations=$(cat "$WORK/violations" 2>/dev/null | wc -l)
sent=$(cat "$WORK"/req/*.status 2>/dev/null | wc -l)
st() { cat "$WORK"/req/*.status 2>/dev/null | grep -cx "$1"; }
echo "crashloop: $ROUNDS rounds in $(($(date +%s) - t0)) s; requests $sent (201: $(st 201), 200 replays: $(st 200)," \
  "no answer: $(st 000), other: $((sent - $(st 201) - $(st 200) - $(st 000)))); keyed retries $retried, replays $replayed;" \
  "accepted jobs $(wc -l <"$WORK/accepted.unique" 2>/dev/null || echo 0); orphaned workers $orphans; violations $violations"
[ "$violations" -eq 0 ]
