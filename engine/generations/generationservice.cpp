#include "generationservice.h"

#include "languages.h"
#include "revisionstore.h"
#include "sharedcounter.h"
#include "speechrequestcheck.h"
#include "ssmldocument.h"
#include "timestamps.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QUuid>

GenerationService::GenerationService(const Database &db, const VoiceDirectory &voices, Options options, QObject *parent)
    : QObject(parent)
    , m_db(db)
    , m_voices(voices)
    , m_options(std::move(options))
    , m_generations(db)
    , m_accountRows(db)
    , m_billing(db)
    , m_lexicons(db)
    , m_finished(m_options.deletions)
{
    QDir().mkpath(m_options.audioDir);
}

QString GenerationService::audioPathFor(const QString &id, const QString &format) const
{
    return QDir(m_options.audioDir).filePath(id + u'.' + format);
}

QString GenerationService::claimedAudioPath(const Generation &g) const
{
    if (!m_db.isShared())
        return audioPathFor(g.id, g.audioFormat);
    return QDir(m_options.audioDir)
        .filePath(QStringLiteral("%1.%2.c%3.%4").arg(g.id, m_options.nodeId.left(8)).arg(g.claim).arg(g.audioFormat));
}

QString GenerationService::captionsPathFor(const QString &id) const
{
    return QDir(m_options.audioDir).filePath(id + QStringLiteral(".words.json"));
}

QString GenerationService::writeCaptions(const QString &id, const QList<WordTiming> &words) const
{
    QSaveFile file(captionsPathFor(id));
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    file.write(QJsonDocument(QJsonObject{{"sample_rate", AudioFormats::kSampleRate}, {"words", WordTimings::toJson(words)}})
                   .toJson(QJsonDocument::Compact));
    return file.commit() ? QString() : file.errorString();
}

std::optional<QList<WordTiming>> GenerationService::readCaptions(const QString &id) const
{
    QFile file(captionsPathFor(id));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
    if (!o.value("words").isArray())
        return std::nullopt;
    return WordTimings::fromJson(o.value("words").toArray());
}

bool GenerationService::isKept(const Generation &g)
{
    // A desktop user never asked for a lifetime: what they made in the studio stays
    // until they delete it. API callers were promised the TTL (and the spec's 404).
    return g.apiVersion == ApiVersion::Studio || g.apiVersion == ApiVersion::Project;
}

bool GenerationService::isExpired(const Generation &g) const
{
    return !isKept(g) && Timestamps::nowMs() - g.createdAt >= m_options.ttlMs;
}

qint64 GenerationService::expiresAtMs(const Generation &g) const
{
    return isKept(g) ? kKeptUntilMs : g.createdAt + m_options.ttlMs;
}

ExpiryRule GenerationService::expiryRule() const
{
    return ExpiryRule{Timestamps::nowMs() - m_options.ttlMs, {ApiVersion::Studio, ApiVersion::Project}};
}

namespace
{
// The request with the model its voice sets, where the route lets the voice decide.
CreateGeneration withVoiceModel(const CreateGeneration &request, const Voice *voice)
{
    CreateGeneration req = request;
    if (req.modelFromVoice && voice)
        req.speech.model = voice->model;
    return req;
}
}

Result<SynthesisParams> GenerationService::plan(const Voice *voice, const AuthContext &auth, const CreateGeneration &request,
                                                const QList<LexiconEntry> &lexicon)
{
    CreateGeneration req = withVoiceModel(request, voice);
    req.speech.text = SpeechRequestCheck::withoutByteOrderMark(request.speech.text);
    if (auto problem = SpeechRequestCheck::check(req.speech, req.voiceId, voice))
        return *problem;
    if (!AudioFormats::parse(req.audioFormat))
        return ServiceError::invalid("audio_format", QStringLiteral("audio_format must be wav or mp3"));
    if (req.premiumNeedsPaidPlan && !voice->free && auth.plan == QLatin1String("free"))
        return ServiceError::make(ServiceError::Kind::Forbidden,
                                  QStringLiteral("This voice is only available for paid plans. Upgrade your plan to use '%1'.")
                                      .arg(voice->id));
    auto params = SynthesisPlanner::plan(*voice, req.speech);
    if (!params)
        return ServiceError::invalid("language_code", QStringLiteral("language_code is not allowed for this model"));
    params->pitch *= req.pitchFactor;
    params->pitchRange *= req.pitchRangeFactor;
    params->speed = qBound(0.25, params->speed * req.speedFactor, 4.0);
    // Matched on the text as sent: tokens, timings and captions stay on it.
    const QString language = req.speech.languageCode.isEmpty() ? Languages::defaultCode(req.speech.model, voice->language)
                                                               : req.speech.languageCode;
    params->pronunciations = Lexicon::match(lexicon, params->text, {language, params->locale});
    return *params;
}

