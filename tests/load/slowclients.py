#!/usr/bin/env python3
"""Hostile clients for tests/load/slowloris.sh (stdlib only, 127.0.0.1 only).

  slowclients.py slow PORT COUNT SECONDS        COUNT sockets trickling a header byte
                                                every 2-5 s; a closed one reconnects
  slowclients.py bigbody PORT KEY               20 MB announced by Content-Length
  slowclients.py chunked PORT KEY SECONDS       an endless chunked body, trickled

Each prints one JSON line of figures. Bounded in time, stops by itself.
"""
import errno
import json
import random
import selectors
import socket
import sys
import time

HOST = '127.0.0.1'


def status_of(data):
    if data.startswith(b'HTTP/1.1 ') and len(data) >= 12:
        return data[9:12].decode(errors='replace')
    return None


def connect_blocking(port, key_head, attempts=200):
    """Connects until the server accepts (the cap answers 503 and closes)."""
    refused = 0
    for _ in range(attempts):
        s = socket.create_connection((HOST, port), timeout=5)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        s.settimeout(1.0)
        try:
            early = s.recv(200)  # a refused connection is answered at once
        except (socket.timeout, ConnectionResetError):
            early = b''
        if status_of(early) == '503':
            refused += 1
            s.close()
            time.sleep(0.05)
            continue
        s.settimeout(10)
        s.sendall(key_head)
        return s, refused
    return None, refused


def read_answer(s, timeout):
    s.settimeout(timeout)
    data = b''
    try:
        while b'\r\n' not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    except (socket.timeout, ConnectionResetError):
        pass
    return data


def retrying(client, attempts=20):
    """Runs a body client again when its connection turned out refused (503 or reset
    before any answer: under load the refusal can come after the first check)."""
    late = 0
    for _ in range(attempts):
        out = client()
        if out.get('status') not in (None, '503'):
            out['refused_late'] = late
            return out
        late += 1
    out['refused_late'] = late
    return out


def bigbody(port, key):
    head = (f'POST /v3/tts HTTP/1.1\r\nHost: {HOST}:{port}\r\nx-api-key: {key}\r\n'
            f'Content-Type: application/json\r\nContent-Length: {20 * 1000 * 1000}\r\n\r\n').encode()
    t0 = time.time()
    s, refused = connect_blocking(port, head)
    if not s:
        return {'client': 'bigbody', 'error': 'never accepted', 'refused_503': refused}
    t1 = time.time()
    # Trickles the body until the answer comes (it must come at once).
    sent, answer = send_until_answer(s, b'x' * 1000, 1000, 20, 0.01, 20 * 1000 * 1000)
    s.close()
    return {'client': 'bigbody', 'status': status_of(answer), 'answer_after_s': round(time.time() - t1, 3),
            'body_bytes_sent_before_answer': sent, 'refused_503_before_accept': refused,
            'connect_s': round(t1 - t0, 3)}


def send_until_answer(s, data, counts_as, seconds, pause, max_bytes=None):
    """Sends data again and again until the server answers (a status line), the socket
    fails, max_bytes were sent or seconds passed; returns (bytes counted, answer)."""
    sent = 0
    answer = b''
    t1 = time.time()
    s.settimeout(0.05)
    while time.time() - t1 < seconds and (max_bytes is None or sent < max_bytes):
        try:
            s.sendall(data)
            sent += counts_as
        except OSError:
            break
        try:
            answer += s.recv(4096)
        except socket.timeout:
            pass
        except OSError:
            break
        if b'\r\n' in answer:
            break
        time.sleep(pause)
    return sent, answer + read_answer(s, 2)


