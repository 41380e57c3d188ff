#include "livegeneration.h"

#include "livegenerations.h"
#include "metrics.h"
#include "storetask.h"
#include "streamscheduler.h"
#include "workerprotocol.h"

#include <QFile>
#include <QJsonDocument>
#include <QTimer>
#include <QUuid>

#include <tuple>
#include <utility>

LiveGeneration::LiveGeneration(LiveGenerations &hub, LiveStream &client, const AuthContext &auth,
                               const CreateGeneration &request, StreamFormat format)
    : m_hub(hub)
    , m_client(&client)
    , m_auth(auth)
    , m_request(request)
    , m_streamFormat(format)
{
    m_request.streamed = true;
}

LiveGeneration::~LiveGeneration()
{
    // Deleted before its end was recorded (the process is going away): stop the
    // worker; the row is failed at the next start (failOrphanedStreams).
    stopTask();
    if (counted())
        m_hub.release();
}

void LiveGeneration::start()
{
    Q_ASSERT(m_state == State::New);
    m_sinceStart.start();
    const auto admission = m_hub.admit();
    if (admission != LiveGenerations::Admission::Admitted) {
        const bool closing = admission == LiveGenerations::Admission::Ending;
        ServiceError e = ServiceError::make(ServiceError::Kind::Unavailable,
                                            closing ? QStringLiteral("The server is shutting down. Please retry shortly.")
                                                    : QStringLiteral("Too many concurrent streams. Please retry shortly."));
        e.retryAfterSeconds = 1;
        // Not from inside the client's start(): its owner may react by deleting it.
        QMetaObject::invokeMethod(this, [this, e] { reject(e); }, Qt::QueuedConnection);
        return;
    }
    m_state = State::Creating;
    // A DELETE for this generation (emitted on a store thread).
    connect(&m_hub.generations(), &GenerationService::cancelRequested, this, [this](const QString &id) {
        if (committed() && id == m_generation.id)
            end(End::Cancelled, QStringLiteral("Cancelled"));
    }, Qt::QueuedConnection);
    connect(&m_hub.generations(), &GenerationService::streamLost, this, [this](const QString &id) {
        if (committed() && id == m_generation.id)
            end(End::Fault, QStringLiteral("This stream was ended by the server (its lease ran out). Please retry."));
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
    // The lexicon as this process last saw it, else none (most accounts have none): when
    // create() finds otherwise in the store, onCreated() starts over with the row's plan.
    const QList<LexiconEntry> lexicon = m_hub.generations().lexicons().cached(m_auth.accountId).value_or(QList<LexiconEntry>());
    const auto params = GenerationService::plan(&*voice, m_auth, m_request, lexicon);
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
    job.wordTimings = m_request.timestamps;
    job.boundAudio();
    // The generation may have no id yet: a name of its own, renamed when complete.
    m_partPath = m_hub.generations().audioPathFor(
                     QStringLiteral("live-") + QUuid::createUuid().toString(QUuid::WithoutBraces), AudioFormats::name(format))
                 + QStringLiteral(".part");
    job.outputPath = m_partPath;
    m_plannedSynthesis = QJsonDocument(params.toJson()).toJson(QJsonDocument::Compact);

    // Built and connected here, then handed to the engine thread, which dispatches it
    // at once: one thread hop to the worker and no hop back to attach.
    StreamScheduler *scheduler = m_hub.streamScheduler();
    StreamTask *task = scheduler->newTask(job);
    const int serial = ++m_taskSerial;
    m_uncredited = 0;
    m_heardPosted = 0;
    if (m_paced)
        task->pace();
    const QString part = m_partPath;
    connect(task, &StreamTask::audio, this, [this, serial](const QByteArray &bytes) {
        if (serial == m_taskSerial)
            onTaskAudio(bytes);
    }, Qt::QueuedConnection);
    connect(task, &StreamTask::caughtUp, this, [this, serial] {
        if (serial == m_taskSerial && m_state == State::Streaming && m_client)
            m_client->onCaughtUp();
    }, Qt::QueuedConnection);
    connect(task, &StreamTask::sentence, this, [this, serial](int index, qint64 startSample) {
        if (serial == m_taskSerial && m_client)
            m_client->onSentence(index, startSample);
    }, Qt::QueuedConnection);
    connect(task, &StreamTask::words, this, [this, serial](const QList<WordTiming> &words) {
        if (serial == m_taskSerial)
            onTaskWords(words);
    }, Qt::QueuedConnection);
    connect(task, &StreamTask::finished, this, [this, serial, part](qint64 samples, qint64 spoken, qint64 total) {
        if (serial == m_taskSerial)
            onTaskEnd({true, samples, {}, spoken, total});
        else
            m_hub.removeFile(part); // a replaced task's audio
    }, Qt::QueuedConnection);
    // A task that finishes after this object is gone (its end recorded and reported
    // meanwhile) still leaves a whole file: the hub, which outlives it, removes that.
    QPointer<LiveGeneration> self(this);
    LiveGenerations *hub = &m_hub;
    connect(task, &StreamTask::finished, hub, [self, hub, part] {
        if (!self)
            hub->removeFile(part);
    }, Qt::QueuedConnection);
    connect(task, &StreamTask::failed, this, [this, serial](const QString &message, bool reachedAudioBound) {
        if (serial == m_taskSerial)
            onTaskEnd({false, 0, message, 0, 0, reachedAudioBound});
    }, Qt::QueuedConnection);
    m_task = task;
    scheduler->post(task);
}

void LiveGeneration::onCreated(const Result<Generation> &r)
{
    if (!r) {
        stopTask();
        dropFinishedPart();
        reject(r.error()); // after abandon(): reported to nobody
        return;
    }
    m_generation = *r;
    if (m_state == State::Ending) { // abandoned or shut down while the row was being written
        dropFinishedPart();
        record();
        return;
    }
    if (launched() && m_plannedSynthesis != m_generation.synthesis) {
        // The store planned otherwise (planFromCatalog() out of step with create()):
        // the audio must be what the row says, so start over with the row's plan.
        stopTask();
        dropFinishedPart();
        m_held.clear();
        m_heldEnd.reset();
        m_words.clear();
        m_partPath.clear();
    }
    m_state = State::Streaming;
    m_client->onStarted(m_generation);
    if (m_state != State::Streaming)
        return; // the client ended it
    if (!launched()) {
        const auto params = SynthesisParams::fromJson(QJsonDocument::fromJson(m_generation.synthesis).object());
        launch(params.value_or(SynthesisParams{}),
               AudioFormats::parse(m_generation.audioFormat).value_or(AudioFormat::Wav));
        return;
    }
    const QList<Held> held = std::exchange(m_held, {});
    for (const Held &h : held) {
        if (h.audio.isEmpty())
            deliverWords(h.words);
        else
            deliver(h.audio);
        if (m_state != State::Streaming)
            return;
    }
    if (m_heldEnd)
        onTaskEnd(*std::exchange(m_heldEnd, std::nullopt));
}

void LiveGeneration::onTaskAudio(const QByteArray &bytes)
{
    if (m_state == State::Creating)
        m_held.append({bytes, {}}); // bounded by the worker's flow-control window
    else if (m_state == State::Streaming)
        deliver(bytes);
    // else ended meanwhile: never handed out
}

void LiveGeneration::onTaskWords(const QList<WordTiming> &words)
{
    m_words += words; // kept beside the audio when the generation is recorded
    if (m_state == State::Creating)
        m_held.append({{}, words}); // in order with the audio they precede
    else if (m_state == State::Streaming)
        deliverWords(words);
}

void LiveGeneration::deliverWords(const QList<WordTiming> &words)
{
    if (m_client)
        m_client->onWords(words);
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
        m_hub.metrics().recordTimeToFirstAudio(double(m_sinceStart.nsecsElapsed()) / 1e9);
    }
    if (m_client) // null: abandoned while finishing early (the end is still recorded)
        m_client->onAudio(bytes);
}

void LiveGeneration::stopTask()
{
    if (m_task.isNull())
        return;
    // The task drops its file; a worker running its unit drops that and stays warm.
    postToTask([](StreamTask &task) { task.stop(); });
    m_task.clear();
}

// The task lives on the engine thread: call reaches it there, if it still exists then.
void LiveGeneration::postToTask(std::function<void(StreamTask &)> call) const
{
    QPointer<StreamTask> task = m_task;
    QMetaObject::invokeMethod(m_hub.streamScheduler(), [task, call = std::move(call)] {
        if (task)
            call(*task);
    }, Qt::QueuedConnection);
}

// A task that finished before the generation could use its file: the file goes.
void LiveGeneration::dropFinishedPart()
{
    if (m_heldEnd && m_heldEnd->ok)
        m_hub.removeFile(m_partPath);
    m_heldEnd.reset();
}

// Credits reach the task by the quarter of its window: one hop to the engine thread per
// audio frame woke it as often as the frames themselves. Bytes held back here never
// stop the task (a quarter is under its window); a consumer holds three quarters of a
// window (float32 at 24 kHz: ~4 s) before they could.
void LiveGeneration::acknowledge(qint64 bytes)
{
    static_assert(4 * kCreditBatchBytes == WorkerProtocol::kAudioWindowBytes);
    if (m_state != State::Streaming || m_task.isNull())
        return;
    m_uncredited += bytes;
    if (m_uncredited < kCreditBatchBytes)
        return;
    postToTask([bytes = std::exchange(m_uncredited, 0)](StreamTask &task) { task.credit(bytes); });
}

void LiveGeneration::heard(qint64 samples)
{
    m_heard = qMax(m_heard, samples);
    if (!m_paced || m_state != State::Streaming || m_task.isNull() || m_heard - m_heardPosted < kHeardBatchSamples)
        return;
    m_heardPosted = m_heard;
    postToTask([heard = m_heard](StreamTask &task) { task.heard(heard); });
}

void LiveGeneration::stopFollowingPlayhead()
{
    if (!m_paced || m_finishing)
        return;
    m_paced = false;
    if (!m_task.isNull())
        postToTask([](StreamTask &task) { task.unpace(); });
}

void LiveGeneration::onTaskEnd(const TaskEnd &e)
{
    m_task.clear();
    if (m_state == State::Creating) {
        m_heldEnd = e;
        return;
    }
    if (m_state != State::Streaming) { // ended meanwhile: nothing of it is kept
        if (e.ok)
            m_hub.removeFile(m_partPath);
        return;
    }
    if (!e.ok) {
        // Asked to finish early, the worker did not in time: nothing can be kept.
        if (m_finishing)
            end(End::Stopped, m_endMessage);
        else
            end(e.reachedAudioBound ? End::OverBound : End::Fault, e.message);
        return;
    }
    m_hub.metrics().addAudioSeconds(double(e.samples) / AudioFormats::kSampleRate);
    if (m_finishing && e.textSpoken < e.textTotal) {
        if (e.samples > 0)
            m_kept = e;
        else
            m_hub.removeFile(m_partPath); // no audio in it: nothing to keep
        end(End::Stopped, m_endMessage);
        return;
    }
    end(End::Completed, {}); // the whole text was done before the stop took effect
}

// Every end comes through here once, whoever asks first: synthesis stops now, and the
// end is recorded as soon as the row exists (onCreated() records it otherwise).
void LiveGeneration::end(End how, const QString &message)
{
    if (m_state != State::Creating && m_state != State::Streaming)
        return;
    m_state = State::Ending;
    m_end = how;
    m_endMessage = message;
    stopTask();
    m_held.clear();
    if (committed())
        record();
}

namespace
{
// What is left to write of a stream's end once its files are in place (or gone).
struct EndRecord
{
    enum class Op { Complete, CompleteStopped, FailStopped, Fail } op = Op::Fail;
    QString id;
    std::optional<Generation> created; // Complete: the row as create() returned it
    QString path;    // Complete, CompleteStopped: the audio in place
    QString message; // FailStopped, Fail
    bool charge = false;
    qint64 textSpoken = 0;
    qint64 textTotal = 0;
};

// Writes rec once: true when it is recorded or moot (the row moved on without it: a
// cancel, another node failing it, deleted); false while the store cannot take it and
// the row still waits for it, so the audio stays and the stream stays tracked (its lease
// renewed): a stream's money is never left reserved by a database outage.
// recorded (optional): the row as a completion wrote it, when it did.
bool storeEnd(GenerationService *gens, const EndRecord &rec, std::optional<Generation> *recorded = nullptr)
{
    bool ok = false;
    switch (rec.op) {
    case EndRecord::Op::Complete:
        ok = rec.created ? gens->completeStream(*rec.created, rec.path, recorded) : gens->complete(rec.id, rec.path);
        break;
    case EndRecord::Op::CompleteStopped:
        ok = gens->completeStopped(rec.id, rec.path, rec.textSpoken, rec.textTotal);
        break;
    case EndRecord::Op::FailStopped:
        ok = gens->failStopped(rec.id, rec.message);
        break;
    case EndRecord::Op::Fail:
        ok = gens->fail(rec.id, rec.message, rec.charge);
        break;
    }
    if (ok)
        return true;
    bool failed = false;
    const auto row = gens->findForDownload(rec.id, &failed);
    const bool open = row && (row->status == GenerationStatus::Generating || row->status == GenerationStatus::InQueue);
    if (open || failed)
        return false;
    if (rec.op == EndRecord::Op::Complete || rec.op == EndRecord::Op::CompleteStopped) {
        QFile::remove(rec.path); // cancelled meanwhile
        QFile::remove(gens->captionsPathFor(rec.id));
    }
    return true;
}

// Tries rec again on a store thread, backing off like a file job's outcome
// (JobRunner), until it sticks; then the stream is no longer this node's.
void retryEnd(LiveGenerations *hub, const EndRecord &rec, int delayMs)
{
    QTimer::singleShot(delayMs, hub, [hub, rec, delayMs] {
        GenerationService *gens = &hub->generations();
        runOnStore(hub->storePool(), hub, hub, [gens, rec] {
            const bool done = storeEnd(gens, rec);
            if (done)
                gens->untrack(rec.id);
            return done;
        }, [hub, rec, delayMs](bool done) {
            if (!done)
                retryEnd(hub, rec, qMin(delayMs * 2, 30000));
        });
    });
}
}

// The end written to the store, with the audio file moved into place there (the
// owner's thread never touches the disk).
void LiveGeneration::record()
{
    GenerationService *gens = &m_hub.generations();
    const QString id = m_generation.id;
    const QString part = m_partPath;
    const QString path = gens->audioPathFor(m_generation.id, m_generation.audioFormat);
    const End how = m_end;
    const QString message = m_endMessage;
    // The money rule: the client chose to end a stream whose audio it has had, or its
    // text asked for more audio than it pays for (the bound stopped the synthesis).
    const bool charge = how == End::OverBound || (m_delivered && (how == End::Cancelled || how == End::ClientGone));
    // Stopped with a finished part file: kept, billed for how far its audio reaches.
    const std::optional<TaskEnd> kept = how == End::Stopped ? m_kept : std::nullopt;
    const bool captions = m_generation.captions;
    QList<WordTiming> words = m_words;
    if (kept) {
        // Stopped: a piece's words come before its audio, so some may lie past the cut.
        // The captions end where the kept audio does.
        words.removeIf([&](const WordTiming &w) { return w.startSample >= kept->samples; });
        for (WordTiming &w : words)
            w.endSample = qMin(w.endSample, kept->samples);
    }
    LiveGenerations *hub = &m_hub;
    const Generation created = m_generation;
    runOnStore(m_hub.storePool(), &m_hub, this, [gens, id, created, part, path, how, message, charge, kept, captions, words]() {
        EndRecord rec;
        rec.id = id;
        if (how == End::Completed || kept) {
            QFile::remove(path);
            // The captions are in place before the audio, so a COMPLETED row has both.
            const QString captionsError = captions ? gens->writeCaptions(id, words) : QString();
            if (!captionsError.isEmpty()) {
                QFile::remove(part);
                rec.message = QStringLiteral("cannot store the captions: %1").arg(captionsError);
            } else if (!QFile::rename(part, path)) {
                QFile::remove(gens->captionsPathFor(id));
                QFile::remove(part);
                rec.message = QStringLiteral("could not store the audio file");
            } else {
                rec.op = kept ? EndRecord::Op::CompleteStopped : EndRecord::Op::Complete;
                rec.path = path;
                if (kept) {
                    rec.textSpoken = kept->textSpoken;
                    rec.textTotal = kept->textTotal;
                } else {
                    rec.created = created;
                }
            }
        } else if (how == End::Stopped) {
            rec.op = EndRecord::Op::FailStopped; // nothing to keep: released
            rec.message = message;
        } else {
            rec.message = message; // after a cancel: recorded already, no-op
            rec.charge = charge;
        }
        std::optional<Generation> recorded;
        const bool done = storeEnd(gens, rec, &recorded);
        if (done)
            gens->untrack(id);
        if (!recorded)
            recorded = gens->findForDownload(id); // as recorded, even past its lifetime
        return std::make_tuple(done, rec, recorded);
    }, [this, hub](const std::tuple<bool, EndRecord, std::optional<Generation>> &r) {
        if (!std::get<0>(r))
            retryEnd(hub, std::get<1>(r), 500);
        report(std::get<2>(r));
    });
}

void LiveGeneration::report(const std::optional<Generation> &row)
{
    setDone();
    LiveStream *client = std::exchange(m_client, nullptr);
    if (!client)
        return;
    LiveStream::Outcome out;
    out.generation = row.value_or(m_generation);
    const Generation &g = out.generation;
    using Kind = LiveStream::Outcome::Kind;
    if (m_end == End::Completed && g.status == GenerationStatus::Completed) {
        out.kind = Kind::Completed;
    } else if (m_end == End::ShuttingDown) {
        out.kind = Kind::ShuttingDown;
        out.error = ServiceError::make(ServiceError::Kind::Unavailable, QStringLiteral("The server is shutting down. Please retry shortly."));
        out.error.retryAfterSeconds = 1;
    } else if (m_end == End::Cancelled || g.errorMessage == QLatin1String("Cancelled")) {
        out.kind = Kind::Cancelled;
        out.error = ServiceError::make(ServiceError::Kind::Conflict, QStringLiteral("Cancelled"));
    } else if (m_end == End::Stopped && g.stopped) {
        out.kind = Kind::Stopped;
        out.keptSamples = m_kept ? m_kept->samples : 0;
    } else {
        out.kind = Kind::Failed;
        QString text = m_endMessage;
        if (m_end == End::Completed || m_end == End::Stopped) // the store refused the completion
            text = g.status == GenerationStatus::Failed && !g.errorMessage.isEmpty()
                       ? g.errorMessage
                       : QStringLiteral("An unexpected error occurred. Please try again.");
        out.error = ServiceError::make(ServiceError::Kind::Internal, text);
    }
    client->onEnded(out);
}

void LiveGeneration::reject(const ServiceError &error)
{
    setDone();
    if (LiveStream *client = std::exchange(m_client, nullptr)) {
        LiveStream::Outcome out;
        out.kind = LiveStream::Outcome::Kind::Rejected;
        out.error = error;
        client->onEnded(out);
    }
}

// The one place the hub's count is given back and the object goes.
void LiveGeneration::setDone()
{
    if (counted())
        m_hub.release();
    m_state = State::Done;
    deleteLater();
}

void LiveGeneration::finishEarly(const QString &reason)
{
    if (m_finishing || (m_state != State::Creating && m_state != State::Streaming))
        return;
    if (!m_delivered) {
        end(End::Stopped, reason); // nothing was heard: nothing to keep, released
        return;
    }
    m_finishing = true;
    m_endMessage = reason;
    if (m_task.isNull())
        return; // its end is on the way: the whole text was done
    // Paced: what was heard decides what is kept (through the sentence being heard).
    if (m_paced)
        postToTask([heard = m_heard](StreamTask &task) { task.finishHeard(heard); });
    else
        postToTask([](StreamTask &task) { task.finishEarly(); });
}

void LiveGeneration::abandon(const QString &reason)
{
    m_client = nullptr; // nothing is reported any more
    if (m_finishing && m_state == State::Streaming)
        return; // the stop asked for stands: it is recorded as a stop
    switch (m_state) {
    case State::New:
        setDone(); // never admitted, or its rejection is on the way
        break;
    case State::Creating:
    case State::Streaming:
        end(End::ClientGone, reason); // record() deletes it
        break;
    case State::Ending:
    case State::Done:
        break; // recorded (or being recorded) already
    }
}
