#!/usr/bin/env python3
"""Hostile-client load for a running TTS Studio server (stdlib only, raw sockets).
Driven by tests/load/hostile.sh; two sub-commands:

  hostile.py traffic --port P --pid PID --keys NAME=KEY,... --seconds S --state FILE [--rss-mb N]
      Replays hostile clients in rotation for S seconds (WebSocket close paths, pipelined
      mixed requests from two accounts, stream cancel, abort mid-audio, idempotency,
      ping flood, header smuggling, Connection: close / HTTP/1.0, slowloris, big bodies,
      garbage), then stops the traffic, waits for the queue to drain and checks
      /healthz and the server's RSS. Prints a table of anomalies per kind, writes what
      the store must show afterwards to FILE (JSON). Exit 1 on a failed check or an
      anomaly of a kind that means a server bug.

  hostile.py dbcheck --data-dir D --state FILE --initial NAME=CREDITS:MICROS,...
      After the server has stopped: tests/fault/storecheck.py (integrity, ledger sums,
      reserve/settle/release per generation, audio files), then: initial balance + ledger
      deltas = balance per account, no generation charged twice, nothing left
      GENERATING / IN_QUEUE older than a minute, the terminal status the traffic expects
      for each generation (cancelled / abandoned streams FAILED, the rest COMPLETED) and
      one generation per Idempotency-Key. Exit 1 on any violation.
"""
import argparse
import base64
import hashlib
import json
import os
import random
import socket
import sqlite3
import struct
import subprocess
import sys
import threading
import time
import uuid

HOST = '127.0.0.1'
WS_GUID = b'258EAFA5-E914-47DA-95CA-C5AB0DC85B11'
# Each account speaks only its own voices: an answer or history item can be told apart.
VOICES = [['af_sarah', 'af_nicole'], ['am_adam', 'am_michael'], ['bf_emma', 'bm_george']]
LONG_TEXT = ' '.join(['This sentence is here to keep a live stream busy for a long while, '
                      'so that the client can cancel it or walk away in the middle of the audio.'] * 14)

# Kinds of anomaly; True = it means a server bug (fails the run), False = informational.
KINDS = {
    'connect_failed': True,          # could not connect at all
    'missing_answer': True,          # no (complete) answer in time, or closed before it
    'wrong_order': True,             # a pipelined answer belongs to another request
    'unexpected_status': True,       # status / body not what the request must get
    'wrong_account': True,           # history shows another account's generation
    'ws_handshake': True,            # no 101 or a wrong Sec-WebSocket-Accept
    'ws_protocol': True,             # stream messages / close codes / sample count wrong
    'ws_not_closed': True,           # server did not close a finished / refused stream
    'cancel_ignored': True,          # stream went on to `completed` or stayed open after DELETE
    'idempotency': True,             # same Idempotency-Key gave more than one generation
    'ping_flood': True,              # pings right after the request starved the stream
    'smuggling': True,               # 'Content-Length : N' not refused with 400 / next request parsed
    'not_closed': True,              # Connection: close / HTTP/1.0 left the connection open
    'slowloris': True,               # partial request neither answered 408 nor closed in time
    'big_body': True,                # body over 1 MiB not refused with 413
    'garbage': True,                 # garbage got a 2xx / 500 or no reaction in time
    'healthz': True,                 # liveness probe failed during the run
    'client_error': True,            # the test client itself raised (a bug in this script)
    'cancel_late': False,            # DELETE came after the stream had finished (409): timing
    'ws_pong_missing': False,        # no pong for a ping flood (RFC 6455 says MUST, Qt may coalesce)
}

#############################################################################
# Stats


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.runs = {}
        self.anomalies = {}
        self.examples = {}
        self.info = {}

    def run(self, scenario):
        with self.lock:
            self.runs[scenario] = self.runs.get(scenario, 0) + 1

    def bad(self, kind, scenario, detail):
        with self.lock:
            key = (kind, scenario)
            self.anomalies[key] = self.anomalies.get(key, 0) + 1
            ex = self.examples.setdefault(kind, [])
            if len(ex) < 4:
                ex.append(f'[{scenario}] {detail}'[:400])

    def note(self, name, value):
        with self.lock:
            self.info.setdefault(name, []).append(value)


STATS = Stats()
GENS_LOCK = threading.Lock()
GENS = {}          # generation id -> {'account': name, 'expect': 'COMPLETED'|'FAILED'|None, 'how': scenario}
IDEM_KEYS = []     # (account, key, [ids seen])


def track(gid, account, expect, how):
    if not gid:
        return
    with GENS_LOCK:
        old = GENS.get(gid)
        if old and old['expect'] != expect:
            expect = None if old['expect'] and expect else (old['expect'] or expect)
        GENS[gid] = {'account': account, 'expect': expect, 'how': how}


#############################################################################
# HTTP over raw sockets


class Closed(Exception):
    pass


def connect(port, timeout=20.0, rcvbuf=None):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(timeout)
    s.connect((HOST, port))
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def abort(s):
    """Close with RST (SO_LINGER 0)."""
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack('ii', 1, 0))
    except OSError:
        pass
    s.close()


class Reader:
    """Buffered reads with an overall deadline."""

    def __init__(self, sock, deadline):
        self.s = sock
        self.buf = b''
        self.deadline = deadline

    def _fill(self):
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise socket.timeout('deadline')
        self.s.settimeout(left)
        chunk = self.s.recv(65536)
        if not chunk:
            raise Closed('connection closed by the server')
        self.buf += chunk

    def until(self, marker, limit=1 << 20):
        while marker not in self.buf:
            if len(self.buf) > limit:
                raise ValueError('no %r within %d bytes' % (marker, limit))
            self._fill()
        i = self.buf.index(marker) + len(marker)
        out, self.buf = self.buf[:i], self.buf[i:]
        return out

    def exactly(self, n):
        while len(self.buf) < n:
            self._fill()
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def rest(self):
        try:
            while True:
                self._fill()
        except Closed:
            pass
        out, self.buf = self.buf, b''
        return out

    def eof_within(self, seconds):
        """True when the server closes (FIN or RST) within seconds and sends nothing more."""
        self.deadline = time.monotonic() + seconds
        try:
            while True:
                self._fill()
                if self.buf.strip():
                    return False
        except Closed:
            return not self.buf.strip()
        except ConnectionResetError:
            return True
        except socket.timeout:
            return False


class Response:
    def __init__(self, status, reason, version, headers, body):
        self.status, self.reason, self.version, self.headers, self.body = status, reason, version, headers, body

    def json(self):
        try:
            return json.loads(self.body.decode('utf-8'))
        except (ValueError, UnicodeDecodeError):
            return None

    def header(self, name):
        return self.headers.get(name.lower())

    def __repr__(self):
        return f'{self.status} {self.body[:120]!r}'


def read_response(r, head_request=False):
    while True:
        head = r.until(b'\r\n\r\n', 70000).decode('latin-1')
        lines = head.split('\r\n')
        parts = lines[0].split(' ', 2)
        if len(parts) < 2 or not parts[0].startswith('HTTP/'):
            raise ValueError(f'bad status line {lines[0]!r}')
        status = int(parts[1])
        headers = {}
        for line in lines[1:]:
            if ':' in line:
                k, v = line.split(':', 1)
                headers[k.strip().lower()] = v.strip()
        if status == 100:
            continue
        break
    if head_request or status in (204, 304):
        body = b''
    elif 'chunked' in headers.get('transfer-encoding', '').lower():
        body = b''
        while True:
            size = int(r.until(b'\r\n').split(b';')[0].strip(), 16)
            if size == 0:
                r.until(b'\r\n')  # no trailers expected
                break
            body += r.exactly(size)
            r.exactly(2)
    elif 'content-length' in headers:
        body = r.exactly(int(headers['content-length']))
    else:
        body = r.rest()
    return Response(status, parts[2] if len(parts) > 2 else '', parts[0], headers, body)