def chunked(port, key, seconds):
    head = (f'POST /v3/tts HTTP/1.1\r\nHost: {HOST}:{port}\r\nx-api-key: {key}\r\n'
            'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n').encode()
    s, refused = connect_blocking(port, head)
    if not s:
        return {'client': 'chunked', 'error': 'never accepted', 'refused_503': refused}
    piece = b'y' * 65536
    frame = b'%x\r\n' % len(piece) + piece + b'\r\n'
    t1 = time.time()
    # About 320 KB/s: the cut comes after ~3 s.
    sent, answer = send_until_answer(s, frame, len(piece), seconds, 0.2)
    s.close()
    return {'client': 'chunked', 'status': status_of(answer), 'answer_after_s': round(time.time() - t1, 3),
            'decoded_bytes_sent_before_answer': sent, 'refused_503_before_accept': refused}


def slow(port, count, seconds):
    sel = selectors.DefaultSelector()
    stats = {'client': 'slow', 'sockets': count, 'connects': 0, 'connect_errors': 0, 'refused_503': 0,
             'timed_out_408': 0, 'other_answers': {}, 'closed_silently': 0, 'bytes_trickled': 0,
             'max_open_at_once': 0}
    line = f'GET /v3/voices HTTP/1.1\r\nHost: {HOST}:{port}\r\nX-Slow: '.encode()
    conns = {}  # socket -> [next_send_time, offset, received]
    pending = []  # times at which to open a socket
    now = time.time()
    for i in range(count):
        pending.append(now + i * 0.002)  # 3,000 within 6 s

    def open_one():
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setblocking(False)
        try:
            s.connect((HOST, port))
        except BlockingIOError:
            pass
        except OSError:
            stats['connect_errors'] += 1
            s.close()
            pending.append(time.time() + 1.0)
            return
        stats['connects'] += 1
        conns[s] = [time.time() + random.uniform(0.0, 1.0), 0, b'']
        sel.register(s, selectors.EVENT_READ)

    def close(s, verdict):
        sel.unregister(s)
        s.close()
        received = conns.pop(s)[2]
        code = status_of(received)
        if code == '503':
            stats['refused_503'] += 1
        elif code == '408':
            stats['timed_out_408'] += 1
        elif code:
            stats['other_answers'][code] = stats['other_answers'].get(code, 0) + 1
        else:
            stats['closed_silently'] += 1
        pending.append(time.time() + random.uniform(0.2, 1.0))  # the attacker comes back

    end = time.time() + seconds
    while time.time() < end:
        now = time.time()
        pending.sort()
        while pending and pending[0] <= now:
            pending.pop(0)
            open_one()
        stats['max_open_at_once'] = max(stats['max_open_at_once'], len(conns))
        for key, _ in sel.select(timeout=0.05):
            s = key.fileobj
            try:
                data = s.recv(4096)
            except (ConnectionResetError, BrokenPipeError, OSError):
                data = b''
            if data:
                conns[s][2] += data
                if b'\r\n' in conns[s][2]:
                    close(s, 'answered')
            else:
                close(s, 'closed')
        now = time.time()
        for s, st in list(conns.items()):
            if st[0] <= now:
                b = line[st[1]:st[1] + 1] if st[1] < len(line) else b'a'
                try:
                    s.send(b)
                    st[1] += 1
                    stats['bytes_trickled'] += 1
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError as e:
                    if e.errno not in (errno.EAGAIN, errno.ENOTCONN):
                        close(s, 'send error')
                        continue
                st[0] = now + random.uniform(2.0, 5.0)
    stats['open_at_end'] = len(conns)
    for s in list(conns):
        sel.unregister(s)
        s.close()
    return stats


def main():
    mode = sys.argv[1]
    port = int(sys.argv[2])
    if mode == 'slow':
        out = slow(port, int(sys.argv[3]), float(sys.argv[4]))
    elif mode == 'bigbody':
        out = retrying(lambda: bigbody(port, sys.argv[3]))
    elif mode == 'chunked':
        out = retrying(lambda: chunked(port, sys.argv[3], float(sys.argv[4])))
    else:
        print(__doc__)
        return 2
    print(json.dumps(out))
    return 0


if __name__ == '__main__':
    sys.exit(main())
