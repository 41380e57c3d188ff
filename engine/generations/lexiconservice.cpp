#include "lexiconservice.h"

#include "timestamps.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace
{
// More accounts than this in memory: start again (the store has them all).
constexpr int kCachedAccounts = 10000;
}

LexiconService::LexiconService(const Database &db)
    : m_store(db)
{
}

ServiceError LexiconService::storeFailed()
{
    ServiceError e = ServiceError::make(ServiceError::Kind::StoreUnavailable,
                                        QStringLiteral("The lexicon store is unavailable. Please try again shortly."));
    e.retryAfterSeconds = 5;
    return e;
}

void LexiconService::remember(qint64 accountId, const QList<LexiconEntry> &entries) const
{
    QMutexLocker lock(&m_mutex);
    if (m_cache.size() >= kCachedAccounts && !m_cache.contains(accountId))
        m_cache.clear();
    m_cache.insert(accountId, entries);
}

Result<QList<LexiconEntry>> LexiconService::entries(qint64 accountId) const
{
    const auto stored = m_store.entries(accountId);
    if (!stored)
        return storeFailed();
    // Stored documents were valid when written; parse() is the one reader either way.
    const Lexicon::Parsed parsed = Lexicon::parse(QJsonDocument::fromJson(*stored).array());
    remember(accountId, parsed.entries);
    return parsed.entries;
}

Result<QList<LexiconEntry>> LexiconService::replace(qint64 accountId, const QJsonValue &entries)
{
    if (entries.isUndefined() || entries.isNull())
        return ServiceError::invalid("entries", QStringLiteral("Field required: entries"));
    if (!entries.isArray())
        return ServiceError::wrongType("entries", QStringLiteral("entries must be an array"));
    const Lexicon::Parsed parsed = Lexicon::parse(entries.toArray());
    if (!parsed.problems.isEmpty()) {
        bool wrongType = false;
        ServiceError e;
        for (const LexiconProblem &p : parsed.problems) {
            wrongType = wrongType || p.wrongType;
            e.errors.append({p.field, p.message});
        }
        // A type error is a 422 like everywhere else in the API; the detail names the
        // first problem so that a person reading it knows where to look.
        e.kind = wrongType ? ServiceError::Kind::WrongType : ServiceError::Kind::InvalidInput;
        const LexiconProblem &first = parsed.problems.first();
        e.detail = QStringLiteral("Invalid lexicon, nothing was changed: %1: %2%3")
                       .arg(first.field, first.message,
                            parsed.problems.size() > 1 ? QStringLiteral(" (and %1 more)").arg(parsed.problems.size() - 1)
                                                       : QString());
        return e;
    }
    const QByteArray document = QJsonDocument(Lexicon::toJson(parsed.entries)).toJson(QJsonDocument::Compact);
    if (!m_store.replace(accountId, document, Timestamps::nowMs()))
        return storeFailed();
    remember(accountId, parsed.entries);
    return parsed.entries;
}

Result<bool> LexiconService::clear(qint64 accountId)
{
    if (!m_store.remove(accountId))
        return storeFailed();
    remember(accountId, {});
    return true;
}

std::optional<QList<LexiconEntry>> LexiconService::cached(qint64 accountId) const
{
    QMutexLocker lock(&m_mutex);
    const auto it = m_cache.constFind(accountId);
    if (it == m_cache.constEnd())
        return std::nullopt;
    return *it;
}