def request_bytes(method, path, port, key=None, body=None, headers=(), version='HTTP/1.1'):
    lines = [f'{method} {path} {version}', f'Host: 127.0.0.1:{port}']
    if key:
        lines.append(f'x-api-key: {key}')
    data = b''
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        lines.append('Content-Type: application/json')
        lines.append(f'Content-Length: {len(data)}')
    lines.extend(headers)
    return ('\r\n'.join(lines) + '\r\n\r\n').encode() + data


def http(port, method, path, key=None, body=None, headers=(), timeout=30.0):
    s = connect(port, timeout)
    try:
        s.sendall(request_bytes(method, path, port, key, body, list(headers) + ['Connection: close']))
        return read_response(Reader(s, time.monotonic() + timeout), method == 'HEAD')
    finally:
        s.close()


#############################################################################
# WebSocket by hand


def ws_frame(opcode, payload=b'', fin=True, mask=True):
    b0 = (0x80 if fin else 0) | opcode
    n = len(payload)
    if n < 126:
        head = struct.pack('!BB', b0, (0x80 if mask else 0) | n)
    elif n < 65536:
        head = struct.pack('!BBH', b0, (0x80 if mask else 0) | 126, n)
    else:
        head = struct.pack('!BBQ', b0, (0x80 if mask else 0) | 127, n)
    if not mask:
        return head + payload
    m = os.urandom(4)
    masked = bytes(b ^ m[i & 3] for i, b in enumerate(payload))
    return head + m + masked


def ws_close_frame(code=1000, reason=b''):
    return ws_frame(0x8, struct.pack('!H', code) + reason)


def ws_read_frame(r):
    b0, b1 = r.exactly(2)
    if b1 & 0x80:
        raise ValueError('server frame is masked')
    n = b1 & 0x7F
    if n == 126:
        n = struct.unpack('!H', r.exactly(2))[0]
    elif n == 127:
        n = struct.unpack('!Q', r.exactly(8))[0]
    return bool(b0 & 0x80), b0 & 0x0F, r.exactly(n)


class WsMessages:
    """Reassembles server messages; answers pings; records the close."""

    def __init__(self, sock, r):
        self.s, self.r = sock, r
        self.close_code = None
        self.pongs = 0
        self.partial = None

    def next(self):
        """('text', str) | ('binary', bytes) | ('close', code) ; raises on EOF / timeout."""
        while True:
            fin, op, payload = ws_read_frame(self.r)
            if op == 0x9:
                try:
                    self.s.sendall(ws_frame(0xA, payload))
                except OSError:
                    pass
                continue
            if op == 0xA:
                self.pongs += 1
                continue
            if op == 0x8:
                self.close_code = struct.unpack('!H', payload[:2])[0] if len(payload) >= 2 else 1005
                return 'close', self.close_code
            if op in (0x1, 0x2):
                self.partial = [op, payload]
            elif op == 0x0 and self.partial is not None:
                self.partial[1] += payload
            else:
                raise ValueError(f'unexpected opcode {op}')
            if fin:
                op, data = self.partial
                self.partial = None
                return ('text', data.decode('utf-8')) if op == 0x1 else ('binary', data)


def ws_open(port, key, timeout=30.0, rcvbuf=None, query=None):
    """Upgrade; returns (sock, Reader, WsMessages) or raises ValueError('handshake ...')."""
    s = connect(port, timeout, rcvbuf)
    nonce = base64.b64encode(os.urandom(16)).decode()
    path = '/v3/tts/stream?api_key=' + key if query is None else '/v3/tts/stream' + query
    s.sendall((f'GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n'
               f'Connection: Upgrade\r\nSec-WebSocket-Key: {nonce}\r\nSec-WebSocket-Version: 13\r\n\r\n').encode())
    r = Reader(s, time.monotonic() + timeout)
    head = r.until(b'\r\n\r\n', 70000).decode('latin-1')
    lines = head.split('\r\n')
    if ' 101 ' not in lines[0] + ' ':
        s.close()
        raise ValueError(f'handshake: {lines[0]!r}')
    headers = {l.split(':', 1)[0].strip().lower(): l.split(':', 1)[1].strip() for l in lines[1:] if ':' in l}
    want = base64.b64encode(hashlib.sha1(nonce.encode() + WS_GUID).digest()).decode()
    if headers.get('sec-websocket-accept') != want:
        s.close()
        raise ValueError(f'handshake: Sec-WebSocket-Accept {headers.get("sec-websocket-accept")!r} != {want!r}')
    return s, r, WsMessages(s, r)


#############################################################################
# Scenarios


class Ctx:
    def __init__(self, port, accounts):
        self.port = port
        self.accounts = accounts  # list of (name, key, voices)
        self.stop = threading.Event()
        self.counter = 0
        self.lock = threading.Lock()
        self.known = {}  # account -> recent generation ids (for GET in pipelines)

    def n(self):
        with self.lock:
            self.counter += 1
            return self.counter

    def acct(self, i=None):
        return self.accounts[random.randrange(len(self.accounts)) if i is None else i % len(self.accounts)]

    def remember(self, account, gid):
        with self.lock:
            lst = self.known.setdefault(account, [])
            lst.append(gid)
            del lst[:-20]

    def recent(self, account):
        with self.lock:
            lst = self.known.get(account, [])
            return random.choice(lst) if lst else None


def short_text(ctx, tag):
    return f'Hostile {tag} number {ctx.n()}.'


def sc_ws_normal(ctx):
    name, key, voices = ctx.acct()
    s, r, ws = ws_open(ctx.port, key)
    try:
        s.sendall(ws_frame(0x1, json.dumps({'text': short_text(ctx, 'stream'), 'voice_id': voices[0]}).encode()))
        r.deadline = time.monotonic() + 60
        started = completed = None
        samples = frames = 0
        while True:
            kind, data = ws.next()
            if kind == 'text':
                msg = json.loads(data)
                if msg.get('type') == 'started':
                    started = msg.get('generation_id')
                elif msg.get('type') == 'completed':
                    completed = msg
                else:
                    STATS.bad('ws_protocol', 'ws_normal', f'message {data[:200]}')
            elif kind == 'binary':
                if started is None:
                    STATS.bad('ws_protocol', 'ws_normal', 'audio before started')
                frames += 1
                samples += len(data) // 4
            else:
                break
        track(started, name, 'COMPLETED', 'ws_normal')
        if not started or not completed:
            STATS.bad('ws_protocol', 'ws_normal', f'started={started} completed={completed} close={ws.close_code}')
        elif completed.get('generation_id') != started or completed.get('samples') != samples or frames == 0:
            STATS.bad('ws_protocol', 'ws_normal', f'completed {completed} after {frames} frames / {samples} samples')
        if ws.close_code != 1000:
            STATS.bad('ws_protocol', 'ws_normal', f'close code {ws.close_code}')
        s.sendall(ws_close_frame(1000))
        if not r.eof_within(10):
            STATS.bad('ws_not_closed', 'ws_normal', 'open 10 s after the close handshake')
    finally:
        s.close()


def sc_ws_close_idle(ctx):
    """Client close frame before any request: the server must answer the close and hang up."""
    name, key, voices = ctx.acct()
    s, r, ws = ws_open(ctx.port, key)
    try:
        s.sendall(ws_close_frame(1000, b'bye'))
        r.deadline = time.monotonic() + 10
        kind, data = ws.next()
        if kind != 'close':
            STATS.bad('ws_protocol', 'ws_close_idle', f'got {kind} instead of a close frame')
        if not r.eof_within(10):
            STATS.bad('ws_not_closed', 'ws_close_idle', 'still open 10 s after the close handshake')
    except (Closed, ConnectionResetError):
        pass  # hanging up without echoing the close is tolerated
    except socket.timeout:
        STATS.bad('ws_not_closed', 'ws_close_idle', 'no close frame and no hang-up in 10 s')
    finally:
        s.close()


