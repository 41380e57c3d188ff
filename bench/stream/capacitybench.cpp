#include "capacitybench.h"

#include "batchscheduling.h"
#include "benchpipeline.h"
#include "benchutil.h"
#include "espeakcall.h"

#include "enginelistener.h"
#include "engine.h"
#include "playerclient.h"
#include "procinfo.h"
#include "streamutil.h"
#include "studioprocess.h"
#include "synthesispipeline.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QDateTime>
#include <QFile>
#include <QProcess>
#include <QTemporaryFile>
#include <QPointF>
#include <QStorageInfo>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <chrono>
#include <condition_variable>
#include <limits>
#include <memory>
#include <functional>
#include <mutex>
#include <unordered_map>
#include <vector>
#include <thread>
#include <sys/resource.h>
#include <unistd.h>

using StreamBench::percentile;

namespace
{
QString loadAverage()
{
    QFile f("/proc/loadavg");
    if (!f.open(QIODevice::ReadOnly))
        return "?";
    return QString::fromLatin1(f.readAll()).section(' ', 0, 2);
}

// A "Name:   123 kB" line of a /proc file, in KiB; 0 when there is none.
qint64 kiBField(const QString &path, const QByteArray &name)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith(name))
            return line.mid(name.size()).trimmed().split(' ').value(0).toLongLong();
    return 0;
}

// Memory available and room where the servers' data dirs go (TMPDIR): each stream leaves
// its WAV file there (~0.66 MB for the bench text), ~10 GB over a whole run, and on a
// tmpfs that is memory. Leftover data dirs of killed runs (bench-stream-*) are named,
// since they take that room for good: 18 GB of them once made rounds stall at a third of
// the CPU, first frames seconds late.
QString roomForData()
{
    const qint64 availableKiB = kiBField(QStringLiteral("/proc/meminfo"), "MemAvailable:");
    const QStorageInfo tmp(QDir::tempPath());
    QString out = QStringLiteral("memory available %1 MB; %2 MB free in %3 (%4)")
                      .arg(availableKiB / 1024)
                      .arg(tmp.bytesAvailable() / (1024 * 1024))
                      .arg(QDir::tempPath(), QString::fromLatin1(tmp.fileSystemType()));
    const QStringList leftovers = QDir(QDir::tempPath()).entryList({QStringLiteral("bench-stream-*")}, QDir::Dirs | QDir::NoDotAndDotDot);
    if (!leftovers.isEmpty()) {
        qint64 bytes = 0;
        for (const QString &dir : leftovers) {
            QDirIterator it(QDir(QDir::tempPath()).filePath(dir), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                it.next();
                bytes += it.fileInfo().size();
            }
        }
        out += QStringLiteral("\nwarning: %1 data dirs of other runs (%2 MB) are in %3; runs that were killed leave theirs: remove them (%4)")
                   .arg(leftovers.size())
                   .arg(bytes / (1024 * 1024))
                   .arg(QDir::tempPath(), leftovers.join(QLatin1Char(' ')));
    }
    return out;
}

qint64 rssKiBOf(qint64 pid) { return kiBField(QStringLiteral("/proc/%1/status").arg(pid), "VmRSS:"); }
qint64 pssKiBOf(qint64 pid) { return kiBField(QStringLiteral("/proc/%1/smaps_rollup").arg(pid), "Pss:"); }

void settle(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

double mb(qint64 kib) { return double(kib) / 1024.0; }

// The CPU of pid and every process below it: each one's own, and its waited children's
// (those are no longer in the tree, so nothing counts twice). A call that has ended but
// is not yet waited for still shows its own.
double subtreeCpu(const ProcInfo::Tree &tree, qint64 pid)
{
    double cpu = 0;
    for (qint64 p : QList<qint64>{pid} + ProcInfo::descendants(tree, pid))
        if (const auto st = ProcInfo::stat(p))
            cpu += st->cpuS + st->waitedChildrenCpuS;
    return cpu;
}
// The largest count whose round passes: from `from`, stepping up (grow) until a round
// fails or the cap passes, then bisecting to within 1/precision of the largest that
// passed. tryRound runs and prints one round. Prints the count found beside the
// theoretical capacity and returns it.
int searchCount(const char *what, int from, int cap, int precision, const std::function<int(int)> &grow,
                const QDeadlineTimer &budget, double theoretical, const std::function<bool(int)> &tryRound)
{
    int lo = 0, hi = -1, n = qMax(1, from);
    bool timeBox = false;
    while (true) {
        if (budget.hasExpired()) {
            timeBox = true;
            break;
        }
        if (tryRound(n))
            lo = n;
        else
            hi = n;
        std::fflush(stdout);
        if (hi < 0) {
            if (n >= cap)
                break;
            n = qMin(qMax(n + 1, grow(n)), cap);
        } else {
            if (hi - lo <= qMax(1, lo / precision))
                break;
            n = (lo + hi) / 2;
        }
    }
    std::printf("\n  %s (zero underruns): %d%s%s  theoretical: %.0f  (%.0f%% of it)\n", what, lo,
                hi < 0 && !timeBox ? " (the --max-streams cap)" : "", timeBox ? " (time box hit; at least)" : "",
                theoretical, theoretical > 0 ? 100.0 * lo / theoretical : 0.0);
    return lo;
}
}

