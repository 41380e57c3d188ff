#include "livegeneration.h"

#include "engine.h"
#include "storetask.h"
#include "synthesistask.h"
#include "workerpool.h"

#include <QAtomicInt>
#include <QFile>
#include <QJsonDocument>
#include <QUuid>

#include <utility>

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
    if (const auto params = planFromCatalog())
        launch(*params, *AudioFormats::parse(m_request.audioFormat));
    GenerationService *gens = &m_engine.generations();
    const AuthContext auth = m_auth;
    const CreateGeneration req = m_request;
    runOnStore(m_engine.storePool(), &m_engine, this, [gens, auth, req]() -> Result<Generation> {
        // A streamed generation is created already GENERATING: one transaction.
        auto created = gens->create(auth, req);
        if (!created)
            return created.error();
        return created->generation;
    }, [this](const Result<Generation> &r) { onCreated(r); });
}

// The plan GenerationService::create() makes, from the in-memory catalog only; nullopt
// when it needs the store (custom voices) or create() will refuse the request.
std::optional<SynthesisParams> LiveGeneration::planFromCatalog() const
{
    const VoiceCatalog &catalog = m_engine.catalog();
    const auto voice = m_request.voiceCaseInsensitive ? catalog.findCaseInsensitive(m_request.voiceId)
                                                      : catalog.find(m_request.voiceId);
    if (!voice)
        return std::nullopt;
    const auto params = GenerationService::plan(&*voice, m_auth, m_request);
    if (!params)
        return std::nullopt;
    return *params;
}

void LiveGeneration::launch(const SynthesisParams &params, AudioFormat format)
{
    SynthesisJob job;
    job.params = params;
    job.format = format;
    job.stream = true;
    job.streamFormat = m_streamFormat;
    // The generation may have no id yet: a name of its own, renamed when complete.
    m_partPath = m_engine.generations().audioPathFor(
                     QStringLiteral("live-") + QUuid::createUuid().toString(QUuid::WithoutBraces), AudioFormats::name(format))
                 + QStringLiteral(".part");
    job.outputPath = m_partPath;
    m_plannedSynthesis = QJsonDocument(params.toJson()).toJson(QJsonDocument::Compact);
    m_launched = true;

    // Built and connected here, then handed to the engine thread, which dispatches it
    // at once: one thread hop to the worker and no hop back to attach.
    WorkerPool *pool = m_engine.streamPool();
    SynthesisTask *task = pool->newTask(job);
    task->setManualCredit(true);
    const int serial = ++m_taskSerial;
    const QString part = m_partPath;
    connect(task, &SynthesisTask::audio, this, [this, serial](const QByteArray &bytes) {
        if (serial == m_taskSerial)
            onTaskAudio(bytes);
    }, Qt::QueuedConnection);
    connect(task, &SynthesisTask::finished, this, [this, serial, part](qint64 samples) {
        if (serial == m_taskSerial)
            onTaskEnd({true, samples, {}});
        else
            QFile::remove(part); // a replaced task's audio
    }, Qt::QueuedConnection);
    connect(task, &SynthesisTask::failed, this, [this, serial](const QString &message) {
        if (serial == m_taskSerial)
            onTaskEnd({false, 0, message});
    }, Qt::QueuedConnection);
    m_task = task;
    pool->post(task);
}

void LiveGeneration::onCreated(const Result<Generation> &r)
{
    if (!r) {
        m_active = false;
        g_active.fetchAndSubRelaxed(1);
        m_done = true;
        stopTask();
        if (m_heldEnd && m_heldEnd->ok)
            QFile::remove(m_partPath);
        if (m_abandoned)
            deleteLater();
        else
            emit rejected(r.error());
        return;
    }
    m_generation = *r;
    m_committed = true;
    m_finalPath = m_engine.generations().audioPathFor(m_generation.id, m_generation.audioFormat);
    if (m_abandoned) { // client left while the row was being written
        stopTask();
        if (m_heldEnd && m_heldEnd->ok)
            QFile::remove(m_partPath);
        m_done = true;
        finishStore(false, m_abandonReason);
        return;
    }
    if (m_launched && m_plannedSynthesis != m_generation.synthesis) {
        // The store planned otherwise (planFromCatalog() out of step with create()):
        // the audio must be what the row says, so start over with the row's plan.
        stopTask();
        if (m_heldEnd && m_heldEnd->ok)
            QFile::remove(m_partPath);
        m_held.clear();
        m_heldEnd.reset();
        m_launched = false;
    }
    emit started(m_generation);
    if (m_abandoned)
        return;
    if (!m_launched) {
        const auto params = SynthesisParams::fromJson(QJsonDocument::fromJson(m_generation.synthesis).object());
        launch(params.value_or(SynthesisParams{}),
               AudioFormats::parse(m_generation.audioFormat).value_or(AudioFormat::Wav));
        return;
    }
    const QList<QByteArray> held = std::exchange(m_held, {});
    for (const QByteArray &bytes : held) {
        emit audio(bytes);
        if (m_abandoned)
            return;
    }
    if (m_heldEnd)
        onTaskEnd(*std::exchange(m_heldEnd, std::nullopt));
}

void LiveGeneration::onTaskAudio(const QByteArray &bytes)
{
    if (m_done)
        return;
    if (!m_committed) {
        m_held.append(bytes); // bounded by the worker's flow-control window
        return;
    }
    emit audio(bytes);
}

void LiveGeneration::stopTask()
{
    if (m_task.isNull())
        return;
    QPointer<SynthesisTask> task = m_task;
    m_task.clear();
    // The worker drops the job (and its file) and stays warm for the next stream.
    QMetaObject::invokeMethod(m_engine.streamPool(), [task] {
        if (task)
            task->stop();
    }, Qt::QueuedConnection);
}

void LiveGeneration::acknowledge(qint64 bytes)
{
    if (m_done || m_task.isNull())
        return;
    QPointer<SynthesisTask> task = m_task;
    QMetaObject::invokeMethod(m_engine.streamPool(), [task, bytes] {
        if (task)
            task->credit(bytes);
    }, Qt::QueuedConnection);
}

void LiveGeneration::onTaskEnd(const TaskEnd &end)
{
    m_task.clear();
    if (m_done) { // rejected or abandoned meanwhile: nothing of it is kept
        if (end.ok)
            QFile::remove(m_partPath);
        return;
    }
    if (!m_committed) {
        m_heldEnd = end;
        return;
    }
    m_done = true;
    if (!end.ok) {
        finishStore(false, end.message);
        return;
    }
    m_engine.metrics().addAudioSeconds(double(end.samples) / AudioFormats::kSampleRate);
    QFile::remove(m_finalPath);
    if (!QFile::rename(m_partPath, m_finalPath)) {
        QFile::remove(m_partPath);
        finishStore(false, QStringLiteral("could not store the audio file"));
        return;
    }
    finishStore(true, {});
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
    // Stop synthesizing now, whatever the store is doing.
    stopTask();
    if (!m_committed) {
        if (first && !m_active)
            deleteLater(); // rejected or never started
        return;            // otherwise onCreated() records the failure and deletes
    }
    if (m_done) {
        if (first && !m_active)
            deleteLater(); // everything is recorded already
        return;            // otherwise finishStore's callback deletes
    }
    finishStore(false, reason);
}
