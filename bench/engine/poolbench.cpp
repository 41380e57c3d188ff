#include "poolbench.h"

#include "workerpool.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QPointer>
#include <QThread>
#include <QTimer>

#include <unistd.h>

using namespace Bench;

namespace
{
double ticksToSeconds(qint64 ticks)
{
    static const long hz = sysconf(_SC_CLK_TCK);
    return double(ticks) / double(hz > 0 ? hz : 100);
}

// utime + stime of one process, in clock ticks.
qint64 processTicks(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QByteArray s = f.readAll();
    const int close = s.lastIndexOf(')');
    if (close < 0)
        return 0;
    // Fields after "(comm)": state is field 3; utime and stime are fields 14 and 15.
    const QList<QByteArray> fields = s.mid(close + 2).split(' ');
    if (fields.size() < 13)
        return 0;
    return fields.at(11).toLongLong() + fields.at(12).toLongLong();
}

// Busy ticks of the whole machine (all CPUs), from /proc/stat.
qint64 machineBusyTicks()
{
    QFile f(QStringLiteral("/proc/stat"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = f.readLine().simplified().split(' ');
    // cpu user nice system idle iowait irq softirq steal ...
    qint64 busy = 0;
    for (int i = 1; i < fields.size() && i <= 8; ++i)
        if (i != 4 && i != 5)
            busy += fields.at(i).toLongLong();
    return busy;
}

qint64 workersTicks(const WorkerPool &pool)
{
    qint64 t = 0;
    for (qint64 pid : pool.workerPids())
        t += processTicks(pid);
    return t;
}

SynthesisJob jobFor(const PoolBench::Batch &batch, const QString &text, int index)
{
    SynthesisJob job;
    job.params.text = text;
    if (batch.voice.isEspeak()) {
        job.params.backend = SpeechBackendKind::Espeak;
        job.params.espeakVoice = batch.voice.voice;
    } else {
        job.params.backend = SpeechBackendKind::Flite;
        job.params.fliteVoice = batch.voice.voice;
    }
    job.format = AudioFormat::Wav;
    job.outputPath = tempPath(QStringLiteral("pool-%1.wav").arg(index));
    return job;
}
}

QList<PoolBench::BatchResult> PoolBench::run(const QString &text, const QList<Batch> &batches,
                                             const QList<int> &workerCounts,
                                             const std::function<void(const QString &)> &log)
{
    QList<BatchResult> results;
    double waitBudget = 15.0;
    // Busy CPU cores of other processes over a short window.
    auto otherLoad = [](double seconds) {
        const qint64 m0 = machineBusyTicks();
        const double h0 = cpuNow();
        QThread::msleep(qulonglong(seconds * 1000));
        return qMax(0.0, ticksToSeconds(machineBusyTicks() - m0) - (cpuNow() - h0)) / seconds;
    };
    auto waitForQuiet = [&](const QString &what) {
        double load = otherLoad(0.5);
        double waited = 0.5;
        while (load > 0.25 && waitBudget > 0) {
            load = otherLoad(1.0);
            waited += 1.0;
            waitBudget -= 1.0;
        }
        if (load > 0.25)
            log(QStringLiteral("   note: other processes still keep %1 cores busy before %2").arg(load, 0, 'f', 2).arg(what));
        else if (waited > 1.0)
            log(QStringLiteral("   (waited %1 s for the machine to quieten before %2)").arg(waited, 0, 'f', 0).arg(what));
    };
    for (int workers : workerCounts) {
        WorkerPool::Options options;
        options.workers = workers;
        options.inactivityTimeoutMs = 120000;
        WorkerPool pool(options);
        const bool ready = pool.waitUntilReady(30000);
        for (const Batch &batch : batches) {
            BatchResult r;
            r.label = batch.label;
            r.workers = workers;
            r.jobs = batch.jobs;
            if (!ready) {
                r.error = QStringLiteral("workers did not become ready (%1)").arg(WorkerPool::defaultWorkerProgram());
                results << r;
                continue;
            }
            std::vector<double> wall, workerCpu, hostCpu, otherCpu, busy;
            for (int rep = 0; rep < batch.repeats; ++rep) {
                if (rep == 0)
                    waitForQuiet(QStringLiteral("%1 x%2, %3 worker(s)").arg(batch.label).arg(batch.jobs).arg(workers));
                int done = 0;
                qint64 samples = 0;
                QEventLoop loop;
                QTimer timeout;
                timeout.setSingleShot(true);
                QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
                const qint64 w0 = workersTicks(pool);
                const qint64 m0 = machineBusyTicks();
                const double h0 = cpuNow();
                const double t0 = wallNow();
                std::vector<double> startedAt(size_t(batch.jobs), -1.0);
                double busySum = 0;
                for (int i = 0; i < batch.jobs; ++i) {
                    SynthesisTask *task = pool.submit(jobFor(batch, text, i));
                    QObject::connect(task, &SynthesisTask::started, &loop, [&startedAt, i] { startedAt[size_t(i)] = wallNow(); });
                    QObject::connect(task, &SynthesisTask::finished, &loop, [&, i](qint64 n) {
                        if (startedAt[size_t(i)] > 0)
                            busySum += wallNow() - startedAt[size_t(i)];
                        samples += n;
                        if (++done == batch.jobs)
                            loop.quit();
                    });
                    QObject::connect(task, &SynthesisTask::failed, &loop, [&](const QString &message) {
                        ++r.failed;
                        r.error = message;
                        if (++done == batch.jobs)
                            loop.quit();
                    });
                }
                timeout.start(180000);
                loop.exec();
                const double t1 = wallNow();
                const double h1 = cpuNow();
                const qint64 m1 = machineBusyTicks();
                const qint64 w1 = workersTicks(pool);
                if (done < batch.jobs) {
                    r.error = QStringLiteral("timed out");
                    break;
                }
                wall.push_back(t1 - t0);
                workerCpu.push_back(ticksToSeconds(w1 - w0));
                hostCpu.push_back(h1 - h0);
                busy.push_back(busySum);
                otherCpu.push_back(qMax(0.0, ticksToSeconds(m1 - m0) - ticksToSeconds(w1 - w0) - (h1 - h0)));
                r.audioSeconds = double(samples) / kOutRate;
            }
            r.wallSeconds = median(wall);
            r.workerCpu = median(workerCpu);
            r.hostCpu = median(hostCpu);
            r.otherCpu = median(otherCpu);
            r.busySeconds = median(busy);
            results << r;
        }
    }
    return results;
}
