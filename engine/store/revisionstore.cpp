#include "revisionstore.h"

#include "sqlutil.h"

bool RevisionStore::bump(const QString &name)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q, "UPDATE revisions SET value = value + 1 WHERE name = ?", {name}) && q.numRowsAffected() == 1;
}

std::optional<qint64> RevisionStore::value(const QString &name) const
{
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "SELECT value FROM revisions WHERE name = ?", {name}) || !q.next())
        return std::nullopt;
    return q.value(0).toLongLong();
}

bool RevisionStore::heartbeat(const QString &nodeId, qint64 nowMs, qint64 staleBeforeMs)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q, "INSERT INTO nodes (id, seen_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at",
                         {nodeId, nowMs})
           && SqlUtil::exec(q, "DELETE FROM nodes WHERE seen_at < ?", {staleBeforeMs});
}

int RevisionStore::liveNodes(qint64 sinceMs) const
{
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "SELECT COUNT(*) FROM nodes WHERE seen_at >= ?", {sinceMs}) || !q.next())
        return 0;
    return q.value(0).toInt();
}

bool RevisionStore::leave(const QString &nodeId)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q, "DELETE FROM nodes WHERE id = ?", {nodeId});
}
