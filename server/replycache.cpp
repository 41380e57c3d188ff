#include "replycache.h"

ReplyCache::ReplyCache()
    : m_bodies(kMaxBytes)
{
}

std::optional<QByteArray> ReplyCache::find(const QString &key) const
{
    QMutexLocker lock(&m_mutex);
    if (const QByteArray *body = m_bodies.object(key))
        return *body;
    return std::nullopt;
}

void ReplyCache::insert(const QString &key, const QByteArray &body)
{
    QMutexLocker lock(&m_mutex);
    m_bodies.insert(key, new QByteArray(body), int(qMin<qsizetype>(body.size() + 2 * key.size() + 64, kMaxBytes)));
}
