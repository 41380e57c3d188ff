# Sourced by the scripts that run a Node suite against a real server (tests/ecosystem,
# tests/web): a temporary data dir, a headless server on port 0, and its cleanup.
#   headless_data PREFIX            sets data (a fresh dir) and the EXIT trap
#   headless_start NAME STUDIO ARGS starts STUDIO --headless --port 0 --data-dir "$data" ARGS,
#                                   sets server_pid and base, waits until /readyz answers
#   headless_tail NAME              the server's stderr, for a failed suite
#   npm_ci_once                     npm ci in the current folder when package-lock.json changed
server_pid=""
headless_cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 200); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$data"
}

headless_data() {
  data="$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")"
  trap headless_cleanup EXIT
}

headless_start() {
  local name="$1" studio="$2"
  shift 2
  QT_QPA_PLATFORM=offscreen "$studio" --headless --port 0 --data-dir "$data" "$@" \
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
    echo "$name: the server did not start" >&2
    cat "$data/server.out" "$data/server.err" >&2
    exit 1
  fi
  # Ready when a worker is warm (the suites synthesize at once).
  for _ in $(seq 1 300); do
    curl -sf -o /dev/null "$base/readyz" && break
    sleep 0.2
  done
}

headless_tail() {
  echo "--- server stderr (last 40 lines) ---" >&2
  tail -n 40 "$data/server.err" >&2 || true
}

npm_ci_once() {
  local stamp=node_modules/.tts-lock-stamp
  if ! cmp -s package-lock.json "$stamp" 2>/dev/null; then
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json "$stamp"
  fi
}