std::optional<ServiceError> GenerationService::checkAllButText(const AuthContext &auth, const CreateGeneration &request) const
{
    const auto voice = m_voices.find(auth.accountId, request.voiceId, request.voiceCaseInsensitive);
    CreateGeneration probe = request;
    probe.speech.text = QStringLiteral("a"); // a text every voice can say stands in for it
    const auto params = plan(voice ? &*voice : nullptr, auth, probe, {});
    if (!params)
        return params.error();
    return std::nullopt;
}

Result<CreatedGeneration> GenerationService::create(const AuthContext &auth, const CreateGeneration &request)
{
    const auto voice = m_voices.find(auth.accountId, request.voiceId, request.voiceCaseInsensitive);
    const CreateGeneration req = withVoiceModel(request, voice ? &*voice : nullptr);
    const auto lexicon = m_lexicons.entries(auth.accountId);
    if (!lexicon)
        return m_db.fileProblem().isEmpty() ? lexicon.error() : createFailed();
    const auto params = plan(voice ? &*voice : nullptr, auth, req, *lexicon);
    if (!params)
        return params.error();
    // Before any row or charge, on every route: what is said per billed token is bounded.
    // Here and not in plan(), which a stream also runs on the server thread to start early
    // (its audio is held until this create() succeeds): measuring the longest document
    // with numbers and lexicon spans takes a few hundred milliseconds.
    if (auto problem = SpeechRequestCheck::checkSpokenLength(*params))
        return *problem;
    const auto format = AudioFormats::parse(req.audioFormat);

    Generation g;
    g.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    g.accountId = auth.accountId;
    // Queued jobs wait for the runner; a stream starts synthesizing right away.
    g.status = req.streamed ? GenerationStatus::Generating : GenerationStatus::InQueue;
    g.inputText = SpeechRequestCheck::withoutByteOrderMark(req.speech.text); // as plan() took it
    g.voiceId = voice->id;
    g.voiceName = voice->name;
    g.model = req.speech.model;
    g.languageCode = req.speech.languageCode.isEmpty() ? Languages::defaultCode(g.model, voice->language)
                                                       : req.speech.languageCode;
    g.speed = req.speech.speed;
    g.cfgWeight = req.speech.cfgWeight;
    g.exaggeration = req.speech.exaggeration;
    g.audioFormat = AudioFormats::name(*format);
    g.synthesis = QJsonDocument(params->toJson()).toJson(QJsonDocument::Compact);
    // Premium voices cost the advanced price whatever the model (docs/decisions.md "Plans").
    // SSML is billed for what it says, not for its markup.
    m_billing.price(g, voice->free ? g.model : QStringLiteral("advanced"), SsmlDocument::billedText(g.inputText));
    if (req.metering == Metering::Unmetered)
        BillingService::waive(g);
    g.apiVersion = req.apiVersion;
    g.streamed = req.streamed;
    g.preview = req.preview;
    g.captions = req.timestamps;
    g.idempotencyKey = req.idempotencyKey;
    g.requestHash = req.requestHash;
    g.createdAt = Timestamps::nowMs();
    if (req.streamed) {
        g.startedAt = g.createdAt;
        g.leaseOwner = m_options.nodeId;
        g.leaseUntil = g.createdAt + m_options.leaseMs;
    }

    // Refuse before any money moves when the audio cannot be stored.
    const QFileInfo audioDir(m_options.audioDir);
    if (!audioDir.isDir() || !audioDir.isWritable()) {
        ServiceError e = ServiceError::make(ServiceError::Kind::Unavailable,
                                            QStringLiteral("Audio storage is unavailable. Please try again later."));
        e.retryAfterSeconds = 30;
        return e;
    }

    std::optional<ServiceError> refusal;
    std::optional<Generation> replay;
    // Tracked before the row exists, so a cancel never finds this stream untracked.
    if (g.streamed) {
        QMutexLocker lock(&m_liveMutex);
        m_live.insert(g.id, {});
    }
    const bool ok = m_db.immediateTransaction([&] {
        // Held to the commit: another node's create for this account waits, so the
        // Idempotency-Key lookup and the balance read below see what it committed.
        if (!m_accountRows.lock(auth.accountId))
            return false;
        if (!g.idempotencyKey.isEmpty()) {
            if (auto existing = m_generations.findByIdempotencyKey(auth.accountId, g.idempotencyKey)) {
                if (existing->requestHash == g.requestHash)
                    replay = existing;
                else
                    refusal = ServiceError::make(ServiceError::Kind::Conflict,
                                                 QStringLiteral("Idempotency-Key was already used with a different request"));
                return false;
            }
        }
        if (!g.streamed && m_generations.countByStatus(GenerationStatus::InQueue) >= m_options.maxQueued) {
            refusal = ServiceError::make(ServiceError::Kind::Unavailable,
                                         QStringLiteral("The generation queue is full. Please retry shortly."));
            refusal->retryAfterSeconds = 5;
            return false;
        }
        if (req.metering == Metering::Unmetered)
            return m_generations.insert(g);
        switch (m_billing.chooseSource(g)) {
        case BillingService::Source::Chosen:
            return m_generations.insert(g) && m_billing.reserve(g);
        case BillingService::Source::InsufficientBalance:
            refusal = ServiceError::make(ServiceError::Kind::InsufficientBalance, QStringLiteral("Insufficient Balance"));
            return false;
        case BillingService::Source::StoreFailed:
            break;
        }
        return false;
    });
    if (g.streamed && (replay || refusal || !ok))
        untrack(g.id);
    if (replay)
        return CreatedGeneration{*replay, true};
    if (refusal)
        return *refusal;
    if (!ok)
        return createFailed();
    if (!g.streamed)
        emit jobQueued();
    emit generationChanged(g.id, g.status);
    return CreatedGeneration{g, false};
}

