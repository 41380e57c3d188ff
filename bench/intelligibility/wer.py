#!/usr/bin/env python3
"""Word error rate of TTS Studio's English voices, judged by pocketsphinx.

For every (voice, sentence): `tts-studio say TEXT --voice V [--model advanced --language en]
--format wav -o F.wav --data-dir TMP`, then `sox F.wav -D -r 16000 -c 1 -b 16 F16.wav`, then
`pocketsphinx_continuous -infile F16.wav -logfn /dev/null` (Debian's default en-us model, the
same call as tests/engine/tst_intelligibility.cpp), and a word-level Levenshtein against the
reference. Prints per-voice WER (errors summed over the set / reference words) and the mean.

Sentence file: one sentence a line; blank lines and lines starting with '#' are skipped.
A line may be "TEXT<TAB>REFERENCE": TEXT is spoken, REFERENCE is what should be heard
(numbers spelled out as the voice says them). Without a tab the reference is TEXT.
Normalization (as tests/engine/enginetest.cpp words()): lower case, anything but letters,
digits and apostrophes is a space, leading/trailing apostrophes dropped.

Usage:
  wer.py --bin BUILD/bin/tts-studio --sentences sentences-plain.txt [--voices all|v1,v2]
         [--jobs 2] [--keep DIR] [--json OUT.json] [--verbose]
Everything runs under `nice -n 15`; at most --jobs (default 2) items run at once.
"""
import argparse
import concurrent.futures as cf
import hashlib
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import wave

NICE = ["nice", "-n", "15"]
RECOGNIZER = "pocketsphinx_continuous"
# Decodes are cached by the SHA-1 of the 16 kHz WAV: the same audio is never decoded twice
# (commits that do not change a voice's samples cost only the synthesis).
LOUDNESS = False  # --loudness
CACHE = os.environ.get("TTS_WER_CACHE", os.path.join(tempfile.gettempdir(), "tts-studio-wer-cache"))


def words(text):
    t = re.sub(r"[^\w']+|_", " ", text.lower())
    out = []
    for w in t.split():
        w = w.strip("'")
        if w:
            out.append(w)
    return out


def edit_distance(ref, hyp):
    prev = list(range(len(hyp) + 1))
    for i in range(1, len(ref) + 1):
        cur = [i] + [0] * len(hyp)
        for j in range(1, len(hyp) + 1):
            cur[j] = min(prev[j - 1] + (ref[i - 1] != hyp[j - 1]), prev[j] + 1, cur[j - 1] + 1)
        prev = cur
    return prev[len(hyp)]


def kweighting(rate):
    """ITU-R BS.1770 K-weighting as two biquads (b, a) for this sample rate."""
    def shelf():
        gain, q, fc = 3.999843853973347, 0.7071752369554196, 1681.974450955533
        a = 10 ** (gain / 40)
        w0 = 2 * math.pi * fc / rate
        alpha, c = math.sin(w0) / (2 * q), math.cos(w0)
        return ([a * ((a + 1) + (a - 1) * c + 2 * math.sqrt(a) * alpha), -2 * a * ((a - 1) + (a + 1) * c),
                 a * ((a + 1) + (a - 1) * c - 2 * math.sqrt(a) * alpha)],
                [(a + 1) - (a - 1) * c + 2 * math.sqrt(a) * alpha, 2 * ((a - 1) - (a + 1) * c),
                 (a + 1) - (a - 1) * c - 2 * math.sqrt(a) * alpha])

    def highpass():
        q, fc = 0.5003270373238773, 38.13547087602444
        w0 = 2 * math.pi * fc / rate
        alpha, c = math.sin(w0) / (2 * q), math.cos(w0)
        return [(1 + c) / 2, -(1 + c), (1 + c) / 2], [1 + alpha, -2 * c, 1 - alpha]
    return [shelf(), highpass()]


