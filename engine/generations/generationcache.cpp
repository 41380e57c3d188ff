#include "generationcache.h"

#include "sharedcounter.h"

GenerationCache::GenerationCache(const SharedCounter *deletions)
    : m_deletions(deletions)
    , m_entries(kMaxBytes)
    , m_seen(revision())
{
}

bool GenerationCache::isCacheable(const Generation &g)
{
    return g.status == GenerationStatus::Completed || g.status == GenerationStatus::Failed;
}

quint64 GenerationCache::revision() const
{
    return m_deletions ? m_deletions->value() : 0;
}

void GenerationCache::catchUp() const
{
    const quint64 now = revision();
    if (now == m_seen)
        return;
    m_entries.clear();
    m_seen = now;
}

std::optional<Generation> GenerationCache::find(const QString &id) const
{
    QMutexLocker lock(&m_mutex);
    catchUp();
    if (const Generation *g = m_entries.object(id)) // refreshes its age, hence mutable
        return *g;
    return std::nullopt;
}

void GenerationCache::insert(const Generation &g, quint64 revision)
{
    if (!isCacheable(g) || (m_deletions && !m_deletions->isShared()))
        return;
    const qsizetype cost = 512 + 2 * (g.inputText.size() + g.errorMessage.size() + g.audioPath.size()) + g.synthesis.size();
    QMutexLocker lock(&m_mutex);
    catchUp();
    // Read from the store before a deletion that has happened since: it may be gone.
    if (revision != m_seen)
        return;
    m_entries.insert(g.id, new Generation(g), cost);
}

void GenerationCache::remove(const QString &id)
{
    QMutexLocker lock(&m_mutex);
    m_entries.remove(id);
}