ServiceError GenerationService::createFailed() const
{
    if (const QString lost = m_db.fileProblem(); !lost.isEmpty()) {
        ServiceError e = ServiceError::make(ServiceError::Kind::StoreUnavailable,
                                            QStringLiteral("The store cannot take new work: %1. Nothing was charged.").arg(lost));
        e.retryAfterSeconds = 5;
        return e;
    }
    return ServiceError::make(ServiceError::Kind::Internal, QStringLiteral("An unexpected error occurred. Please try again."));
}

Result<Generation> GenerationService::get(qint64 accountId, const QString &id) const
{
    if (auto hit = cachedGet(accountId, id))
        return *hit;
    const quint64 revision = m_finished.revision();
    bool failed = false;
    const auto g = m_generations.find(id, &failed);
    if (failed)
        return ServiceError::storeUnavailable();
    if (!g || g->accountId != accountId || isExpired(*g))
        return ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("Generation not found"));
    m_finished.insert(*g, revision);
    return *g;
}

std::optional<Generation> GenerationService::cachedGet(qint64 accountId, const QString &id) const
{
    auto g = m_finished.find(id);
    if (!g || g->accountId != accountId || isExpired(*g))
        return std::nullopt;
    return g;
}

Result<Generation> GenerationService::getForV2(qint64 accountId, const QString &id) const
{
    bool failed = false;
    const auto g = m_generations.find(id, &failed);
    if (failed)
        return ServiceError::storeUnavailable();
    if (!g || isExpired(*g))
        return ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("Generation not found"));
    if (g->accountId != accountId)
        return ServiceError::make(ServiceError::Kind::Forbidden, QStringLiteral("Access denied for this generation"));
    return *g;
}

std::optional<Generation> GenerationService::findForDownload(const QString &id, bool *failed) const
{
    return m_generations.find(id, failed);
}

bool GenerationService::storeAnswers() const
{
    return m_db.ping();
}

