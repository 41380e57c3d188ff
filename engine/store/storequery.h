#pragma once

#include <QSqlQuery>
#include <QString>

class Database;

// A query on db's connection for this thread whose prepared statement outlives it: it goes
// back to a cache of this thread's connection when the query goes, and SqlUtil::exec()
// takes it from there for the next StoreQuery of the same SQL instead of preparing again.
// Parsing and planning took about a quarter of the store's CPU (a stream's row, its
// completion, every key lookup). On its way back the statement is reset (finish()), so a
// read left half-iterated holds no snapshot of the database.
//
// SQLite only: Qt's PostgreSQL driver prepares on the server, and a statement kept across
// a reconnect (Database::serverConnection) would name one the new session never saw;
// there a StoreQuery prepares each time, as a QSqlQuery does.
class StoreQuery : public QSqlQuery
{
public:
    explicit StoreQuery(const Database &db);
    explicit StoreQuery(const QSqlDatabase &connection);
    ~StoreQuery();
    StoreQuery(const StoreQuery &) = delete;
    StoreQuery &operator=(const StoreQuery &) = delete;

    // Prepares sql, from the cache when this connection has it idle; false with
    // lastError() set, as QSqlQuery::prepare().
    bool prepareCached(const QString &sql);
    // Its statement is not given back (an execution failed: SQLite's driver may have
    // finalized it).
    void dropStatement();

    // Drops this thread's idle statements of a connection before it is closed or removed
    // (Qt warns about a connection removed while queries on it exist).
    static void forgetConnection(const QString &connectionName);

private:
    void giveBack();

    QString m_connection;
    QString m_sql; // prepared through the cache: goes back to it
    bool m_cacheable = false;
};
