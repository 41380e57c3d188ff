#pragma once

#include "database.h"
#include "records.h"

#include <QHash>
#include <QList>
#include <QStringList>

#include <optional>

// Table generations, and the persistent job queue it doubles as.
class GenerationStore
{
public:
    explicit GenerationStore(const Database &db) : m_db(db) {}

    bool insert(const Generation &g);
    std::optional<Generation> find(const QString &id) const;
    std::optional<Generation> findByIdempotencyKey(qint64 accountId, const QString &key) const;

    // Newest first. status: empty (all), a live status (not expired) or EXPIRED
    // (created before expiredBefore). Voice previews only when includePreviews.
    QList<Generation> history(qint64 accountId, const QString &status, qint64 expiredBefore, int limit, int offset,
                              bool includePreviews = false) const;

    // One store operation: the oldest queued job becomes GENERATING. Multi-node safe
    // on PostgreSQL with FOR UPDATE SKIP LOCKED in the subquery.
    std::optional<Generation> claimNext(qint64 now);
    bool markCompleted(const QString &id, const QString &audioPath, qint64 now);
    bool markFailed(const QString &id, const QString &message, qint64 now, bool stopped = false);
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
    // After a crash or shutdown: GENERATING jobs go back to the queue.
    int requeueUnfinished();
    // Streams still open in the store: after a restart nobody streams them any more.
    QStringList unfinishedStreams() const;
    int countByStatus(const QString &status) const;
    QHash<QString, int> countsByStatus() const;
    QList<Generation> expiredWithAudio(qint64 expiredBefore, int limit) const;
    bool markAudioDeleted(const QString &id);

private:
    const Database &m_db;
};
