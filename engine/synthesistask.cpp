#include "synthesistask.h"

#include "workerpool.h"
#include "workerprotocol.h"

SynthesisTask::SynthesisTask(WorkerPool *pool, SynthesisJob job)
    : QObject(pool)
    , m_pool(pool)
    , m_job(std::move(job))
{
}

void SynthesisTask::cancel()
{
    if (!m_done)
        m_pool->cancel(this);
}

bool SynthesisTask::isWaitingForCredit() const
{
    return m_outstanding >= qint64(WorkerProtocol::kAudioWindowBytes);
}

void SynthesisTask::credit(qint64 bytes)
{
    if (!m_done && bytes > 0)
        m_pool->credit(this, bytes);
}
