#include "voiceanalysisservice.h"

#include "storetask.h"

VoiceAnalysisService::VoiceAnalysisService(int threads, int maxWaiting, QObject *parent)
    : QObject(parent)
    , m_maxWaiting(qMax(0, maxWaiting))
{
    m_pool.setObjectName(QStringLiteral("voice-analysis"));
    m_pool.setMaxThreadCount(qMax(1, threads));
}

VoiceAnalysisService::~VoiceAnalysisService()
{
    stop();
}

void VoiceAnalysisService::stop()
{
    m_stopped.storeRelease(1);
    // What has not started is dropped: the program is ending. What runs finishes; its
    // result is posted to this object, which still exists, and goes with it.
    m_pool.clear();
    m_pool.waitForDone();
}

namespace
{
ServiceError shuttingDown()
{
    ServiceError e = ServiceError::make(ServiceError::Kind::Unavailable, QStringLiteral("The server is shutting down."));
    e.retryAfterSeconds = VoiceAnalysisService::kRetryAfterSeconds;
    return e;
}
}

int VoiceAnalysisService::beginShutdown()
{
    m_stopped.storeRelease(1);
    int answered = 0;
    for (Open &o : std::exchange(m_open, {})) {
        if (o.guard) {
            o.done(shuttingDown());
            ++answered;
        }
    }
    return answered;
}

void VoiceAnalysisService::deliver(quint64 id, const Result<VoiceAnalysis::Match> &result)
{
    const Open o = m_open.take(id);
    if (o.guard) // absent when answered at shutdown, null when its asker is gone
        o.done(result);
}

std::optional<ServiceError> VoiceAnalysisService::submit(QObject *guard, Job job, Done done)
{
    // Counted from submission to the end of the job rather than by what the pool says is
    // queued: a job just handed to an idle thread is not waiting, and a burst must not be
    // refused for the moment a thread takes to pick it up.
    if (m_stopped.loadAcquire())
        return shuttingDown();
    const int capacity = m_pool.maxThreadCount() + m_maxWaiting;
    if (m_pending.fetchAndAddOrdered(1) >= capacity) {
        m_pending.fetchAndSubOrdered(1);
        ServiceError e = ServiceError::make(ServiceError::Kind::Unavailable,
                                            QStringLiteral("Too many voice analyses are waiting. Please retry shortly."));
        e.retryAfterSeconds = kRetryAfterSeconds;
        return e;
    }
    const quint64 id = ++m_nextId;
    m_open.insert(id, {guard, std::move(done)});
    runOnStore(&m_pool, this, this, [this, job = std::move(job)] {
        // Answered already if the program began to end while it waited.
        auto result = m_stopped.loadAcquire() ? Result<VoiceAnalysis::Match>(shuttingDown()) : job();
        m_pending.fetchAndSubOrdered(1);
        return result;
    }, [this, id](const Result<VoiceAnalysis::Match> &result) { deliver(id, result); });
    return std::nullopt;
}
