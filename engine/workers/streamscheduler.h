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
// first (earliest playback deadline; a stream without audio yet is due at once). A
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

    // From any thread: newTask() builds a stream's task on the calling thread (connect to
    // it there, then touch it only on the scheduler's thread), post() hands it over.
    StreamTask *newTask(const SynthesisJob &job);
    void post(StreamTask *task);

    int workerCount() const { return int(m_workers.size()); }
    int readyWorkers() const;
    int busyWorkers() const;
    int activeStreams() const;
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
    // Sends a Stop or Finish to the worker running task's unit; kills it after graceMs.
    void signalUnit(StreamTask *task, WorkerProtocol::Type type, int graceMs);
    WorkerProcess *spawn();
    void onFrame(WorkerProcess *worker, const WorkerProtocol::Frame &frame);
    void onDied(WorkerProcess *worker);

    Options m_options;
    QList<WorkerProcess *> m_workers;
    QHash<WorkerProcess *, QPointer<StreamTask>> m_units; // the busy workers and whose unit they run
    QList<QPointer<StreamTask>> m_tasks;
    QElapsedTimer m_clock;
    int m_recentDeaths = 0;
    QThreadPool m_files; // closes (and syncs) finished streams' files
};
