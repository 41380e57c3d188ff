#include "livegeneration.h"

#include "livegenerations.h"
#include "metrics.h"
#include "storetask.h"
#include "synthesistask.h"
#include "workerpool.h"

#include <QAtomicInt>
#include <QFile>
#include <QJsonDocument>
#include <QUuid>

#include <utility>

LiveGeneration::LiveGeneration(LiveGenerations &hub, const AuthContext &auth, const CreateGeneration &request, QObject *parent)
    : QObject(parent)
    , m_hub(hub)
    , m_auth(auth)
    , m_request(request)
{
    m_request.streamed = true;
}

LiveGeneration::~LiveGeneration()
{
    // Deleted before its end was recorded (an owner that skipped abandon()): stop the
    // worker; the row is failed at the next start (failOrphanedStreams).
    stopTask();
    if (m_active)
        m_hub.release();
}

void LiveGeneration::start()
{
    m_sinceStart.start();
    // Time to first audio is measured where the audio arrives (engine metrics).
    connect(this, &LiveGeneration::audio, this, [this] {
        if (!m_firstAudio) {
            m_firstAudio = true;
            m_hub.metrics().recordTimeToFirstAudio(double(m_sinceStart.nsecsElapsed()) / 1e9);
        }
    });
    const auto admission = m_hub.admit();
    if (admission != LiveGenerations::Admission::Admitted) {
        const bool closing = admission == LiveGenerations::Admission::Ending;
        ServiceError e = ServiceError::make(ServiceError::Kind::Unavailable,
                                            closing ? QStringLiteral("The server is shutting down. Please retry shortly.")
                                                    : QStringLiteral("Too many concurrent streams. Please retry shortly."));
        e.retryAfterSeconds = 1;
        QMetaObject::invokeMethod(this, [this, e] { emit rejected(e); }, Qt::QueuedConnection);
        return;
    }
    m_active = true;
    // A DELETE for this generation (emitted on a store thread).
    connect(&m_hub.generations(), &GenerationService::cancelRequested, this, [this](const QString &id) {
        if (m_committed && id == m_generation.id)
            end(End::Cancelled, QStringLiteral("Cancelled"));
    }, Qt::QueuedConnection);
    connect(&m_hub, &LiveGenerations::ending, this, [this] {
        end(End::ShuttingDown, QStringLiteral("Server shutting down"));
    });
    if (const auto params = planFromCatalog())
        launch(*params, *AudioFormats::parse(m_request.audioFormat));
    GenerationService *gens = &m_hub.generations();
    const AuthContext auth = m_auth;
    const CreateGeneration req = m_request;
    runOnStore(m_hub.storePool(), &m_hub, this, [gens, auth, req]() -> Result<Generation> {
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
    const VoiceCatalog &catalog = m_hub.catalog();
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
    m_partPath = m_hub.generations().audioPathFor(
                     QStringLiteral("live-") + QUuid::createUuid().toString(QUuid::WithoutBraces), AudioFormats::name(format))
                 + QStringLiteral(".part");
    job.outputPath = m_partPath;
    m_plannedSynthesis = QJsonDocument(params.toJson()).toJson(QJsonDocument::Compact);
    m_launched = true;

    // Built and connected here, then handed to the engine thread, which dispatches it
    // at once: one thread hop to the worker and no hop back to attach.
    WorkerPool *pool = m_hub.streamPool();
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
        m_hub.release();
        m_ending = true;
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
    m_finalPath = m_hub.generations().audioPathFor(m_generation.id, m_generation.audioFormat);
    if (m_ending) { // abandoned or shut down while the row was being written
        if (m_heldEnd && m_heldEnd->ok)
            QFile::remove(m_partPath);
        finishStore();
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
    if (m_ending)
        return;
    if (!m_launched) {
        const auto params = SynthesisParams::fromJson(QJsonDocument::fromJson(m_generation.synthesis).object());
        launch(params.value_or(SynthesisParams{}),
               AudioFormats::parse(m_generation.audioFormat).value_or(AudioFormat::Wav));
        return;
    }
    const QList<QByteArray> held = std::exchange(m_held, {});
    for (const QByteArray &bytes : held) {
        deliver(bytes);
        if (m_ending)
            return;
    }
    if (m_heldEnd)
        onTaskEnd(*std::exchange(m_heldEnd, std::nullopt));
}

void LiveGeneration::onTaskAudio(const QByteArray &bytes)
{
    if (m_ending)
        return; // queued before the end: never handed out
    if (!m_committed) {
        m_held.append(bytes); // bounded by the worker's flow-control window
        return;
    }
    deliver(bytes);
}

void LiveGeneration::deliver(const QByteArray &bytes)
{
    if (!m_delivered) {
        // From the first audio on, an early end the client chooses is charged; a cancel
        // that came first wins and nothing is handed out.
        if (!m_hub.generations().deliver(m_generation.id)) {
            end(End::Cancelled, QStringLiteral("Cancelled"));
            return;
        }
        m_delivered = true;
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
    QMetaObject::invokeMethod(m_hub.streamPool(), [task] {
        if (task)
            task->stop();
    }, Qt::QueuedConnection);
}

void LiveGeneration::acknowledge(qint64 bytes)
{
    if (m_ending || m_task.isNull())
        return;
    QPointer<SynthesisTask> task = m_task;
    QMetaObject::invokeMethod(m_hub.streamPool(), [task, bytes] {
        if (task)
            task->credit(bytes);
    }, Qt::QueuedConnection);
}

void LiveGeneration::onTaskEnd(const TaskEnd &e)
{
    m_task.clear();
    if (m_ending) { // ended meanwhile: nothing of it is kept
        if (e.ok)
            QFile::remove(m_partPath);
        return;
    }
    if (!m_committed) {
        m_heldEnd = e;
        return;
    }
    if (!e.ok) {
        end(End::Fault, e.message);
        return;
    }
    m_hub.metrics().addAudioSeconds(double(e.samples) / AudioFormats::kSampleRate);
    QFile::remove(m_finalPath);
    if (!QFile::rename(m_partPath, m_finalPath)) {
        QFile::remove(m_partPath);
        end(End::Fault, QStringLiteral("could not store the audio file"));
        return;
    }
    end(End::Completed, {});
}

// Every end comes through here once, whoever asks first: synthesis stops now, and the
// end is recorded as soon as the row exists.
void LiveGeneration::end(End how, const QString &message)
{
    if (m_ending || !m_active)
        return;
    m_ending = true;
    m_end = how;
    m_endMessage = message;
    stopTask();
    m_held.clear();
    if (m_committed)
        finishStore();
    // else onCreated() records it (or, with no row, there is nothing to record)
}

void LiveGeneration::finishStore()
{
    GenerationService *gens = &m_hub.generations();
    const QString id = m_generation.id;
    const QString path = m_finalPath;
    const End how = m_end;
    const QString message = m_endMessage;
    // The money rule: the client chose to end a stream whose audio it has had.
    const bool charge = m_delivered && (how == End::Cancelled || how == End::ClientGone);
    runOnStore(m_hub.storePool(), &m_hub, this, [gens, id, path, how, message, charge]() {
        if (how == End::Completed) {
            if (!gens->complete(id, path))
                QFile::remove(path); // cancelled meanwhile
        } else {
            gens->fail(id, message, charge); // after a cancel: recorded already, no-op
        }
        gens->untrack(id);
        return gens->findForDownload(id); // as recorded, even past its lifetime
    }, [this](const std::optional<Generation> &row) { onFinished(row); });
}

void LiveGeneration::onFinished(const std::optional<Generation> &row)
{
    if (m_active) {
        m_active = false;
        m_hub.release();
    }
    if (m_abandoned) {
        deleteLater();
        return;
    }
    const Generation g = row.value_or(m_generation);
    if (m_end == End::Completed && g.status == GenerationStatus::Completed) {
        emit completed(g);
        return;
    }
    Failure why = Failure::Fault;
    QString text = m_endMessage;
    if (m_end == End::ShuttingDown) {
        why = Failure::ShuttingDown;
    } else if (m_end == End::Cancelled || g.errorMessage == QLatin1String("Cancelled")) {
        why = Failure::Cancelled;
        text = QStringLiteral("Cancelled");
    } else if (m_end == End::Completed) { // the store refused the completion
        text = g.status == GenerationStatus::Failed && !g.errorMessage.isEmpty()
                   ? g.errorMessage
                   : QStringLiteral("An unexpected error occurred. Please try again.");
    }
    emit failed(text, why, g);
}

void LiveGeneration::abandon(const QString &reason)
{
    m_abandoned = true;
    disconnect(this, nullptr, nullptr, nullptr); // the owner is no longer listening
    setParent(nullptr);                          // outlives its owner until recorded
    if (!m_active) {
        stopTask();
        deleteLater(); // rejected, never started, or recorded already
        return;
    }
    end(End::ClientGone, reason); // no-op when ending already; the record deletes it
}
