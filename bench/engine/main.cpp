// bench-engine: speed of the speech engine, measured against the raw speech libraries
// in the same run (absolute times vary by machine; the ratios are what to compare).
//
//   bench-engine [TEXT] [--quick] [--no-pool | --pool-only] [--rounds N]
//
// Per voice, each group of measurements runs in a fresh child process (this program
// again, with --child): espeak-ng keeps its state process-wide and SynthesisPipeline
// is one per process, exactly as in a tts-worker. The groups run in interleaved rounds
// (raw, classes, pipelines, raw, ...) so that load changes hit all of them alike.
// Per-stage figures are audio seconds per CPU second (CLOCK_PROCESS_CPUTIME_ID, median
// over all rounds and repeats); the worker pool figures are audio seconds per wall
// second, with checks that do not depend on other load on the machine.
#include "benchutil.h"
#include "poolbench.h"
#include "projectstages.h"
#include "rawstages.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QProcess>
#include <QThread>

#include <cstdio>
#include <sys/resource.h>
#include <functional>

using namespace Bench;

namespace
{
// ---- output ----------------------------------------------------------------------

void out(const QString &line = {})
{
    std::fputs(line.toLocal8Bit().constData(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

QString speed(double audioSeconds, double cpuSeconds)
{
    if (cpuSeconds <= 0 || audioSeconds <= 0)
        return QStringLiteral("n/a");
    return QString::number(audioSeconds / cpuSeconds, 'f', audioSeconds / cpuSeconds < 100 ? 1 : 0) + u'x';
}

QString pad(const QString &s, int width) { return s.leftJustified(width); }
QString rpad(const QString &s, int width) { return s.rightJustified(width); }

struct Verdict
{
    QString what;
    QString figure;
    QString target;
    bool pass = false;
    QString note;
};
QList<Verdict> g_verdicts;

QString verdict(const QString &what, const QString &figure, const QString &target, bool pass,
                const QString &note = {})
{
    g_verdicts << Verdict{what, figure, target, pass, note};
    return pass ? QStringLiteral("PASS") : QStringLiteral("MISS");
}

// ---- machine ---------------------------------------------------------------------

QString cpuModel()
{
    QFile f(QStringLiteral("/proc/cpuinfo"));
    if (f.open(QIODevice::ReadOnly)) {
        for (const QByteArray &line : f.readAll().split('\n'))
            if (line.startsWith("model name"))
                return QString::fromUtf8(line.mid(line.indexOf(':') + 1).trimmed());
    }
    return QStringLiteral("unknown CPU");
}

QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    if (!f.open(QIODevice::ReadOnly))
        return QStringLiteral("?");
    const QList<QByteArray> parts = f.readAll().split(' ');
    return parts.size() >= 3 ? QString::fromLatin1(parts[0] + ' ' + parts[1] + ' ' + parts[2]) : QStringLiteral("?");
}

// ---- text ------------------------------------------------------------------------

const char *kFallbackText =
    "The lighthouse keeper woke before dawn, as he had done for thirty years. He climbed the narrow stairs, "
    "counted the steps out of habit, and checked the lamp. Outside, the sea was calm and grey, and a thin line "
    "of light was growing in the east. He wrote the time in his logbook, then the wind, then the state of the "
    "water. Nothing unusual, he noted, although the gulls were louder than yesterday.\n";

QString resolveText(const QString &argument, QString *note)
{
    QStringList candidates;
    if (!argument.isEmpty())
        candidates << argument;
    const QString rel = QStringLiteral("../shared/texts/bench-en-2000.txt");
    candidates << QDir(QStringLiteral(TTS_SOURCE_DIR)).filePath(rel) << QDir::current().filePath(rel)
               << QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../../") + rel);
    for (const QString &c : std::as_const(candidates)) {
        if (!readText(c).trimmed().isEmpty()) {
            if (!argument.isEmpty() && c != argument)
                *note = QStringLiteral("cannot read %1; using the default text").arg(argument);
            return QFileInfo(c).canonicalFilePath();
        }
    }
    // Last resort: a built-in paragraph, repeated to about 2,000 characters.
    const QString path = tempPath(QStringLiteral("fallback-text.txt"));
    QFile f(path);
    if (f.open(QIODevice::WriteOnly)) {
        for (int i = 0; i < 5; ++i)
            f.write(kFallbackText);
    }
    *note = QStringLiteral("WARNING: bench-en-2000.txt not found; using a built-in text (figures are not "
                           "comparable with other runs)");
    return path;
}

// ---- children --------------------------------------------------------------------

QJsonObject runChild(const QString &mode, const ChildOptions &o)
{
    QStringList args{QStringLiteral("--child"), mode, QStringLiteral("--backend"), o.voice.backend,
                     QStringLiteral("--voice"), o.voice.voice, QStringLiteral("--text"), o.textPath,
                     QStringLiteral("--repeats"), QString::number(o.repeats)};
    if (!o.quality.isEmpty())
        args << QStringLiteral("--quality") << o.quality;
    if (!o.formats.isEmpty())
        args << QStringLiteral("--formats") << o.formats.join(u',');
    QProcess p;
    p.setProcessChannelMode(QProcess::SeparateChannels);
    p.setReadChannel(QProcess::StandardOutput);
    p.start(QCoreApplication::applicationFilePath(), args);
    if (!p.waitForStarted(10000))
        return {{"error", "cannot start the measuring child process"}};
    if (!p.waitForFinished(170000)) {
        p.kill();
        p.waitForFinished(2000);
        return {{"error", "measuring child process timed out"}};
    }
    const QByteArray stdoutData = p.readAllStandardOutput();
    const QList<QByteArray> lines = stdoutData.trimmed().split('\n');
    const QJsonObject o2 = QJsonDocument::fromJson(lines.isEmpty() ? QByteArray() : lines.last()).object();
    if (p.exitStatus() != QProcess::NormalExit || o2.isEmpty()) {
        const QString err = QString::fromLocal8Bit(p.readAllStandardError()).trimmed().right(300);
        return {{"error", QStringLiteral("child crashed or printed nothing (exit %1) %2").arg(p.exitCode()).arg(err)}};
    }
    return o2;
}

int childMain(const QStringList &args)
{
    ChildOptions o;
    QString mode;
    for (int i = 0; i + 1 < args.size(); i += 2) {
        const QString &k = args[i];
        const QString &v = args[i + 1];
        if (k == QLatin1String("--child"))
            mode = v;
        else if (k == QLatin1String("--backend"))
            o.voice.backend = v;
        else if (k == QLatin1String("--voice"))
            o.voice.voice = v;
        else if (k == QLatin1String("--text"))
            o.textPath = v;
        else if (k == QLatin1String("--repeats"))
            o.repeats = qMax(1, v.toInt());
        else if (k == QLatin1String("--quality"))
            o.quality = v;
        else if (k == QLatin1String("--formats"))
            o.formats = v.split(u',', Qt::SkipEmptyParts);
    }
    QJsonObject r;
    if (mode == QLatin1String("raw"))
        r = RawStages::run(o);
    else if (mode == QLatin1String("classes"))
        r = ProjectStages::runClasses(o);
    else if (mode == QLatin1String("pipeline"))
        r = ProjectStages::runPipeline(o);
    else
        r = {{"error", "unknown child mode"}};
    out(QString::fromUtf8(QJsonDocument(r).toJson(QJsonDocument::Compact)));
    return 0;
}

// ---- one voice -------------------------------------------------------------------

struct VoiceRun
{
    VoiceSpec voice;
    bool clustergen = false;
};

double num(const QJsonObject &o, const char *key) { return o.value(QLatin1String(key)).toDouble(); }

void reportVoice(const VoiceRun &v, const QString &textPath, int rounds, int repeats, int sentenceCount)
{
    // Rounds of fresh child processes, interleaved (raw, classes, pipelines, raw, ...),
    // so that a change of machine load during the run hits the project and the raw
    // reference alike; the samples of all rounds are merged before taking medians.
    QList<QJsonObject> raws, classes, meds, fasts;
    for (int round = 0; round < rounds; ++round) {
        ChildOptions o;
        o.voice = v.voice;
        o.textPath = textPath;
        o.repeats = repeats;
        raws << runChild(QStringLiteral("raw"), o);
        classes << runChild(QStringLiteral("classes"), o);
        o.quality = QStringLiteral("medium");
        // "none" (no encoder) isolates synthesis + resampling; skipped where synthesis is slow.
        o.formats = QStringList{QStringLiteral("wav"), QStringLiteral("mp3")};
        if (!v.clustergen)
            o.formats.prepend(QStringLiteral("none"));
        meds << runChild(QStringLiteral("pipeline"), o);
        o.quality = QStringLiteral("fastest");
        o.formats = QStringList{QStringLiteral("mp3")};
        fasts << runChild(QStringLiteral("pipeline"), o);
    }
    const QJsonObject raw = mergeSamples(raws);
    const QJsonObject cls = mergeSamples(classes);
    const QJsonObject pipeMed = mergeSamples(meds);
    const QJsonObject pipeFast = mergeSamples(fasts);

    const int rate = raw.value("rate").toInt(cls.value("rate").toInt());
    const double audio = num(raw, "synth_audio");
    out(QStringLiteral("== %1   (%2 Hz -> 24 kHz, %3 sentences, %4 s of audio)")
            .arg(v.voice.label())
            .arg(rate)
            .arg(sentenceCount)
            .arg(audio, 0, 'f', 1));
    for (const auto &[name, obj] : {std::pair{"raw", &raw}, std::pair{"classes", &cls},
                                    std::pair{"pipeline MEDIUM", &pipeMed}, std::pair{"pipeline FASTEST", &pipeFast}})
        if (obj->contains("error"))
            out(QStringLiteral("   %1 measurement failed: %2").arg(QLatin1String(name), obj->value("error").toString()));

    const QString from = rate == 22050 ? QStringLiteral("22.05k") : QString::number(rate / 1000.0) + u'k';
    out(QStringLiteral("   %1%2%3%4").arg(pad(QStringLiteral("stage"), 40), rpad(QStringLiteral("project"), 10),
                                           rpad(QStringLiteral("raw lib"), 10), rpad(QStringLiteral("CPU project/raw"), 17)));
    auto row = [&](const QString &stage, const char *cpuKey, const char *audioKey, const QString &extra = {}) {
        const double pc = num(cls, cpuKey), rc = num(raw, cpuKey);
        const QString ratio = (pc > 0 && rc > 0) ? QString::number(pc / rc, 'f', 2) : QStringLiteral("n/a");
        out(QStringLiteral("   %1%2%3%4%5")
                .arg(pad(stage, 40), rpad(speed(num(cls, audioKey), pc), 10), rpad(speed(num(raw, audioKey), rc), 10),
                     rpad(ratio, 17), extra));
    };
    row(QStringLiteral("synthesis (%1)").arg(v.voice.isEspeak() ? QStringLiteral("espeak_Synth, callback")
                                                                : QStringLiteral("flite per sentence")),
        "synth_cpu", "synth_audio",
        QStringLiteral("   [%1 chunks, avg %2 ms]").arg(cls.value("synth_chunks").toInt()).arg(num(cls, "synth_chunk_avg_ms"), 0, 'f', 1));
    row(QStringLiteral("resample %1->24k soxr HQ").arg(from), "resample_medium_cpu", "resample_audio");
    row(QStringLiteral("resample %1->24k soxr MQ").arg(from), "resample_fastest_cpu", "resample_audio");
    row(QStringLiteral("encode WAV (24 kHz, file + fsync)"), "wav_cpu", "out_audio",
        QStringLiteral("   [fsync wall %1 ms / raw %2 ms]").arg(num(cls, "wav_finish_ms"), 0, 'f', 1).arg(num(raw, "wav_sync_ms"), 0, 'f', 1));
    row(QStringLiteral("encode MP3 (64 kbps q5, file + fsync)"), "mp3_cpu", "out_audio",
        QStringLiteral("   [fsync wall %1 ms / raw %2 ms]").arg(num(cls, "mp3_finish_ms"), 0, 'f', 1).arg(num(raw, "mp3_sync_ms"), 0, 'f', 1));

    // Whole pipeline vs the sum of the raw stages, per audio second.
    out(QStringLiteral("   whole pipeline (SynthesisPipeline::run + AudioEncoder, no sentence pauses) vs sum of raw stages:"));
    const double rawSynth = num(raw, "synth_cpu") / audio;
    auto pipeRow = [&](const QJsonObject &pipe, const QString &quality, const QString &fmt) {
        const double pipeAudio = num(pipe, QStringLiteral("%1_audio").arg(fmt).toLatin1().constData());
        const double pipeCpu = num(pipe, QStringLiteral("%1_cpu").arg(fmt).toLatin1().constData());
        if (pipeAudio <= 0 || pipeCpu <= 0 || audio <= 0) {
            out(QStringLiteral("     pipeline %1 + %2: n/a").arg(quality, fmt));
            return;
        }
        double rawCost = rawSynth + num(raw, quality == QLatin1String("soxr MQ") ? "resample_fastest_cpu" : "resample_medium_cpu")
                                        / num(raw, "resample_audio");
        QString rawLabel = QStringLiteral("synth+resample");
        if (fmt != QLatin1String("none")) {
            rawCost += num(raw, QStringLiteral("%1_cpu").arg(fmt).toLatin1().constData()) / num(raw, "out_audio");
            rawLabel += QStringLiteral("+") + fmt.toUpper();
        }
        const double pipeCost = pipeCpu / pipeAudio;
        const double overhead = (pipeCost / rawCost - 1.0) * 100.0;
        const QString label = QStringLiteral("pipeline %1%2").arg(quality, fmt == QLatin1String("none") ? QStringLiteral(" (no encoder)") : QStringLiteral(" + ") + fmt.toUpper());
        const QString fig = QStringLiteral("%1%2%").arg(overhead >= 0 ? QStringLiteral("+") : QString()).arg(overhead, 0, 'f', 1);
        const auto [lo, hi] = sampleRange(pipe, QStringLiteral("%1_cpu").arg(fmt));
        const QString spread = QStringLiteral("[%1-%2]").arg(speed(pipeAudio, hi), speed(pipeAudio, lo));
        out(QStringLiteral("     %1%2 %3  raw %4 %5   overhead %6  %7")
                .arg(pad(label, 36), rpad(speed(1.0, pipeCost), 7), pad(spread, 16), pad(rawLabel, 22),
                     rpad(speed(1.0, rawCost), 7), rpad(fig, 7),
                     verdict(QStringLiteral("pipeline overhead, %1, %2").arg(v.voice.label(), label), fig,
                             QStringLiteral("<= 10%"), overhead <= 10.0)));
    };
    if (!v.clustergen)
        pipeRow(pipeMed, QStringLiteral("soxr HQ"), QStringLiteral("none"));
    pipeRow(pipeMed, QStringLiteral("soxr HQ"), QStringLiteral("wav"));
    pipeRow(pipeMed, QStringLiteral("soxr HQ"), QStringLiteral("mp3"));
    pipeRow(pipeFast, QStringLiteral("soxr MQ"), QStringLiteral("mp3"));

    // Output length sanity check: the pipeline must deliver exactly the resampled audio.
    const double rawOut = num(raw, "out_audio"), pipeOut = num(pipeMed, "wav_audio");
    if (rawOut > 0 && pipeOut > 0)
        out(QStringLiteral("     output length: pipeline %1 s, raw %2 s (difference %3 ms)%4")
                .arg(pipeOut, 0, 'f', 3)
                .arg(rawOut, 0, 'f', 3)
                .arg((pipeOut - rawOut) * 1000.0, 0, 'f', 1)
                .arg(v.voice.isEspeak() ? QStringLiteral(" - espeak-ng output varies ~0.1% from call to call") : QString()));
    out(QStringLiteral("     memory: pipeline process RSS %1 MiB after the first runs, %2 MiB after %3 more runs")
            .arg(num(pipeMed, "rss_start_mib"), 0, 'f', 1)
            .arg(num(pipeMed, "rss_end_mib"), 0, 'f', 1)
            .arg(pipeMed.value("runs").toInt()));

    // Time to first 24 kHz chunk.
    const double ttfa = num(pipeMed, "ttfa_ms");
    QStringList runs;
    for (const QJsonValue &x : pipeMed.value("ttfa_ms_all").toArray())
        runs << QString::number(x.toDouble(), 'f', x.toDouble() < 10 ? 2 : 1);
    const QString figure = QStringLiteral("%1 ms").arg(ttfa, 0, 'f', ttfa < 10 ? 2 : 1);
    QString verdictText;
    if (v.voice.isEspeak())
        verdictText = QStringLiteral("target <= 5 ms   ") + verdict(QStringLiteral("first chunk, %1").arg(v.voice.label()), figure, QStringLiteral("<= 5 ms"), ttfa > 0 && ttfa <= 5.0);
    else if (v.clustergen)
        verdictText = QStringLiteral("target <= 100 ms   ") + verdict(QStringLiteral("first chunk, %1").arg(v.voice.label()), figure, QStringLiteral("<= 100 ms"), ttfa > 0 && ttfa <= 100.0);
    else
        verdictText = QStringLiteral("(diphone voice, no target)");
    out(QStringLiteral("   time to first 24 kHz chunk (SynthesisPipeline::run, soxr HQ): median %1   %2")
            .arg(figure, verdictText));
    if (v.voice.isEspeak()) {
        const double sw = num(pipeMed, "ttfa_switch_ms");
        const QString swFig = QStringLiteral("%1 ms").arg(sw, 0, 'f', 2);
        out(QStringLiteral("   time to first chunk right after a language switch (de <-> %1): median %2   target <= 5 ms   %3")
                .arg(v.voice.voice, swFig,
                     verdict(QStringLiteral("first chunk after a language switch, %1").arg(v.voice.label()), swFig,
                             QStringLiteral("<= 5 ms"), sw > 0 && sw <= 5.0)));
    }
    out(QStringLiteral("     runs [%1] ms (CPU median %2 ms); first run after warmUp %3 ms (CPU %4 ms);")
            .arg(runs.join(QStringLiteral(", ")))
            .arg(num(pipeMed, "ttfa_cpu_ms"), 0, 'f', 2)
            .arg(num(pipeMed, "ttfa_first_run_ms"), 0, 'f', 2)
            .arg(num(pipeMed, "ttfa_first_run_cpu_ms"), 0, 'f', 2));
    out(QStringLiteral("     soxr MQ median %1 ms; raw first audio %2 ms%3")
            .arg(num(pipeFast, "ttfa_ms"), 0, 'f', 2)
            .arg(num(raw, "first_audio_ms"), 0, 'f', 2)
            .arg(v.voice.isEspeak() ? QString() : QStringLiteral(" (whole first sentence, not streamed)")));
    out();
}

// ---- worker pool -----------------------------------------------------------------

void reportPool(const QString &text, bool quick)
{
    const QString worker = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("tts-worker"));
    out(QStringLiteral("== Worker pool: 1 vs 2 tts-worker processes, same batch, WAV files, audio s per wall s"));
    if (qEnvironmentVariableIsEmpty("TTS_STUDIO_WORKER") && !QFileInfo(worker).isExecutable()) {
        out(QStringLiteral("   skipped: %1 not found (build the tts-worker target)").arg(worker));
        return;
    }
    const int jobs = quick ? 4 : 8;
    QList<PoolBench::Batch> batches{
        {QStringLiteral("espeak-ng en-us"), {QStringLiteral("espeak"), QStringLiteral("en-us")}, jobs, quick ? 1 : 3},
        {QStringLiteral("flite slt"), {QStringLiteral("flite"), QStringLiteral("slt")}, jobs, 1},
    };
    const QList<PoolBench::BatchResult> results =
        PoolBench::run(text, batches, {1, 2}, [](const QString &line) { out(line); });
    out(QStringLiteral("   %1%2%3%4%5%6%7")
            .arg(pad(QStringLiteral("batch"), 24), rpad(QStringLiteral("workers"), 8), rpad(QStringLiteral("wall s"), 8),
                 rpad(QStringLiteral("audio s"), 9), rpad(QStringLiteral("audio/wall"), 12),
                 rpad(QStringLiteral("worker cores"), 14), rpad(QStringLiteral("other cores"), 13)));
    for (const auto &r : results) {
        const bool ok = r.wallSeconds > 0;
        out(QStringLiteral("   %1%2%3%4%5%6%7%8")
                .arg(pad(QStringLiteral("%1 x%2").arg(r.label).arg(r.jobs), 24), rpad(QString::number(r.workers), 8),
                     rpad(QString::number(r.wallSeconds, 'f', 2), 8), rpad(QString::number(r.audioSeconds, 'f', 0), 9),
                     rpad(ok ? QString::number(r.audioSeconds / r.wallSeconds, 'f', 1) + u'x' : QStringLiteral("n/a"), 12),
                     rpad(ok ? QString::number(r.workerCpu / r.wallSeconds, 'f', 2) : QStringLiteral("n/a"), 14),
                     rpad(ok ? QString::number(r.otherCpu / r.wallSeconds, 'f', 2) : QStringLiteral("n/a"), 13),
                     r.error.isEmpty() ? QString() : QStringLiteral("   ERROR: %1 (%2 failed)").arg(r.error).arg(r.failed)));
    }
    out(QStringLiteral("   (worker cores = CPU seconds of the tts-worker processes per wall second; other cores = the same"));
    out(QStringLiteral("    for every other process on the machine, load the benchmark does not control)"));
    const int cores = QThread::idealThreadCount();
    for (const auto &b : batches) {
        const PoolBench::BatchResult *one = nullptr, *two = nullptr;
        for (const auto &r : results)
            if (r.label == b.label && r.error.isEmpty())
                (r.workers == 1 ? one : two) = &r;
        if (!one || !two || one->wallSeconds <= 0 || two->wallSeconds <= 0) {
            out(QStringLiteral("   %1: 2 workers vs 1: n/a").arg(b.label));
            continue;
        }
        const double ratio = one->wallSeconds / two->wallSeconds;
        const QString fig = QString::number(ratio, 'f', 2) + u'x';
        // Other processes competing for the cores make the wall-time ratio meaningless.
        const double busy = qMax(one->otherCpu / one->wallSeconds, two->otherCpu / two->wallSeconds);
        QString note;
        if (busy > 0.25) {
            note = QStringLiteral("inconclusive: other processes kept %1 cores busy").arg(busy, 0, 'f', 2);
            // With autogroup scheduling, this process and its workers share one CPU share
            // against other sessions: a second worker then adds nothing.
            QFile ag(QStringLiteral("/proc/sys/kernel/sched_autogroup_enabled"));
            if (ag.open(QIODevice::ReadOnly) && ag.readAll().trimmed() == "1")
                note += QStringLiteral(", and with kernel autogroup on, the workers share one CPU share");
        }
        if (cores < 2) {
            out(QStringLiteral("   %1: 2 workers vs 1: %2 (only %3 core: no target)").arg(b.label, fig).arg(cores));
            continue;
        }
        // Load-independent checks: how much of the time the workers held a job (pool
        // dispatch gaps), and whether a job costs more CPU when two run at once. From
        // them, the ratio to expect on an otherwise idle machine (this process's own
        // CPU competes with the two workers).
        const double occ1 = one->busySeconds / one->wallSeconds;
        const double occ2 = two->busySeconds / (2.0 * two->wallSeconds);
        const double cpuGrowth = two->workerCpu / one->workerCpu - 1.0;
        const double est = (one->workerCpu / qMax(occ1, 1e-6)) / ((two->workerCpu + two->hostCpu) / 2.0 / qMax(occ2, 1e-6));
        out(QStringLiteral("   %1: workers held a job %2% / %3% of the time (1 / 2 workers); CPU per job with 2 workers %4%5%;"
                           " expected on an idle machine ~%6x")
                .arg(b.label)
                .arg(occ1 * 100, 0, 'f', 1)
                .arg(occ2 * 100, 0, 'f', 1)
                .arg(cpuGrowth >= 0 ? QStringLiteral("+") : QString())
                .arg(cpuGrowth * 100, 0, 'f', 1)
                .arg(est, 0, 'f', 2));
        out(QStringLiteral("   %1: 2 workers vs 1: %2   target >= 1.7x   %3%4")
                .arg(b.label, fig,
                     verdict(QStringLiteral("2 workers vs 1, %1").arg(b.label), fig, QStringLiteral(">= 1.7x"), ratio >= 1.7,
                             note),
                     note.isEmpty() ? QString() : QStringLiteral("  (") + note + u')'));
    }
    out();
}

int usage()
{
    out(QStringLiteral("usage: bench-engine [TEXT] [--quick] [--no-pool | --pool-only] [--rounds N]"));
    return 2;
}
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (qstrcmp(argv[i], "--child") == 0) {
            QStringList args;
            for (int j = 1; j < argc; ++j)
                args << QString::fromLocal8Bit(argv[j]);
            return childMain(args);
        }
    }

