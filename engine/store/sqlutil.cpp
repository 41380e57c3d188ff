#include "sqlutil.h"

#include "sqldialect.h"

#include <QSqlDriver>

#include <QSqlError>
#include <QtDebug>

bool SqlUtil::exec(QSqlQuery &q, const QString &sql, const QVariantList &binds)
{
    if (!q.prepare(sql)) {
        qWarning("sql prepare failed: %s", qPrintable(q.lastError().text()));
        return false;
    }
    for (const QVariant &v : binds)
        q.addBindValue(v);
    if (!q.exec()) {
        // Constraint failures are expected (balances never go negative); others are logged.
        const SqlDialect dialect(q.driver() && q.driver()->dbmsType() == QSqlDriver::PostgreSQL ? SqlDialect::Kind::Postgres
                                                                                                 : SqlDialect::Kind::Sqlite);
        if (!dialect.isConstraintViolation(q.lastError()))
            qWarning("sql failed: %s", qPrintable(q.lastError().text()));
        return false;
    }
    return true;
}

QVariant SqlUtil::nullable(qint64 v)
{
    return v == 0 ? QVariant(QMetaType::fromType<qint64>()) : QVariant(v);
}

QVariant SqlUtil::nullable(const QString &s)
{
    return s.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(s);
}