CapacityBench::CapacityBench(const QString &text)
    : m_text(text)
    , m_cores(qMax(1, QThread::idealThreadCount()))
{
    m_rampMs = qEnvironmentVariableIntValue("BENCH_STREAM_CAPACITY_RAMP_MS");
    m_inProcess = qEnvironmentVariableIntValue("BENCH_STREAM_CAPACITY_IN_PROCESS") > 0;
    // In-process, this process is the server: batch scheduling as the headless server's
    // (app/main.cpp), from the start (while it has one thread), for the engine, its
    // workers, the solo pipeline runs and the listeners alike.
    if (m_inProcess)
        BatchScheduling::applyToThisProcess();
    if (qEnvironmentVariableIntValue("BENCH_STREAM_CAPACITY_HELD_PERIODS") > 0)
        m_heldPeriods = qMax(2, qEnvironmentVariableIntValue("BENCH_STREAM_CAPACITY_HELD_PERIODS")); // the first is the arrival
    if (qEnvironmentVariableIntValue("BENCH_STREAM_CAPACITY_FIRST_MS") > 0)
        m_firstLimitMs = qEnvironmentVariableIntValue("BENCH_STREAM_CAPACITY_FIRST_MS");
    // 200 clients and the server (which inherits this limit) each need a socket per
    // stream, the server a pipe or two per worker as well.
    rlimit rl{};
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

// The zygote's CPU with its voices' processes and the calls they forked.
double CapacityBench::zygoteCpu(qint64 zygote)
{
    if (zygote <= 0)
        return 0;
    return subtreeCpu(ProcInfo::tree(), zygote);
}

double CapacityBench::pipelineRtf(const Voice &voice, const QString &text, double *audioS)
{
    // As a worker runs it: espeak-ng calls fork from the zygote program beside this one
    // (tts-worker starts it first thing), not from this much larger process.
    EspeakCall::startZygote();
    const auto params = BenchPipeline::plan(QLatin1String(voice.id), QLatin1String(voice.lang), text);
    const auto runOnce = [&] { return BenchPipeline::runOnce(*params); };
    *audioS = runOnce(); // warms this voice's caches
    const qint64 zygote = EspeakCall::zygotePid();
    if (zygote <= 0)
        std::printf("warning: no espeak-ng zygote: calls forked from this process, as tests and `say` do\n");
    // Each figure over runs of at least half a CPU second: /proc counts the zygote's CPU in
    // clock ticks (10 ms), and one espeak-ng run of the bench text takes ~25 ms.
    QList<double> rtfs;
    for (int i = 0; i < 3; ++i) {
        double audio = 0, cpu = 0;
        double zygoteBefore = zygoteCpu(zygote);
        while (cpu < 0.5) {
            const double cpu0 = Bench::cpuNow();
            audio += runOnce();
            const double self = Bench::cpuNow() - cpu0; // before zygoteCpu's passes over /proc
            const double zygoteNow = zygoteCpu(zygote);
            cpu += self + zygoteNow - zygoteBefore;
            zygoteBefore = zygoteNow;
        }
        rtfs << audio / cpu;
    }
    return percentile(rtfs, 0.5);
}

int CapacityBench::pipelineChild(const QStringList &args)
{
    bool startOk = false, durationOk = false;
    const qint64 startAt = args.value(3).toLongLong(&startOk);
    const qint64 durationMs = args.value(4).toLongLong(&durationOk);
    QFile f(args.value(2));
    if (args.size() != 5 || !startOk || !durationOk || durationMs <= 0 || !f.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "usage: bench-stream --pipeline-child VOICE LANG TEXT-FILE START-MS DURATION-MS\n");
        return 2;
    }
    const QString text = QString::fromUtf8(f.readAll());
    EspeakCall::startZygote();
    const auto params = BenchPipeline::plan(args.at(0), args.at(1), text);
    if (!params) {
        std::fprintf(stderr, "pipeline-child: no plan for voice %s\n", qPrintable(args.at(0)));
        return 2;
    }
    const auto runOnce = [&] { return BenchPipeline::runOnce(*params); };
    if (runOnce() <= 0) { // also warms this voice's caches
        std::fprintf(stderr, "pipeline-child: the pipeline made no audio\n");
        return 3;
    }
    const qint64 wait = startAt - QDateTime::currentMSecsSinceEpoch();
    if (wait > 0)
        QThread::msleep(quint64(wait));
    const qint64 zygote = EspeakCall::zygotePid();
    const double zygote0 = zygoteCpu(zygote);
    const double cpu0 = Bench::cpuNow();
    const qint64 began = QDateTime::currentMSecsSinceEpoch();
    QElapsedTimer t;
    t.start();
    double audio = 0;
    while (t.elapsed() < durationMs) {
        const double once = runOnce();
        if (once <= 0) { // CPU spent on no audio would understate the figure
            std::fprintf(stderr, "pipeline-child: the pipeline made no audio\n");
            return 3;
        }
        audio += once;
    }
    const qint64 ended = QDateTime::currentMSecsSinceEpoch();
    const double self = Bench::cpuNow() - cpu0; // before zygoteCpu's pass over /proc
    const double cpu = self + zygoteCpu(zygote) - zygote0;
    std::printf("pipeline-child %.6f %.6f %lld %lld\n", audio, cpu, began, ended);
    return 0;
}

