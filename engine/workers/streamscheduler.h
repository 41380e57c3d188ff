#pragma once

#include "streamtask.h"
#include "workerloop.h"
#include "workerset.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QThreadPool>

#include <functional>

class WorkerProcess;

// Synthesis for live streams on a fixed set of warm worker processes, however many
// streams run: each stream's text goes unit by unit (a few words first, then sentences).
// Units are handed to the worker holding the fewest, stream by stream in the order of
// their playback deadlines (when the listener runs out of audio; a stream without audio
// yet is due since it arrived); a worker holds up to kFirstUnitsPerWorker new streams'
// first units and heard streams' next units up to kUnitsPerWorker in all, and runs them
// by turns, chunk by chunk, the one due first going on (WorkerLoop): a new stream's first
// words come out between two chunks of the others' sentences instead of after them. A
// stream whose consumer does not read gets no unit until it does, so it neither holds a
// worker nor delays the others. Workers stay isolated processes: one that crashes
// affects only the streams whose units it held (a unit is retried on another worker if
// none of its audio had gone out, else its stream fails); it is replaced.
// Lives on the engine thread.
class StreamScheduler : public QObject
{
    Q_OBJECT

public:
    // New streams' first units a worker holds (the units run there by turns, each on a
    // thread of its own, paused between chunks): an admission throttle for a burst of
    // arrivals (256 or 512 let more newcomers' first words in ahead of the streams just
    // started, whose listeners then ran dry). A heard stream's next unit is handed out
    // up to the larger bound on all units: held back at 128 with the first units, it
    // waited behind units of streams with seconds of audio buffered (the worker runs
    // them by due time, but it never saw the one due first) and its listener ran dry at
    // a unit's end. A unit costs nothing but its job until it begins; a begun espeak-ng
    // unit holds a thread and a stopped call process until it ends, so kUnitsPerWorker
    // bounds those (it binds only past what two cores carry). A stream has one unit out.
    static constexpr int kFirstUnitsPerWorker = 128;
    static constexpr int kUnitsPerWorker = 512;

    struct Options
    {
        int workers = 2;
        QString workerProgram; // empty: tts-worker beside this executable
        int inactivityTimeoutMs = 30000;
        int firstUnitsPerWorker = kFirstUnitsPerWorker;
    };

    explicit StreamScheduler(Options options, QObject *parent = nullptr);
    ~StreamScheduler() override;

    // A running unit asked to stop gets this long to answer before its worker is killed.
    static constexpr int kStopGraceMs = 50;
    // One asked to finish early gets longer (it finishes its chunk).
    static constexpr int kFinishGraceMs = 3000;
    // A unit is tried again once after its worker crashed, if none of its audio went out.
    static constexpr int kMaxAttempts = 2;
    // A new stream's first audio is due this long after it came: its first words go ahead
    // of running streams with more audio than that ahead of their listeners, and after
    // those with less (here and in the worker, which runs the units it holds by the same
    // due times). First words that went ahead of every running stream left a burst's first
    // listeners silent after their first 40 ms while 255 others started. Measured
    // (bench-stream --capacity, 2 cores): 100, 250 and "first words always first" gave
    // 224, 272 and 152 espeak-ng listeners without an underrun, first frame p99 at 50
    // listeners 86, 92 and 78 ms.
    static constexpr qint64 kFirstAudioDueMs = 250;
    // Once its first audio is late, a new stream's first unit counts as due this long
    // after it came in the worker that holds it: the listeners already heard whose audio
    // runs out before then go first (a gap in what a listener hears is worse than a
    // longer wait for the first word). While every newcomer was due 250 ms after it
    // came, a burst beyond what the cores carry left every listener dry at once: the
    // newcomers, all late, went ahead of the listeners just started, whose first units
    // then ended with nothing after them. 0.8 s leaves a newcomer's first frame within
    // a second of its request (the handshake and its row come first). Newcomers waiting
    // here for a first-unit place go in the order they came.
    static constexpr qint64 kFirstAudioLimitMs = kFirstAudioDueMs + kWorkerLateFirstAudioMs;

    // From any thread: newTask() builds a stream's task on the calling thread (connect to
    // it there, then touch it only on the scheduler's thread), post() hands it over.
    StreamTask *newTask(const SynthesisJob &job);
    void post(StreamTask *task);

    int workerCount() const { return m_workers.size(); }
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
    // Runs work on the scheduler's file thread, then what it returns (when set) on this
    // thread. One thread: work runs in the order it was handed over.
    void onFileThread(std::function<std::function<void()>()> work);
    // The same on the sync threads, for closing a finished stream's file (it syncs to
    // disk): a burst's streams end together, and their syncs one after another on the
    // file thread held up every running stream's writes (and their bytes in memory).
    void onSyncThread(std::function<std::function<void()>()> work);
    void runThenHere(QThreadPool &pool, std::function<std::function<void()>()> work);
    // Sends a Stop or Finish to the worker holding task's unit. The worker of a unit that
    // has begun is killed if it has not answered after graceMs; false when the unit had
    // not begun (nothing of it runs: the task may end at once, the worker answers it).
    bool signalUnit(StreamTask *task, WorkerProtocol::Type type, int graceMs);
    static Options normalized(Options options);
    void onFrame(WorkerProcess *worker, const WorkerProtocol::Frame &frame);
    void onDied(WorkerProcess *worker);
    void failAll(); // no worker can start

    Options m_options;
    WorkerSet m_workers;
    // A unit handed to a worker, until its Done or Error: the task may go before that.
    struct Unit
    {
        quint32 tag = 0;
        QPointer<StreamTask> task;
        bool first = false; // a new stream's first unit (Options::firstUnitsPerWorker)
    };
    static int firstUnits(const QList<Unit> &units);
    static qsizetype indexOf(const QList<Unit> &units, quint32 tag);
    static bool holds(const QList<Unit> &units, quint32 tag);
    // The units each worker holds, in the order they were handed over. Busy workers only.
    QHash<WorkerProcess *, QList<Unit>> m_units;
    // Whose frames a worker is sending: the tag its last Turn frame named.
    QHash<WorkerProcess *, quint32> m_current;
    quint32 m_lastTag = 0; // SynthesisJob::tag of the last unit handed out
    QList<QPointer<StreamTask>> m_tasks;
    QElapsedTimer m_clock;
    QThreadPool m_files; // creates, writes and removes streams' files, one at a time
    QThreadPool m_syncs; // closes (and syncs) finished streams' files
};
