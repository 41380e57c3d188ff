#pragma once

#include "sqldialect.h"

#include <QMutex>
#include <QSet>
#include <QString>
#include <QUrl>

#include <atomic>
#include <functional>
#include <mutex>

// QtSql is private to the store: only its classes see the connection type.
class QSqlDatabase;

// The SQLite file in the data dir, or a PostgreSQL database that several nodes share.
// One QSqlDatabase connection per thread (QtSql connections must not cross threads);
// SQLite in WAL mode; one schema version and migration sequence for both (SqlDialect
// spells the differences). SQL lives only in this class and the *store classes.
class Database
{
public:
    // A file path (SQLite), or postgresql://USER@HOST[:PORT]/DB[?libpq options]: the
    // password never comes from the URL but from PGPASSWORD or a .pgpass file (libpq).
    explicit Database(const QString &location);
    ~Database();
    Database(const Database &) = delete;
    Database &operator=(const Database &) = delete;

    // Opens, configures and migrates. Returns an error text or empty.
    QString open();
    // The SQLite file, or the PostgreSQL URL (it holds no password).
    QString path() const { return m_path; }
    static int schemaVersion();
    // Whether location names a PostgreSQL database; an error text for a URL that is not
    // one we take (a password in it, no database name), else empty.
    static bool isServerUrl(const QString &location);
    static QString checkServerUrl(const QString &location);
    const SqlDialect &dialect() const { return m_dialect; }
    // Several processes (nodes) may share this store: PostgreSQL.
    bool isShared() const { return m_dialect.isPostgres(); }

    // This thread's connection (created on first use).
    QSqlDatabase connection() const;

    // Runs fn inside BEGIN IMMEDIATE ... COMMIT (BEGIN on PostgreSQL, where stores take
    // row locks) (ROLLBACK when fn returns false or
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
    // PostgreSQL: "database unreachable" when it does not answer now (a query).
    QString fileProblem() const;

private:
    QString migrate(QSqlDatabase &db);
    QString connectionName() const;
    QSqlDatabase serverConnection(const QString &name) const;
    void configure(QSqlDatabase &db, const QString &name) const;
    // fileProblem(), at most every kCheckIntervalMs, for the per-query path.
    bool fileLooksLost() const;
    void applyReadOnly(QSqlDatabase &db, const QString &name, bool readOnly) const;

    SqlDialect m_dialect;
    QString m_path;
    QUrl m_url; // PostgreSQL only
    QString m_baseName;
    // Identity of the opened file (0 until open() succeeded).
    quint64 m_device = 0;
    quint64 m_inode = 0;
    mutable std::atomic<bool> m_lost{false};
    mutable std::atomic<qint64> m_lastCheckMs{0};
    mutable QMutex m_readOnlyMutex;
    mutable QSet<QString> m_readOnly; // connections switched to query_only
    mutable std::atomic<int> m_readOnlyCount{0};
    // SQLite: immediateTransaction's writers, one at a time (see there).
    mutable std::timed_mutex m_writerLock;
};