std::optional<double> CapacityBench::loadedPipelineRtf(const Voice &voice, QString *why) const
{
    QTemporaryFile text; // bench-stream's own capacity text, which the children cannot derive
    if (!text.open() || text.write(m_text.toUtf8()) < 0 || !text.flush()) {
        *why = QStringLiteral("cannot write the text for the children");
        return std::nullopt;
    }
    // Started together, the children wait for one moment after their warm-up, so that
    // their measured seconds overlap (checked below).
    const qint64 start = QDateTime::currentMSecsSinceEpoch() + 2000;
    std::vector<std::unique_ptr<QProcess>> children;
    for (int i = 0; i < m_cores; ++i) {
        auto p = std::make_unique<QProcess>();
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p->start(QCoreApplication::applicationFilePath(),
                 {QStringLiteral("--pipeline-child"), QLatin1String(voice.id), QLatin1String(voice.lang), text.fileName(),
                  QString::number(start), QStringLiteral("3000")});
        children.push_back(std::move(p));
    }
    double audio = 0, cpu = 0;
    qint64 latestStart = 0, earliestEnd = std::numeric_limits<qint64>::max();
    qint64 earliestStart = std::numeric_limits<qint64>::max(), latestEnd = 0;
    for (size_t i = 0; i < children.size(); ++i) {
        QProcess &p = *children[i];
        if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
            *why = QStringLiteral("child %1 %2").arg(i).arg(p.state() != QProcess::NotRunning ? QStringLiteral("did not end within 60 s")
                                                                                               : QStringLiteral("exited with %1").arg(p.exitCode()));
            return std::nullopt;
        }
        const QList<QByteArray> line = p.readAllStandardOutput().trimmed().split('\n').last().split(' ');
        if (line.size() != 5 || line.at(0) != "pipeline-child") {
            *why = QStringLiteral("child %1 printed no figures").arg(i);
            return std::nullopt;
        }
        audio += line.at(1).toDouble();
        cpu += line.at(2).toDouble();
        earliestStart = qMin(earliestStart, line.at(3).toLongLong());
        latestStart = qMax(latestStart, line.at(3).toLongLong());
        earliestEnd = qMin(earliestEnd, line.at(4).toLongLong());
        latestEnd = qMax(latestEnd, line.at(4).toLongLong());
    }
    // A child that began late (a slow warm-up) ran partly alone: the figure would lean
    // towards the solo one, which it is meant to test.
    const double overlap = double(earliestEnd - latestStart) / double(qMax<qint64>(1, latestEnd - earliestStart));
    if (overlap < 0.9) {
        *why = QStringLiteral("the children ran at the same time for only %1% of their seconds").arg(qRound(100 * qMax(0.0, overlap)));
        return std::nullopt;
    }
    if (cpu <= 0) {
        *why = QStringLiteral("no CPU time counted");
        return std::nullopt;
    }
    return audio / cpu;
}

void CapacityBench::memory(qint64 server, qint64 *serverKiB, qint64 *workersKiB, int *workers)
{
    const ProcInfo::Tree tree = ProcInfo::tree();
    *serverKiB = rssKiBOf(server);
    *workersKiB = 0;
    *workers = 0;
    for (qint64 pid : tree.values(server)) {
        *workersKiB += rssKiBOf(pid);
        ++*workers;
        // A worker's espeak-ng zygote (EspeakCall::startZygote) counts with it, and so do
        // the processes it keeps per voice and the calls those forked (a worker's units
        // take turns: a paused unit's call lives on). Those by PSS: copies of the zygote,
        // their RSS counts its pages once per process.
        for (qint64 zygote : tree.values(pid)) {
            *workersKiB += rssKiBOf(zygote);
            for (qint64 below : ProcInfo::descendants(tree, zygote))
                *workersKiB += pssKiBOf(below);
        }
    }
}

void CapacityBench::cpu(double *serverS, double *workersS) const
{
    const qint64 server = m_serverPid;
    const ProcInfo::Tree tree = ProcInfo::tree();
    const auto st = ProcInfo::stat(server);
    *serverS = st ? st->cpuS : 0;
    *workersS = 0;
    for (qint64 pid : tree.values(server))
        *workersS += subtreeCpu(tree, pid); // the worker, its zygote, its voices' processes and calls
}

double CapacityBench::clientsCpuNow() const
{
    return m_inProcess ? 0 : Bench::cpuNow(); // in-process, the listeners' CPU is the server's
}

bool CapacityBench::failing(const Listener &c, bool pastFirstDue) const
{
    return c.underruns() > 0 || c.firstFrameMs() > m_firstLimitMs || (c.firstFrameMs() < 0 && pastFirstDue);
}

void CapacityBench::tally(Round &r, const Listener &c, bool lateWithoutAudio) const
{
    if (c.completed())
        ++r.completed;
    if (c.firstFrameMs() >= 0)
        r.firstMs << c.firstFrameMs();
    // A burst cut short leaves listeners without audio who were not late yet: not counted.
    if (c.firstFrameMs() > m_firstLimitMs || (c.firstFrameMs() < 0 && lateWithoutAudio))
        ++r.slowStarts;
    if (!c.error().isEmpty())
        ++r.errors[c.error()];
    r.underruns += c.underruns();
    r.underrunClients += c.underruns() > 0 ? 1 : 0;
    r.lateMs += c.lateMs();
    r.maxLateMs = qMax(r.maxLateMs, c.lateMs());
    if (c.firstUnderrunAudioS() >= 0) {
        r.underrunAudioS << c.firstUnderrunAudioS();
        r.underrunFirstFrameMs << c.firstFrameMs();
    }
    if (c.firstUnderrunMs() >= 0 && (r.firstUnderrunMs < 0 || c.firstUnderrunMs() < r.firstUnderrunMs)) {
        r.firstUnderrunMs = c.firstUnderrunMs();
        r.firstUnderrunAudioS = c.firstUnderrunAudioS();
        r.firstUnderrunFirstFrameMs = c.firstFrameMs();
    }
}

QString CapacityBench::cpuShares(const Round &r) const
{
    const double share = 100.0 / (qMax(r.wallS, 1e-3) * m_cores);
    return QStringLiteral("%1/%2/%3%").arg(r.cpuServerS * share, 0, 'f', 0).arg(r.cpuWorkersS * share, 0, 'f', 0).arg(r.cpuClientsS * share, 0, 'f', 0);
}

