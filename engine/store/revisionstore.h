#pragma once

#include "database.h"

#include <QString>

#include <optional>

// Table revisions: counters that writers bump after a change every node must notice
// (keys and plans: "auth"; deleted generations: "deletions"); and table nodes: the
// engines running on this store, each with its last heartbeat.
class RevisionStore
{
public:
    explicit RevisionStore(const Database &db) : m_db(db) {}

    bool bump(const QString &name);
    std::optional<qint64> value(const QString &name) const;

    // This node is alive at nowMs; nodes not seen since staleBeforeMs are forgotten.
    bool heartbeat(const QString &nodeId, qint64 nowMs, qint64 staleBeforeMs);
    // How many nodes were seen at or after sinceMs (0 when the store failed).
    int liveNodes(qint64 sinceMs) const;
    bool leave(const QString &nodeId);

private:
    const Database &m_db;
};
