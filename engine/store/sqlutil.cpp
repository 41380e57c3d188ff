#include "sqlutil.h"

#include "database.h"
#include "sqldialect.h"

#include <QSqlDriver>

#include <QSqlError>
#include <QtDebug>

#include <atomic>

namespace
{
// Whether the database is known to be away: while it is, every store call of every
// thread fails the same way (a dozen a second on a node), so the outage is logged once
// when it starts and once when the database answers again.
std::atomic<bool> s_away{false};

void noteAway(const QString &why)
{
    if (!s_away.exchange(true))
        qWarning("database unreachable: %s (not logged again until it answers)", qPrintable(why));
}

void noteAnswered()
{
    if (s_away.load(std::memory_order_relaxed) && s_away.exchange(false))
        qInfo("database answers again");
}

SqlDialect dialectOf(const QSqlQuery &q)
{
    return SqlDialect(q.driver() && q.driver()->dbmsType() == QSqlDriver::PostgreSQL ? SqlDialect::Kind::Postgres
                                                                                      : SqlDialect::Kind::Sqlite);
}

// Not even connected (the server is away): Qt would warn on every prepare.
bool connected(const QSqlQuery &q)
{
    if (q.driver() && q.driver()->isOpen())
        return true;
    noteAway(QStringLiteral("no connection"));
    return false;
}

bool preparedOk(const QSqlQuery &q, bool ok)
{
    if (ok)
        return true;
    if (dialectOf(q).isConnectionLost(q.lastError()))
        noteAway(q.lastError().text());
    else
        qWarning("sql prepare failed: %s", qPrintable(q.lastError().text()));
    return false;
}

bool bindAndExec(QSqlQuery &q, const QVariantList &binds)
{
    for (const QVariant &v : binds)
        q.addBindValue(v);
    if (!q.exec()) {
        // Constraint failures are expected (balances never go negative); others are logged.
        const SqlDialect dialect = dialectOf(q);
        if (dialect.isConnectionLost(q.lastError()))
            noteAway(q.lastError().text());
        else if (!dialect.isConstraintViolation(q.lastError()))
            qWarning("sql failed: %s", qPrintable(q.lastError().text()));
        return false;
    }
    noteAnswered();
    return true;
}
}

bool SqlUtil::exec(StoreQuery &q, const QString &sql, const QVariantList &binds)
{
    if (!connected(q) || !preparedOk(q, q.prepareCached(sql)))
        return false;
    if (bindAndExec(q, binds))
        return true;
    q.dropStatement();
    return false;
}

bool SqlUtil::read(const Database &db, std::optional<StoreQuery> &q, const QString &sql, const QVariantList &binds)
{
    q.emplace(db);
    if (exec(*q, sql, binds))
        return true;
    if (!db.dialect().isConnectionLost(q->lastError()))
        return false;
    q.emplace(db); // sees the broken connection and opens a new one
    return exec(*q, sql, binds);
}

QVariant SqlUtil::nullable(qint64 v)
{
    return v == 0 ? QVariant(QMetaType::fromType<qint64>()) : QVariant(v);
}

QVariant SqlUtil::nullable(const QString &s)
{
    return s.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(s);
}
