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
    if (const Generation *g = m_entries.object(id)) // refreshes its age, hence mutable
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