CapacityBench::Round CapacityBench::held(int listeners, double audioS)
{
    Round r;
    const double periodMs = audioS * 1000;
    const double windowMs = m_heldPeriods * periodMs; // no listener arrives after it
    QElapsedTimer wall;
    wall.start();
    QEventLoop loop;
    std::unordered_map<Listener *, double> arrivedMs; // the listeners still connected
    std::vector<double> playingUntil; // listeners with all their audio, until their playback ends (wall ms)
    int due = listeners; // arrivals scheduled, not yet come
    bool stopping = false;
    bool windowOver = false; // the buffers are sampled until then, however soon the last stream ended
    const auto pastFirstDue = [&](double arrived) {
        return double(wall.elapsed()) > arrived + m_firstLimitMs + 500; // + connecting
    };
    const auto stop = [&] {
        stopping = true;
        std::vector<Listener *> left;
        for (const auto &[c, arrived] : arrivedMs)
            left.push_back(c);
        for (Listener *c : left)
            c->abort(); // done() tallies it
        // Arrivals still due find `stopping` set (or, after this returns, their context gone).
        loop.quit();
    };
    std::function<void()> arrive = [&] {
        --due;
        if (stopping)
            return;
        Listener *c = m_newListener();
        arrivedMs[c] = double(wall.elapsed());
        ++r.clients;
        QObject::connect(c, &Listener::done, &loop, [&, c] {
            const double arrived = arrivedMs[c];
            arrivedMs.erase(c);
            tally(r, *c, pastFirstDue(arrived));
            const bool failed = !c->completed() || failing(*c, pastFirstDue(arrived));
            const double left = c->playbackLeftMs();
            c->deleteLater();
            if (stopping)
                return; // stop() quits
            if (failed) { // the round has failed: the rest would only cost time
                r.aborted = true;
                stop();
                return;
            }
            // Its place goes to a newcomer when its playback ends.
            const double now = double(wall.elapsed());
            playingUntil.push_back(now + left);
            if (now + left < windowMs) {
                ++due;
                QTimer::singleShot(qMax(0, int(std::ceil(left))), Qt::PreciseTimer, &loop, arrive);
            } else if (due == 0 && arrivedMs.empty() && windowOver) {
                loop.quit();
            }
        });
        c->start();
    };
    // The audio buffered ahead of all listeners together, over the last stream length: a
    // machine that keeps up holds it level; past what it carries, the buffers drain (by the
    // shortfall, every second) before the first listener runs dry, which can take longer
    // than a round when the first stream length, half loaded, filled them.
    QList<QPointF> leads; // (s, listener-seconds ahead)
    QTimer leadSampler;
    QObject::connect(&leadSampler, &QTimer::timeout, &loop, [&] {
        const double now = double(wall.elapsed());
        // Not after the window: with no newcomers the buffers run down by design.
        if (stopping || now < windowMs - periodMs || now > windowMs)
            return;
        double ahead = 0;
        for (const auto &[c, arrived] : arrivedMs)
            ahead += c->playbackLeftMs();
        playingUntil.erase(std::remove_if(playingUntil.begin(), playingUntil.end(), [now](double end) { return end <= now; }),
                           playingUntil.end());
        for (double end : playingUntil)
            ahead += end - now;
        leads << QPointF(now / 1000, ahead / 1000);
    });
    leadSampler.start(250);
    QList<double> lags;
    QElapsedTimer tick;
    QTimer lag;
    lag.setTimerType(Qt::PreciseTimer);
    QObject::connect(&lag, &QTimer::timeout, &loop, [&] {
        lags << qMax(0.0, double(tick.nsecsElapsed()) / 1e6 - 10);
        tick.start();
    });
    tick.start();
    lag.start(10);
    QTimer check;
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (stopping)
            return;
        for (const auto &[c, arrived] : arrivedMs)
            if (failing(*c, pastFirstDue(arrived))) {
                r.aborted = true;
                stop();
                return;
            }
    });
    check.start(250);
    QTimer limit;
    limit.setSingleShot(true);
    QObject::connect(&limit, &QTimer::timeout, &loop, [&] {
        r.aborted = true;
        stop();
    });
    limit.start(int(windowMs + periodMs) + 20000);
    double server0 = 0, workers0 = 0;
    cpu(&server0, &workers0);
    const double clients0 = clientsCpuNow();
    for (int i = 0; i < listeners; ++i)
        QTimer::singleShot(int(periodMs * i / listeners), Qt::PreciseTimer, &loop, arrive);
    QTimer::singleShot(int(windowMs) + 1, Qt::PreciseTimer, &loop, [&] {
        windowOver = true;
        if (due == 0 && arrivedMs.empty())
            loop.quit();
    });
    loop.exec();
    check.stop();
    lag.stop();
    leadSampler.stop();
    limit.stop();
    // Least squares: listener-seconds ahead gained per second, as a share of the listeners.
    if (leads.size() >= 8) {
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (const QPointF &p : std::as_const(leads)) {
            sx += p.x();
            sy += p.y();
            sxx += p.x() * p.x();
            sxy += p.x() * p.y();
        }
        const double n = double(leads.size());
        const double slope = (n * sxy - sx * sy) / qMax(1e-9, n * sxx - sx * sx);
        r.aheadS = sy / n / qMax(1, listeners);
        r.aheadTrendMsPerS = slope * 1000 / qMax(1, listeners);
    }
    r.clientLagMaxMs = percentile(lags, 1.0);
    r.clientLagP99Ms = percentile(lags, 0.99);
    double server1 = 0, workers1 = 0;
    cpu(&server1, &workers1);
    r.cpuServerS = server1 - server0;
    r.cpuWorkersS = qMax(0.0, workers1 - workers0);
    r.cpuClientsS = clientsCpuNow() - clients0;
    r.wallS = double(wall.elapsed()) / 1000.0;
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    settle(500);
    return r;
}

