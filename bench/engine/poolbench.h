#pragma once

#include "benchutil.h"

#include <functional>

// Multi-process throughput: the same batch of jobs through a WorkerPool of 1 and of
// 2 warm tts-worker processes, audio seconds per wall second. Needs an event loop
// (QCoreApplication) and tts-worker beside this executable.
namespace PoolBench
{
struct BatchResult
{
    QString label;
    int workers = 0;
    int jobs = 0;
    int failed = 0;
    double wallSeconds = 0;   // median over repeats
    double audioSeconds = 0;  // per batch
    double workerCpu = 0;     // CPU seconds of the workers during the batch (median)
    double hostCpu = 0;       // CPU seconds of this process during the batch (median)
    double otherCpu = 0;      // CPU seconds of everything else on the machine (median)
    double busySeconds = 0;   // sum over jobs of started -> finished wall time (median)
    QString error;
};

struct Batch
{
    QString label;
    Bench::VoiceSpec voice;
    int jobs = 8;
    int repeats = 1;
};

// Runs every batch with each worker count; results in the order workers x batches.
// Before each batch, waits a little (at most ~15 s in all) for other processes on the
// machine to quieten down, since wall-time figures depend on them; log reports that.
QList<BatchResult> run(const QString &text, const QList<Batch> &batches, const QList<int> &workerCounts,
                       const std::function<void(const QString &)> &log);
}
