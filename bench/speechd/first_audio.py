#!/usr/bin/env python3
"""sd_tts_studio's first audio, as Speech Dispatcher sees it: the module started as
Speech Dispatcher starts it (pipes on standard input and output), then for each voice
short messages of the kind a screen reader sends (Speech Dispatcher's SSML with its
__spd_ marks) one after another: milliseconds from the message's last line written to the
first `705` audio block read, to its `702 END`, and from a STOP to its `703`.

Usage: python3 bench/speechd/first_audio.py build/bin/sd_tts_studio [ROUNDS]"""
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time

VOICES = [  # (label, SET lines)
    ("ef_dora (espeak-ng, es)", "synthesis_voice=ef_dora\nlanguage=es\n"),
    ("aria (espeak-ng, de)", "synthesis_voice=aria\nlanguage=de\n"),
    ("am_adam (flite kal16)", "synthesis_voice=am_adam\nlanguage=en\n"),
    ("af_sarah (flite slt)", "synthesis_voice=af_sarah\nlanguage=en\n"),
]
MESSAGES = [
    "<speak>File</speak>",
    "<speak>Open recent documents, menu item, 3 of 12.<mark name=\"__spd_0\"/></speak>",
    "<speak>The quick brown fox jumps over the lazy dog.<mark name=\"__spd_0\"/> It was not amused."
    "<mark name=\"__spd_1\"/></speak>",
]
LONG = "<speak>" + " ".join(["A sentence that goes on for a while so that there is something to stop."] * 20) + "</speak>"


class Module:
    def __init__(self, binary, data_dir):
        env = dict(os.environ, TTS_STUDIO_DATA_DIR=data_dir)
        self.proc = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, bufsize=0)
        self.buffer = b""

    def send(self, text):
        self.proc.stdin.write(text.encode())

    def until(self, prefix):
        """Reads until a line starting with prefix; the time it came."""
        while True:
            at = self.buffer.find(b"\n" + prefix) if not self.buffer.startswith(prefix) else 0
            if at >= 0:
                end = self.buffer.find(b"\n", at + 1)
                if end >= 0:
                    self.buffer = self.buffer[end + 1:]
                    return time.perf_counter()
            select.select([self.proc.stdout], [], [])
            self.buffer += os.read(self.proc.stdout.fileno(), 1 << 16)

    def close(self):
        self.send("QUIT\n")
        self.proc.wait()


def measure(module, settings, message):
    module.send("SET\n" + settings + ".\n")
    module.until(b"203 OK SETTINGS")
    module.buffer = b""
    start = time.perf_counter()
    module.send("SPEAK\n" + message + "\n.\n")
    first = module.until(b"705-bits")
    end = module.until(b"702 END")
    return 1000 * (first - start), 1000 * (end - start)


def stop_latency(module, settings):
    module.send("SET\n" + settings + ".\n")
    module.until(b"203 OK SETTINGS")
    module.send("SPEAK\n" + LONG + "\n.\n")
    module.until(b"705-bits")
    start = time.perf_counter()
    module.send("STOP\n")
    return 1000 * (module.until(b"703 STOP") - start)


def main():
    binary = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    module = Module(binary, tempfile.mkdtemp(prefix="bench-speechd-"))
    module.send("INIT\n")
    module.until(b"299 OK")
    module.send("AUDIO\naudio_output_method=server\n.\n")
    module.until(b"203 OK AUDIO")
    print(f"{rounds} rounds of {len(MESSAGES)} messages per voice; milliseconds, median / 90th percentile")
    print(f"| voice | first audio | whole message | STOP → 703 |\n|---|---|---|---|")
    for label, settings in VOICES:
        measure(module, settings, MESSAGES[0])  # the voice loaded
        firsts, ends, stops = [], [], []
        for _ in range(rounds):
            for message in MESSAGES:
                first, end = measure(module, settings, message)
                firsts.append(first)
                ends.append(end)
            stops.append(stop_latency(module, settings))
        p90 = lambda xs: sorted(xs)[int(0.9 * (len(xs) - 1))]
        print(f"| {label} | {statistics.median(firsts):.1f} / {p90(firsts):.1f} | "
              f"{statistics.median(ends):.1f} / {p90(ends):.1f} | {statistics.median(stops):.1f} / {p90(stops):.1f} |")
    module.close()


if __name__ == "__main__":
    main()