def sc_ws_madeup_key(ctx):
    """Four upgrades with a made-up api_key (checked in the store, never cached), each
    followed at once by one of the close paths: close frame, RST, FIN, malformed JSON,
    binary message, a valid request. The server must refuse (close 1008) or answer the
    close, and survive."""
    for variant in random.sample(['close-frame', 'close-frame', 'rst', 'fin', 'malformed', 'binary', 'request'], 4):
        madeup_once(ctx, variant)


def madeup_once(ctx, variant):
    s, r, ws = ws_open(ctx.port, 'made-up-' + uuid.uuid4().hex)
    try:
        if variant == 'close-frame':
            s.sendall(ws_close_frame(1000))
        elif variant == 'rst':
            abort(s)
            return
        elif variant == 'fin':
            return
        elif variant == 'malformed':
            s.sendall(ws_frame(0x1, b'{"text": '))
        elif variant == 'binary':
            s.sendall(ws_frame(0x2, os.urandom(100)))
        else:
            s.sendall(ws_frame(0x1, json.dumps({'text': 'Hello.', 'voice_id': 'af_sarah'}).encode()))
        r.deadline = time.monotonic() + 20
        try:
            while True:
                kind, data = ws.next()
                if kind == 'close':
                    break
                if kind == 'binary' or '"started"' in data:
                    STATS.bad('ws_protocol', 'ws_madeup_key', f'{variant}: a made-up key got {kind} {data[:80]!r}')
        except (Closed, ConnectionResetError):
            return
        except socket.timeout:
            STATS.bad('ws_not_closed', 'ws_madeup_key', f'{variant}: no close 20 s after a made-up key')
            return
        # A binary message may be refused (1003) before the key is checked.
        if variant != 'close-frame' and ws.close_code not in ((1008, 1003) if variant == 'binary' else (1008,)):
            STATS.bad('ws_protocol', 'ws_madeup_key', f'{variant}: close {ws.close_code} (want 1008)')
    finally:
        s.close()


def wait_started(ctx, ws, r, scenario, seconds=60):
    r.deadline = time.monotonic() + seconds
    while True:
        kind, data = ws.next()
        if kind == 'text':
            msg = json.loads(data)
            if msg.get('type') == 'started':
                return msg.get('generation_id')
            STATS.bad('ws_protocol', scenario, f'before started: {data[:200]}')
            return None
        if kind == 'close':
            STATS.bad('ws_protocol', scenario, f'closed {data} before started')
            return None
        STATS.bad('ws_protocol', scenario, 'audio before started')


def long_request(voices):
    return ws_frame(0x1, json.dumps({'text': LONG_TEXT, 'voice_id': voices[0]}).encode())


def sc_ws_close_midstream(ctx):
    """Client close frame after `started`: the server must stop, answer the close, fail the job."""
    name, key, voices = ctx.acct()
    s, r, ws = ws_open(ctx.port, key, rcvbuf=65536)
    try:
        s.sendall(long_request(voices))
        gid = wait_started(ctx, ws, r, 'ws_close_midstream')
        if not gid:
            return
        track(gid, name, 'FAILED', 'ws_close_midstream')
        s.sendall(ws_close_frame(1001, b'going away'))
        r.deadline = time.monotonic() + 20
        try:
            while True:
                kind, data = ws.next()
                if kind == 'close':
                    break
                if kind == 'text' and '"completed"' in data:
                    STATS.bad('ws_protocol', 'ws_close_midstream', 'completed after the client closed')
        except (Closed, ConnectionResetError):
            return
        except socket.timeout:
            STATS.bad('ws_not_closed', 'ws_close_midstream', 'no close frame 20 s after the client closed')
            return
        if not r.eof_within(10):
            STATS.bad('ws_not_closed', 'ws_close_midstream', 'open 10 s after the close handshake')
    finally:
        s.close()


def sc_ws_abort(ctx):
    """TCP abort (RST, SO_LINGER 0) after the first audio."""
    name, key, voices = ctx.acct()
    s, r, ws = ws_open(ctx.port, key, rcvbuf=65536)
    try:
        s.sendall(long_request(voices))
        gid = wait_started(ctx, ws, r, 'ws_abort')
        if gid:
            track(gid, name, 'FAILED', 'ws_abort')
            ws.next()
    finally:
        abort(s)


def sc_ws_abort_early(ctx):
    """RST right after the request (the generation may not exist yet)."""
    name, key, voices = ctx.acct()
    s, r, ws = ws_open(ctx.port, key)
    s.sendall(ws_frame(0x1, json.dumps({'text': short_text(ctx, 'abort'), 'voice_id': voices[0]}).encode()))
    if random.random() < 0.5:
        time.sleep(random.random() * 0.05)
    abort(s)


def sc_ws_midaudio_close(ctx):
    """Plain close() (FIN, no close frame) after a few audio frames."""
    name, key, voices = ctx.acct()
    s, r, ws = ws_open(ctx.port, key, rcvbuf=65536)
    try:
        s.sendall(long_request(voices))
        gid = wait_started(ctx, ws, r, 'ws_midaudio_close')
        if gid:
            track(gid, name, 'FAILED', 'ws_midaudio_close')
            for _ in range(random.randint(1, 6)):
                ws.next()
    finally:
        s.close()


def expect_error_then_close(ctx, ws, r, scenario, code):
    r.deadline = time.monotonic() + 20
    got_error = False
    try:
        while True:
            kind, data = ws.next()
            if kind == 'text':
                msg = json.loads(data)
                if msg.get('type') == 'error':
                    got_error = True
                else:
                    STATS.bad('ws_protocol', scenario, f'unexpected message {data[:200]}')
            elif kind == 'binary':
                STATS.bad('ws_protocol', scenario, 'audio for a refused request')
            else:
                break
    except (Closed, ConnectionResetError):
        STATS.bad('ws_protocol', scenario, f'hung up without a close frame (error message: {got_error})')
        return
    except socket.timeout:
        STATS.bad('ws_not_closed', scenario, 'no close 20 s after a refused message')
        return
    if not got_error or ws.close_code != code:
        STATS.bad('ws_protocol', scenario, f'error message {got_error}, close {ws.close_code} (want {code})')
    try:
        ws.s.sendall(ws_close_frame(ws.close_code or 1000))
    except OSError:
        pass
    if not r.eof_within(10):
        STATS.bad('ws_not_closed', scenario, 'open 10 s after the close handshake')


def sc_ws_malformed(ctx):
    name, key, voices = ctx.acct()
    s, r, ws = ws_open(ctx.port, key)
    try:
        bad = random.choice([b'{"text": "unterminated', b'not json at all', b'[1,2,3]', b'{"text": 5, "voice_id": []}',
                             b'{"text": "", "voice_id": "af_sarah"}'])
        s.sendall(ws_frame(0x1, bad))
        expect_error_then_close(ctx, ws, r, 'ws_malformed', 1003)
    finally:
        s.close()


def sc_ws_binary(ctx):
    name, key, voices = ctx.acct()
    s, r, ws = ws_open(ctx.port, key)
    try:
        s.sendall(ws_frame(0x2, os.urandom(random.randint(1, 2000))))
        expect_error_then_close(ctx, ws, r, 'ws_binary', 1003)
    finally:
        s.close()


def sc_ws_bad_key(ctx):
    s, r, ws = ws_open(ctx.port, 'made-up-' + uuid.uuid4().hex)
    try:
        r.deadline = time.monotonic() + 20
        try:
            while True:
                kind, data = ws.next()
                if kind == 'close':
                    break
                if kind == 'binary':
                    STATS.bad('ws_protocol', 'ws_bad_key', 'audio with a bad key')
        except (Closed, ConnectionResetError):
            STATS.bad('ws_protocol', 'ws_bad_key', 'hung up without a close frame')
            return
        if ws.close_code != 1008:
            STATS.bad('ws_protocol', 'ws_bad_key', f'close {ws.close_code} (want 1008)')
        s.sendall(ws_close_frame(1000))
    finally:
        s.close()


