#include "storequery.h"

#include "database.h"

#include <QHash>
#include <QList>
#include <QSqlDatabase>
#include <QSqlDriver>

#include <utility>

namespace
{
// Statements kept per connection: the store's SQL is a few dozen fixed strings.
constexpr qsizetype kMaxStatements = 128;
// SQL with more placeholders than this is not kept: a lease renewal's IN list has one
// per stream, a new string whenever the count changes.
constexpr qsizetype kMaxPlaceholders = 16;

// This thread's idle prepared statements of one connection: SQL -> statements (two of
// one SQL when a query ran while another of the same SQL was iterated).
struct Statements
{
    QHash<QString, QList<QSqlQuery>> idle;
    qsizetype count = 0;
};

QHash<QString, Statements> &cache() // connection name -> its statements
{
    thread_local QHash<QString, Statements> c;
    return c;
}
}

StoreQuery::StoreQuery(const Database &db)
    : StoreQuery(db.connection())
{
}

StoreQuery::StoreQuery(const QSqlDatabase &connection)
    : QSqlQuery(connection)
{
    // Every reader walks its rows once with next(): rows are not kept for a way back,
    // which also leaves an idle statement holding none (a page of history is megabytes).
    setForwardOnly(true);
    if (driver() && driver()->dbmsType() == QSqlDriver::SQLite) {
        m_cacheable = true;
        m_connection = connection.connectionName();
    }
}

StoreQuery::~StoreQuery()
{
    giveBack();
}

bool StoreQuery::prepareCached(const QString &sql)
{
    giveBack();
    if (m_cacheable) {
        auto conn = cache().find(m_connection);
        if (conn != cache().end()) {
            auto idle = conn->idle.find(sql);
            if (idle != conn->idle.end()) {
                static_cast<QSqlQuery &>(*this) = idle->takeLast();
                --conn->count;
                if (idle->isEmpty())
                    conn->idle.erase(idle);
                m_sql = sql;
                return true;
            }
        }
    }
    if (!prepare(sql))
        return false;
    if (m_cacheable && sql.count(u'?') <= kMaxPlaceholders)
        m_sql = sql;
    return true;
}

void StoreQuery::dropStatement()
{
    m_sql.clear();
}

void StoreQuery::giveBack()
{
    if (m_sql.isEmpty())
        return;
    const QString sql = std::exchange(m_sql, QString());
    // Prepared as something else since (QSqlQuery::prepare() on this object): not sql's.
    if (lastQuery() != sql)
        return;
    finish();
    // The values bound last time (a generation's text, a lexicon) are not kept idle.
    const qsizetype bound = boundValues().size();
    for (qsizetype i = 0; i < bound; ++i)
        bindValue(int(i), QVariant());
    Statements &s = cache()[m_connection];
    if (s.count >= kMaxStatements) {
        s.idle.clear();
        s.count = 0;
    }
    s.idle[sql].append(*this); // shares the prepared statement
    ++s.count;
}

void StoreQuery::forgetConnection(const QString &connectionName)
{
    cache().remove(connectionName);
}
