#pragma once

#include "accountstore.h"
#include "audioformat.h"
#include "generationcache.h"
#include "generationstore.h"
#include "keyservice.h"
#include "lexiconservice.h"
#include "metering.h"
#include "billingservice.h"
#include "serviceerror.h"
#include "synthesisplanner.h"
#include "voicedirectory.h"
#include "wordtiming.h"

#include <QHash>
#include <QMutex>
#include <QObject>

class SharedCounter;

struct CreateGeneration
{
    SpeechRequest speech;
    QString voiceId;
    QString audioFormat = QStringLiteral("wav");
    QString apiVersion = QStringLiteral("v3");
    bool streamed = false;          // synthesized by a WebSocket session, not the queue
    bool preview = false;           // a studio voice preview: out of the default history
    bool voiceCaseInsensitive = false;
    bool premiumNeedsPaidPlan = false; // v2: free plans may not use premium voices
    QString idempotencyKey;
    QString requestHash;
    // Extra prosody applied on top of the plan (v2 emotions); identity by default.
    double pitchFactor = 1.0;
    double pitchRangeFactor = 1.0;
    double speedFactor = 1.0;
    bool timestamps = false;        // word timings kept beside the audio (captions)
    bool modelFromVoice = false;    // /v1: one of our voice ids speaks with its own model
    // The studio passes DesktopMetering's answer; every API request is metered.
    Metering metering = Metering::Metered;
};

struct CreatedGeneration
{
    Generation generation;
    bool replayed = false; // an Idempotency-Key retry returned the original
};

// A generation deleted by its owner (GenerationService::remove).
struct DeletedGeneration
{
    Generation generation; // as it was
    QString fileProblem;   // why its audio file could not be removed; empty when it went
};