def sc_ws_ping_flood(ctx):
    name, key, voices = ctx.acct()
    s, r, ws = ws_open(ctx.port, key)
    pings = random.randint(100, 400)
    try:
        req = ws_frame(0x1, json.dumps({'text': short_text(ctx, 'ping flood'), 'voice_id': voices[-1]}).encode())
        s.sendall(req + b''.join(ws_frame(0x9, struct.pack('!I', i)) for i in range(pings)))
        r.deadline = time.monotonic() + 60
        started = completed = None
        frames = samples = 0
        try:
            while True:
                kind, data = ws.next()
                if kind == 'text':
                    msg = json.loads(data)
                    if msg.get('type') == 'started':
                        started = msg.get('generation_id')
                    elif msg.get('type') == 'completed':
                        completed = msg
                    else:
                        STATS.bad('ping_flood', 'ws_ping_flood', f'message {data[:200]}')
                elif kind == 'binary':
                    frames += 1
                    samples += len(data) // 4
                else:
                    break
        except (Closed, ConnectionResetError, socket.timeout) as e:
            STATS.bad('ping_flood', 'ws_ping_flood', f'{type(e).__name__} after started={started} frames={frames} '
                      f'pongs={ws.pongs}/{pings}')
            return
        track(started, name, 'COMPLETED', 'ws_ping_flood')
        STATS.note('pongs per ping flood', f'{ws.pongs}/{pings}')
        if not completed or frames == 0 or completed.get('samples') != samples:
            STATS.bad('ping_flood', 'ws_ping_flood', f'started={started} frames={frames} completed={completed} '
                      f'close={ws.close_code}')
        elif ws.close_code != 1000:
            STATS.bad('ping_flood', 'ws_ping_flood', f'close {ws.close_code}')
        if ws.pongs == 0:
            STATS.bad('ws_pong_missing', 'ws_ping_flood', f'0 pongs for {pings} pings')
        s.sendall(ws_close_frame(1000))
    finally:
        s.close()


def _in_flight_bound():
    try:
        with open('/proc/sys/net/ipv4/tcp_wmem') as f:
            wmem = int(f.read().split()[2])
    except (OSError, ValueError, IndexError):
        wmem = 4 << 20
    return wmem + 2 * 65536 * 2 + (768 << 10) + (512 << 10)


IN_FLIGHT_BOUND = _in_flight_bound()


def sc_ws_cancel(ctx):
    """DELETE /v3/tts?generation_id= right after `started`; the stream must end without `completed`."""
    name, key, voices = ctx.acct()
    s, r, ws = ws_open(ctx.port, key, rcvbuf=65536)
    try:
        s.sendall(long_request(voices))
        gid = wait_started(ctx, ws, r, 'ws_cancel')
        if not gid:
            return
        track(gid, name, 'FAILED', 'ws_cancel')
        resp = http(ctx.port, 'DELETE', f'/v3/tts?generation_id={gid}', key)
        body = resp.json() or {}
        if resp.status == 409:
            STATS.bad('cancel_late', 'ws_cancel', f'409 {resp.body[:200]!r}')
            track(gid, name, None, 'ws_cancel')
        elif resp.status != 200 or body.get('status') != 'FAILED' or body.get('error_message') != 'Cancelled':
            STATS.bad('unexpected_status', 'ws_cancel', f'DELETE -> {resp}')
        t0 = time.monotonic()
        r.deadline = t0 + 20
        frames = nbytes = 0
        texts = []
        try:
            while True:
                kind, data = ws.next()
                if kind == 'binary':
                    frames += 1
                    nbytes += len(data)
                elif kind == 'text':
                    texts.append(data[:120])
                    if '"completed"' in data:
                        STATS.bad('cancel_ignored', 'ws_cancel', f'completed after DELETE (+{frames} frames): {data[:150]}')
                else:
                    break
        except (Closed, ConnectionResetError):
            pass
        except socket.timeout:
            STATS.bad('cancel_ignored', 'ws_cancel', f'stream still open 20 s after DELETE, {frames} frames since')
        if resp.status == 200:
            # A cancelled stream stops at once: after the DELETE only what was already
            # queued may arrive (the server's socket buffer + ours + the 768 KiB the
            # stream may hold), never the rest of the text.
            why = []
            if nbytes > IN_FLIGHT_BOUND:
                why.append(f'{nbytes / 96000:.1f} s of audio ({frames} frames) after DELETE, more than could be '
                           f'in flight ({IN_FLIGHT_BOUND / 96000:.0f} s)')
            if ws.close_code == 1011 or any('"status":500' in t for t in texts):
                why.append('ends as an internal error')
            if why:
                STATS.bad('cancel_ignored', 'ws_cancel', '; '.join(why) + f': {texts} close {ws.close_code}')
        STATS.note('audio seconds after cancel', round(nbytes / 96000, 1))
        STATS.note('stream end after cancel', f'close {ws.close_code} {texts[-1][:70] if texts else ""}')
        STATS.note('frames after cancel', frames)
        STATS.note('seconds to end after cancel', round(time.monotonic() - t0, 2))
    finally:
        s.close()


def check_answer(kind, req, resp, ctx):
    """None when resp is the answer req must get, else a reason."""
    body = resp.json()
    if kind == 'post':
        if resp.status != 201 or not isinstance(body, dict):
            return f'want 201, got {resp}'
        if body.get('input_text') != req['text'] or body.get('voice_id') != req['voice']:
            return f'201 for another request: {body.get("input_text")!r}'
        if not body.get('generation_id'):
            return 'no generation_id'
        return None
    if kind == 'healthz':
        if resp.status != 200 or not isinstance(body, dict) or body.get('status') != 'ok':
            return f'want 200 {{"status":"ok"}}, got {resp}'
        return None
    if kind == 'history':
        if resp.status != 200 or not isinstance(body, dict) or 'history' not in body:
            return f'want 200 history, got {resp}'
        return None
    if kind == 'get':
        if resp.status != 200 or not isinstance(body, dict) or body.get('generation_id') != req['id']:
            return f'want 200 for {req["id"]}, got {resp}'
        return None
    if kind == 'voices':
        if resp.status != 200 or not isinstance(body, dict) or 'voices' not in body:
            return f'want 200 voices, got {resp}'
        return None
    if kind == 'notfound':
        if resp.status != 404 or body != {'detail': 'Not Found'}:
            return f'want 404 Not Found, got {resp}'
        return None
    if kind == 'badjson':
        if resp.status != 400:
            return f'want 400, got {resp}'
        return None
    return 'unknown kind'


