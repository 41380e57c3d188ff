#include "testpostgres.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QMutex>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTcpServer>
#include <QThread>
#include <QUrl>
#include <QUuid>

#include <pwd.h>
#include <unistd.h>

namespace
{
const QString kUser = QStringLiteral("tts");
const QString kPassword = QStringLiteral("tts-test-password");
QString g_error;

// The newest installed server's binaries (/usr/lib/postgresql/NN/bin).
QString serverBinDir()
{
    const QDir root(QStringLiteral("/usr/lib/postgresql"));
    QStringList versions = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    std::sort(versions.begin(), versions.end(), [](const QString &a, const QString &b) { return a.toInt() > b.toInt(); });
    for (const QString &v : versions)
        if (QFile::exists(root.filePath(v + QStringLiteral("/bin/postgres"))))
            return root.filePath(v + QStringLiteral("/bin"));
    return {};
}

quint16 freePort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}
}

bool TestPostgres::selected()
{
    return qEnvironmentVariable("TTS_TEST_STORE") == QLatin1String("postgresql");
}

QString TestPostgres::lastError()
{
    return g_error;
}

TestPostgres *TestPostgres::instance()
{
    // Destroyed at exit (stopping the server); the watchdog covers an abnormal end.
    static std::unique_ptr<TestPostgres> server;
    static bool tried = false;
    if (!tried) {
        tried = true;
        std::unique_ptr<TestPostgres> s(new TestPostgres);
        if (s->init())
            server = std::move(s);
        else
            qWarning("cannot start a test PostgreSQL: %s", qPrintable(g_error));
    }
    return server.get();
}

QString TestPostgres::databaseFor(const QString &dataDir)
{
    if (!selected())
        return {};
    static QMutex mutex;
    static QHash<QString, QString> urls;
    QMutexLocker lock(&mutex);
    const QString key = QDir(dataDir).absolutePath();
    if (!urls.contains(key)) {
        TestPostgres *pg = instance();
        urls.insert(key, pg ? pg->createDatabase() : QString());
    }
    return urls.value(key);
}

void TestPostgres::configure(QProcess &process, const QString &dataDir)
{
    const QString url = databaseFor(dataDir);
    if (url.isEmpty())
        return;
    QProcessEnvironment env = process.processEnvironment().isEmpty() ? QProcessEnvironment::systemEnvironment()
                                                                     : process.processEnvironment();
    env.insert(QStringLiteral("TTS_STUDIO_DATABASE"), url);
    process.setProcessEnvironment(env);
}

bool TestPostgres::openStore(const QString &name, const QString &dataDir, const QString &sqliteFile,
                             const QString &sqliteOptions)
{
    const QString url = databaseFor(dataDir);
    if (url.isEmpty()) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(sqliteFile);
        db.setConnectOptions(sqliteOptions);
        return db.open();
    }
    return addConnection(name, url).open();
}

QSqlDatabase TestPostgres::addConnection(const QString &name, const QString &url)
{
    const QUrl u(url);
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), name);
    db.setHostName(u.host());
    db.setPort(u.port());
    db.setUserName(u.userName());
    db.setDatabaseName(u.path().mid(1));
    return db;
}

QString TestPostgres::urlOf(const QString &database) const
{
    return QStringLiteral("postgresql://%1@127.0.0.1:%2/%3").arg(kUser).arg(m_port).arg(database);
}

QString TestPostgres::binary(const QString &name) const
{
    return m_bin + u'/' + name;
}

QStringList TestPostgres::asServerUser(const QStringList &command) const
{
    if (::geteuid() != 0)
        return command;
    // setpriv execs the command itself (no extra process to signal, unlike runuser).
    return QStringList{QStringLiteral("setpriv"), QStringLiteral("--reuid=postgres"), QStringLiteral("--regid=postgres"),
                       QStringLiteral("--init-groups"), QStringLiteral("--")}
           + command;
}

QString TestPostgres::run(const QStringList &command) const
{
    const QStringList full = asServerUser(command);
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.setWorkingDirectory(m_dir.path());
    p.start(full.first(), full.mid(1));
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return QStringLiteral("%1 failed: %2").arg(command.first(), QString::fromLocal8Bit(p.readAll()).right(800));
    return {};
}

