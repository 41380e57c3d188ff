#pragma once

#include "serviceerror.h"
#include "voiceanalysis.h"

#include <QAtomicInt>
#include <QHash>
#include <QPointer>
#include <QObject>
#include <QThreadPool>

#include <functional>
#include <optional>

// The threads voice analyses run on: reading and measuring a reference recording, and
// measuring a base voice, which waits (up to 60 s) for a synthesis worker. They have
// threads of their own so that a burst of custom-voice uploads never holds the store
// pool, which every HTTP handler and studio page needs for a moment.
//
// Bounded: a few analyses run at once and a few more wait; beyond that submit() refuses
// at once (Unavailable with Retry-After) instead of letting a queue grow without end.
//
// Results come back through runOnStore() with the service itself as home, on the thread
// the service lives on (the Engine's: the server or GUI thread). stop() (also run by the
// destructor) drops what waits and waits for what runs, so no result is ever posted to a
// home that is gone. Stop it before the worker pools an analysis may be waiting on go.
class VoiceAnalysisService : public QObject
{
    Q_OBJECT

public:
    // Analyses mostly wait for a worker, and workers are one per core: two at a time
    // keep them busy without starving queued generations.
    static constexpr int kDefaultThreads = 2;
    // About a minute of backlog when every analysis has to synthesize its base voice.
    static constexpr int kDefaultMaxWaiting = 8;
    static constexpr int kRetryAfterSeconds = 5;

    using Job = std::function<Result<VoiceAnalysis::Match>()>;
    using Done = std::function<void(const Result<VoiceAnalysis::Match> &)>;

    explicit VoiceAnalysisService(int threads = kDefaultThreads, int maxWaiting = kDefaultMaxWaiting,
                                  QObject *parent = nullptr);
    ~VoiceAnalysisService() override;

    // Runs job() on an analysis thread, then done(result) on this service's thread unless
    // guard has been deleted meanwhile. When maxWaiting analyses already wait for a
    // thread, nothing is queued and the refusal is returned (done is never called).
    std::optional<ServiceError> submit(QObject *guard, Job job, Done done);
    // The program is ending: every analysis not yet answered is answered now, on this
    // thread, Unavailable (shutting down, Retry-After), so its client hears back while
    // the event loop still runs; what waits will not run and what runs is not reported.
    // Later submissions are refused. Returns how many were answered.
    int beginShutdown();
    // Drops the analyses that wait (their guards never hear back) and waits for those
    // that run; later submissions are refused. For the end of the program, before the
    // worker pools go.
    void stop();

    int threads() const { return m_pool.maxThreadCount(); }
    int maxWaiting() const { return m_maxWaiting; }
    // Submitted and not finished (running or waiting).
    int pending() const { return m_pending.loadRelaxed(); }

private:
    // A submission until its result is delivered (or it is answered at shutdown).
    struct Open
    {
        QPointer<QObject> guard;
        Done done;
    };
    void deliver(quint64 id, const Result<VoiceAnalysis::Match> &result);

    QThreadPool m_pool;
    QHash<quint64, Open> m_open; // touched on this service's thread only
    quint64 m_nextId = 0;
    QAtomicInt m_pending;
    QAtomicInt m_stopped;
    int m_maxWaiting;
};
