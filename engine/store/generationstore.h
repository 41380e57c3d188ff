#pragma once

#include "database.h"
#include "records.h"

#include <QHash>
#include <QList>
#include <QStringList>

#include <optional>

// Which rows are past their lifetime: created before `before`, unless made by one of
// keptApiVersions. GenerationService decides the rule; the store only applies it.
struct ExpiryRule
{
    qint64 before = 0;
    QStringList keptApiVersions;
};

// What a history read asks for.
struct HistoryFilter
{
    QString status;           // empty: all; a live status (not expired); or EXPIRED
    QString search;           // empty: all; else part of the text or the voice name, any case
    bool withPreviews = true; // false: generations made as voice previews are left out
    // Who made them: the studio's Generate page (and its previews), a project's render,
    // or an API client (every other apiVersion).
    enum class Source { All, Studio, Project, Api };
    Source source = Source::All;
};

// Table generations, and the persistent job queue it doubles as.
class GenerationStore
{
public:
    explicit GenerationStore(const Database &db) : m_db(db) {}

    bool insert(const Generation &g);
    // failed (optional): set when the store did not answer (then nullopt says nothing).
    std::optional<Generation> find(const QString &id, bool *failed = nullptr) const;
    std::optional<Generation> findByIdempotencyKey(qint64 accountId, const QString &key) const;

    // Newest first.
    QList<Generation> history(qint64 accountId, const HistoryFilter &filter, const ExpiryRule &expiry, int limit,
                              int offset, bool *failed = nullptr) const;

    // One statement: the oldest queued job becomes GENERATING, held by owner until
    // leaseUntil. Multi-node safe on PostgreSQL with FOR UPDATE SKIP LOCKED in the subquery.
    std::optional<Generation> claimNext(qint64 now, const QString &owner, qint64 leaseUntil);
    // Jobs whose holder's lease ran out before now (a node that died) go back to the
    // queue, ahead of newer ones (their created_at); how many (-1: store failed).
    int requeueExpired(qint64 now);
    // Extends the leases of those of ids that owner holds; how many (-1: store failed).
    // renewed (optional): which of ids.
    int renewLeases(const QString &owner, qint64 leaseUntil, const QStringList &ids, QStringList *renewed = nullptr);
    // Only while owner holds this claim of the job (the lease is a fence; call inside the
    // settle's transaction). Streams are never claimed: claim 0.
    // recorded (optional): the row as updated, read in the same statement, its `charged`
    // false (the caller's settle row comes after).
    bool markCompleted(const QString &id, const QString &audioPath, qint64 now, const QString &owner, qint64 claim,
                       std::optional<Generation> *recorded = nullptr);
    // owner non-empty: a GENERATING row only while owner holds this claim of it.
    bool markFailed(const QString &id, const QString &message, qint64 now, bool stopped = false,
                    const QString &owner = {}, qint64 claim = 0);
    // What a stopped generation costs: the part of its text that its audio reaches.
    struct PartialCost
    {
        qint64 tokens = 0;
        qint64 credits = 0;
        qint64 micros = 0;
        qint64 dollarMicros = 0;
    };
    // A stream stopped by its owner, kept: COMPLETED with its partial audio and cost.
    bool markStoppedPartial(const QString &id, const QString &audioPath, qint64 now, const PartialCost &cost);
    // After a crash or shutdown: GENERATING jobs go back to the queue (only owner's,
    // unless owner is empty).
    int requeueUnfinished(const QString &owner = {});
    // Streams still open in the store whose lease ended before leaseEndedBefore (or
    // that have none): nobody streams them any more.
    QStringList unfinishedStreams(qint64 leaseEndedBefore) const;
    int countByStatus(const QString &status) const;
    QHash<QString, int> countsByStatus() const;
    QList<Generation> expiredWithAudio(const ExpiryRule &expiry, int limit) const;
    bool markAudioDeleted(const QString &id);
    // Deletes the row of this account if it is finished (COMPLETED or FAILED); false
    // when there is no such row. Its ledger rows stay: deleting never refunds.
    bool removeFinished(qint64 accountId, const QString &id);

private:
    const Database &m_db;
};
