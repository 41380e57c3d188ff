#pragma once

#include "lexicon.h"
#include "lexiconstore.h"
#include "serviceerror.h"

#include <QHash>
#include <QJsonValue>
#include <QMutex>

#include <optional>

// Each account's pronunciation lexicon (docs/api.md "Pronunciation lexicons"): read,
// replaced whole (all or nothing), emptied. Thread-safe; store calls use the calling
// thread's connection, so call them on a store thread.
//
// The store is the truth: GenerationService::create() reads it for every generation. A
// copy of what was last read or written stays in memory for a live stream's first plan,
// made before its row exists (a stale or missing copy only makes that stream start over
// with the row's plan).
class LexiconService
{
public:
    explicit LexiconService(const Database &db);

    Result<QList<LexiconEntry>> entries(qint64 accountId) const;
    // entries: the "entries" value of the request body (undefined when missing).
    Result<QList<LexiconEntry>> replace(qint64 accountId, const QJsonValue &entries);
    Result<bool> clear(qint64 accountId);
    // Memory only: nullopt when this process has not seen the account's lexicon yet.
    std::optional<QList<LexiconEntry>> cached(qint64 accountId) const;

private:
    void remember(qint64 accountId, const QList<LexiconEntry> &entries) const;
    static ServiceError storeFailed();

    LexiconStore m_store;
    mutable QMutex m_mutex;
    mutable QHash<qint64, QList<LexiconEntry>> m_cache;
};
