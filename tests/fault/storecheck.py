#!/usr/bin/env python3
"""Invariants of a TTS Studio data dir (tts-studio.db + audio/), read with the
stdlib only. Used by crashloop.sh after every crash and at the end.

  storecheck.py DATA_DIR [--final] [--accepted FILE]

Checks (each violation is printed on a line starting with 'VIOLATION'):
  - PRAGMA integrity_check is ok;
  - per account, SUM(credits_delta), SUM(micros_delta) of the ledger equal
    accounts.credits, wallet_micros;
  - every generation has exactly one reserve row, and not both a settle and a
    release; COMPLETED has a settle, FAILED a release (a stream the client ended
    after audio was delivered: a settle, docs/api.md "Streams that end early"),
    a queued one neither;
  - a COMPLETED row's audio file exists and is whole (WAV: RIFF and data sizes
    match the file; MP3: starts with ID3 or a frame header), no .part file beside it;
  - with --final: every generation is COMPLETED, no .part file is left at all;
  - with --accepted FILE (lines 'ID' of generations a client got 201/200 for):
    each is in the store (and COMPLETED with --final).
Prints a one-line summary; exits 1 on any violation.
"""
import os
import sqlite3
import struct
import sys


def wav_problem(path):
    size = os.path.getsize(path)
    with open(path, 'rb') as f:
        head = f.read(12)
        if len(head) < 12 or head[:4] != b'RIFF' or head[8:12] != b'WAVE':
            return 'not a RIFF/WAVE file'
        riff = struct.unpack('<I', head[4:8])[0]
        if riff != size - 8:
            return f'RIFF size {riff} but file has {size - 8} bytes after it'
        pos = 12
        while pos + 8 <= size:
            f.seek(pos)
            cid, clen = struct.unpack('<4sI', f.read(8))
            if cid == b'data':
                if pos + 8 + clen != size:
                    return f'data chunk of {clen} bytes but {size - pos - 8} in the file'
                return None if clen > 0 else 'empty data chunk'
            pos += 8 + clen + (clen & 1)
        return 'no data chunk'


def mp3_problem(path):
    with open(path, 'rb') as f:
        head = f.read(4)
    if len(head) < 4:
        return 'shorter than a frame header'
    if head[:3] == b'ID3' or (head[0] == 0xFF and (head[1] & 0xE0) == 0xE0):
        return None
    return 'no ID3 tag or MPEG frame header at the start'


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    data_dir = args[0]
    final = '--final' in args
    accepted = []
    if '--accepted' in args:
        with open(args[args.index('--accepted') + 1]) as f:
            accepted = [line.strip() for line in f if line.strip()]
    violations = []
    # Opened as the server opens it after a crash (which replays the WAL); nothing is written.
    db = sqlite3.connect(os.path.join(data_dir, 'tts-studio.db'), timeout=30)
    integrity = db.execute('PRAGMA integrity_check').fetchall()
    if integrity != [('ok',)]:
        violations.append(f'integrity_check: {integrity[:5]}')

    balances = {row[0]: (row[1], row[2]) for row in db.execute('SELECT id, credits, wallet_micros FROM accounts')}
    sums = {row[0]: (row[1] or 0, row[2] or 0) for row in
            db.execute('SELECT account_id, SUM(credits_delta), SUM(micros_delta) FROM ledger GROUP BY account_id')}
    for account, balance in balances.items():
        if sums.get(account, (0, 0)) != balance:
            violations.append(f'account {account}: ledger sums {sums.get(account)} != balance {balance}')

    kinds = {}
    for gid, kind, n in db.execute('SELECT generation_id, kind, COUNT(*) FROM ledger WHERE generation_id IS NOT NULL '
                                   'GROUP BY generation_id, kind'):
        kinds.setdefault(gid, {})[kind] = n
    rows = db.execute('SELECT id, status, audio_path, audio_format, audio_deleted, idempotency_key, streamed FROM generations').fetchall()
    statuses = {}
    for gid, status, audio_path, fmt, deleted, _, streamed in rows:
        statuses[gid] = status
        k = kinds.get(gid, {})
        if k.get('reserve', 0) != 1:
            violations.append(f'{gid}: {k.get("reserve", 0)} reserve rows')
        if k.get('settle', 0) + k.get('release', 0) > 1:
            violations.append(f'{gid}: settle {k.get("settle", 0)} and release {k.get("release", 0)}')
        if status == 'COMPLETED' and k.get('settle', 0) != 1:
            violations.append(f'{gid}: COMPLETED without a settle row')
        if status == 'FAILED' and k.get('release', 0) != 1 and not (streamed and k.get('settle', 0) == 1):
            violations.append(f'{gid}: FAILED without a release row')
        if status in ('IN_QUEUE', 'GENERATING') and (k.get('settle') or k.get('release')):
            violations.append(f'{gid}: {status} but already {k}')
        if status == 'COMPLETED' and not deleted:
            if not audio_path or not os.path.isfile(audio_path):
                violations.append(f'{gid}: COMPLETED but audio {audio_path!r} is missing')
            else:
                problem = wav_problem(audio_path) if fmt == 'wav' else mp3_problem(audio_path)
                if problem:
                    violations.append(f'{gid}: partial audio {audio_path}: {problem}')
                if os.path.exists(audio_path + '.part'):
                    violations.append(f'{gid}: COMPLETED but {audio_path}.part is left')
        if final and status != 'COMPLETED':
            violations.append(f'{gid}: ended {status}')
    for gid in kinds:
        if gid not in statuses:
            violations.append(f'ledger rows for unknown generation {gid}')
    keys = db.execute('SELECT account_id, idempotency_key, COUNT(*) FROM generations WHERE idempotency_key IS NOT NULL '
                      'GROUP BY 1, 2 HAVING COUNT(*) > 1').fetchall()
    for account, key, n in keys:
        violations.append(f'idempotency key {key} of account {account} has {n} generations')
    for gid in accepted:
        if gid not in statuses:
            violations.append(f'{gid}: accepted (201/200) but not in the store')
    parts = []
    audio_dir = os.path.join(data_dir, 'audio')
    if os.path.isdir(audio_dir):
        parts = [n for n in os.listdir(audio_dir) if n.endswith('.part')]
        if final and parts:
            violations.append(f'{len(parts)} .part files left at the end: {parts[:3]}')

    counts = {}
    for s in statuses.values():
        counts[s] = counts.get(s, 0) + 1
    for v in violations:
        print('VIOLATION', v)
    print(f'store: integrity {integrity[0][0]}, generations {len(statuses)} {counts}, '
          f'ledger rows {sum(sum(k.values()) for k in kinds.values())}, .part files {len(parts)}, '
          f'violations {len(violations)}')
    return 1 if violations else 0


if __name__ == '__main__':
    sys.exit(main())
