#!/usr/bin/env python3
"""Writes the seed corpora fuzz/corpus/<target>/ and the hand-made regression inputs
fuzz/regressions/<target>/ (both committed; rerun after changing the input format of
a target). http-guard inputs start with 8 bytes of limits and a list of piece sizes,
see http_guard_target.cpp. Crash inputs found by scripts/fuzz.sh are copied to
fuzz/regressions/<target>/ as they are."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def write(target, name, data, kind='corpus'):
    d = os.path.join(HERE, kind, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data if isinstance(data, bytes) else data.encode())


REQUESTS = {
    'v3-minimal': '{"text":"Hello from TTS Studio.","voice_id":"af_sarah"}',
    'v3-full': '{"text":"Bonjour tout le monde.","voice_id":"ff_siwis","model":"base","speed":1.5,'
               '"cfg_weight":2.5,"exaggeration":0.5,"audio_format":"mp3","language_code":"f"}',
    'v3-advanced': '{"text":"Guten Tag.","voice_id":"aria","model":"advanced","language_code":"de",'
                   '"cfg_weight":5.0,"exaggeration":1.0,"speed":0.5}',
    'v3-wrong-types': '{"text":12,"voice_id":["af_sarah"],"speed":"fast","model":null}',
    'v3-unicode': '{"text":"\\u65e5\\u672c\\u8a9e\\ud83d\\ude00 \\ud800 lone","voice_id":"jf_alpha","language_code":"j"}',
    'v3-out-of-range': '{"text":" ","voice_id":"af_sarah","speed":2.0000001,"cfg_weight":0.99,"exaggeration":-0}',
    'v3-nested': '{"text":"a","voice_id":"af_sarah","extra":{"a":[1,2,{"b":null}]},"speed":1e308}',
    'v2-base': '{"text":"This text is long enough for the legacy interface.","voice":"AF_SARAH","model":"base","speed":1.2}',
    'v2-advance': '{"text":"This text is long enough for the legacy interface.","voice":"aria","model":"advance",'
                  '"emotion":"Happy","temperature":0.8,"top_p":0.95,"do_sample":true}',
    'not-an-object': '["text","voice_id"]',
    'malformed': '{"text":"unterminated',
}
for name, body in REQUESTS.items():
    write('request-json', name, body)


def guard_input(stream, body=200, line=60, headers=180, count=6, pieces=()):
    def enc(v, lo):
        raw = v - lo
        return bytes([raw & 0xff, raw >> 8])
    prefix = enc(body, 0) + enc(line, 1) + enc(headers, 1) + enc(count, 0)
    prefix += bytes([len(pieces)]) + bytes(pieces)
    return prefix + stream


GUARD = {
    'get': b'GET /v3/voices HTTP/1.1\r\nHost: 127.0.0.1:8722\r\nx-api-key: k\r\n\r\n',
    'post-length': b'POST /v3/tts HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n{"text":""}GET / HTTP/1.1\r\n\r\n',
    'chunked': b'POST /v3/tts HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n0\r\nT: v\r\n\r\n',
    'bare-lf': b'GET / HTTP/1.1\nHost: h\nContent-Length: 0\n\nPOST / HTTP/1.1\nContent-Length: 3\n\nabc',
    'expect': b'POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nhi',
    'websocket': b'GET /v3/tts/stream HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nOrigin: http://h\r\n\r\n\x81\x80',
    'websocket-evil': b'GET /v3/tts/stream HTTP/1.1\r\nHost: evil\r\nUpgrade: websocket\r\n\r\n',
    'blank-lines': b'\r\n\r\n\n\nGET / HTTP/1.1\r\n\r\n',
    'many-headers': b'GET / HTTP/1.1\r\n' + b''.join(b'X-%d: v\r\n' % i for i in range(10)) + b'\r\n',
    'duplicate-length': b'POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
}
for name, stream in GUARD.items():
    write('http-guard', name, guard_input(stream, pieces=(3, 17, 1, 40)))


# Inputs that break a careless guard: each must be framed as Qt frames it.
REGRESSIONS = {
    # Heads ended by bare LFs are heads: applying the first Content-Length of the
    # pipeline (0) to both would let the second request's body through unchecked.
    'bare-lf-smuggled-body': (b'GET / HTTP/1.1\nContent-Length: 0\n\nPOST / HTTP/1.1\nContent-Length: 5000\n\n'
                              + (b'x' * 20 + b'\r\n\r\n') * 20, ()),
    # "0\r\n\r\n" inside chunk data does not end a chunked body.
    'chunked-fake-end': (b'POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n96\r\n'
                         + (b'y' * 25 + b'0\r\n\r\n') * 5, (60, 30, 30, 30)),
    # A request line of exactly the limit is accepted when a read ends after its CR.
    'request-line-split-at-cr': (b'GET /' + b'a' * 46 + b' HTTP/1.1\r\nHost: x\r\n\r\n', (61,)),
    # Blank lines between requests are not requests.
    'blank-lines-between': (b'GET / HTTP/1.1\r\n\r\n\r\n\r\n\n\nGET / HTTP/1.1\r\n\r\n', (1, 1, 1)),
}
for name, (stream, pieces) in REGRESSIONS.items():
    write('http-guard', name, guard_input(stream, pieces=pieces), kind='regressions')
