#!/usr/bin/python3
"""sd_tts_studio through Debian's speech-dispatcher and its Python client (python3-speechd),
as Orca uses it: a private speech-dispatcher whose only module is the one built here, its
audio played on the PulseAudio null sink that tests/playback/with-pulse.sh starts and
recorded from the sink's monitor. Checks: our voices are listed, speech is heard and about
as long as it should be, marks arrive in order, a cancel is honoured at once.

Usage: test_speechd_client.py BUILD_BIN_DIR/sd_tts_studio DIST_CONF"""
import array
import math
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import speechd

SINK_MONITOR = "ci_null.monitor"
RATE = 24000
WINDOW = RATE // 50  # 20 ms
VOICED_RMS = 0.01    # about -40 dBFS


class Recorder:
    """Raw 16-bit mono audio from the null sink's monitor, timed against time.monotonic()."""

    def __init__(self):
        self.proc = subprocess.Popen(
            ["parec", "-d", SINK_MONITOR, "--format=s16le", f"--rate={RATE}", "--channels=1", "--latency-msec=20"],
            stdout=subprocess.PIPE)
        self.chunks = []  # (monotonic time the bytes arrived, bytes)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        while True:
            data = self.proc.stdout.read1(4096)
            if not data:
                return
            self.chunks.append((time.monotonic(), data))

    def stop(self):
        self.proc.terminate()
        self.proc.wait()
        self.thread.join()

    def voiced_times(self):
        """The arrival time of each 20 ms window louder than VOICED_RMS."""
        out = []
        pending = b""
        for t, data in self.chunks:
            pending += data
            while len(pending) >= 2 * WINDOW:
                window = array.array("h", pending[:2 * WINDOW])
                pending = pending[2 * WINDOW:]
                rms = math.sqrt(sum(s * s for s in window) / WINDOW) / 32768
                if rms > VOICED_RMS:
                    out.append(t)
        return out


class Events:
    """The client's callbacks, gathered (they come on its own thread)."""

    def __init__(self):
        self.items = []  # (monotonic time, type, mark)
        self.changed = threading.Condition()

    def __call__(self, callback_type, index_mark=None):
        with self.changed:
            self.items.append((time.monotonic(), callback_type, index_mark))
            self.changed.notify_all()

    def wait_for(self, types, timeout=30):
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                for item in self.items:
                    if item[1] in types:
                        return item
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.changed.wait(left)


def start_dispatcher(work, module, conf):
    conf_dir = os.path.join(work, "conf")
    os.makedirs(os.path.join(conf_dir, "modules"))
    shutil.copy(conf, os.path.join(conf_dir, "modules", "tts_studio.conf"))
    with open(os.path.join(conf_dir, "speechd.conf"), "w") as f:
        f.write('AudioOutputMethod "pulse"\n'
                'AddModule "tts_studio" "sd_tts_studio" "tts_studio.conf"\n'
                'DefaultModule tts_studio\n'
                'DefaultLanguage "es"\n'
                'LogLevel 3\n')
    socket = os.path.join(work, "speechd.sock")
    os.makedirs(os.path.join(work, "log"))
    proc = subprocess.Popen(["speech-dispatcher", "-s", "-t", "0", "-C", conf_dir, "-m", os.path.dirname(module),
                             "-c", "unix_socket", "-S", socket, "-L", os.path.join(work, "log")])
    for _ in range(100):
        if os.path.exists(socket):
            return proc, socket
        time.sleep(0.1)
    raise SystemExit("speech-dispatcher did not open its socket")


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message, flush=True)
    return condition


def voices_listed(client):
    modules = client.list_output_modules()
    voices = client.list_synthesis_voices()
    return all([check("tts_studio" in modules, f"tts_studio among the modules {modules}"),
                check(("af_sarah", "en-US", "none") in voices, "af_sarah (en-US) listed"),
                check(("aria", "de", "none") in voices, "aria listed in German"),
                check(len(voices) > 100, f"{len(voices)} voices listed")])


