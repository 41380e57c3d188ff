#!/usr/bin/env bash
# bench/api: prints figures for the REST API (never a test, never fails a build).
#  1. GET /v3/tts req/s and p99 at 64 connections (wrk), next to nginx serving a
#     static file of the same size on the same machine, when nginx is installed;
#  2. POST /v3/tts -> COMPLETED p50 for a 100-character text;
#  3. audio seconds per wall second for 40 queued jobs, next to the engine's own
#     pipeline limit: the workers' own synthesis speed on those same jobs (audio s per
#     worker CPU s) x the cores, with where the rest of the CPU went.
# Usage: bench/api/run.sh [BUILD_DIR]   (default: build)
#        BENCH_PARTS=3 bench/api/run.sh ...  runs only the listed parts
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
bin=$build/bin/tts-studio
command -v wrk >/dev/null || { echo "wrk is not installed (scripts/install-deps.sh installs it)"; exit 0; }
data=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; [ -n "${nginx_pid:-}" ] && kill $nginx_pid 2>/dev/null; rm -rf "$data"' EXIT
"$bin" accounts create bench --credits 100000000 --data-dir "$data" >/dev/null
key=$("$bin" keys create --account bench --name bench --data-dir "$data")
"$bin" --headless --port 0 --data-dir "$data" --rate-limit 100000000 --log-level warn --max-connections 2048 --max-connections-per-address 2048 >"$data/out" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q listening "$data/out" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$data/out")
echo "TTS Studio API benchmark ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"

parts=${BENCH_PARTS:-123}

# 1. GET /v3/tts
text100=$(python3 -c 'print(("The quick brown fox jumps over the lazy dog. " * 3)[:100])')
body=$(printf '{"text":"%s","voice_id":"af_sarah"}' "$text100")
if [[ $parts == *1* ]]; then
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

fi

# 2. POST -> COMPLETED latency, 100 characters
if [[ $parts == *2* ]]; then
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
fi

# 3. Throughput of 40 queued jobs
[[ $parts == *3* ]] || exit 0
echo
echo "3. 40 queued jobs (2,000-character text, flite af_sarah, wav), audio seconds per wall second:"
python3 - "$url" "$key" "$root" "$build" "$server" <<'PY'
import json, os, sys, time, urllib.request
url, key, root, build, server = sys.argv[1:6]
server = int(server)
hz = os.sysconf("SC_CLK_TCK")
path = os.path.join(root, "..", "shared", "texts", "bench-en-2000.txt")
text = open(path).read() if os.path.exists(path) else "The quick brown fox jumps over the lazy dog. " * 45
def call(method, p, data=None):
    req = urllib.request.Request(url + p, data=data, method=method, headers={"x-api-key": key, "content-type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.load(r)
def stat(pid):
    try:
        s = open(f"/proc/{pid}/stat").read()
    except OSError:
        return None
    f = s[s.rindex(")") + 2:].split()
    return int(f[1]), int(f[11]) + int(f[12])  # ppid, utime + stime
def workers():
    # The server's tts-worker children (job and stream pools), pid -> CPU ticks.
    out = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                comm = open(f"/proc/{d}/comm").read().strip()
            except OSError:
                continue
            st = stat(d)
            if comm == "tts-worker" and st and st[0] == server:
                out[int(d)] = st[1]
    return out
def busy():
    f = open("/proc/stat").readline().split()[1:9]
    return sum(int(x) for i, x in enumerate(f) if i not in (3, 4))
def client():
    t = os.times()
    return t.user + t.system
def others(window):
    # Cores kept busy by processes other than this benchmark's, over a short window.
    w0, s0, m0, c0 = sum(workers().values()), stat(server)[1], busy(), client()
    time.sleep(window)
    ours = (sum(workers().values()) - w0 + stat(server)[1] - s0) / hz + client() - c0
    return max(0.0, (busy() - m0) / hz - ours) / window
# Wall-time figures need the cores: wait (up to a minute) for other work to quieten.
waited, load = 0, others(1.0)
while load > 0.25 and waited < 60:
    load = others(1.0)
    waited += 1
print(f"   other processes before the run: {load:.2f} cores" + (f" (waited {waited} s)" if waited else ""))
body = json.dumps({"text": text, "voice_id": "af_sarah"}).encode()
w0, s0, m0, c0 = workers(), stat(server)[1], busy(), client()
t = time.perf_counter()
ids = [call("POST", "/v3/tts", body)["generation_id"] for _ in range(40)]
# Poll one job at a time, oldest first (jobs run in queue order): the client stays
# cheap, and the server's CPU for the polls is not taken from the workers.
pending = list(ids)
polls = 0
while pending:
    polls += 1
    if call("GET", "/v3/tts?generation_id=" + pending[0])["status"] in ("COMPLETED", "FAILED"):
        pending.pop(0)
    else:
        time.sleep(0.1)
wall = time.perf_counter() - t
w1, s1, m1, c1 = workers(), stat(server)[1], busy(), client()
worker_cpu = sum(v - w0.get(p, 0) for p, v in w1.items()) / hz
busy_workers = sum(1 for p, v in w1.items() if v - w0.get(p, 0) > 0.05 * wall * hz)
server_cpu = (s1 - s0) / hz
client_cpu = c1 - c0
other_cpu = max(0.0, (m1 - m0) / hz - worker_cpu - server_cpu - client_cpu)
seconds = 0.0
failed = 0
for i in ids:
    g = call("GET", "/v3/tts?generation_id=" + i)
    if g["status"] != "COMPLETED":
        failed += 1
        continue
    with urllib.request.urlopen(g["audio_url"]) as r:
        data = r.read()
    seconds += (len(data) - 44) / 2 / 24000
cores = os.cpu_count()
speed = seconds / wall
per_cpu = seconds / worker_cpu if worker_cpu > 0 else 0
# Limit: the workers' own synthesis speed on exactly these jobs (same voice, text,
# pauses, WAV encoding and file write), audio s per worker CPU s, times the cores
# (the server runs one job worker per core). Server, client and idle workers count
# against the figure, not the limit.
limit = per_cpu * cores
print(f"   {seconds:.0f} s of audio in {wall:.1f} s: {speed:.1f}x real time with {busy_workers} job workers ({len(w1)} tts-worker processes){'' if not failed else f', {failed} FAILED'}")
print(f"   CPU during the run: workers {worker_cpu:.1f} s ({worker_cpu / wall / max(1, busy_workers):.0%} of {busy_workers} cores), "
      f"server {server_cpu:.1f} s, benchmark client {client_cpu:.1f} s ({polls} polls), other processes {other_cpu:.1f} s")
print(f"   engine limit: {per_cpu:.1f}x per worker CPU second (the workers' own synthesis time) x {cores} cores = {limit:.1f}x")
if limit > 0:
    r = speed / limit
    print(f"   {r:.0%} of the limit   target >= 85%   " + ("PASS" if r >= 0.85 else "MISS"))
if other_cpu > 0.1 * wall:
    note = f"   note: other processes used {other_cpu / wall:.2f} cores during the run: the figure is not the engine's; repeat on a quieter machine"
    try:
        if open("/proc/sys/kernel/sched_autogroup_enabled").read().strip() == "1":
            note += "\n   (kernel autogroup is on: other sessions get an equal CPU share whatever their nice level)"
    except OSError:
        pass
    print(note)
print("   (like for like: same jobs, voice, format and workers; bench-engine's 'pipeline soxr HQ + WAV' figure")
print("    for flite slt is one process without the 150 ms sentence pauses these jobs have)")
PY
