#pragma once

#include "synthesisjob.h"
#include "synthesistask.h"
#include "workerset.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QQueue>
#include <QTimer>

class WorkerProcess;
namespace WorkerProtocol { struct Frame; }

// Warm synthesis worker processes (tts-worker) and a queue of tasks for them.
// A worker that crashes or hangs fails or retries only its own task; the pool
// replaces it and the host process carries on.
class WorkerPool : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        int workers = 0;               // 0: one per core
        // Above workers: when tasks have waited growAfterMs for a worker, the pool grows
        // (up to maxWorkers), and lets extras go after idleRetireMs without work.
        // Otherwise the pool keeps a fixed size.
        int maxWorkers = 0;
        int growAfterMs = 50;
        int idleRetireMs = 60000;
        QString workerProgram;         // empty: tts-worker beside this executable
        int inactivityTimeoutMs = 30000;
        int maxAttempts = 2;           // a task is tried again once after a crash
    };

    explicit WorkerPool(Options options, QObject *parent = nullptr);
    ~WorkerPool() override;

    // A running task asked to stop() gets this long to answer before its worker is killed.
    static constexpr int kStopGraceMs = 50;
    // A task asked to finishEarly() gets longer: its worker finishes the sentence's chunk
    // and the file (MP3 flush, WAV header) before it answers.
    static constexpr int kFinishGraceMs = 3000;

    static QString defaultWorkerProgram();

    SynthesisTask *submit(const SynthesisJob &job);
    // From any thread, for callers that want no round trip through the pool's thread:
    // newTask() builds a task on the calling thread (connect to it there, then touch it
    // only on the pool's thread), post() hands it to the pool, which dispatches at once.
    SynthesisTask *newTask(const SynthesisJob &job);
    void post(SynthesisTask *task);
    int workerCount() const { return m_workers.size(); }
    int readyWorkers() const;
    int busyWorkers() const;
    int queuedTasks() const { return int(m_queue.size()); }
    QList<qint64> workerPids() const;
    // Waits (running the event loop) until every worker is warm; for tests and benchmarks.
    bool waitUntilReady(int timeoutMs);

signals:
    void workerReady();

private:
    friend class SynthesisTask;
    void cancel(SynthesisTask *task);
    void stop(SynthesisTask *task);
    void finishEarly(SynthesisTask *task);
    void credit(SynthesisTask *task, qint64 bytes);

    static Options normalized(Options options);
    void dispatch();
    void assignTasks();
    void grow();
    void retireIdle();
    void onFrame(WorkerProcess *worker, const WorkerProtocol::Frame &frame);
    void onDied(WorkerProcess *worker);
    void failQueued(); // no worker can start
    void finishTask(SynthesisTask *task, bool ok, const QString &message);
    WorkerProcess *workerOf(SynthesisTask *task) const;

    Options m_options;
    WorkerSet m_workers;
    QQueue<QPointer<SynthesisTask>> m_queue;
    QTimer m_retireTimer;
    QTimer m_growTimer;
};