bool TestPostgres::init()
{
    m_bin = serverBinDir();
    if (m_bin.isEmpty()) {
        g_error = QStringLiteral("no PostgreSQL server under /usr/lib/postgresql (scripts/install-deps.sh installs it)");
        return false;
    }
    if (!m_dir.isValid()) {
        g_error = QStringLiteral("no temporary directory");
        return false;
    }
    m_data = m_dir.filePath(QStringLiteral("data"));
    const QString pwfile = m_dir.filePath(QStringLiteral("pw"));
    QFile pw(pwfile);
    if (!pw.open(QIODevice::WriteOnly) || pw.write(kPassword.toUtf8() + '\n') < 0) {
        g_error = QStringLiteral("cannot write %1").arg(pwfile);
        return false;
    }
    pw.close();
    if (::geteuid() == 0) {
        const passwd *user = ::getpwnam("postgres");
        if (!user) {
            g_error = QStringLiteral("running as root, but there is no postgres user to run the server as");
            return false;
        }
        if (::chown(QFile::encodeName(m_dir.path()).constData(), user->pw_uid, user->pw_gid) != 0
            || ::chown(QFile::encodeName(pwfile).constData(), user->pw_uid, user->pw_gid) != 0) {
            g_error = QStringLiteral("cannot hand %1 to the postgres user").arg(m_dir.path());
            return false;
        }
    }
    // Unix socket: trust (only this directory's owner reaches it); TCP: a password.
    if (QString err = run({binary(QStringLiteral("initdb")), QStringLiteral("-D"), m_data, QStringLiteral("-U"), kUser,
                           QStringLiteral("--pwfile=") + pwfile, QStringLiteral("--auth-local=trust"),
                           QStringLiteral("--auth-host=scram-sha-256"), QStringLiteral("-E"), QStringLiteral("UTF8"),
                           QStringLiteral("--locale=C.UTF-8"), QStringLiteral("--no-sync")});
        !err.isEmpty()) {
        g_error = err;
        return false;
    }
    QFile::remove(pwfile);
    // Clients (the servers under test, their commands) take the password from here.
    qputenv("PGPASSWORD", kPassword.toUtf8());
    m_port = freePort();
    return start();
}

bool TestPostgres::start()
{
    if (isRunning())
        return true;
    // Durability is not under test: no fsync keeps a CREATE DATABASE at ~50 ms.
    const QStringList postgres = asServerUser(
        {binary(QStringLiteral("postgres")), QStringLiteral("-D"), m_data, QStringLiteral("-p"), QString::number(m_port),
         QStringLiteral("-k"), m_dir.path(), QStringLiteral("-c"), QStringLiteral("listen_addresses=127.0.0.1"),
         QStringLiteral("-c"), QStringLiteral("fsync=off"), QStringLiteral("-c"), QStringLiteral("synchronous_commit=off"),
         QStringLiteral("-c"), QStringLiteral("full_page_writes=off"), QStringLiteral("-c"),
         QStringLiteral("max_connections=300"), QStringLiteral("-c"), QStringLiteral("shared_buffers=32MB")});
    // The watchdog: runs the postmaster; stops it (fast shutdown) when told to (TERM) or
    // when the test process is gone.
    const QString script = QStringLiteral(
        "parent=$1; shift; \"$@\" & pg=$!; "
        "trap 'kill -INT $pg 2>/dev/null; wait $pg; exit 0' TERM INT; "
        "while kill -0 \"$parent\" 2>/dev/null && kill -0 $pg 2>/dev/null; do sleep 0.3; done; "
        "kill -INT $pg 2>/dev/null; wait $pg");
    m_server = std::make_unique<QProcess>();
    m_server->setProcessChannelMode(QProcess::MergedChannels);
    m_server->start(QStringLiteral("bash"), QStringList{QStringLiteral("-c"), script, QStringLiteral("pg-watchdog"),
                                                        QString::number(::getpid())}
                                                + postgres);
    if (!m_server->waitForStarted(10000)) {
        g_error = QStringLiteral("cannot start the watchdog: %1").arg(m_server->errorString());
        return false;
    }
    // Ready when it answers on TCP with the password.
    const QString name = QStringLiteral("pg-probe-") + QUuid::createUuid().toString();
    bool ready = false;
    {
        QSqlDatabase db = addConnection(name, urlOf(QStringLiteral("postgres")));
        db.setConnectOptions(QStringLiteral("connect_timeout=2"));
        const QDeadlineTimer deadline(30000);
        while (!deadline.hasExpired() && m_server->state() == QProcess::Running) {
            if (db.open()) {
                ready = true;
                break;
            }
            QThread::msleep(100);
        }
        if (!ready)
            g_error = QStringLiteral("PostgreSQL did not come up: %1 %2")
                          .arg(db.lastError().text(), QString::fromLocal8Bit(m_server->readAll()).right(800));
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return ready;
}

bool TestPostgres::stop()
{
    if (!m_server)
        return true;
    if (m_server->state() == QProcess::Running) {
        m_server->terminate(); // the watchdog's trap: fast shutdown, then it exits
        if (!m_server->waitForFinished(30000)) {
            m_server->kill();
            m_server->waitForFinished(5000);
        }
    }
    m_server.reset();
    return true;
}

bool TestPostgres::isRunning() const
{
    return m_server && m_server->state() == QProcess::Running;
}

QString TestPostgres::createDatabase()
{
    const QString dbName = QStringLiteral("t%1_%2").arg(::getpid()).arg(++m_databases);
    const QString name = QStringLiteral("pg-admin-") + QUuid::createUuid().toString();
    bool ok = false;
    {
        QSqlDatabase db = addConnection(name, urlOf(QStringLiteral("postgres")));
        if (db.open()) {
            QSqlQuery q(db);
            ok = q.exec(QStringLiteral("CREATE DATABASE %1").arg(dbName));
            if (!ok)
                g_error = q.lastError().text();
        } else {
            g_error = db.lastError().text();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    if (!ok) {
        qWarning("cannot create a test database: %s", qPrintable(g_error));
        return {};
    }
    return urlOf(dbName);
}

TestPostgres::~TestPostgres()
{
    stop();
}