int CapacityBench::heldSearch(double audioS, int from, double theoretical)
{
    const int budgetS = qEnvironmentVariableIntValue("BENCH_STREAM_CAPACITY_HELD_BUDGET") > 0
                            ? qEnvironmentVariableIntValue("BENCH_STREAM_CAPACITY_HELD_BUDGET")
                            : 900;
    QDeadlineTimer budget(qint64(budgetS) * 1000);
    std::printf("  held (N listening at every moment for %d stream lengths, each replaced when its playback ends; "
                "pass = every stream completed, no underrun, every first frame <= %.0f ms, and over the last stream "
                "length the audio buffered ahead of a listener kept level, falling by at most %.0f ms per second):",
                m_heldPeriods, m_firstLimitMs, -Round::kMinAheadTrendMsPerS);
    Round passed; // the largest round that passed
    const int lo = searchCount("held real-time listeners", from, m_maxStreams, 20, [](int n) { return n * 6 / 5; }, budget,
                               theoretical, [&](int n) {
            const Round r = held(n, audioS);
            const bool pass = r.heldPass();
            QString how = QStringLiteral("%1 streams, first frame p50/p99 %2/%3 ms")
                              .arg(r.clients)
                              .arg(percentile(r.firstMs, 0.5), 0, 'f', 0)
                              .arg(percentile(r.firstMs, 0.99), 0, 'f', 0);
            if (r.aheadTrendMsPerS)
                how += QStringLiteral(", %1 s ahead, %2%3 ms/s")
                           .arg(r.aheadS, 0, 'f', 1)
                           .arg(*r.aheadTrendMsPerS >= 0 ? "+" : "")
                           .arg(*r.aheadTrendMsPerS, 0, 'f', 0);
            if (!r.pass())
                how += QStringLiteral(", %1 underrun, %2 late start, %3")
                           .arg(r.underrunClients)
                           .arg(r.slowStarts)
                           .arg(r.aborted ? QStringLiteral("stopped at %1 s").arg(r.wallS, 0, 'f', 1)
                                          : QStringLiteral("%1 not completed").arg(r.clients - r.completed));
            else if (r.drained())
                how += QStringLiteral(", drained");
            std::printf(" %d %s(%s)[CPU %s]", n, pass ? "ok" : "FAIL", qPrintable(how), qPrintable(cpuShares(r)));
            std::fflush(stdout);
            if (pass)
                passed = r;
            return pass;
        });
    // What the whole machine spent per stream there, beside the solo pipeline's part of it:
    // the theoretical capacity counts only the pipeline, not the server's store, files and
    // sockets, nor the clients, nor what running beside them costs the pipeline itself.
    // At that cost the cores carry at most cores x audio / cost listeners, all of them
    // busy: the held count against that bound is how much of the machine the scheduler
    // turned into listeners, whatever a listener costs.
    if (passed.clients > 0) {
        const double perStreamMs = passed.perClientMs(passed.cpuServerS + passed.cpuWorkersS + passed.cpuClientsS);
        const double soloMs = m_cores * audioS * 1000 / theoretical;
        const double bound = m_cores * audioS * 1000 / perStreamMs;
        std::printf("  CPU per stream at %d held: server %.2f + workers %.2f + clients %.2f = %.2f ms for %.1f s of audio; "
                    "the solo pipeline's %.2f ms are %.0f%% of it; at that cost the cores carry at most %.0f listeners, "
                    "all of them busy: held %d is %.0f%% of that\n",
                    lo, passed.perClientMs(passed.cpuServerS), passed.perClientMs(passed.cpuWorkersS),
                    passed.perClientMs(passed.cpuClientsS), perStreamMs, audioS, soloMs, 100.0 * soloMs / perStreamMs,
                    bound, lo, 100.0 * lo / bound);
    }
    return lo;
}

CapacityBench::Round CapacityBench::players(int clients, int timeoutMs, bool stopAtUnderrun,
                                            bool sampleMemoryToo)
{
    Round r;
    r.clients = clients;
    QElapsedTimer wall;
    wall.start();
    // Client i arrives at arrivalMs(i): all at once, or spread evenly over m_rampMs.
    const auto arrivalMs = [&](size_t i) { return m_rampMs <= 0 ? 0.0 : m_rampMs * double(i) / clients; };
    // A listener without audio this long after it came is a late start (+ connecting).
    const auto startsDue = [&](size_t i) { return double(wall.elapsed()) > arrivalMs(i) + m_firstLimitMs + 500; };
    std::vector<std::unique_ptr<Listener>> list;
    QEventLoop loop;
    int done = 0;
    for (int i = 0; i < clients; ++i) {
        list.push_back(std::unique_ptr<Listener>(m_newListener()));
        QObject::connect(list.back().get(), &Listener::done, &loop, [&] {
            if (++done >= clients)
                loop.quit();
        });
    }
    // Memory is sampled while the streams run (the peak is what an operator provisions
    // for), on a thread of its own: reading /proc for hundreds of processes takes long
    // enough to delay the clients' frames, which would count as underruns.
    std::mutex peakMutex;
    Round peak;
    const qint64 server = m_serverPid;
    const auto sampleMemory = [&] {
        qint64 s = 0, w = 0;
        int n = 0;
        memory(server, &s, &w, &n);
        std::lock_guard lock(peakMutex);
        peak.peakServerKiB = qMax(peak.peakServerKiB, s);
        peak.peakWorkersKiB = qMax(peak.peakWorkersKiB, w);
        peak.peakWorkers = qMax(peak.peakWorkers, n);
    };
    std::condition_variable samplingEnds;
    bool sampling = true; // under peakMutex
    std::thread memorySampler;
    if (sampleMemoryToo)
        memorySampler = std::thread([&] {
            for (;;) {
                sampleMemory();
                std::unique_lock lock(peakMutex);
                if (samplingEnds.wait_for(lock, std::chrono::milliseconds(250), [&] { return !sampling; }))
                    return;
            }
        });
    QTimer sampler;
    QObject::connect(&sampler, &QTimer::timeout, &loop, [&] {
        // A search round has failed at its first underrun or late start: the rest would
        // only cost time.
        if (stopAtUnderrun)
            for (size_t i = 0; i < list.size(); ++i)
                if (failing(*list[i], startsDue(i))) {
                    r.aborted = true;
                    loop.quit();
                    return;
                }
    });
    sampler.start(250);
    QTimer limit;
    limit.setSingleShot(true);
    QObject::connect(&limit, &QTimer::timeout, &loop, [&] {
        r.aborted = true;
        loop.quit();
    });
    limit.start(timeoutMs);
    double server0 = 0, workers0 = 0;
    cpu(&server0, &workers0);
    const double clients0 = clientsCpuNow();
    if (m_rampMs <= 0) {
        for (const auto &c : list)
            c->start(); // all arrive together
    } else {
        for (size_t i = 0; i < list.size(); ++i)
            QTimer::singleShot(int(arrivalMs(i)), Qt::PreciseTimer, list[i].get(), // gone with it
                               [c = list[i].get()] { c->start(); });
    }
    loop.exec(); // sleeps between events: a polling client would take a core from the server
    sampler.stop();
    {
        std::lock_guard lock(peakMutex);
        sampling = false;
    }
    samplingEnds.notify_one();
    if (memorySampler.joinable())
        memorySampler.join();
    double server1 = 0, workers1 = 0;
    cpu(&server1, &workers1);
    r.cpuServerS = server1 - server0;
    r.cpuWorkersS = qMax(0.0, workers1 - workers0); // a worker replaced meanwhile takes its CPU along
    r.cpuClientsS = clientsCpuNow() - clients0;
    if (sampleMemoryToo)
        sampleMemory(); // a burst shorter than the sampling period is seen at least once
    r.peakServerKiB = peak.peakServerKiB;
    r.peakWorkersKiB = peak.peakWorkersKiB;
    r.peakWorkers = peak.peakWorkers;
    for (size_t i = 0; i < list.size(); ++i) {
        list[i]->abort();
        tally(r, *list[i], startsDue(i));
    }
    r.wallS = double(wall.elapsed()) / 1000.0;
    list.clear();
    settle(500); // let the server see the hang-ups before the next burst
    return r;
}

