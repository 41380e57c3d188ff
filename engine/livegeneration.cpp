#include "livegeneration.h"

#include "engine.h"
#include "storetask.h"
#include "synthesistask.h"
#include "workerpool.h"

#include <QAtomicInt>
#include <QFile>
#include <QJsonDocument>

namespace
{
QAtomicInt g_active;
}

int LiveGeneration::activeCount()
{
    return g_active.loadRelaxed();
}

LiveGeneration::LiveGeneration(Engine &engine, const AuthContext &auth, const CreateGeneration &request, QObject *parent)
    : QObject(parent)
    , m_engine(engine)
    , m_auth(auth)
    , m_request(request)
{
    m_request.streamed = true;
}

void LiveGeneration::start()
{
    m_sinceStart.start();
    // Time to first audio is measured where the audio arrives (engine metrics).
    connect(this, &LiveGeneration::audio, this, [this] {
        if (!m_firstAudio) {
            m_firstAudio = true;
            m_engine.metrics().recordTimeToFirstAudio(double(m_sinceStart.nsecsElapsed()) / 1e9);
        }
    });
    if (g_active.fetchAndAddRelaxed(1) >= m_engine.options().maxStreams) {
        g_active.fetchAndSubRelaxed(1);
        ServiceError e = ServiceError::make(ServiceError::Kind::Unavailable,
                                            QStringLiteral("Too many concurrent streams. Please retry shortly."));
        e.retryAfterSeconds = 1;
        QMetaObject::invokeMethod(this, [this, e] { emit rejected(e); }, Qt::QueuedConnection);
        return;
    }
    m_active = true;
    GenerationService *gens = &m_engine.generations();
    const AuthContext auth = m_auth;
    const CreateGeneration req = m_request;
    runOnStore(m_engine.storePool(), &m_engine, this, [gens, auth, req]() -> Result<Generation> {
        // A streamed generation is created already GENERATING: one transaction.
        auto created = gens->create(auth, req);
        if (!created)
            return created.error();
        return created->generation;
    }, [this](const Result<Generation> &r) {
        if (!r) {
            m_active = false;
            g_active.fetchAndSubRelaxed(1);
            if (m_abandoned)
                deleteLater();
            else
                emit rejected(r.error());
            return;
        }
        m_generation = *r;
        if (m_abandoned) { // client left while the row was being written
            finishStore(false, m_abandonReason);
            return;
        }
        emit started(m_generation);
        submit();
    });
}

void LiveGeneration::submit()
{
    const auto params = SynthesisParams::fromJson(QJsonDocument::fromJson(m_generation.synthesis).object());
    SynthesisJob job;
    job.params = params.value_or(SynthesisParams{});
    job.format = AudioFormats::parse(m_generation.audioFormat).value_or(AudioFormat::Wav);
    job.stream = true;
    job.streamFormat = m_streamFormat;
    m_finalPath = m_engine.generations().audioPathFor(m_generation.id, m_generation.audioFormat);
    job.outputPath = m_finalPath + QStringLiteral(".part");
    m_attaching = true;
    WorkerPool *pool = m_engine.streamPool();
    // This object stays alive until attach() runs (abandon() defers deletion), so the
    // engine thread may connect to it safely.
    QMetaObject::invokeMethod(pool, [this, pool, job] {
        SynthesisTask *task = pool->submit(job);
        task->setManualCredit(true);
        connect(task, &SynthesisTask::audio, this, &LiveGeneration::audio, Qt::QueuedConnection);
        connect(task, &SynthesisTask::finished, this, &LiveGeneration::onFinished, Qt::QueuedConnection);
        connect(task, &SynthesisTask::failed, this, &LiveGeneration::onFailed, Qt::QueuedConnection);
        QMetaObject::invokeMethod(this, [this, task] { attach(task); }, Qt::QueuedConnection);
    }, Qt::QueuedConnection);
}

void LiveGeneration::attach(SynthesisTask *task)
{
    m_attaching = false;
    m_task = task; // QPointer: only dereferenced on the engine thread
    if (m_abandoned)
        abandon(m_abandonReason);
}

void LiveGeneration::acknowledge(qint64 bytes)
{
    if (m_attaching || m_done)
        return;
    WorkerPool *pool = m_engine.streamPool();
    QPointer<SynthesisTask> task = m_task;
    QMetaObject::invokeMethod(pool, [task, bytes] {
        if (task)
            task->credit(bytes);
    }, Qt::QueuedConnection);
}

void LiveGeneration::onFinished(qint64 samples)
{
    if (m_done)
        return;
    m_done = true;
    m_engine.metrics().addAudioSeconds(double(samples) / AudioFormats::kSampleRate);
    QFile::remove(m_finalPath);
    if (!QFile::rename(m_finalPath + QStringLiteral(".part"), m_finalPath)) {
        finishStore(false, QStringLiteral("could not store the audio file"));
        return;
    }
    finishStore(true, {});
}

void LiveGeneration::onFailed(const QString &message)
{
    if (m_done)
        return;
    m_done = true;
    finishStore(false, message);
}

void LiveGeneration::finishStore(bool ok, const QString &message)
{
    m_done = true;
    GenerationService *gens = &m_engine.generations();
    const QString id = m_generation.id;
    const QString path = m_finalPath;
    const qint64 account = m_auth.accountId;
    runOnStore(m_engine.storePool(), &m_engine, this, [gens, id, path, ok, message, account]() -> Result<Generation> {
        const bool stored = ok ? gens->complete(id, path) : gens->fail(id, message);
        if (!stored && ok)
            QFile::remove(path);
        return gens->get(account, id);
    }, [this, ok, message](const Result<Generation> &r) {
        if (m_active) {
            m_active = false;
            g_active.fetchAndSubRelaxed(1);
        }
        if (m_abandoned) {
            deleteLater();
            return;
        }
        if (ok && r && r->status == GenerationStatus::Completed)
            emit completed(*r);
        else
            emit failed(ok ? QStringLiteral("An unexpected error occurred. Please try again.") : message);
    });
}

void LiveGeneration::abandon(const QString &reason)
{
    const bool first = !m_abandoned;
    m_abandoned = true;
    m_abandonReason = reason;
    disconnect(this, nullptr, nullptr, nullptr); // the owner is no longer listening
    if (m_attaching)
        return; // attach() comes back here
    if (m_generation.id.isEmpty()) {
        if (!m_active)
            deleteLater(); // rejected or never started; start()'s callback handles the rest
        return;
    }
    if (m_done) {
        if (first && !m_active)
            deleteLater(); // everything is recorded already
        return;            // otherwise finishStore's callback deletes
    }
    // Killing the worker stops synthesis at once; onFailed then records the reason.
    WorkerPool *pool = m_engine.streamPool();
    QPointer<SynthesisTask> task = m_task;
    QMetaObject::invokeMethod(pool, [task] {
        if (task)
            task->cancel();
    }, Qt::QueuedConnection);
    m_done = true;
    finishStore(false, reason);
}