def sc_pipeline(ctx):
    """Mixed requests of two accounts pipelined on one connection; answers in request order."""
    a = ctx.acct(0) if random.random() < 0.5 else ctx.acct(2)
    b = ctx.acct(1)
    if random.random() < 0.5:
        a, b = b, a
    reqs = []
    for who in (a, b):
        name, key, voices = who
        text = short_text(ctx, f'pipelined {name}')
        voice = random.choice(voices)
        reqs.append(('post', {'acct': who, 'text': text, 'voice': voice},
                     request_bytes('POST', '/v3/tts', ctx.port, key, {'text': text, 'voice_id': voice})))
        reqs.append(('history', {'acct': who},
                     request_bytes('GET', f'/v3/history?limit={random.randint(5, 50)}', ctx.port, key)))
        old = ctx.recent(name)
        if old:
            reqs.append(('get', {'acct': who, 'id': old},
                         request_bytes('GET', f'/v3/tts?generation_id={old}', ctx.port, key)))
    reqs.append(('healthz', {}, request_bytes('GET', '/healthz', ctx.port)))
    reqs.append(('healthz', {}, request_bytes('GET', '/healthz', ctx.port)))
    reqs.append(('voices', {'acct': b}, request_bytes('GET', '/v3/voices?limit=3', ctx.port, b[1])))
    reqs.append(('notfound', {}, request_bytes('GET', '/no/such/path', ctx.port, a[1])))
    reqs.append(('badjson', {'acct': a}, request_bytes('POST', '/v3/tts', ctx.port, a[1], b'{"text": ')))
    random.shuffle(reqs)
    payload = b''.join(x[2] for x in reqs)
    s = connect(ctx.port, 30)
    try:
        mode = random.choice(['one', 'pieces', 'per-request'])
        if mode == 'one':
            s.sendall(payload)
        elif mode == 'pieces':
            i = 0
            while i < len(payload):
                j = i + random.randint(1, 200)
                s.sendall(payload[i:j])
                i = j
                if random.random() < 0.1:
                    time.sleep(0.002)
        else:
            for x in reqs:
                s.sendall(x[2])
        r = Reader(s, time.monotonic() + 40)
        answers = []
        try:
            for _ in reqs:
                answers.append(read_response(r))
        except (Closed, ConnectionResetError, socket.timeout, ValueError) as e:
            STATS.bad('missing_answer', 'pipeline', f'{len(answers)}/{len(reqs)} answers ({mode}), then '
                      f'{type(e).__name__}: {e}; sent {[x[0] for x in reqs]}')
        for i, resp in enumerate(answers):
            kind, req, _ = reqs[i]
            why = check_answer(kind, req, resp, ctx)
            if why is None:
                if kind == 'post':
                    gid = resp.json()['generation_id']
                    track(gid, req['acct'][0], 'COMPLETED', 'pipeline')
                    ctx.remember(req['acct'][0], gid)
                elif kind == 'history':
                    foreign = [h.get('voice_id') for h in resp.json()['history'] if h.get('voice_id') not in req['acct'][2]]
                    if foreign:
                        STATS.bad('wrong_account', 'pipeline', f'history of {req["acct"][0]} shows voices {foreign[:5]}')
                continue
            others = [reqs[j][0] for j in range(len(reqs)) if j != i and check_answer(reqs[j][0], reqs[j][1], resp, ctx) is None]
            if others:
                STATS.bad('wrong_order', 'pipeline', f'answer {i} ({mode}) is for a {others[0]} request, '
                          f'expected {kind}: {why}; order sent {[x[0] for x in reqs]}')
            else:
                STATS.bad('unexpected_status', 'pipeline', f'answer {i} ({kind}, {mode}): {why}')
            if kind == 'post' and resp.status == 201:
                track((resp.json() or {}).get('generation_id'), req['acct'][0], None, 'pipeline')
    finally:
        s.close()


def sc_v2_idempotency(ctx):
    name, key, voices = ctx.acct()
    ikey = 'v2-' + uuid.uuid4().hex
    body = {'text': f'Legacy interface request with an idempotency key {ctx.n()}.', 'voice': voices[0].upper()}

    def one(results):
        try:
            resp = http(ctx.port, 'POST', '/v2/tts', key, body, [f'Idempotency-Key: {ikey}'])
            results.append(resp)
        except Exception as e:  # noqa: BLE001
            results.append(e)

    results = []
    for _ in range(random.randint(2, 4)):       # sequential retries
        one(results)
    threads = [threading.Thread(target=one, args=(results,)) for _ in range(3)]  # and concurrent ones
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check_idempotent_answers(results, 'v2_idempotency', name, ikey)


