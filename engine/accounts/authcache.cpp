#include "authcache.h"

#include "sharedcounter.h"

#include <chrono>

AuthCache::AuthCache(const SharedCounter *revision)
    : m_revision(revision)
{
}

quint64 AuthCache::revision() const
{
    return m_revision ? m_revision->value() : 0;
}

std::optional<AuthContext> AuthCache::find(const QByteArray &keyHash) const
{
    if (!m_revision || !m_revision->isShared())
        return std::nullopt;
    if (m_confirmedMs && steadyNowMs() - m_confirmedMs->load(std::memory_order_relaxed) > kMaxUnconfirmedMs)
        return std::nullopt;
    const quint64 now = m_revision->value();
    QMutexLocker lock(&m_mutex);
    const auto it = m_entries.constFind(keyHash);
    if (it == m_entries.cend() || it->revision != now)
        return std::nullopt;
    return it->auth;
}

qint64 AuthCache::steadyNowMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void AuthCache::insert(const QByteArray &keyHash, const AuthContext &auth, quint64 revision)
{
    if (!m_revision || !m_revision->isShared() || revision != m_revision->value())
        return;
    QMutexLocker lock(&m_mutex);
    // Entries of an older revision are dead weight; so is an overfull table.
    if (m_entries.size() >= kMaxEntries)
        m_entries.clear();
    m_entries.insert(keyHash, {auth, revision});
}