// Generations from creation to completion: validation, pricing, payment (reserve at
// creation, settle at completion, release on failure), the persistent queue, lifetime
// and deletion. Thread-safe: every call uses the calling thread's store connection.
//
// Lifetime depends on who made the generation (docs/api.md "Lifetime by source"): the
// studio's own (apiVersion "studio", its voice previews included, and "project") are kept until the
// user deletes them; everything else (v3, v2, /v1, WebSocket) expires ttlMs after creation.
class GenerationService : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        qint64 ttlMs = 86400LL * 1000;
        int maxQueued = 1000;
        QString audioDir;
        // Bumped on every deletion, shared by the processes on the data dir so their
        // caches drop deleted generations (null: this process alone deletes).
        SharedCounter *deletions = nullptr;
        // This node (Engine): who holds the jobs and streams it claims, and for how long
        // without a renewal (JobRunner renews; docs/scale-out.md).
        QString nodeId;
        qint64 leaseMs = 30000;
    };

    // expiresAtMs() of a generation that is kept until deleted: 9999-12-31T23:59:59Z,
    // so a signed link to its audio works until the generation is deleted.
    static constexpr qint64 kKeptUntilMs = 253402300799000LL;

    GenerationService(const Database &db, const VoiceDirectory &voices, Options options, QObject *parent = nullptr);

    const Options &options() const { return m_options; }
    const Pricing &pricing() const { return m_billing.pricing(); }
    void setPricing(const Pricing &p) { m_billing.setPricing(p); }

    Result<CreatedGeneration> create(const AuthContext &auth, const CreateGeneration &request);
    // The checks and the synthesis plan create() makes for a request with this voice
    // (null: unknown voice) and the account's lexicon (its matches travel in the plan, so
    // a job re-run after a restart says them as at creation); memory only, so a stream
    // can start before the row exists. create() adds one check of its own: what a token
    // may say (SpeechRequestCheck::checkSpokenLength), too slow for the server thread.
    static Result<SynthesisParams> plan(const Voice *voice, const AuthContext &auth, const CreateGeneration &request,
                                        const QList<LexiconEntry> &lexicon = {});
    // What create() would refuse in a request whose text gives a voice nothing to say,
    // judged with a speakable text in its place (the voice, model, speed...): nullopt
    // when only the text is wanting. Creates and charges nothing. Store calls.
    std::optional<ServiceError> checkAllButText(const AuthContext &auth, const CreateGeneration &request) const;
    // The accounts' pronunciation lexicons, applied by create() to every generation.
    LexiconService &lexicons() { return m_lexicons; }
    // Unknown, another account's and expired ids all answer NotFound (indistinguishable).
    Result<Generation> get(qint64 accountId, const QString &id) const;
    // Memory only, cheap enough for the server thread: a finished generation of this
    // account that is not expired, or nullopt when get() must ask the store.
    std::optional<Generation> cachedGet(qint64 accountId, const QString &id) const;
    // For v2: tells another account's id apart (Forbidden).
    Result<Generation> getForV2(qint64 accountId, const QString &id) const;
    // Voice previews only when includePreviews (they are not work to find again).
    // failed (optional): set when the store did not answer (the empty list is no answer).
    QList<Generation> history(qint64 accountId, const QString &status, int limit, int offset,
                              bool includePreviews = false, bool *failed = nullptr) const;
    // The same with search and the preview filter (the studio's History).
    QList<Generation> searchHistory(qint64 accountId, const HistoryFilter &filter, int limit, int offset,
                                    bool *failed = nullptr) const;
    // For signed download links: the link itself proves access, so no account check.
    // failed (optional): set when the store did not answer (then nullopt says nothing).
    std::optional<Generation> findForDownload(const QString &id, bool *failed = nullptr) const;
    // Whether the store answers reads now: tells a deleted row from a store that failed.
    bool storeAnswers() const;
    // Whether g is kept until deleted rather than expiring (made in the studio).
    static bool isKept(const Generation &g);
    bool isExpired(const Generation &g) const;
    // When g expires: created_at + TTL, or kKeptUntilMs when it is kept.
    qint64 expiresAtMs(const Generation &g) const;
    QString audioPathFor(const QString &id, const QString &format) const;
    // Where a claimed job's audio goes: audioPathFor(), or on a shared store a name of
    // this node's own, so that a node presumed dead that wakes up never writes or removes
    // the file of the node that took its job over (the row's audio_path says which), and
    // of this claim: an earlier attempt of this node at the same job (a stall outlived its
    // lease, then it claimed the job again) never removes the file of the later one.
    QString claimedAudioPath(const Generation &g) const;
    // The word timings of a generation made with timestamps: <id>.words.json beside its
    // audio, written before it completes and deleted with its audio. Disk work: call
    // these on the engine or a store thread.
    QString captionsPathFor(const QString &id) const;
    QString writeCaptions(const QString &id, const QList<WordTiming> &words) const; // error text, or empty
    std::optional<QList<WordTiming>> readCaptions(const QString &id) const;

    // Queue side (JobRunner, WebSocket sessions).
    // Expired queued jobs met on the way are failed (and released), not run.
    std::optional<Generation> claimNext();
    // Extends the leases of this node's running jobs (jobIds) and of the streams it
    // tracks (JobRunner, every leaseMs / 3); nothing else it once held.
    int renewLeases(const QStringList &jobIds);
    // Jobs of any node whose lease ran out go back to the queue (JobRunner's poll).
    int requeueExpired();
    // Several nodes (processes on other machines) share the store: leases matter.
    bool sharedStore() const { return m_db.isShared(); }
    // Whether this node holds g (its lease) under claim: a job taken over by another node,
    // or claimed again by this one, is not this attempt's to complete, fail or retry.
    bool holds(const Generation &g, qint64 claim) const { return g.leaseOwner == m_options.nodeId && g.claim == claim; }
    // False when the row is no longer GENERATING (cancelled meanwhile), or when a file
    // job's lifetime ended first: that one is FAILED "Expired before completion" and
    // released instead, since its audio could never be fetched.
    // claim: the claim the job was run under (a stream's is 0).
    bool complete(const QString &id, const QString &audioPath, qint64 claim = 0);
    // complete() for a stream of this node, given its row as create() returned it: what
    // settling reads of it (account, price, source) is fixed at creation, and the update
    // is fenced on the row being GENERATING under this node's lease all the same. Spares
    // reading the row back at each stream's end.
    // recorded (optional): the row as this completed it, as findForDownload() would read it.
    bool completeStream(const Generation &created, const QString &audioPath, std::optional<Generation> *recorded = nullptr);
    // Only a row still IN_QUEUE/GENERATING changes. charge: the reservation is settled
    // (a stream that ended early after delivering audio, a synthesis stopped by its bound
    // on audio) instead of released.
    bool fail(const QString &id, const QString &message, bool charge = false);
    // fail() for a job this node claimed: only while it still holds it (the fence).
    bool failClaimed(const QString &id, qint64 claim, const QString &message, bool charge = false);
    // A stream its owner stopped in the studio (docs/api.md "Streams that end early"),
    // its audio up to there at audioPath: COMPLETED and stopped, billed for the part of
    // the text the audio reaches (textSpoken of textTotal characters), the rest released.
    bool completeStopped(const QString &id, const QString &audioPath, qint64 textSpoken, qint64 textTotal);
    // Stopped before anything could be kept: FAILED with message, stopped, released.
    bool failStopped(const QString &id, const QString &message);
    // 409 when the generation finished first (also when it finished while this ran),
    // and for a stream this process does not serve. A stream that has delivered audio
    // is charged (docs/api.md "Streams that end early"); emits cancelRequested on success.
    Result<Generation> cancel(qint64 accountId, const QString &id);
    // Deletes a finished generation of this account with its audio file (on the calling
    // thread: call it on a store thread). NotFound for an unknown id or another
    // account's; Conflict while it is IN_QUEUE or GENERATING (cancel or stop it first:
    // its audio file is still being written). Ledger rows stay: deleting never refunds.
    // Emits generationDeleted.
    Result<DeletedGeneration> remove(qint64 accountId, const QString &id);
    // This node's running jobs go back to the queue (shutdown).
    int requeueUnfinished();
    // Every running job goes back to the queue: at start, when no other process shares
    // the store.
    int requeueAll();
    // Streams left open by another process fail and are released (their connections
    // are gone): at start, when alone, every one not streaming here; else those whose
    // holder's lease ended before leaseEndedBefore. Returns how many.
    int failOrphanedStreams(qint64 leaseEndedBefore = std::numeric_limits<qint64>::max());

    // Live streams of this process (LiveGeneration), so that cancel() knows race-free
    // whether audio has gone out. create() tracks a streamed generation; the stream
    // calls deliver() before handing out its first audio (false: cancelled, hand out
    // nothing) and untrack() once its end is recorded.
    bool deliver(const QString &id);
    void untrack(const QString &id);
    int queuedCount() const;
    QHash<QString, int> countsByStatus() const { return m_generations.countsByStatus(); }
    // Deletes .part files that no node writes any more (a node killed mid-job): shared store.
    int sweepStaleParts();
    // Deletes the audio of expired generations (never of kept ones); returns how many files went.
    int sweepExpired();

