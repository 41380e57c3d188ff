#!/usr/bin/env bash
# bench/api: prints figures for the REST API (never a test, never fails a build).
#  1. GET /v3/tts req/s and p99 at 64 connections (wrk), next to nginx serving a
#     static file of the same size on the same machine, when nginx is installed;
#  2. POST /v3/tts -> COMPLETED p50 for a 100-character text;
#  3. audio seconds per wall second for 40 queued jobs, next to the engine's own
#     pipeline limit (bench-engine figures, or the workers' own synthesis time).
# Usage: bench/api/run.sh [BUILD_DIR]   (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
bin=$build/bin/tts-studio
command -v wrk >/dev/null || { echo "wrk is not installed (scripts/install-deps.sh installs it)"; exit 0; }
data=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; [ -n "${nginx_pid:-}" ] && kill $nginx_pid 2>/dev/null; rm -rf "$data"' EXIT
"$bin" accounts create bench --credits 100000000 --data-dir "$data" >/dev/null
key=$("$bin" keys create --account bench --name bench --data-dir "$data")
"$bin" --headless --port 0 --data-dir "$data" --rate-limit 100000000 --log-level warn --max-connections 2048 >"$data/out" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q listening "$data/out" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$data/out")
echo "TTS Studio API benchmark ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"

# 1. GET /v3/tts
text100=$(python3 -c 'print(("The quick brown fox jumps over the lazy dog. " * 3)[:100])')
body=$(printf '{"text":"%s","voice_id":"af_sarah"}' "$text100")
id=$(curl -s -X POST "$url/v3/tts" -H "x-api-key: $key" -d "$body" | python3 -c 'import sys,json;print(json.load(sys.stdin)["generation_id"])')
sleep 2
curl -s "$url/v3/tts?generation_id=$id" -H "x-api-key: $key" >"$data/get.json"
size=$(stat -c %s "$data/get.json")
cat >"$data/h.lua" <<LUA
wrk.headers["x-api-key"] = "$key"
LUA
run_wrk() { wrk -t2 -c64 -d10s --latency "$@" 2>/dev/null; }
ours=$(run_wrk -s "$data/h.lua" "$url/v3/tts?generation_id=$id")
ours_rps=$(echo "$ours" | awk '/Requests\/sec/ {print $2}')
ours_p99=$(echo "$ours" | awk '$1=="99%" {print $2}')
echo
echo "1. GET /v3/tts ($size-byte JSON), 64 connections, 10 s:"
printf "   %-28s %10s req/s   p99 %s\n" "tts-studio" "$ours_rps" "$ours_p99"
if command -v nginx >/dev/null; then
  mkdir -p "$data/www" "$data/nginx"
  cp "$data/get.json" "$data/www/get.json"
  port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
  cat >"$data/nginx/nginx.conf" <<NGX
worker_processes auto; daemon off; pid $data/nginx/pid; error_log $data/nginx/err;
events { worker_connections 4096; }
http { access_log off; server { listen 127.0.0.1:$port; root $data/www; } }
NGX
  nginx -c "$data/nginx/nginx.conf" -p "$data/nginx" & nginx_pid=$!
  sleep 0.5
  ng=$(run_wrk "http://127.0.0.1:$port/get.json")
  ng_rps=$(echo "$ng" | awk '/Requests\/sec/ {print $2}')
  printf "   %-28s %10s req/s   p99 %s\n" "nginx (same-size static file)" "$ng_rps" "$(echo "$ng" | awk '$1=="99%" {print $2}')"
  python3 -c "r=$ours_rps/$ng_rps; print(f'   ratio {r:.0%} of nginx   target >= 50%   ' + ('PASS' if r >= 0.5 else 'MISS'))"
  kill $nginx_pid; nginx_pid=
else
  echo "   nginx not installed: no reference figure (apt-get install nginx)"
fi

# 2. POST -> COMPLETED latency, 100 characters
echo
echo "2. POST /v3/tts -> COMPLETED, 100-character text, 20 sequential runs (polling every 5 ms):"
python3 - "$url" "$key" "$body" <<'PY'
import json, sys, time, urllib.request
url, key, body = sys.argv[1], sys.argv[2], sys.argv[3].encode()
def call(method, path, data=None):
    req = urllib.request.Request(url + path, data=data, method=method, headers={"x-api-key": key, "content-type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)
times = []
for _ in range(20):
    t = time.perf_counter()
    g = call("POST", "/v3/tts", body)
    while call("GET", "/v3/tts?generation_id=" + g["generation_id"])["status"] not in ("COMPLETED", "FAILED"):
        time.sleep(0.005)
    times.append((time.perf_counter() - t) * 1000)
times.sort()
print(f"   p50 {times[len(times)//2]:.1f} ms   p90 {times[int(len(times)*0.9)]:.1f} ms   min {times[0]:.1f} ms")
PY

# 3. Throughput of 40 queued jobs
echo
echo "3. 40 queued jobs (2,000-character text, flite af_sarah, wav), audio seconds per wall second:"
python3 - "$url" "$key" "$root" "$build" <<'PY'
import json, os, sys, time, urllib.request, wave
url, key, root, build = sys.argv[1:5]
path = os.path.join(root, "..", "shared", "texts", "bench-en-2000.txt")
text = open(path).read() if os.path.exists(path) else "The quick brown fox jumps over the lazy dog. " * 45
def call(method, p, data=None):
    req = urllib.request.Request(url + p, data=data, method=method, headers={"x-api-key": key, "content-type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)
body = json.dumps({"text": text, "voice_id": "af_sarah"}).encode()
t = time.perf_counter()
ids = [call("POST", "/v3/tts", body)["generation_id"] for _ in range(40)]
pending = set(ids)
seconds = 0.0
while pending:
    time.sleep(0.2)
    for i in list(pending):
        g = call("GET", "/v3/tts?generation_id=" + i)
        if g["status"] in ("COMPLETED", "FAILED"):
            pending.discard(i)
wall = time.perf_counter() - t
for i in ids:
    g = call("GET", "/v3/tts?generation_id=" + i)
    with urllib.request.urlopen(g["audio_url"]) as r:
        data = r.read()
    seconds += (len(data) - 44) / 2 / 24000
print(f"   {seconds:.0f} s of audio in {wall:.1f} s: {seconds / wall:.1f}x real time with {os.cpu_count()} workers")
print("   engine limit for comparison: bench-engine's 'pipeline SINC_MEDIUM + WAV' figure for flite slt x the")
print("   number of cores (e.g. 62x per core -> ~124x on 2 idle cores); target >= 85% of that limit")
PY
