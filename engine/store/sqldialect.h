#pragma once

#include <QString>

class QSqlError;

// Where SQLite and PostgreSQL spell things differently: the one place of the store that
// knows. Everything else writes SQL both accept (ON CONFLICT, RETURNING, lower()).
class SqlDialect
{
public:
    enum class Kind { Sqlite, Postgres };

    explicit SqlDialect(Kind kind = Kind::Sqlite) : m_kind(kind) {}

    Kind kind() const { return m_kind; }
    bool isPostgres() const { return m_kind == Kind::Postgres; }
    // Qt's driver name: QSQLITE or QPSQL.
    QString driverName() const;

    // A migration script as this database spells it. Scripts are written for SQLite;
    // PostgreSQL gets BIGINT for INTEGER (times in ms overflow 32 bits), DOUBLE PRECISION
    // for REAL, BYTEA for BLOB, identity columns for AUTOINCREMENT, and the column that
    // keeps insertion order (see insertionOrder()) where the script says /*ROW_ORDER*/.
    QString schema(const char *script) const;
    // Reads and writes the schema version (PRAGMA user_version; a table on PostgreSQL).
    QString versionQuery() const;
    QString setVersion(int version) const;
    // Statements run before a migration: PostgreSQL takes a lock so that nodes starting
    // together migrate one after the other.
    QString migrationLock() const;

    // Starts a write transaction: SQLite's BEGIN IMMEDIATE takes the write lock at once;
    // PostgreSQL works with row locks (lockRow()), so a plain BEGIN.
    QString beginWrite() const;
    // Appended to a SELECT that reads a row about to be changed in the same transaction.
    QString lockRow() const;
    // Appended to the subquery that picks a queued job: a row another node is claiming
    // is skipped, not waited for.
    QString skipLocked() const;
    // A column that orders rows of generations as they were inserted (ties of created_at).
    QString insertionOrder() const;
    // A condition: `column` contains the bound text (one placeholder) in any letter case.
    // SQLite: tts_contains (Database registers it, Qt folds case for every script);
    // PostgreSQL: lower() of the database's locale.
    QString containsText(const QString &column) const;
    // The statement failed on a constraint (expected: balances never go negative, a
    // ledger row per generation and kind): not worth a warning.
    bool isConstraintViolation(const QSqlError &error) const;
    // The connection to the database server is lost (PostgreSQL only).
    bool isConnectionLost(const QSqlError &error) const;

private:
    Kind m_kind;
};
