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

std::optional<ServiceError> VoiceAnalysisService::submit(QObject *guard, Job job, Done done)
{
    // Counted from submission to the end of the job rather than by what the pool says is
    // queued: a job just handed to an idle thread is not waiting, and a burst must not be
    // refused for the moment a thread takes to pick it up.
    if (m_stopped.loadAcquire())
        return ServiceError::make(ServiceError::Kind::Unavailable, QStringLiteral("The server is shutting down."));
    const int capacity = m_pool.maxThreadCount() + m_maxWaiting;
    if (m_pending.fetchAndAddOrdered(1) >= capacity) {
        m_pending.fetchAndSubOrdered(1);
        ServiceError e = ServiceError::make(ServiceError::Kind::Unavailable,
                                            QStringLiteral("Too many voice analyses are waiting. Please retry shortly."));
        e.retryAfterSeconds = kRetryAfterSeconds;
        return e;
    }
    runOnStore(&m_pool, this, guard, [this, job = std::move(job)] {
        auto result = job();
        m_pending.fetchAndSubOrdered(1);
        return result;
    }, std::move(done));
    return std::nullopt;
}