QList<Generation> GenerationService::history(qint64 accountId, const QString &status, int limit, int offset,
                                             bool includePreviews, bool *failed) const
{
    return searchHistory(accountId, HistoryFilter{status, {}, includePreviews}, limit, offset, failed);
}

QList<Generation> GenerationService::searchHistory(qint64 accountId, const HistoryFilter &filter, int limit,
                                                 int offset, bool *failed) const
{
    return m_generations.history(accountId, filter, expiryRule(), limit, offset, failed);
}

std::optional<Generation> GenerationService::claimNext()
{
    for (;;) {
        const qint64 now = Timestamps::nowMs();
        auto g = m_generations.claimNext(now, m_options.nodeId, now + m_options.leaseMs);
        if (!g)
            return g;
        // Its audio could never be fetched: not worth a worker, and not to be paid for.
        if (isExpired(*g)) {
            fail(g->id, QStringLiteral("Expired before completion"));
            continue;
        }
        emit generationChanged(g->id, GenerationStatus::Generating);
        return g;
    }
}

bool GenerationService::complete(const QString &id, const QString &audioPath, qint64 claim)
{
    const auto g = m_generations.find(id);
    if (!g)
        return false;
    // A file job that outlived its lifetime would be charged for audio nobody can fetch.
    // A stream is not: its audio went out live (docs/api.md "Streams that end early").
    if (!g->streamed && isExpired(*g)) {
        fail(id, QStringLiteral("Expired before completion"));
        return false;
    }
    return settleCompleted(*g, audioPath, claim);
}

bool GenerationService::completeStream(const Generation &created, const QString &audioPath,
                                       std::optional<Generation> *recorded)
{
    Q_ASSERT(created.streamed);
    return settleCompleted(created, audioPath, 0, recorded);
}

bool GenerationService::settleCompleted(const Generation &g, const QString &audioPath, qint64 claim,
                                        std::optional<Generation> *recorded)
{
    const qint64 now = Timestamps::nowMs();
    const bool ok = m_db.immediateTransaction([&] {
        // The reservation becomes final: a settle row records it, no money moves again.
        return m_generations.markCompleted(g.id, audioPath, now, m_options.nodeId, claim, recorded)
               && m_billing.settle(g, QStringLiteral("%1 credits / %2 micro-USD").arg(g.costCredits).arg(g.costMicros), now);
    });
    if (recorded) {
        if (ok && *recorded)
            (*recorded)->charged = true; // the settle row this transaction wrote
        else
            recorded->reset(); // rolled back: not what the store holds
    }
    if (ok)
        emit generationChanged(g.id, GenerationStatus::Completed);
    return ok;
}

int GenerationService::renewLeases(const QStringList &jobIds)
{
    QStringList streams;
    {
        QMutexLocker lock(&m_liveMutex);
        streams = m_live.keys(); // streams until their end is recorded
    }
    QStringList renewed;
    const int n = m_generations.renewLeases(m_options.nodeId, Timestamps::nowMs() + m_options.leaseMs, jobIds + streams,
                                            &renewed);
    if (n < 0)
        return n; // the store did not answer: nothing is known about the rows
    // A stream whose row this node no longer holds (it stalled past its lease and another
    // node failed and released it) must not go on handing out audio for free.
    for (const QString &id : std::as_const(streams)) {
        if (renewed.contains(id))
            continue;
        bool failed = false;
        const auto g = m_generations.find(id, &failed);
        // No row yet: being created. Ended: its end is being recorded here.
        if (failed || !g)
            continue;
        // (A stream that ended here meanwhile ignores the signal.)
        if (g->status != GenerationStatus::Generating || g->leaseOwner != m_options.nodeId)
            emit streamLost(id);
    }
    return n;
}

int GenerationService::requeueExpired()
{
    return m_generations.requeueExpired(Timestamps::nowMs());
}

bool GenerationService::fail(const QString &id, const QString &message, bool charge)
{
    return failRow(id, message, charge, {}, 0);
}

bool GenerationService::failClaimed(const QString &id, qint64 claim, const QString &message, bool charge)
{
    return failRow(id, message, charge, m_options.nodeId, claim);
}

