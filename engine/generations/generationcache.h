#pragma once

#include "records.h"

#include <QCache>
#include <QMutex>

#include <optional>

class SharedCounter;

// Finished generations (COMPLETED or FAILED) by id. A finished row never changes again
// (only its audio goes when it expires, and expired generations are never served), so
// entries need no invalidation, except when a generation is deleted: then the deleting
// process removes its own entry and bumps the shared deletion counter, and every other
// process on the same data dir drops what it cached before. The server answers polls of
// finished jobs from memory. Bounded by an estimate of the bytes held. Thread-safe.
class GenerationCache
{
public:
    static constexpr int kMaxBytes = 32 * 1024 * 1024;

    // deletions: shared with the other processes on the data dir; null when this
    // process is the only one that deletes (nothing is cached when it cannot be shared).
    explicit GenerationCache(const SharedCounter *deletions = nullptr);

    static bool isCacheable(const Generation &g);
    // The revision to tag a fill with; read it before asking the store.
    quint64 revision() const;
    std::optional<Generation> find(const QString &id) const;
    void insert(const Generation &g, quint64 revision);
    void remove(const QString &id);

private:
    // Drops everything when another process deleted a generation since the last look.
    void catchUp() const;

    const SharedCounter *m_deletions;
    mutable QMutex m_mutex;
    mutable QCache<QString, Generation> m_entries;
    mutable quint64 m_seen = 0;
};