void CapacityBench::runVoice(const Voice &voice)
{
    double audioS = 0;
    const double rtf = pipelineRtf(voice, m_text, &audioS);
    const double theoretical = m_cores * rtf;
    std::printf("\n%s: %.1f s of audio; pipeline %.1fx real time per core (solo synthesis as a worker runs it: this process and its espeak-ng zygote, CPU time) "
                "-> theoretical capacity %d cores x %.1f = %.0f listeners\n",
                voice.label, audioS, rtf, m_cores, rtf, theoretical);
    QString why;
    const std::optional<double> loaded = loadedPipelineRtf(voice, &why);
    if (loaded)
        std::printf("  the pipeline on all %d cores at once: %.1fx real time per core (%.0f%% of solo) -> %.0f listeners\n",
                    m_cores, *loaded, rtf > 0 ? 100.0 * *loaded / rtf : 0.0, m_cores * *loaded);
    else
        std::printf("  the pipeline on all %d cores at once: not measured (%s)\n", m_cores, qPrintable(why));
    // The search's time box starts after the pipeline's figures.
    const int budgetS = qEnvironmentVariableIntValue("BENCH_STREAM_CAPACITY_BUDGET") > 0
                            ? qEnvironmentVariableIntValue("BENCH_STREAM_CAPACITY_BUDGET")
                            : 240;
    QDeadlineTimer budget(qint64(budgetS) * 1000);

    // The cap is set above what the search may reach, so that it is the machine, not the
    // cap, that stops it (BENCH_STREAM_MAX_STREAMS overrides).
    m_maxStreams = qEnvironmentVariableIntValue("BENCH_STREAM_MAX_STREAMS") > 0
                       ? qEnvironmentVariableIntValue("BENCH_STREAM_MAX_STREAMS")
                       : qMax(256, int(theoretical * 1.25));

    // A fresh server per voice, so each voice meets the worker pool as it starts.
    const QString streamWorkers = qEnvironmentVariable("BENCH_STREAM_WORKERS", "2");
    std::unique_ptr<StudioProcess> studio;
    std::unique_ptr<QTemporaryDir> engineDir;
    std::unique_ptr<Engine> engine;
    const auto stopServer = [&] {
        if (engine) {
            engine->endLiveGenerations(5000);
            engine->shutdown(2000);
            engine.reset();
        }
        if (studio)
            studio->stop();
        m_newListener = nullptr;
    };
    if (m_inProcess) {
        engineDir = std::make_unique<QTemporaryDir>(); // bench-stream-XXXXXX in TMPDIR, as the server's
        Engine::Options o;
        o.dataDir = engineDir->path();
        o.workers = 2;
        o.streamWorkers = streamWorkers.toInt();
        o.maxStreams = m_maxStreams;
        o.rateLimitPerMinute = 1000000;
        engine = std::make_unique<Engine>(o);
        const QString error = engine->open();
        if (!error.isEmpty()) {
            std::printf("could not open the engine: %s\n", qPrintable(error));
            return;
        }
        const auto account = engine->accounts().create(QStringLiteral("bench"), QStringLiteral("pro"), 1000000000);
        if (!account) {
            std::printf("could not create the bench's account: %s\n", qPrintable(account.error().detail));
            return;
        }
        engine->startRuntime();
        CreateGeneration request; // as the WebSocket session makes it of StreamBench::requestFor's JSON
        request.speech.text = m_text;
        request.speech.languageCode = QLatin1String(voice.lang);
        request.voiceId = QLatin1String(voice.id);
        const AuthContext auth{account->id, 0, account->plan};
        m_newListener = [live = &engine->live(), auth, request] { return new EngineListener(*live, auth, request); };
        m_serverPid = QCoreApplication::applicationPid();
    } else {
        studio = std::make_unique<StudioProcess>();
        const QString key = studio->createAccountWithKey("bench", {"--credits", "1000000000"});
        if (!studio->start({"--workers", "2", "--stream-workers", streamWorkers, "--rate-limit", "1000000", "--log-level",
                            "warn", "--max-streams", QString::number(m_maxStreams), "--max-connections",
                            QString::number(qMax(4096, 2 * m_maxStreams)), "--max-connections-per-address",
                            QString::number(qMax(4096, 2 * m_maxStreams))})) {
            std::printf("could not start the server\n");
            return;
        }
        const QUrl url(studio->wsUrl(key));
        const QByteArray request = StreamBench::requestFor(m_text, voice.id, voice.lang);
        m_newListener = [url, request] { return new PlayerClient(url, request); };
        m_serverPid = studio->pid();
    }
    settle(1500);
    qint64 s = 0, w = 0;
    int n = 0;
    memory(m_serverPid, &s, &w, &n);
    std::printf("  --max-streams %d; idle: %s RSS %.1f MB, %d workers %.1f MB, total %.1f MB\n", m_maxStreams,
                m_inProcess ? "this process (the engine, the listeners)" : "server", mb(s), n, mb(w), mb(s + w));

    const int roundMs = int(audioS * 1000 * 2) + 20000 + m_rampMs; // the last listener comes m_rampMs late
    players(2, roundMs, false, false); // warm-up

    // BENCH_STREAM_CAPACITY_HELD=N: one held round of N listeners instead of everything else.
    if (const int heldOnly = qEnvironmentVariableIntValue("BENCH_STREAM_CAPACITY_HELD"); heldOnly > 0) {
        const Round r = held(heldOnly, audioS);
        std::printf("  held %d: %s%s; %d streams, %d completed, first frame p50/p99 %.1f/%.1f ms, %d underrun (%.0f ms of "
                    "gaps), %d late start; %.1f s; CPU %s; CPU ms per stream: server %.2f, workers %.2f, clients %.2f; "
                    "over the last stream length %.2f s ahead per listener, changing by %+.0f ms per s\n",
                    heldOnly, r.heldPass() ? "ok" : "FAIL", r.drained() ? " (drained)" : "", r.clients, r.completed, percentile(r.firstMs, 0.5),
                    percentile(r.firstMs, 0.99), r.underrunClients, r.lateMs, r.slowStarts, r.wallS,
                    qPrintable(cpuShares(r)), r.perClientMs(r.cpuServerS), r.perClientMs(r.cpuWorkersS),
                    r.perClientMs(r.cpuClientsS), r.aheadS,
                    r.aheadTrendMsPerS.value_or(qQNaN()));
        std::printf("  %7s first underruns at audio s p10/p50/p90 %.2f/%.2f/%.2f, their listeners' first frames "
                    "p10/p50/p90 %.0f/%.0f/%.0f ms; worst listener %.0f ms of gaps; the clients' loop late by "
                    "p99 %.1f, at most %.1f ms\n",
                    "", percentile(r.underrunAudioS, 0.1), percentile(r.underrunAudioS, 0.5),
                    percentile(r.underrunAudioS, 0.9), percentile(r.underrunFirstFrameMs, 0.1),
                    percentile(r.underrunFirstFrameMs, 0.5), percentile(r.underrunFirstFrameMs, 0.9), r.maxLateMs,
                    r.clientLagP99Ms, r.clientLagMaxMs);
        stopServer();
        return;
    }

    std::printf("  %7s %8s %8s %9s %9s %9s %10s %8s %11s %10s %7s %17s\n", "clients", "p50 ms", "p99 ms", "completed",
                "underrun", "late ms", "server MB", "workers", "workers MB", "total MB", "wall s", "CPU % srv/wrk/cli");
    // BENCH_STREAM_CAPACITY_BURST=N: one burst of N instead of the table and the search
    // (to profile the server and workers while it runs).
    const int only = qEnvironmentVariableIntValue("BENCH_STREAM_CAPACITY_BURST");
    const QList<int> bursts = only > 0 ? QList<int>{only} : QList<int>{1, 10, 50, 200};
    for (int clients : bursts) {
        Round all;
        const int rounds = clients == 1 ? 5 : 1;
        for (int i = 0; i < rounds; ++i) {
            // Time-boxed: time to first frame is known well before the last stream ends.
            const Round r = players(clients, clients >= 200 ? qMin(roundMs, 60000 + m_rampMs) : roundMs, false, true);
            all.clients += r.clients;
            all.completed += r.completed;
            all.underrunClients += r.underrunClients;
            all.lateMs += r.lateMs;
            all.firstMs += r.firstMs;
            all.underrunAudioS += r.underrunAudioS;
            all.underrunFirstFrameMs += r.underrunFirstFrameMs;
            all.slowStarts += r.slowStarts;
            all.peakServerKiB = qMax(all.peakServerKiB, r.peakServerKiB);
            all.peakWorkersKiB = qMax(all.peakWorkersKiB, r.peakWorkersKiB);
            all.peakWorkers = qMax(all.peakWorkers, r.peakWorkers);
            all.wallS += r.wallS;
            all.cpuServerS += r.cpuServerS;
            all.cpuWorkersS += r.cpuWorkersS;
            all.cpuClientsS += r.cpuClientsS;
            for (auto it = r.errors.cbegin(); it != r.errors.cend(); ++it)
                all.errors[it.key()] += it.value();
        }
        const double cpuShare = 100.0 / (qMax(all.wallS, 1e-3) * m_cores);
        std::printf("  %7d %8.1f %8.1f %5d/%-3d %9d %9.0f %10.1f %8d %11.1f %10.1f %7.1f %5.0f/%4.0f/%4.0f\n", clients,
                    percentile(all.firstMs, 0.5), percentile(all.firstMs, 0.99), all.completed, all.clients,
                    all.underrunClients, all.lateMs, mb(all.peakServerKiB), all.peakWorkers, mb(all.peakWorkersKiB),
                    mb(all.peakServerKiB + all.peakWorkersKiB), all.wallS, all.cpuServerS * cpuShare,
                    all.cpuWorkersS * cpuShare, all.cpuClientsS * cpuShare);
        // A stream refused or failed by the server is not an underrun; say why it ended.
        for (auto it = all.errors.cbegin(); it != all.errors.cend(); ++it)
            std::printf("  %7s %d streams ended with error \"%s\"\n", "", it.value(), qPrintable(it.key()));
        // One burst (BENCH_STREAM_CAPACITY_BURST): how it failed, and what a listener cost.
        if (only > 0) {
            std::printf("  %7s first frames after %.0f ms: %d; first underruns at audio s p10/p50/p90 %.2f/%.2f/%.2f, "
                        "their listeners' first frames p10/p50/p90 %.0f/%.0f/%.0f ms\n",
                        "", m_firstLimitMs, all.slowStarts, percentile(all.underrunAudioS, 0.1),
                        percentile(all.underrunAudioS, 0.5), percentile(all.underrunAudioS, 0.9),
                        percentile(all.underrunFirstFrameMs, 0.1), percentile(all.underrunFirstFrameMs, 0.5),
                        percentile(all.underrunFirstFrameMs, 0.9));
            std::printf("  %7s CPU ms per listener: server %.2f, workers %.2f, clients %.2f\n", "",
                        all.perClientMs(all.cpuServerS), all.perClientMs(all.cpuWorkersS),
                        all.perClientMs(all.cpuClientsS));
        }
    }
    std::printf("  (first frame from request sent; underrun = clients with at least one; late ms = gaps heard, "
                "summed; memory = peak RSS while the burst ran (workers with their espeak-ng zygotes, and the calls those forked by PSS); CPU = share of all cores over the burst's wall time: "
                "server, workers with their espeak-ng forks, these player clients with the memory sampler)\n");

    if (only > 0) {
        stopServer();
        return;
    }
    // Zero-underrun listeners: double until a burst fails (an underrun, or a first frame
    // later than m_firstLimitMs), then bisect to within 10%.
    std::printf("  search (pass = every stream completed, no underrun, every first frame <= %.0f ms):", m_firstLimitMs);
    const int lo = searchCount("real-time listeners", 1, m_maxStreams, 10, [](int n) { return n * 2; }, budget, theoretical,
                               [&](int n) {
            const Round r = players(n, roundMs, true, false);
            // A failed burst stops at its first underrun, so its counts are what happened until then.
            const QString why = r.pass() ? QString()
                                         : QStringLiteral("(%1 underrun, %2 late start, worst listener %3 ms of gaps%4%5)")
                                               .arg(r.underrunClients)
                                               .arg(r.slowStarts)
                                               .arg(r.maxLateMs, 0, 'f', 0)
                                               .arg(r.firstUnderrunMs < 0 ? QString()
                                                                          : QStringLiteral("; first at %1 s of audio, %2 ms after its request, first frame at %3 ms")
                                                                                .arg(r.firstUnderrunAudioS, 0, 'f', 2)
                                                                                .arg(r.firstUnderrunMs, 0, 'f', 0)
                                                                                .arg(r.firstUnderrunFirstFrameMs, 0, 'f', 0))
                                               .arg(r.errors.isEmpty() ? QString() : QStringLiteral(", %1 errors").arg(r.errorCount()));
            std::printf(" %d %s%s[CPU %s]", n, r.pass() ? "ok" : "FAIL", qPrintable(why), qPrintable(cpuShares(r)));
            return r.pass();
        });
    const int held = qEnvironmentVariableIsSet("BENCH_STREAM_CAPACITY_NO_HELD") ? -1 : heldSearch(audioS, lo, theoretical);
    stopServer();
    // The solo figure moves with the machine's phase (by a fifth between quarter hours on
    // a shared host): measured again once the server is gone, and the shares are taken
    // against the higher of the two, so that a slow start does not flatter them.
    double audioAgain = 0;
    const double rtfEnd = pipelineRtf(voice, m_text, &audioAgain);
    const double higher = m_cores * qMax(rtf, rtfEnd);
    // The burst and held counts as shares of a capacity (held: none without its search).
    const auto shares = [&](double capacity) {
        QString out = QStringLiteral("burst %1 (%2%)").arg(lo).arg(100.0 * lo / capacity, 0, 'f', 0);
        if (held >= 0)
            out += QStringLiteral(", held %1 (%2%)").arg(held).arg(100.0 * held / capacity, 0, 'f', 0);
        return out;
    };
    std::printf("  pipeline again at the end: %.1fx per core; against the higher theoretical capacity (%.0f): %s\n", rtfEnd,
                higher, qPrintable(shares(higher)));
    const std::optional<double> loadedEnd = loadedPipelineRtf(voice, &why);
    if (!loaded || !loadedEnd) {
        // Shares against one figure only would not be those against the higher of two.
        std::printf("  on all cores at once again at the end: %s; no shares against it\n",
                    loadedEnd ? qPrintable(QStringLiteral("%1x per core").arg(*loadedEnd, 0, 'f', 1))
                              : qPrintable(QStringLiteral("not measured (%1)").arg(why)));
        return;
    }
    const double higherLoaded = m_cores * qMax(*loaded, *loadedEnd);
    std::printf("  on all cores at once again at the end: %.1fx per core; against the higher of the two (%.0f "
                "listeners): %s\n",
                *loadedEnd, higherLoaded, qPrintable(shares(higherLoaded)));
}