def speech_recorded(client):
    client.set_synthesis_voice("ef_dora")
    events = Events()
    recorder = Recorder()
    time.sleep(0.3)
    client.speak("Hola, esto es una prueba de la salida de voz del estudio.", callback=events,
                 event_types=(speechd.CallbackType.END,))
    ended = events.wait_for({speechd.CallbackType.END})
    time.sleep(0.5)
    recorder.stop()
    voiced = recorder.voiced_times()
    span = voiced[-1] - voiced[0] if voiced else 0
    return all([check(ended is not None, "END callback"),
                check(len(voiced) > 25, f"{len(voiced)} voiced 20 ms windows on the sink"),
                check(1.5 < span < 8, f"speech heard for {span:.2f} s (text of ~3 s)")])


def marks_in_order(client):
    client.set_data_mode(speechd.DataMode.SSML)
    events = Events()
    client.speak('<speak>Uno <mark name="m1"/>dos <mark name="m2"/>tres, cuatro <mark name="m3"/>cinco.</speak>',
                 callback=events, event_types=(speechd.CallbackType.INDEX_MARK, speechd.CallbackType.END))
    ended = events.wait_for({speechd.CallbackType.END})
    client.set_data_mode(speechd.DataMode.TEXT)
    marks = [m for _, t, m in events.items if t == speechd.CallbackType.INDEX_MARK and not m.startswith("__spd_")]
    times = [t for t, kind, m in events.items if kind == speechd.CallbackType.INDEX_MARK and m in ("m1", "m3")]
    spread = times[-1] - times[0] if len(times) == 2 else 0
    return all([check(ended is not None, "END callback after the marks"),
                check(marks == ["m1", "m2", "m3"], f"marks {marks} in order"),
                check(spread > 0.3, f"m1 and m3 reported {spread:.2f} s apart, as the audio reaches them")])


def stop_honoured(client):
    client.set_synthesis_voice("em_alex")
    events = Events()
    recorder = Recorder()
    client.speak(" ".join(["Esta frase larga sigue y sigue para que haya algo que interrumpir."] * 12),
                 callback=events,
                 event_types=(speechd.CallbackType.BEGIN, speechd.CallbackType.END, speechd.CallbackType.CANCEL))
    # Cancelled once the sink plays it (a first message waits for PulseAudio's stream).
    # Not on BEGIN: python3-speechd registers a message's callback only after speak()
    # returns, and a BEGIN that comes sooner is lost (its client.py says so).
    deadline = time.monotonic() + 10
    while not recorder.voiced_times() and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(0.5)
    cancelled_at = time.monotonic()
    client.cancel()
    cancelled = events.wait_for({speechd.CallbackType.CANCEL, speechd.CallbackType.END}, timeout=10)
    time.sleep(1.0)
    recorder.stop()
    voiced = recorder.voiced_times()
    before = [t for t in voiced if t < cancelled_at]
    # Timed from the CANCEL callback, not asserted against the clock of a loaded machine
    # (the suite runs under nice): what is heard must end with it.
    acknowledged = cancelled[0] if cancelled else float("inf")
    after = [t for t in voiced if t > acknowledged + 0.3]
    delay = acknowledged - cancelled_at
    print(f"     cancel → CANCEL callback after {delay * 1000:.0f} ms; last voiced window "
          f"{1000 * (voiced[-1] - cancelled_at):.0f} ms after the cancel" if voiced else "     nothing voiced")
    return all([check(cancelled is not None and cancelled[1] == speechd.CallbackType.CANCEL, "CANCEL callback"),
                check(len(before) > 10, "speech was playing before the cancel"),
                check(not after, f"silence after the CANCEL ({len(after)} voiced windows later than 300 ms)")])


def main():
    module, conf = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="sd-tts-studio-")
    data_dir = os.path.join(work, "data")  # none: the module speaks without pronunciations
    os.environ["TTS_STUDIO_DATA_DIR"] = data_dir
    dispatcher, socket = start_dispatcher(work, module, conf)
    try:
        client = speechd.SSIPClient("tst_speechd", socket_path=socket)
        client.set_output_module("tts_studio")
        results = [voices_listed(client), speech_recorded(client), marks_in_order(client), stop_honoured(client)]
        client.close()
        results.append(check(not os.path.exists(data_dir), "no data dir created"))
    finally:
        dispatcher.terminate()
        dispatcher.wait()
        for name in sorted(os.listdir(os.path.join(work, "log"))) if os.path.isdir(os.path.join(work, "log")) else []:
            if not all(results if "results" in dir() else [False]):
                print(open(os.path.join(work, "log", name), errors="replace").read()[-3000:])
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