    QCoreApplication app(argc, argv);
    QString textArg;
    bool quick = false, pool = true, voices = true;
    int repeats = 0;
    const QStringList args = app.arguments().mid(1);
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args[i];
        if (a == QLatin1String("--quick"))
            quick = true;
        else if (a == QLatin1String("--no-pool"))
            pool = false;
        else if (a == QLatin1String("--pool-only"))
            voices = false;
        else if (a == QLatin1String("--rounds") && i + 1 < args.size())
            repeats = qBound(1, args[++i].toInt(), 20);
        else if (a == QLatin1String("--help") || a == QLatin1String("-h"))
            return usage();
        else if (a.startsWith(QLatin1String("--")))
            return usage();
        else
            textArg = a;
    }

    const double start = wallNow();
    QString note;
    const QString textPath = resolveText(textArg, &note);
    const QString text = readText(textPath);
    const QStringList sents = sentences(text);

    out(QStringLiteral("TTS Studio speech engine benchmark  (%1)").arg(QDateTime::currentDateTime().toString(Qt::ISODate)));
    out(QStringLiteral("machine: %1, %2 cores; load average at start %3")
            .arg(cpuModel()).arg(QThread::idealThreadCount()).arg(loadAverage()));
    if (!note.isEmpty())
        out(note);
    out(QStringLiteral("text: %1 (%2 characters, %3 sentences)").arg(textPath).arg(text.size()).arg(sents.size()));
    out(QStringLiteral("figures: audio seconds per CPU second of this process (higher is faster), median over the"));
    out(QStringLiteral("         rounds of fresh child processes (interleaved: raw, project classes, pipelines) x the repeats in each;"));
    out(QStringLiteral("         'project' = EspeakBackend / FliteBackend::speak, Resampler, WavEncoder / Mp3Encoder, one by one;"));
    out(QStringLiteral("         'raw lib' = the same work called directly on espeak-ng / flite / soxr / LAME / stdio."));
    out();

    QList<VoiceRun> voiceRuns{{{QStringLiteral("espeak"), QStringLiteral("en-us")}, false},
                           {{QStringLiteral("flite"), QStringLiteral("slt")}, true},
                           {{QStringLiteral("flite"), QStringLiteral("rms")}, true},
                           {{QStringLiteral("flite"), QStringLiteral("kal16")}, false}};
    if (quick)
        voiceRuns.removeAt(2);
    if (!voices)
        voiceRuns.clear();
    for (const VoiceRun &v : std::as_const(voiceRuns)) {
        // Samples per figure = rounds x repeats; clustergen synthesis is the slow part.
        const int rounds = repeats > 0 ? repeats : quick ? 1 : 3;
        const int n = quick || v.clustergen ? 1 : 2;
        reportVoice(v, textPath, rounds, n, int(sents.size()));
    }
    if (pool)
        reportPool(text, quick);

    out(QStringLiteral("== Targets"));
    int misses = 0;
    for (const Verdict &v : std::as_const(g_verdicts)) {
        out(QStringLiteral("   %1  %2%3  (target %4)%5")
                .arg(v.pass ? QStringLiteral("PASS") : QStringLiteral("MISS"), pad(v.what, 62), rpad(v.figure, 8), v.target,
                     v.note.isEmpty() ? QString() : QStringLiteral(" - ") + v.note));
        misses += v.pass ? 0 : 1;
    }
    // CPU of this process and every child (measuring children and tts-workers, all
    // waited for by now): about the wall time the run takes on an otherwise idle machine.
    rusage self{}, children{};
    getrusage(RUSAGE_SELF, &self);
    getrusage(RUSAGE_CHILDREN, &children);
    auto secs = [](const timeval &t) { return double(t.tv_sec) + double(t.tv_usec) * 1e-6; };
    const double cpuTotal = secs(self.ru_utime) + secs(self.ru_stime) + secs(children.ru_utime) + secs(children.ru_stime);
    out(QStringLiteral("%1 of %2 targets met; load average at end %3; total %4 s wall, %5 s CPU")
            .arg(g_verdicts.size() - misses).arg(g_verdicts.size()).arg(loadAverage())
            .arg(wallNow() - start, 0, 'f', 0).arg(cpuTotal, 0, 'f', 0));
    return 0; // a benchmark reports; it never fails
}
