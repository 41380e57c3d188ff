#pragma once

#include <QSqlDatabase>
#include <QString>

#include <functional>

// The SQLite file in the data dir. One QSqlDatabase connection per thread (QtSql
// connections must not cross threads); WAL; schema version with migrations.
// SQL lives only in this class and the *store classes.
class Database
{
public:
    explicit Database(const QString &path);
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    // Opens, configures and migrates. Returns an error text or empty.
    QString open();
    QString path() const { return m_path; }
    static int schemaVersion();

    // This thread's connection (created on first use).
    QSqlDatabase connection() const;

    // Runs fn inside BEGIN IMMEDIATE ... COMMIT (ROLLBACK when fn returns false or
    // a statement fails). Read-modify-write of balances always goes through here.
    bool immediateTransaction(const std::function<bool()> &fn) const;

    // The store answers a query on this thread's connection (readiness).
    bool ping() const;

    // "PRAGMA integrity_check" == ok
    bool integrityOk() const;

private:
    QString migrate(QSqlDatabase &db);
    QString connectionName() const;

    QString m_path;
    QString m_baseName;
};
