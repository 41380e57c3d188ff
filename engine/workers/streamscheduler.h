#pragma once

#include "streamtask.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QThreadPool>

#include <functional>

class WorkerProcess;

// Synthesis for live streams on a fixed set of warm worker processes, however many
// streams run: each stream's text goes unit by unit (a sentence), and whenever a worker
// is free it takes the next unit of the stream whose listener will run out of audio
// first (earliest playback deadline; a stream without audio yet is due at once); a busy
// worker is also handed the unit it runs next (idle workers first). A
// stream whose consumer does not read gets no unit until it does, so it neither holds a
// worker nor delays the others. Workers stay isolated processes: one that crashes
// affects only the stream whose unit it was running (that unit is retried on another
// worker if none of its audio had gone out, else the stream fails); it is replaced.
// Lives on the engine thread.
class StreamScheduler : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        int workers = 2;
        QString workerProgram; // empty: tts-worker beside this executable
        int inactivityTimeoutMs = 30000;
    };

    explicit StreamScheduler(Options options, QObject *parent = nullptr);
    ~StreamScheduler() override;

    // A running unit asked to stop gets this long to answer before its worker is killed.
    static constexpr int kStopGraceMs = 50;
    // One asked to finish early gets longer (it finishes its chunk).
    static constexpr int kFinishGraceMs = 3000;
    // A unit is tried again once after its worker crashed, if none of its audio went out.
    static constexpr int kMaxAttempts = 2;
    // Units a worker holds: the running one and the next. Between two units a worker
    // otherwise waited ~0.3 ms for this thread, ~10 % of a short first unit.
    static constexpr int kUnitsPerWorker = 2;

    // From any thread: newTask() builds a stream's task on the calling thread (connect to
    // it there, then touch it only on the scheduler's thread), post() hands it over.
    StreamTask *newTask(const SynthesisJob &job);
    void post(StreamTask *task);

    int workerCount() const { return int(m_workers.size()); }
    int readyWorkers() const;
    int busyWorkers() const;
    int activeStreams() const;
    // Units handed to workers: running, and waiting in a worker for their turn.
    int heldUnits() const;
    QList<qint64> workerPids() const;
    // Waits (running the event loop) until every worker is warm; for tests and benchmarks.
    bool waitUntilReady(int timeoutMs);

private:
    friend class StreamTask;
    qint64 clockMs() const { return m_clock.elapsed(); }
    // Gives free workers the units due first.
    void dispatch();
    // Runs work on the scheduler's file thread, then what it returns on this thread.
    void closeFile(std::function<std::function<void()>()> work);
    // Sends a Stop or Finish to the worker holding task's unit. A running unit's worker is
    // killed if it has not answered after graceMs; false when the unit was only waiting
    // (nothing of it runs: the task may end at once, the worker answers in its turn).
    bool signalUnit(StreamTask *task, WorkerProtocol::Type type, int graceMs);
    WorkerProcess *spawn();
    void onFrame(WorkerProcess *worker, const WorkerProtocol::Frame &frame);
    void onDied(WorkerProcess *worker);

    Options m_options;
    QList<WorkerProcess *> m_workers;
    // A worker's units, in the order it runs them: the first is running, the one after it
    // waits in the worker (handed over early, so that the worker goes on without a trip
    // through this thread). Busy workers only.
    QHash<WorkerProcess *, QList<QPointer<StreamTask>>> m_units;
    quint32 m_lastTag = 0; // SynthesisJob::tag of the last unit handed out
    QList<QPointer<StreamTask>> m_tasks;
    QElapsedTimer m_clock;
    int m_recentDeaths = 0;
    QThreadPool m_files; // closes (and syncs) finished streams' files
};