def block_powers(path):
    """Mean square of the K-weighted signal in 400 ms blocks, 75 % overlap (BS.1770)."""
    with wave.open(path) as w:
        rate, n = w.getframerate(), w.getnframes()
        raw = w.readframes(n)
    x = [v / 32768.0 for v in memoryview(raw).cast("h")]
    for b, a in kweighting(rate):
        b0, b1, b2 = (v / a[0] for v in b)
        a1, a2 = a[1] / a[0], a[2] / a[0]
        y, x1, x2, y1, y2 = [0.0] * len(x), 0.0, 0.0, 0.0, 0.0
        for i, v in enumerate(x):
            out = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
            x2, x1, y2, y1 = x1, v, y1, out
            y[i] = out
        x = y
    size, step = int(0.4 * rate), int(0.1 * rate)
    sq = [0.0]
    for v in x:
        sq.append(sq[-1] + v * v)
    return [(sq[i + size] - sq[i]) / size for i in range(0, len(x) - size + 1, step)]


def integrated_lufs(powers):
    """BS.1770 integrated loudness of blocks: absolute gate -70 LUFS, relative gate -10 LU."""
    lufs = lambda p: -0.691 + 10 * math.log10(p) if p > 0 else -math.inf
    gated = [p for p in powers if lufs(p) > -70]
    if not gated:
        return -math.inf
    threshold = lufs(sum(gated) / len(gated)) - 10
    gated = [p for p in gated if lufs(p) > threshold]
    return lufs(sum(gated) / len(gated)) if gated else -math.inf


def read_baseline(path, sentences):
    """voice -> WER of record for this sentence file (baseline.tsv's column named after it)."""
    if not path or not os.path.exists(path):
        return {}
    with open(path) as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    header = [c.strip("# ") for c in rows[0]]
    name = os.path.basename(sentences)
    if name not in header:
        return {}
    col = header.index(name)
    return {r[0]: float(r[col]) for r in rows[1:] if not r[0].startswith("#") and len(r) > col}


def english_voices(voices_json):
    """voice_id -> (say args, flite voice): base voices of languages a/b and every advanced voice (en)."""
    with open(voices_json) as f:
        d = json.load(f)
    out = {}
    for v in d["voices"]:
        if not v.get("flite"):
            continue
        if v["model"] == "base" and v.get("language") in ("a", "b"):
            out[v["voice_id"]] = (["--model", "base", "--language", v["language"]], v["flite"])
        elif v["model"] == "advanced":
            out[v["voice_id"]] = (["--model", "advanced", "--language", "en"], v["flite"])
    return out


def read_sentences(path):
    items = []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            text, _, ref = line.partition("\t")
            items.append((text.strip(), (ref or text).strip()))
    return items


