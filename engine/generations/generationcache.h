#pragma once

#include "records.h"

#include <QCache>
#include <QMutex>

#include <optional>

// Finished generations (COMPLETED or FAILED) by id. A finished row never changes again
// (only its audio goes when it expires, and expired generations are never served), so
// entries need no invalidation: the server answers polls of finished jobs from memory.
// Bounded by an estimate of the bytes held. Thread-safe.
class GenerationCache
{
public:
    static constexpr int kMaxBytes = 32 * 1024 * 1024;

    GenerationCache();

    static bool isCacheable(const Generation &g);
    std::optional<Generation> find(const QString &id) const;
    void insert(const Generation &g);

private:
    mutable QMutex m_mutex;
    mutable QCache<QString, Generation> m_entries;
};