signals:
    void jobQueued();
    void generationChanged(const QString &id, const QString &status);
    void cancelRequested(const QString &id);
    // A stream of this node whose row it no longer holds (failed by another node while
    // this one stalled): it must stop at once (emitted on the engine thread).
    void streamLost(const QString &id);
    void generationDeleted(const QString &id);

private:
    ExpiryRule expiryRule() const;
    // Why create() could not write (or read what it needs): the data dir's file problem
    // (503), else an internal error.
    ServiceError createFailed() const;
    // g COMPLETED with its audio at audioPath and its reservation settled, in one transaction.
    bool settleCompleted(const Generation &g, const QString &audioPath, qint64 claim,
                         std::optional<Generation> *recorded = nullptr);
        bool failRow(const QString &id, const QString &message, bool charge, const QString &owner, qint64 claim);

    const Database &m_db;
    const VoiceDirectory &m_voices;
    Options m_options;
    GenerationStore m_generations;
    AccountStore m_accountRows; // row locks only: balances move through m_billing
    BillingService m_billing;
    LexiconService m_lexicons;
    mutable GenerationCache m_finished;
    struct LiveState
    {
        bool delivered = false;
        bool cancelled = false;
    };
    QMutex m_liveMutex;
    QHash<QString, LiveState> m_live;
};
