#include "generationcache.h"

GenerationCache::GenerationCache()
    : m_entries(kMaxBytes)
{
}

bool GenerationCache::isCacheable(const Generation &g)
{
    return g.status == GenerationStatus::Completed || g.status == GenerationStatus::Failed;
}

std::optional<Generation> GenerationCache::find(const QString &id) const
{
    QMutexLocker lock(&m_mutex);
    // QCache::object() refreshes the entry's age, so it is not const.
    if (const Generation *g = const_cast<QCache<QString, Generation> &>(m_entries).object(id))
        return *g;
    return std::nullopt;
}

void GenerationCache::insert(const Generation &g)
{
    if (!isCacheable(g))
        return;
    const qsizetype cost = 512 + 2 * (g.inputText.size() + g.errorMessage.size() + g.audioPath.size()) + g.synthesis.size();
    QMutexLocker lock(&m_mutex);
    m_entries.insert(g.id, new Generation(g), cost);
}
