#pragma once

#include "storequery.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariant>
#include <QVariantList>

#include <optional>

class Database;

// Prepares, binds positionally and executes; the query is ready to iterate.
namespace SqlUtil
{
// The statement comes from (and goes back to) the connection's cache (StoreQuery).
bool exec(StoreQuery &q, const QString &sql, const QVariantList &binds = {});
// exec() of a read on db's connection for this thread; when that connection went stale
// (the server restarted) it reconnects and reads once more, so the first read after an
// outage is not refused. False: the store did not answer (not "no rows").
bool read(const Database &db, std::optional<StoreQuery> &q, const QString &sql, const QVariantList &binds = {});
QVariant nullable(qint64 v);     // 0 -> NULL
QVariant nullable(const QString &s); // empty -> NULL
}