def sc_v3_idempotency(ctx):
    name, key, voices = ctx.acct()
    ikey = 'v3-' + uuid.uuid4().hex
    body = json.dumps({'text': short_text(ctx, 'idempotent'), 'voice_id': voices[1]}).encode()
    n = random.randint(3, 6)
    socks = []
    try:
        for _ in range(n):
            socks.append(connect(ctx.port, 30))
        data = request_bytes('POST', '/v3/tts', ctx.port, key, body, [f'Idempotency-Key: {ikey}'])
        barrier = threading.Barrier(n)
        results = [None] * n

        def go(i):
            try:
                barrier.wait(10)
                socks[i].sendall(data)
                results[i] = read_response(Reader(socks[i], time.monotonic() + 30))
            except Exception as e:  # noqa: BLE001
                results[i] = e

        threads = [threading.Thread(target=go, args=(i,)) for i in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        for s in socks:
            s.close()
    check_idempotent_answers(results, 'v3_idempotency', name, ikey)


def check_idempotent_answers(results, scenario, name, ikey):
    """Retries of one Idempotency-Key: every one answered, all with the same generation."""
    ids, statuses = [], []
    for resp in results:
        if not isinstance(resp, Response):
            STATS.bad('missing_answer', scenario, f'{type(resp).__name__}: {resp}')
            continue
        statuses.append(resp.status)
        if resp.status in (200, 201) and (resp.json() or {}).get('generation_id'):
            ids.append(resp.json()['generation_id'])
        else:
            STATS.bad('unexpected_status', scenario, f'{resp}')
    if len(set(ids)) > 1 or statuses.count(201) > 1:
        STATS.bad('idempotency', scenario, f'{len(set(ids))} ids for one key, statuses {statuses}')
    for gid in set(ids):
        track(gid, name, 'COMPLETED', scenario)
    with GENS_LOCK:
        IDEM_KEYS.append((name, ikey, sorted(set(ids))))


def sc_smuggling(ctx):
    name, key, voices = ctx.acct()
    inner = f'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{ctx.port}\r\n\r\n'.encode()
    variant = random.choice(['space', 'tab'])
    sep = 'Content-Length : ' if variant == 'space' else 'Content-Length\t: '
    head = (f'POST /v3/tts HTTP/1.1\r\nHost: 127.0.0.1:{ctx.port}\r\nx-api-key: {key}\r\n'
            f'Content-Type: application/json\r\n{sep}{len(inner)}\r\n\r\n').encode()
    s = connect(ctx.port, 20)
    try:
        s.sendall(head + inner)
        r = Reader(s, time.monotonic() + 15)
        try:
            resp = read_response(r)
        except (Closed, ConnectionResetError, socket.timeout, ValueError) as e:
            STATS.bad('smuggling', 'smuggling', f'no answer ({variant}): {type(e).__name__} {e}')
            return
        if resp.status != 400:
            STATS.bad('smuggling', 'smuggling', f'{variant}: want 400, got {resp}')
            if resp.status == 201:
                track((resp.json() or {}).get('generation_id'), name, None, 'smuggling')
        # The body length is unknown after a refused Content-Length: nothing more may be parsed.
        try:
            second = read_response(Reader(s, time.monotonic() + 2))
            STATS.bad('smuggling', 'smuggling', f'{variant}: smuggled request answered too: {second}')
        except (Closed, ConnectionResetError, socket.timeout, ValueError):
            pass
    finally:
        s.close()


def sc_conn_close(ctx):
    """Connection: close and HTTP/1.0: the server must hang up right after the answer."""
    name, key, voices = ctx.acct()
    variant = random.choice(['close-get', 'close-post', 'http10', 'http10-keepalive-absent-pipelined', 'close-pipelined'])
    s = connect(ctx.port, 20)
    try:
        if variant == 'close-get':
            s.sendall(request_bytes('GET', '/healthz', ctx.port, headers=['Connection: close']))
        elif variant == 'close-post':
            s.sendall(request_bytes('POST', '/v3/tts', ctx.port, key,
                                    {'text': short_text(ctx, 'close'), 'voice_id': voices[0]}, ['Connection: close']))
        elif variant == 'http10':
            s.sendall(request_bytes('GET', '/v3/voices?limit=2', ctx.port, key, version='HTTP/1.0'))
        elif variant == 'http10-keepalive-absent-pipelined':
            s.sendall(request_bytes('GET', '/healthz', ctx.port, version='HTTP/1.0')
                      + request_bytes('GET', '/healthz', ctx.port, version='HTTP/1.0'))
        else:
            s.sendall(request_bytes('GET', '/healthz', ctx.port, headers=['Connection: close'])
                      + request_bytes('GET', '/healthz', ctx.port))
        r = Reader(s, time.monotonic() + 20)
        try:
            resp = read_response(r)
        except (Closed, ConnectionResetError, socket.timeout, ValueError) as e:
            STATS.bad('missing_answer', 'conn_close', f'{variant}: {type(e).__name__} {e}')
            return
        want = 201 if variant == 'close-post' else 200
        if resp.status != want:
            STATS.bad('unexpected_status', 'conn_close', f'{variant}: want {want}, got {resp}')
        if resp.status == 201:
            track((resp.json() or {}).get('generation_id'), name, 'COMPLETED', 'conn_close')
        if 'content-length' not in resp.headers and 'chunked' in resp.headers.get('transfer-encoding', '') \
                and variant.startswith('http10'):
            STATS.bad('unexpected_status', 'conn_close', f'{variant}: chunked answer to HTTP/1.0')
        if not r.eof_within(3):
            STATS.bad('not_closed', 'conn_close', f'{variant}: connection open 3 s after the answer '
                      f'(buffered {r.buf[:80]!r})')
    finally:
        s.close()


def sc_big_body(ctx):
    name, key, voices = ctx.acct()
    variant = random.choice(['announced', 'chunked'])
    s = connect(ctx.port, 20)
    try:
        if variant == 'announced':
            size = random.randint((1 << 20) + 1, 50 << 20)
            s.sendall((f'POST /v3/tts HTTP/1.1\r\nHost: 127.0.0.1:{ctx.port}\r\nx-api-key: {key}\r\n'
                       f'Content-Type: application/json\r\nContent-Length: {size}\r\n\r\n').encode() + b'{"text":"' + b'a' * 4000)
        else:
            s.sendall((f'POST /v3/tts HTTP/1.1\r\nHost: 127.0.0.1:{ctx.port}\r\nx-api-key: {key}\r\n'
                       f'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n').encode())
            chunk = b'%x\r\n' % 65536 + b'b' * 65536 + b'\r\n'
            sent = 0
            try:
                while sent < (1 << 20) + (1 << 18):  # 1.25 MiB, then wait for the 413
                    s.sendall(chunk)
                    sent += 65536
            except (BrokenPipeError, ConnectionResetError, socket.timeout):
                pass
            STATS.note('chunked bytes sent before the answer', sent)
        r = Reader(s, time.monotonic() + 10)
        try:
            resp = read_response(r)
        except (Closed, ConnectionResetError, socket.timeout, ValueError) as e:
            STATS.bad('big_body', 'big_body', f'{variant}: no 413: {type(e).__name__} {e}')
            return
        if resp.status != 413:
            STATS.bad('big_body', 'big_body', f'{variant}: want 413, got {resp}')
    finally:
        abort(s)


def sc_garbage(ctx):
    s = connect(ctx.port, 20)
    try:
        variant = random.choice(['random', 'random-crlf', 'binary-then-request', 'huge-line'])
        if variant == 'random':
            data = os.urandom(random.randint(1, 3000)) + b'\r\n\r\n'
        elif variant == 'random-crlf':
            data = b'\r\n'.join(os.urandom(random.randint(1, 60)) for _ in range(random.randint(2, 30))) + b'\r\n\r\n'
        elif variant == 'binary-then-request':
            data = os.urandom(64) + b'\r\n\r\n' + request_bytes('GET', '/healthz', ctx.port)
        else:
            data = b'GET /' + b'x' * 20000 + b' HTTP/1.1\r\n\r\n'
        try:
            s.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            return
        r = Reader(s, time.monotonic() + 25)
        try:
            resp = read_response(r)
        except (Closed, ConnectionResetError):
            return  # hanging up on garbage is fine
        except ValueError as e:
            STATS.bad('garbage', 'garbage', f'{variant}: unparsable answer {e}')
            return
        except socket.timeout:
            STATS.bad('garbage', 'garbage', f'{variant}: neither an answer nor a hang-up in 25 s')
            return
        if resp.status < 400 or resp.status == 500:
            STATS.bad('garbage', 'garbage', f'{variant}: got {resp}')
        if not r.eof_within(5):
            STATS.bad('garbage', 'garbage', f'{variant}: {resp.status} but the connection stays open')
    finally:
        s.close()


SCENARIOS = [sc_pipeline, sc_ws_normal, sc_ws_cancel, sc_ws_close_idle, sc_pipeline, sc_ws_abort,
             sc_v2_idempotency, sc_ws_malformed, sc_ws_midaudio_close, sc_v3_idempotency, sc_ws_ping_flood,
             sc_pipeline, sc_smuggling, sc_ws_binary, sc_conn_close, sc_ws_close_midstream, sc_big_body,
             sc_ws_abort_early, sc_garbage, sc_ws_bad_key, sc_conn_close, sc_ws_madeup_key, sc_ws_madeup_key]


def run_one(ctx, fn):
    name = fn.__name__[3:]
    STATS.run(name)
    try:
        fn(ctx)
    except ConnectionRefusedError as e:
        STATS.bad('connect_failed', name, str(e))
    except ValueError as e:
        if str(e).startswith('handshake'):
            STATS.bad('ws_handshake', name, str(e))
        else:
            STATS.bad('client_error', name, f'{type(e).__name__}: {e}')
    except (Closed, ConnectionResetError, BrokenPipeError, socket.timeout) as e:
        STATS.bad('missing_answer', name, f'{type(e).__name__}: {e}')
    except Exception as e:  # noqa: BLE001
        import traceback
        STATS.bad('client_error', name, f'{type(e).__name__}: {e} {traceback.format_exc(limit=3)!r}')


def worker(ctx, wid, order):
    i = wid
    while not ctx.stop.is_set():
        run_one(ctx, SCENARIOS[order[i % len(order)]])
        i += 1
        time.sleep(random.uniform(0.02, 0.15))


def slowloris(ctx, timeout_s):
    """A few partial requests at a time; each must get 408 (or a hang-up) within the request timeout."""
    while not ctx.stop.is_set():
        STATS.run('slowloris')
        socks = []
        for v in range(3):
            try:
                s = connect(ctx.port, 5)
            except OSError as e:
                STATS.bad('connect_failed', 'slowloris', str(e))
                continue
            if v == 2:  # a body that never completes
                s.sendall(request_bytes('POST', '/v3/tts', ctx.port, ctx.acct(0)[1])[:-4]
                          + b'\r\nContent-Length: 500\r\n\r\n{"text": "slow')
            else:
                s.sendall(f'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{ctx.port}\r\n'.encode())
            socks.append([s, b'', v])
        t0 = time.monotonic()
        limit = timeout_s + 15
        open_socks = list(socks)
        while open_socks and time.monotonic() - t0 < limit:
            for entry in list(open_socks):
                s = entry[0]
                try:
                    if entry[2] != 2:
                        s.sendall(b'X-Slow-%d: z\r\n' % random.randint(0, 999))
                    s.setblocking(False)
                    try:
                        data = s.recv(4096)
                        if not data:
                            open_socks.remove(entry)
                        entry[1] += data
                    except BlockingIOError:
                        pass
                    finally:
                        s.setblocking(True)
                except (BrokenPipeError, ConnectionResetError):
                    open_socks.remove(entry)
            time.sleep(2)
        for s, got, v in socks:
            if [s, got, v] in open_socks:
                STATS.bad('slowloris', 'slowloris', f'partial request {v} still open after {limit:.0f} s, got {got[:60]!r}')
            elif got and not got.startswith(b'HTTP/1.1 408'):
                STATS.bad('slowloris', 'slowloris', f'partial request {v}: answered {got[:60]!r}')
            STATS.note('slowloris answers', got[:12].decode('latin-1') or 'hang-up')
            s.close()
        for _ in range(50):
            if ctx.stop.is_set():
                break
            time.sleep(0.1)


def alive(pid):
    try:
        with open(f'/proc/{pid}/status') as f:
            return not any(l.startswith('State:') and ('Z' in l.split()[1] or 'X' in l.split()[1]) for l in f)
    except OSError:
        return False


def rss_kb(pid):
    try:
        with open(f'/proc/{pid}/status') as f:
            for line in f:
                if line.startswith('VmRSS:'):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def monitor(ctx, pid, samples, stop):
    while not stop.is_set():
        kb = rss_kb(pid)
        if kb is not None:
            samples.append((time.time(), kb))
        try:
            resp = http(ctx.port, 'GET', '/healthz', timeout=15)
            if resp.status != 200:
                STATS.bad('healthz', 'monitor', f'{resp}')
        except Exception as e:  # noqa: BLE001
            STATS.bad('healthz', 'monitor', f'{type(e).__name__}: {e}')
        stop.wait(3)


def queued(ctx):
    n = 0
    for name, key, _ in ctx.accounts:
        for status in ('IN_QUEUE', 'GENERATING'):
            resp = http(ctx.port, 'GET', f'/v3/history?status={status}&limit=100', key)
            n += len((resp.json() or {}).get('history', []))
    return n


def cmd_traffic(args):
    accounts = []
    for i, item in enumerate(args.keys.split(',')):
        name, key = item.split('=', 1)
        accounts.append((name, key, VOICES[i % len(VOICES)]))
    ctx = Ctx(args.port, accounts)
    samples = []
    mon_stop = threading.Event()
    mon = threading.Thread(target=monitor, args=(ctx, args.pid, samples, mon_stop), daemon=True)
    mon.start()
    if os.environ.get('HOSTILE_WARMUP') == '1':
        # Each key authenticated once over REST first (it is then cached): keeps the
        # race of a WebSocket key check against an early close out of a diagnostic run.
        for name, key, _ in accounts:
            http(args.port, 'GET', '/v3/history?limit=1', key)
    skip = set(filter(None, os.environ.get('HOSTILE_SKIP', '').split(',')))
    if skip:
        print(f'hostile: HOSTILE_SKIP leaves out {sorted(skip)} (the run cannot pass)', flush=True)
    threads = []
    for w in range(args.workers):
        order = [i for i, fn in enumerate(SCENARIOS) if fn.__name__[3:] not in skip]
        random.shuffle(order)
        threads.append(threading.Thread(target=worker, args=(ctx, w, order), daemon=True))
    threads.append(threading.Thread(target=slowloris, args=(ctx, args.request_timeout), daemon=True))
    t_start = time.monotonic()
    for t in threads:
        t.start()
    next_report = t_start + 30
    server_gone = False
    while time.monotonic() - t_start < args.seconds:
        time.sleep(1)
        if not alive(args.pid):
            server_gone = True
            print('hostile: the server process is gone, traffic stopped early', flush=True)
            break
        if time.monotonic() >= next_report:
            next_report += 30
            with STATS.lock:
                runs = sum(STATS.runs.values())
                bad = sum(STATS.anomalies.values())
            kb = samples[-1][1] if samples else 0
            print(f'hostile: {time.monotonic() - t_start:5.0f} s, {runs} scenarios, {bad} anomalies, '
                  f'RSS {kb / 1024:.0f} MB', flush=True)
    ctx.stop.set()
    print('hostile: traffic stopped, waiting for the clients to finish', flush=True)
    for t in threads:
        t.join(90)
    stuck_clients = [t for t in threads if t.is_alive()]
    failures = []
    if server_gone:
        failures.append('the server process died during the traffic')
    if stuck_clients:
        failures.append(f'{len(stuck_clients)} client threads still running 90 s after the stop')
    traffic_seconds = time.monotonic() - t_start

    # Drain: what is queued must finish; nothing may stay GENERATING.
    t0 = time.monotonic()
    left = None
    while time.monotonic() - t0 < args.drain and alive(args.pid):
        try:
            left = queued(ctx)
        except Exception as e:  # noqa: BLE001
            left = f'{type(e).__name__}: {e}'
        if left == 0:
            break
        time.sleep(2)
    print(f'hostile: queue drained in {time.monotonic() - t0:.1f} s (left: {left})', flush=True)
    if left != 0 and not server_gone:
        failures.append(f'{left} generations still IN_QUEUE/GENERATING {args.drain} s after the traffic stopped')

    try:
        resp = http(ctx.port, 'GET', '/healthz', timeout=15)
        health = f'{resp.status} {resp.body[:60]!r}'
        if resp.status != 200:
            failures.append(f'final GET /healthz: {health}')
    except Exception as e:  # noqa: BLE001
        health = f'{type(e).__name__}: {e}'
        failures.append(f'final GET /healthz failed: {health}')
    mon_stop.set()
    mon.join(20)
    kb = rss_kb(args.pid)
    if kb is not None:
        samples.append((time.time(), kb))
    peak = max((s[1] for s in samples), default=0)
    hwm = None
    try:
        with open(f'/proc/{args.pid}/status') as f:
            hwm = next((int(l.split()[1]) for l in f if l.startswith('VmHWM:')), None)
    except OSError:
        pass
    if not samples:
        failures.append('no RSS sample (server gone?)')
    if peak > args.rss_mb * 1024:
        failures.append(f'peak RSS {peak / 1024:.0f} MB over the bound of {args.rss_mb} MB')

    # Report.
    print()
    print(f'== hostile traffic: {traffic_seconds:.0f} s, {args.workers} clients + slowloris ==')
    print(f'{"scenario":22} {"runs":>6}')
    for name in sorted(STATS.runs):
        print(f'{name:22} {STATS.runs[name]:>6}')
    print()
    print(f'{"anomaly kind":20} {"bug?":5} {"count":>6}  by scenario')
    by_kind = {}
    for (kind, scen), n in STATS.anomalies.items():
        by_kind.setdefault(kind, {})[scen] = n
    for kind in KINDS:
        per = by_kind.get(kind, {})
        total = sum(per.values())
        detail = ', '.join(f'{s} {n}' for s, n in sorted(per.items()))
        print(f'{kind:20} {"yes" if KINDS[kind] else "no":5} {total:>6}  {detail}')
    for kind, ex in STATS.examples.items():
        for e in ex:
            print(f'  e.g. {kind}: {e}')
    print()
    for name, vals in STATS.info.items():
        if all(isinstance(v, (int, float)) for v in vals):
            print(f'info: {name}: n={len(vals)} min={min(vals)} max={max(vals)} mean={sum(vals) / len(vals):.1f}')
        else:
            counts = {}
            for v in vals:
                counts[v] = counts.get(v, 0) + 1
            top = sorted(counts.items(), key=lambda kv: -kv[1])[:8]
            print(f'info: {name}: ' + ', '.join(f'{k} x{n}' for k, n in top))
    print(f'server RSS: peak {peak / 1024:.1f} MB sampled every 3 s ({len(samples)} samples), '
          f'VmHWM {hwm / 1024 if hwm else 0:.1f} MB, bound {args.rss_mb} MB')
    print(f'final /healthz: {health}')
    if skip:
        failures.append(f'scenarios left out by HOSTILE_SKIP: {sorted(skip)}')
    bug_kinds = [k for k in by_kind if KINDS.get(k, True)]
    if bug_kinds:
        failures.append('anomalies of kinds that mean a server bug: ' + ', '.join(
            f'{k} ({sum(by_kind[k].values())})' for k in bug_kinds))
    with GENS_LOCK:
        state = {'gens': GENS, 'idempotency': IDEM_KEYS, 'traffic_end': time.time(),
                 'failures': failures}
    with open(args.state, 'w') as f:
        json.dump(state, f)
    for msg in failures:
        print('FAIL traffic:', msg)
    return 1 if failures else 0


#############################################################################
# Store check after the server stopped


def cmd_dbcheck(args):
    here = os.path.dirname(os.path.abspath(__file__))
    storecheck = os.path.join(here, '..', 'fault', 'storecheck.py')
    failures = []
    out = subprocess.run([sys.executable, storecheck, args.data_dir], capture_output=True, text=True)
    for line in out.stdout.splitlines()[:40]:
        print('storecheck:', line)
    if out.returncode != 0:
        failures.append(f'storecheck.py exit {out.returncode} (violations above)')

    with open(args.state) as f:
        state = json.load(f)
    initial = {}
    for item in args.initial.split(','):
        name, amounts = item.split('=')
        credits, micros = amounts.split(':')
        initial[name] = (int(credits), int(micros))

    db = sqlite3.connect(f'file:{os.path.join(args.data_dir, "tts-studio.db")}?mode=ro', uri=True, timeout=30)
    names = {row[0]: row[1] for row in db.execute('SELECT id, name FROM accounts')}
    ids = {v: k for k, v in names.items()}
    # 1. initial balance + every movement since = balance (grant/topup rows other than the
    #    opening one would be money from elsewhere: none is made during the run).
    for name, (credits0, micros0) in initial.items():
        if name not in ids:
            failures.append(f'account {name} missing')
            continue
        aid = ids[name]
        credits, micros = db.execute('SELECT credits, wallet_micros FROM accounts WHERE id = ?', (aid,)).fetchone()
        d_credits, d_micros = db.execute(
            "SELECT COALESCE(SUM(credits_delta), 0), COALESCE(SUM(micros_delta), 0) FROM ledger "
            "WHERE account_id = ? AND kind IN ('reserve', 'settle', 'release')", (aid,)).fetchone()
        opening = db.execute("SELECT COALESCE(SUM(credits_delta), 0), COALESCE(SUM(micros_delta), 0) FROM ledger "
                             "WHERE account_id = ? AND kind IN ('grant', 'topup')", (aid,)).fetchone()
        ok = (credits0 + d_credits, micros0 + d_micros) == (credits, micros) and tuple(opening) == (credits0, micros0)
        print(f'ledger: {name}: initial {credits0} credits / {micros0} micro-USD, movements {d_credits:+d} / '
              f'{d_micros:+d}, balance {credits} / {micros} -> {"ok" if ok else "MISMATCH"}')
        if not ok:
            failures.append(f'{name}: initial {credits0}/{micros0} (ledger opening {tuple(opening)}) + '
                            f'movements {d_credits}/{d_micros} != balance {credits}/{micros}')
    # 2. charged once: one reserve, at most one settle or release, the release gives back
    #    exactly the reserve, a settle moves nothing.
    rows = db.execute('SELECT g.id, g.status, g.cost_credits, g.cost_micros, g.source, l.kind, l.credits_delta, '
                      'l.micros_delta, g.streamed FROM generations g LEFT JOIN ledger l ON l.generation_id = g.id').fetchall()
    per = {}
    for gid, status, cc, cm, source, kind, dc, dm, streamed in rows:
        e = per.setdefault(gid, {'status': status, 'cost': (cc, cm), 'rows': [], 'streamed': streamed})
        if kind:
            e['rows'].append((kind, dc, dm))
    twice = []
    for gid, e in per.items():
        kinds = [k for k, _, _ in e['rows']]
        reserve = [(dc, dm) for k, dc, dm in e['rows'] if k == 'reserve']
        release = [(dc, dm) for k, dc, dm in e['rows'] if k == 'release']
        settle = [(dc, dm) for k, dc, dm in e['rows'] if k == 'settle']
        problem = None
        if len(reserve) != 1 or len(release) + len(settle) > 1:
            problem = f'ledger kinds {kinds}'
        elif release and (release[0][0] != -reserve[0][0] or release[0][1] != -reserve[0][1]):
            problem = f'release {release[0]} does not match reserve {reserve[0]}'
        elif settle and settle[0] != (0, 0):
            problem = f'settle moves money {settle[0]}'
        # A stream the client ended after audio was delivered is FAILED and charged (a
        # settle): docs/api.md "Streams that end early".
        elif e['status'] == 'COMPLETED' and not settle or \
                e['status'] == 'FAILED' and not release and not (e['streamed'] and settle):
            problem = f'{e["status"]} with ledger kinds {kinds}'
        if problem:
            twice.append(f'{gid}: {problem}')
    for t in twice[:10]:
        print('VIOLATION charge:', t)
    if twice:
        failures.append(f'{len(twice)} generations charged wrongly (not exactly one reserve + one settle/release)')
    # 3. nothing stuck.
    now_ms = int(time.time() * 1000)
    stuck = db.execute("SELECT id, status, created_at FROM generations WHERE status IN ('GENERATING', 'IN_QUEUE') "
                       "AND created_at < ?", (now_ms - 60000,)).fetchall()
    unfinished = db.execute("SELECT status, COUNT(*) FROM generations WHERE status NOT IN ('COMPLETED', 'FAILED') "
                            "GROUP BY status").fetchall()
    for gid, status, created in stuck[:10]:
        print(f'VIOLATION stuck: {gid} {status} since {(now_ms - created) / 1000:.0f} s')
    if stuck:
        failures.append(f'{len(stuck)} generations GENERATING/IN_QUEUE for over a minute')
    # 4. the status each client interaction implies.
    wrong = {}
    examples = []
    for gid, want in state['gens'].items():
        got = per.get(gid, {}).get('status')
        if got is None:
            wrong['accepted but not in the store'] = wrong.get('accepted but not in the store', 0) + 1
            examples.append(f'{gid} ({want["how"]}) missing')
            continue
        aid = db.execute('SELECT account_id FROM generations WHERE id = ?', (gid,)).fetchone()[0]
        if names.get(aid) != want['account']:
            wrong['wrong account'] = wrong.get('wrong account', 0) + 1
            examples.append(f'{gid} ({want["how"]}) belongs to {names.get(aid)}, answered to {want["account"]}')
        if want['expect'] and got != want['expect']:
            k = f'{want["how"]}: {got} instead of {want["expect"]}'
            wrong[k] = wrong.get(k, 0) + 1
            if len(examples) < 10:
                examples.append(f'{gid} {k}')
    for e in examples[:10]:
        print('VIOLATION status:', e)
    if wrong:
        failures.append('generations in the wrong final state: ' + '; '.join(f'{k} x{n}' for k, n in wrong.items()))
    # 5. one generation per Idempotency-Key.
    multi = []
    for name, key, seen in state['idempotency']:
        n = db.execute('SELECT COUNT(*) FROM generations WHERE account_id = ? AND idempotency_key = ?',
                       (ids.get(name), key)).fetchone()[0]
        if n > 1 or len(seen) > 1 or (seen and n != 1):
            multi.append(f'{name} {key}: {n} generations in the store, {len(seen)} ids answered')
    for m in multi[:10]:
        print('VIOLATION idempotency:', m)
    if multi:
        failures.append(f'{len(multi)} Idempotency-Keys without exactly one generation')
    counts = db.execute('SELECT status, COUNT(*) FROM generations GROUP BY status').fetchall()
    print(f'store: {len(per)} generations {dict(counts)}, unfinished {dict(unfinished)}, '
          f'{len(state["gens"])} tracked by the clients, {len(state["idempotency"])} idempotency keys')
    for msg in failures:
        print('FAIL store:', msg)
    return 1 if failures else 0


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest='cmd', required=True)
    t = sub.add_parser('traffic')
    t.add_argument('--port', type=int, required=True)
    t.add_argument('--pid', type=int, required=True)
    t.add_argument('--keys', required=True)
    t.add_argument('--seconds', type=float, required=True)
    t.add_argument('--state', required=True)
    t.add_argument('--workers', type=int, default=int(os.environ.get('HOSTILE_CLIENTS', '5')))
    t.add_argument('--rss-mb', type=int, default=int(os.environ.get('HOSTILE_RSS_MB', '300')))
    t.add_argument('--drain', type=float, default=float(os.environ.get('HOSTILE_DRAIN_SECONDS', '120')))
    t.add_argument('--request-timeout', type=float, default=15)
    d = sub.add_parser('dbcheck')
    d.add_argument('--data-dir', required=True)
    d.add_argument('--state', required=True)
    d.add_argument('--initial', required=True)
    args = p.parse_args()
    return cmd_traffic(args) if args.cmd == 'traffic' else cmd_dbcheck(args)


if __name__ == '__main__':
    sys.exit(main())