def run_one(binary, voice, args, idx, text, ref, workdir, data_dir):
    base = os.path.join(workdir, f"{voice}-{idx:03d}")
    wav, wav16 = base + ".wav", base + "-16k.wav"
    p = subprocess.run(NICE + [binary, "say", text, "--voice", voice] + args +
                       ["--format", "wav", "-o", wav, "--data-dir", data_dir],
                       capture_output=True, text=True, timeout=300)
    if p.returncode != 0 or not os.path.exists(wav):
        return voice, idx, ref, None, "say failed: " + (p.stderr or p.stdout).strip()[:300], []
    powers = block_powers(wav) if LOUDNESS else []
    p = subprocess.run(NICE + ["sox", wav, "-D", "-r", "16000", "-c", "1", "-b", "16", wav16],
                       capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        return voice, idx, ref, None, "sox failed: " + p.stderr.strip()[:300], powers
    with open(wav16, "rb") as f:
        key = hashlib.sha1(f.read()).hexdigest()
    cached = os.path.join(CACHE, key + ".txt")
    if os.path.exists(cached):
        with open(cached) as f:
            return voice, idx, ref, f.read().strip(), None, powers
    p = subprocess.run(NICE + [RECOGNIZER, "-infile", wav16, "-logfn", "/dev/null"],
                       capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        return voice, idx, ref, None, "pocketsphinx failed: " + p.stderr.strip()[:300], powers
    hyp = " ".join(p.stdout.split())
    os.makedirs(CACHE, exist_ok=True)
    with open(cached + ".tmp", "w") as f:
        f.write(hyp + "\n")
    os.replace(cached + ".tmp", cached)
    return voice, idx, ref, hyp, None, powers


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True, help="path to tts-studio")
    ap.add_argument("--sentences", required=True)
    ap.add_argument("--voices", default="all", help="'all' (English voices of voices.json) or comma list")
    ap.add_argument("--voices-json", help="default: resources/voices.json of the binary's source tree, else /work/main's")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--keep", help="keep WAVs in this directory")
    ap.add_argument("--json", help="write per-sentence results here")
    ap.add_argument("--label", default="")
    ap.add_argument("--verbose", action="store_true", help="print each error-bearing sentence")
    ap.add_argument("--baseline", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "baseline.tsv"),
                    help="figures of record (default: baseline.tsv beside this script)")
    ap.add_argument("--loudness", action="store_true",
                    help="also each voice's integrated loudness over the set (BS.1770) and its distance from their mean")
    a = ap.parse_args()
    global LOUDNESS
    LOUDNESS = a.loudness

    binary = os.path.abspath(a.bin)
    vj = a.voices_json
    if not vj:
        src = os.path.dirname(os.path.dirname(os.path.dirname(binary)))  # WORKTREE/build/bin/tts-studio
        vj = os.path.join(src, "resources", "voices.json")
        if not os.path.exists(vj):
            vj = "/work/main/resources/voices.json"
    catalog = english_voices(vj)
    voices = list(catalog) if a.voices == "all" else [v.strip() for v in a.voices.split(",") if v.strip()]
    for v in voices:
        if v not in catalog:
            sys.exit(f"unknown English voice {v}; known: {', '.join(catalog)}")
    sentences = read_sentences(a.sentences)

    tmp = tempfile.mkdtemp(prefix="wer-")
    workdir = a.keep or tmp
    os.makedirs(workdir, exist_ok=True)
    data_dir = os.path.join(tmp, "data")
    os.makedirs(data_dir, exist_ok=True)
    results = {v: [None] * len(sentences) for v in voices}
    powers = {v: [] for v in voices}
    failures = []
    try:
        with cf.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            futs = [ex.submit(run_one, binary, v, catalog[v][0], i, t, r, workdir, data_dir)
                    for v in voices for i, (t, r) in enumerate(sentences)]
            for f in cf.as_completed(futs):
                voice, idx, ref, hyp, err, blocks = f.result()
                powers[voice] += blocks
                if err:
                    failures.append(f"{voice} #{idx}: {err}")
                    hyp = ""
                rw, hw = words(ref), words(hyp)
                results[voice][idx] = {"text": sentences[idx][0], "ref": ref, "hyp": hyp,
                                       "errors": edit_distance(rw, hw), "words": len(rw)}
    finally:
        if not a.keep:
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    label = f" [{a.label}]" if a.label else ""
    print(f"# WER{label}: {binary}  sentences={a.sentences} ({len(sentences)})")
    record = read_baseline(a.baseline, a.sentences)
    loud = {v: integrated_lufs(powers[v]) for v in voices} if a.loudness else {}
    mean_loud = sum(loud.values()) / len(loud) if loud else 0.0
    wers = []
    for v in voices:
        e = sum(r["errors"] for r in results[v])
        n = sum(r["words"] for r in results[v])
        wer = 100.0 * e / n if n else 0.0
        wers.append(wer)
        change = f"  {wer - record[v]:+5.1f} against {record[v]:.1f} of record" if v in record else ""
        level = f"  {loud[v]:6.1f} LUFS ({loud[v] - mean_loud:+.1f})" if v in loud else ""
        print(f"{v:<11} {catalog[v][1]:<6} WER {wer:5.1f} %  ({e}/{n}){change}{level}")
        if a.verbose:
            for r in results[v]:
                if r["errors"]:
                    print(f"    [{r['errors']}] ref: {' '.join(words(r['ref']))}\n        hyp: {r['hyp']}")
    if wers:
        print(f"{'mean':<18} WER {sum(wers) / len(wers):5.1f} %")
    if loud:
        print(f"loudness: mean {mean_loud:.1f} LUFS, spread {min(loud.values()) - mean_loud:+.1f} to "
              f"{max(loud.values()) - mean_loud:+.1f} dB")
    for f in failures:
        print("FAILED", f, file=sys.stderr)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"bin": binary, "sentences": a.sentences, "label": a.label, "results": results}, f, indent=1)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
