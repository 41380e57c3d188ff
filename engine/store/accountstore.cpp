#include "accountstore.h"

#include "sqlutil.h"

namespace
{
const QString kColumns = QStringLiteral("id, name, plan, credits, wallet_micros, created_at");

Account fromQuery(const QSqlQuery &q)
{
    Account a;
    a.id = q.value(0).toLongLong();
    a.name = q.value(1).toString();
    a.plan = q.value(2).toString();
    a.credits = q.value(3).toLongLong();
    a.walletMicros = q.value(4).toLongLong();
    a.createdAt = q.value(5).toLongLong();
    return a;
}
}

std::optional<qint64> AccountStore::insert(const Account &a)
{
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "INSERT INTO accounts (name, plan, credits, wallet_micros, created_at) VALUES (?,?,?,?,?) RETURNING id",
                       {a.name, a.plan, a.credits, a.walletMicros, a.createdAt})
        || !q.next())
        return std::nullopt;
    return q.value(0).toLongLong();
}

std::optional<Account> AccountStore::one(const QString &where, const QVariant &value) const
{
    StoreQuery q(m_db);
    if (!SqlUtil::exec(q, "SELECT " + kColumns + " FROM accounts WHERE " + where + " = ?", {value}) || !q.next())
        return std::nullopt;
    return fromQuery(q);
}

std::optional<Account> AccountStore::findById(qint64 id) const
{
    return one(QStringLiteral("id"), id);
}

std::optional<Account> AccountStore::findByName(const QString &name) const
{
    return one(QStringLiteral("name"), name);
}

QList<Account> AccountStore::list() const
{
    QList<Account> out;
    StoreQuery q(m_db);
    if (SqlUtil::exec(q, "SELECT " + kColumns + " FROM accounts ORDER BY name"))
        while (q.next())
            out << fromQuery(q);
    return out;
}

bool AccountStore::adjust(qint64 id, qint64 creditsDelta, qint64 microsDelta)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q, "UPDATE accounts SET credits = credits + ?, wallet_micros = wallet_micros + ? WHERE id = ?",
                         {creditsDelta, microsDelta, id})
           && q.numRowsAffected() == 1;
}

bool AccountStore::lock(qint64 id)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q, "SELECT id FROM accounts WHERE id = ?" + m_db.dialect().lockRow(), {id}) && q.next();
}

bool AccountStore::setPlan(qint64 id, const QString &plan)
{
    StoreQuery q(m_db);
    return SqlUtil::exec(q, "UPDATE accounts SET plan = ? WHERE id = ?", {plan, id}) && q.numRowsAffected() == 1;
}
