#pragma once

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>
#include <QVariantList>

// Prepares, binds positionally and executes; the query is ready to iterate.
namespace SqlUtil
{
bool exec(QSqlQuery &q, const QString &sql, const QVariantList &binds = {});
QVariant nullable(qint64 v);     // 0 -> NULL
QVariant nullable(const QString &s); // empty -> NULL
}