void CapacityBench::run()
{
    std::printf("bench-stream --capacity: %lld-character English text, %s (%.0f ms jitter buffer) reading "
                "every stream to the end, %s with 2 file workers, %s stream workers, --max-streams 1.25x the theoretical "
                "capacity (at least 256); %d cores; a burst's listeners arrive %s; "
                "load average at start %s; %s\n",
                qint64(m_text.size()),
                m_inProcess ? "listeners of an engine in this process (no HTTP, WebSocket or client sockets)" : "player clients",
                Listener::kJitterMs, m_inProcess ? "the engine" : "server",
                qPrintable(qEnvironmentVariable("BENCH_STREAM_WORKERS", "2")), m_cores,
                m_rampMs > 0 ? qPrintable(QStringLiteral("evenly over %1 ms").arg(m_rampMs)) : "together",
                qPrintable(loadAverage()), qPrintable(roomForData()));
    const Voice voices[] = {{"espeak-ng (ef_dora, es)", "ef_dora", "e"}, {"flite slt (af_sarah)", "af_sarah", ""}};
    // BENCH_STREAM_CAPACITY_VOICE: only the voices whose label contains it ("flite", "espeak").
    const QString only = qEnvironmentVariable("BENCH_STREAM_CAPACITY_VOICE");
    for (const Voice &v : voices)
        if (only.isEmpty() || QString::fromLatin1(v.label).contains(only, Qt::CaseInsensitive))
            runVoice(v);
    std::printf("\nload average at end %s; %s\n", qPrintable(loadAverage()), qPrintable(roomForData()));
}
