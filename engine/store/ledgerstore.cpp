#include "ledgerstore.h"

#include "sqlutil.h"

bool LedgerStore::add(const LedgerEntry &e)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q,
                         "INSERT INTO ledger (account_id, generation_id, kind, source, credits_delta, micros_delta, note, "
                         "created_at) VALUES (?,?,?,?,?,?,?,?)",
                         {e.accountId, SqlUtil::nullable(e.generationId), e.kind, SqlUtil::nullable(e.source),
                          e.creditsDelta, e.microsDelta, SqlUtil::nullable(e.note), e.createdAt});
}

QList<LedgerEntry> LedgerStore::list(qint64 accountId, int limit) const
{
    QList<LedgerEntry> out;
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q,
                       "SELECT id, account_id, generation_id, kind, source, credits_delta, micros_delta, note, created_at "
                       "FROM ledger WHERE account_id = ? ORDER BY id DESC LIMIT ?",
                       {accountId, limit}))
        return out;
    while (q.next()) {
        LedgerEntry e;
        e.id = q.value(0).toLongLong();
        e.accountId = q.value(1).toLongLong();
        e.generationId = q.value(2).toString();
        e.kind = q.value(3).toString();
        e.source = q.value(4).toString();
        e.creditsDelta = q.value(5).toLongLong();
        e.microsDelta = q.value(6).toLongLong();
        e.note = q.value(7).toString();
        e.createdAt = q.value(8).toLongLong();
        out << e;
    }
    return out;
}

std::pair<qint64, qint64> LedgerStore::sums(qint64 accountId) const
{
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "SELECT COALESCE(SUM(credits_delta),0), COALESCE(SUM(micros_delta),0) FROM ledger WHERE account_id = ?",
                       {accountId})
        || !q.next())
        return {0, 0};
    return {q.value(0).toLongLong(), q.value(1).toLongLong()};
}
