#pragma once

#include <QProcess>
#include <QSqlDatabase>
#include <QString>
#include <QTemporaryDir>

#include <memory>

// A throw-away PostgreSQL for tests (Debian's postgresql package, no system service):
// initdb into a temporary directory, a server on 127.0.0.1 at a free port (password
// authentication, the password handed to clients in PGPASSWORD) and on a unix socket
// in that directory. One per test process, started on first use; stopped and removed
// when the process ends. As root it runs as the postgres user (PostgreSQL refuses
// root). A watchdog beside it stops the server within a second when the test process
// dies (even by SIGKILL), so no postmaster outlives a test.
class TestPostgres
{
public:
    // Whether this test run uses PostgreSQL: $TTS_TEST_STORE is "postgresql" (ctest
    // registers the store suites once per store, see tests/CMakeLists.txt).
    static bool selected();
    // The process's server, started on first use; null when it cannot start (why: lastError()).
    static TestPostgres *instance();
    static QString lastError();

    // A new, empty database; its URL (postgresql://USER@127.0.0.1:PORT/NAME).
    QString createDatabase();
    // The URL of the database that belongs to a test's data dir (made on first use);
    // empty when PostgreSQL is not selected: the store is then SQLite in that dir.
    static QString databaseFor(const QString &dataDir);
    // Points a tts-studio process at the data dir's database ($TTS_STUDIO_DATABASE) when
    // PostgreSQL is selected; leaves it alone otherwise.
    static void configure(QProcess &process, const QString &dataDir);
    // Opens a connection named name to the data dir's store: its PostgreSQL database
    // when selected, else the SQLite file with sqliteOptions. False: see the connection's lastError().
    static bool openStore(const QString &name, const QString &dataDir, const QString &sqliteFile,
                          const QString &sqliteOptions);
    // A QPSQL connection named name to a database URL (not opened yet).
    static QSqlDatabase addConnection(const QString &name, const QString &url);

    // Stops the server (fast shutdown: clients are disconnected) and starts it again on
    // the same port and data: "the database went away and came back".
    bool stop();
    bool start();
    bool isRunning() const;
    quint16 port() const { return m_port; }

    ~TestPostgres();

private:
    TestPostgres() = default;
    bool init();
    QString run(const QStringList &command) const; // as the server's user; error text or empty
    QStringList asServerUser(const QStringList &command) const;
    QString binary(const QString &name) const;
    QString urlOf(const QString &database) const;

    QTemporaryDir m_dir;
    QString m_bin;
    QString m_data;
    quint16 m_port = 0;
    int m_databases = 0;
    std::unique_ptr<QProcess> m_server; // the watchdog, which runs the postmaster
};