bool GenerationService::failRow(const QString &id, const QString &message, bool charge, const QString &owner, qint64 claim)
{
    const auto g = m_generations.find(id);
    if (!g)
        return false;
    const qint64 now = Timestamps::nowMs();
    const bool ok = m_db.immediateTransaction([&] {
        // markFailed changes only a row still IN_QUEUE/GENERATING: whatever finished
        // first (completion, cancel, the stream's own end) decides, money moves once.
        if (!m_generations.markFailed(id, message, now, false, owner, claim))
            return false;
        if (charge)
            return m_billing.settle(*g, QStringLiteral("%1 credits / %2 micro-USD; stream ended early after audio: %3")
                                            .arg(g->costCredits)
                                            .arg(g->costMicros)
                                            .arg(message.left(120)),
                                    now);
        return m_billing.release(*g, message, now);
    });
    if (ok)
        emit generationChanged(id, GenerationStatus::Failed);
    return ok;
}

bool GenerationService::completeStopped(const QString &id, const QString &audioPath, qint64 textSpoken, qint64 textTotal)
{
    const auto g = m_generations.find(id);
    if (!g)
        return false;
    const GenerationStore::PartialCost cost = BillingService::partialCost(*g, textSpoken, textTotal);
    const qint64 now = Timestamps::nowMs();
    const bool ok = m_db.immediateTransaction([&] {
        // Only a row still GENERATING: a cancel that came first decided already.
        return m_generations.markStoppedPartial(id, audioPath, now, cost)
               && m_billing.settlePart(*g, cost,
                                       QStringLiteral("stopped in the studio: %1 of %2 tokens, %3 credits / %4 micro-USD")
                                           .arg(cost.tokens)
                                           .arg(g->tokens)
                                           .arg(g->source == PaymentSource::Credits ? cost.credits : 0)
                                           .arg(g->source == PaymentSource::Wallet ? cost.micros : 0),
                                       now);
    });
    if (ok)
        emit generationChanged(id, GenerationStatus::Completed);
    return ok;
}

bool GenerationService::failStopped(const QString &id, const QString &message)
{
    const auto g = m_generations.find(id);
    if (!g)
        return false;
    const qint64 now = Timestamps::nowMs();
    const bool ok = m_db.immediateTransaction([&] {
        return m_generations.markFailed(id, message, now, true) && m_billing.release(*g, message, now);
    });
    if (ok)
        emit generationChanged(id, GenerationStatus::Failed);
    return ok;
}

Result<Generation> GenerationService::cancel(qint64 accountId, const QString &id)
{
    auto g = get(accountId, id);
    if (!g)
        return g.error();
    const auto finished = [](const QString &status) {
        return ServiceError::make(ServiceError::Kind::Conflict,
                                  QStringLiteral("Generation is %1 and can no longer be cancelled").arg(status));
    };
    if (g->status != GenerationStatus::InQueue && g->status != GenerationStatus::Generating)
        return finished(g->status);
    bool charge = false;
    if (g->streamed) {
        QMutexLocker lock(&m_liveMutex);
        const auto it = m_live.find(id);
        // Another process's stream: failing its row here would not stop its audio.
        if (it == m_live.end())
            return ServiceError::make(ServiceError::Kind::Conflict,
                                      QStringLiteral("This stream is served by another server process; close its connection to end it"));
        it->cancelled = true; // no first audio after this point
        charge = it->delivered;
    }
    if (!fail(id, QStringLiteral("Cancelled"), charge)) {
        // Finished while this ran (fail() changes only unfinished rows).
        const auto now = m_generations.find(id);
        if (now && now->status != GenerationStatus::InQueue && now->status != GenerationStatus::Generating)
            return finished(now->status);
        return ServiceError::make(ServiceError::Kind::Internal, QStringLiteral("An unexpected error occurred. Please try again."));
    }
    emit cancelRequested(id);
    return get(accountId, id);
}

int GenerationService::failOrphanedStreams(qint64 leaseEndedBefore)
{
    int failed = 0;
    for (const QString &id : m_generations.unfinishedStreams(leaseEndedBefore)) {
        {
            QMutexLocker lock(&m_liveMutex);
            if (m_live.contains(id))
                continue; // streaming now, in this process
        }
        failed += fail(id, QStringLiteral("Server stopped during the stream")) ? 1 : 0;
    }
    return failed;
}

