#include "keystore.h"

#include "sqlutil.h"

namespace
{
const QString kColumns = QStringLiteral("id, account_id, name, key_hash, last4, created_at, revoked_at");

ApiKeyRecord fromQuery(const QSqlQuery &q)
{
    ApiKeyRecord k;
    k.id = q.value(0).toLongLong();
    k.accountId = q.value(1).toLongLong();
    k.name = q.value(2).toString();
    k.keyHash = q.value(3).toByteArray();
    k.last4 = q.value(4).toString();
    k.createdAt = q.value(5).toLongLong();
    k.revokedAt = q.value(6).toLongLong();
    return k;
}
}

std::optional<qint64> KeyStore::insert(const ApiKeyRecord &k)
{
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "INSERT INTO api_keys (account_id, name, key_hash, last4, created_at) VALUES (?,?,?,?,?) RETURNING id",
                       {k.accountId, k.name, k.keyHash, k.last4, k.createdAt})
        || !q.next())
        return std::nullopt;
    return q.value(0).toLongLong();
}

std::optional<ApiKeyRecord> KeyStore::findByHash(const QByteArray &hash, bool *failed) const
{
    std::optional<StoreQuery> q;
    const bool ok = SqlUtil::read(m_db, q, "SELECT " + kColumns + " FROM api_keys WHERE key_hash = ?", {hash});
    if (failed)
        *failed = !ok;
    if (!ok || !q->next())
        return std::nullopt;
    return fromQuery(*q);
}

QList<ApiKeyRecord> KeyStore::list(qint64 accountId) const
{
    QList<ApiKeyRecord> out;
    StoreQuery q(m_db);
    if (SqlUtil::exec(q, "SELECT " + kColumns + " FROM api_keys WHERE account_id = ? ORDER BY id", {accountId}))
        while (q.next())
            out << fromQuery(q);
    return out;
}

bool KeyStore::revoke(qint64 accountId, qint64 keyId, qint64 now)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q, "UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND account_id = ?",
                         {now, keyId, accountId})
           && q.numRowsAffected() == 1;
}
