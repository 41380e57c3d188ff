#include "synthesistask.h"

#include "workerpool.h"
#include "workerprotocol.h"

// No parent yet: WorkerPool::newTask() may build it on another thread.
SynthesisTask::SynthesisTask(WorkerPool *pool, SynthesisJob job)
    : m_pool(pool)
    , m_job(std::move(job))
{
}

void SynthesisTask::cancel()
{
    if (!m_done)
        m_pool->cancel(this);
}

void SynthesisTask::stop()
{
    if (!m_done)
        m_pool->stop(this);
}

void SynthesisTask::finishEarly()
{
    if (!m_done)
        m_pool->finishEarly(this);
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
