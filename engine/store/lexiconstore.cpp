#include "lexiconstore.h"

#include "sqlutil.h"

std::optional<QByteArray> LexiconStore::entries(qint64 accountId) const
{
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "SELECT entries FROM lexicons WHERE account_id = ?", {accountId}))
        return std::nullopt;
    if (!q.next())
        return QByteArray("[]");
    return q.value(0).toString().toUtf8();
}

bool LexiconStore::replace(qint64 accountId, const QByteArray &entries, qint64 updatedAtMs)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q,
                         "INSERT INTO lexicons (account_id, entries, updated_at) VALUES (?, ?, ?) "
                         "ON CONFLICT (account_id) DO UPDATE SET entries = excluded.entries, updated_at = excluded.updated_at",
                         {accountId, QString::fromUtf8(entries), updatedAtMs});
}

bool LexiconStore::remove(qint64 accountId)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q, "DELETE FROM lexicons WHERE account_id = ?", {accountId});
}
