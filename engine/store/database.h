#pragma once

#include <QMutex>
#include <QSet>
#include <QString>

#include <atomic>
#include <functional>

// QtSql is private to the store: only its classes see the connection type.
class QSqlDatabase;

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

    // Empty while the file at path() is the one opened; else "database file missing" or
    // "database file replaced" (deleted or swapped while running: what is written would
    // go into a file nobody will open again). Then every connection is made read-only and
    // immediateTransaction() refuses, until the original file is back. A stat: cheap.
    QString fileProblem() const;

private:
    QString migrate(QSqlDatabase &db);
    QString connectionName() const;
    void configure(QSqlDatabase &db, const QString &name) const;
    // fileProblem(), at most every kCheckIntervalMs, for the per-query path.
    bool fileLooksLost() const;
    void applyReadOnly(QSqlDatabase &db, const QString &name, bool readOnly) const;

    QString m_path;
    QString m_baseName;
    // Identity of the opened file (0 until open() succeeded).
    quint64 m_device = 0;
    quint64 m_inode = 0;
    mutable std::atomic<bool> m_lost{false};
    mutable std::atomic<qint64> m_lastCheckMs{0};
    mutable QMutex m_readOnlyMutex;
    mutable QSet<QString> m_readOnly; // connections switched to query_only
    mutable std::atomic<int> m_readOnlyCount{0};
};