bool GenerationService::deliver(const QString &id)
{
    QMutexLocker lock(&m_liveMutex);
    const auto it = m_live.find(id);
    if (it == m_live.end() || it->cancelled)
        return false;
    it->delivered = true;
    return true;
}

void GenerationService::untrack(const QString &id)
{
    QMutexLocker lock(&m_liveMutex);
    m_live.remove(id);
}

Result<DeletedGeneration> GenerationService::remove(qint64 accountId, const QString &id)
{
    const auto g = m_generations.find(id);
    if (!g || g->accountId != accountId)
        return ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("Generation not found"));
    // Its audio file is still being written: deleting the row now would leave the file
    // behind when the job or stream ends (and the stream's end could not be recorded).
    if (g->status == GenerationStatus::InQueue || g->status == GenerationStatus::Generating)
        return ServiceError::make(ServiceError::Kind::Conflict,
                                  QStringLiteral("Generation is %1: cancel it or let it finish before deleting it").arg(g->status));
    if (!m_generations.removeFinished(accountId, id)) {
        // Deleted meanwhile by another caller, or the store refused.
        if (!m_generations.find(id))
            return ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("Generation not found"));
        return ServiceError::make(ServiceError::Kind::Internal, QStringLiteral("An unexpected error occurred. Please try again."));
    }
    // The row is gone first, so no reader is handed a link to a file about to vanish;
    // then every cache that may still hold it, here and in other processes.
    m_finished.remove(id);
    if (m_options.deletions)
        m_options.deletions->bump();
    RevisionStore(m_db).bump(QStringLiteral("deletions")); // and on every other node (Engine polls it)
    DeletedGeneration out{*g, {}};
    QStringList files{audioPathFor(id, g->audioFormat), captionsPathFor(id)};
    if (!g->audioPath.isEmpty() && !files.contains(g->audioPath))
        files.prepend(g->audioPath);
    for (const QString &path : files) {
        QFile file(path);
        if (file.exists() && !file.remove() && out.fileProblem.isEmpty())
            out.fileProblem = QStringLiteral("%1: %2").arg(path, file.errorString());
    }
    emit generationDeleted(id);
    return out;
}

int GenerationService::requeueUnfinished()
{
    return m_generations.requeueUnfinished(m_options.nodeId);
}

int GenerationService::requeueAll()
{
    return m_generations.requeueUnfinished();
}

int GenerationService::queuedCount() const
{
    return m_generations.countByStatus(GenerationStatus::InQueue);
}

int GenerationService::sweepStaleParts()
{
    // A node killed mid-job (SIGKILL, power) leaves its .part in the shared audio dir:
    // nothing else would ever remove it. A job's part (<id>.<node>.c<claim>.<fmt>.part)
    // goes once it is older than two leases and no node runs the job any more (it was
    // redone elsewhere, or failed); a stream's (live-<uuid>...) is written while it
    // streams, so one untouched for an hour is abandoned.
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const qint64 jobAgeMs = qMax(qint64(60000), 2 * m_options.leaseMs);
    constexpr qint64 kLiveAgeMs = 3600 * 1000;
    int removed = 0;
    QDir dir(m_options.audioDir);
    for (const QFileInfo &f : dir.entryInfoList({QStringLiteral("*.part")}, QDir::Files)) {
        const qint64 age = f.lastModified().msecsTo(now);
        const QString name = f.fileName();
        bool stale = false;
        if (name.startsWith(QLatin1String("live-"))) {
            stale = age > kLiveAgeMs;
        } else if (age > jobAgeMs) {
            bool failed = false;
            const auto g = m_generations.find(name.section(u'.', 0, 0), &failed);
            stale = !failed && (!g || g->status != GenerationStatus::Generating);
        }
        if (stale && QFile::remove(f.filePath()))
            ++removed;
    }
    return removed;
}

int GenerationService::sweepExpired()
{
    int removed = 0;
    for (const Generation &g : m_generations.expiredWithAudio(expiryRule(), 200)) {
        if (!g.audioPath.isEmpty())
            QFile::remove(g.audioPath);
        if (g.captions)
            QFile::remove(captionsPathFor(g.id));
        m_generations.markAudioDeleted(g.id);
        ++removed;
    }
    return removed;
}
