#include "database.h"

#include "storequery.h"

#include <QAtomicInteger>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QUrl>
#include <QUrlQuery>
#include <QUuid>
#include <QVariant>

#include <algorithm>
#include <chrono>
#include <cerrno>

#include <libpq-fe.h>
#include <sqlite3.h>
#include <sys/stat.h>

namespace
{
// How often the per-query path looks at the file (a stat); writes look every time.
constexpr qint64 kCheckIntervalMs = 500;
// How long open() waits for a PostgreSQL server that refuses connections for now.
constexpr int kOpenPatienceMs = 60000;

// Each entry migrates from version (index) to version (index + 1).
const char *const kMigrations[] = {
    // 0 -> 1
    R"SQL(
    CREATE TABLE accounts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL UNIQUE,
        plan TEXT NOT NULL CHECK (plan IN ('free','pro')),
        credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0),
        wallet_micros INTEGER NOT NULL DEFAULT 0 CHECK (wallet_micros >= 0),
        created_at INTEGER NOT NULL
    );
    CREATE TABLE api_keys (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        name TEXT NOT NULL,
        key_hash BLOB NOT NULL UNIQUE,
        last4 TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        revoked_at INTEGER
    );
    CREATE TABLE generations (
        /*ROW_ORDER*/
        id TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        status TEXT NOT NULL,
        input_text TEXT NOT NULL,
        voice_id TEXT NOT NULL,
        voice_name TEXT NOT NULL,
        model TEXT NOT NULL,
        language_code TEXT NOT NULL,
        speed REAL NOT NULL,
        cfg_weight REAL NOT NULL,
        exaggeration REAL NOT NULL,
        audio_format TEXT NOT NULL,
        synthesis TEXT NOT NULL,
        tokens INTEGER NOT NULL,
        source TEXT NOT NULL,
        cost_credits INTEGER NOT NULL,
        cost_micros INTEGER NOT NULL,
        dollar_cost_micros INTEGER NOT NULL,
        error_message TEXT,
        audio_path TEXT,
        audio_deleted INTEGER NOT NULL DEFAULT 0,
        api_version TEXT NOT NULL DEFAULT 'v3',
        streamed INTEGER NOT NULL DEFAULT 0,
        idempotency_key TEXT,
        request_hash TEXT,
        created_at INTEGER NOT NULL,
        started_at INTEGER,
        completed_at INTEGER
    );
    CREATE INDEX generations_account_created ON generations(account_id, created_at DESC);
    CREATE INDEX generations_status_created ON generations(status, created_at);
    CREATE UNIQUE INDEX generations_idempotency ON generations(account_id, idempotency_key)
        WHERE idempotency_key IS NOT NULL;
    CREATE TABLE ledger (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        generation_id TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('grant','topup','reserve','settle','release')),
        source TEXT,
        credits_delta INTEGER NOT NULL DEFAULT 0,
        micros_delta INTEGER NOT NULL DEFAULT 0,
        note TEXT,
        created_at INTEGER NOT NULL
    );
    CREATE INDEX ledger_account ON ledger(account_id, id);
    CREATE UNIQUE INDEX ledger_once ON ledger(generation_id, kind) WHERE generation_id IS NOT NULL;
    CREATE TABLE custom_voices (
        id TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        name TEXT NOT NULL,
        model TEXT NOT NULL,
        base_voice_id TEXT NOT NULL,
        gender TEXT NOT NULL,
        description TEXT,
        pitch REAL NOT NULL,
        rate REAL NOT NULL,
        created_at INTEGER NOT NULL
    );
    CREATE INDEX custom_voices_account ON custom_voices(account_id, id);
    CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value BLOB NOT NULL
    );
    )SQL",
    // 1 -> 2: the studio's Stop keeps a partial generation (billed for billed_tokens of
    // tokens), and voice previews are told apart from real work (docs/api.md).
    R"SQL(
    ALTER TABLE generations ADD COLUMN stopped INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE generations ADD COLUMN billed_tokens INTEGER;
    ALTER TABLE generations ADD COLUMN preview INTEGER NOT NULL DEFAULT 0;
    )SQL",
    // 2 -> 3: made with word timings ("timestamps"): its captions file lies beside the audio.
    R"SQL(
    ALTER TABLE generations ADD COLUMN captions INTEGER NOT NULL DEFAULT 0;
    )SQL",
    // 3 -> 4: several nodes on one store (docs/scale-out.md). A claimed job carries the
    // node that holds it and until when (the lease, renewed while it runs); revisions
    // tell every node that keys, plans or deletions changed; nodes are the running
    // engines on the store (a heartbeat), so each takes its share of a rate limit.
    R"SQL(
    ALTER TABLE generations ADD COLUMN lease_owner TEXT;
    ALTER TABLE generations ADD COLUMN lease_until INTEGER;
    CREATE TABLE revisions (
        name TEXT PRIMARY KEY,
        value INTEGER NOT NULL
    );
    INSERT INTO revisions (name, value) VALUES ('auth', 0);
    INSERT INTO revisions (name, value) VALUES ('deletions', 0);
    CREATE TABLE nodes (
        id TEXT PRIMARY KEY,
        seen_at INTEGER NOT NULL
    );
    )SQL",
    // 4 -> 5: pronunciation lexicons, one JSON array of entries per account (replaced
    // whole by PUT /v3/lexicon; docs/api.md "Pronunciation lexicons").
    R"SQL(
    CREATE TABLE lexicons (
        account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
        entries TEXT NOT NULL,
        updated_at INTEGER NOT NULL
    );
    )SQL",
    // 5 -> 6: which claim of a job a node works on. The same node can claim a job again
    // after its own lease ran out (a stall); the owner alone cannot tell the two attempts
    // apart, so the fence and the audio file name carry the claim too.
    R"SQL(
    ALTER TABLE generations ADD COLUMN claim INTEGER NOT NULL DEFAULT 0;
    )SQL",
};

// tts_contains(haystack, needle): 1 when needle occurs in haystack in any letter case.
// SQLite's LIKE and lower() fold only ASCII, so "über" would miss "Über" and Cyrillic
// or Greek text would need the exact case; Qt folds case for every script.
void containsFolded(sqlite3_context *context, int, sqlite3_value **args)
{
    const auto text = [](sqlite3_value *v) {
        return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_value_text(v)), sqlite3_value_bytes(v));
    };
    if (sqlite3_value_type(args[0]) == SQLITE_NULL || sqlite3_value_type(args[1]) == SQLITE_NULL) {
        sqlite3_result_int(context, 0);
        return;
    }
    sqlite3_result_int(context, text(args[0]).contains(text(args[1]), Qt::CaseInsensitive) ? 1 : 0);
}

// How long a connection waits for another's write lock before SQLITE_BUSY.
constexpr qint64 kBusyTimeoutMs = 10000;

// SQLite's own busy handler sleeps 1, 2, 5, 10, ... 100 ms between tries: in a burst of
// streams the store threads' writes (a row each) slept while the lock was free again
// after a tenth of a millisecond (~75 sleeps in the first 0.3 s of 640 streams, and the
// last rows came that much later). Our own writers queue on Database's writer lock
// instead; this one is for the rest (the commit of the writer before, a statement outside
// immediateTransaction, another process): it tries again after 50 us, doubling to 0.8 ms,
// until its waits add up to kBusyTimeoutMs. Like SQLite's, it counts the time from
// count alone: SQLite does not reset count for every statement (a prepare's wait goes on
// from the last step's count), so a clock started at count 0 could have run out long ago.
int retryWhenBusy(void *, int count)
{
    constexpr int kDoublings = 4;
    constexpr qint64 kFirstUs = 50;
    const qint64 waitedUs = count <= kDoublings
                                ? kFirstUs * ((qint64(1) << count) - 1)
                                : kFirstUs * ((qint64(1) << kDoublings) - 1) + (count - kDoublings) * (kFirstUs << kDoublings);
    if (waitedUs >= kBusyTimeoutMs * 1000)
        return 0;
    QThread::usleep(quint64(kFirstUs) << qMin(count, kDoublings));
    return 1;
}

// Qt's own busy timeout, until configure() puts retryWhenBusy in its place.
QString busyTimeoutOption()
{
    return QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(kBusyTimeoutMs);
}

// The thread is inside immediateTransaction (one cannot nest: SQLite refuses a second
// BEGIN, and the writer lock is not recursive).
thread_local bool t_writing = false;

// Functions of our own, per connection. Qt's SQLite driver links the system libsqlite3,
// the same library as ours, so its handle is ours to extend.
void registerFunctions(QSqlDatabase &db)
{
    const QVariant handle = db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0) {
        qWarning("Qt's SQLite driver gave no sqlite3 handle: searching the history will find nothing");
        return;
    }
    auto *sqlite = *static_cast<sqlite3 *const *>(handle.data());
    if (!sqlite)
        return;
    sqlite3_busy_handler(sqlite, retryWhenBusy, nullptr);
    if (sqlite3_create_function_v2(sqlite, "tts_contains", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr,
                                   containsFolded, nullptr, nullptr, nullptr)
        != SQLITE_OK)
        qWarning("cannot add tts_contains to SQLite: searching the history will find nothing");
}

QStringList statements(const QString &script)
{
    QStringList out;
    for (const QString &s : script.split(u';')) {
        const QString t = s.trimmed();
        if (!t.isEmpty())
            out << t;
    }
    return out;
}

// A refusal that passes by itself: too many clients, the server starting, stopping or
// not listening yet. Not one that waiting cannot fix (authentication, no such database).
bool isTransient(const QSqlError &error)
{
    const QString text = error.text();
    for (const char *passing : {"too many clients", "remaining connection slots", "starting up", "shutting down",
                                "Connection refused", "recovery mode", "timeout expired"})
        if (text.contains(QLatin1String(passing), Qt::CaseInsensitive))
            return true;
    return false;
}

// The connection is lost (the server restarted, the network broke): libpq knows.
bool connectionBroken(const QSqlDatabase &db)
{
    const QVariant handle = db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "PGconn*") != 0)
        return false;
    auto *conn = *static_cast<PGconn *const *>(handle.data());
    return !conn || PQstatus(conn) != CONNECTION_OK;
}
}

bool Database::isServerUrl(const QString &location)
{
    return location.startsWith(QLatin1String("postgresql://")) || location.startsWith(QLatin1String("postgres://"));
}

namespace
{
bool isPasswordOption(const QString &key)
{
    return key.compare(QLatin1String("password"), Qt::CaseInsensitive) == 0;
}

bool hasPasswordOption(const QUrl &url)
{
    const auto items = QUrlQuery(url).queryItems(QUrl::FullyDecoded);
    return std::any_of(items.cbegin(), items.cend(), [](const auto &item) { return isPasswordOption(item.first); });
}
}

QString Database::checkServerUrl(const QString &location)
{
    const QUrl url(location, QUrl::StrictMode);
    if (!url.isValid() || !isServerUrl(location))
        return QStringLiteral("the database URL must look like postgresql://USER@HOST:PORT/DB");
    // libpq also takes the password as a connection option (?password=): refused the same way.
    if (!url.password().isEmpty() || hasPasswordOption(url))
        return QStringLiteral("the database URL must not hold a password: set PGPASSWORD or use a .pgpass file");
    if (url.path().size() < 2)
        return QStringLiteral("the database URL names no database (postgresql://USER@HOST:PORT/DB)");
    return {};
}

namespace
{
// The URL as it may be shown in messages and logs.
QString withoutPassword(const QString &location)
{
    QUrl url(location);
    url.setPassword({});
    QUrlQuery query(url);
    const auto items = query.queryItems(QUrl::FullyDecoded);
    for (const auto &item : items)
        if (isPasswordOption(item.first))
            query.removeAllQueryItems(item.first);
    url.setQuery(query);
    return url.toString();
}
}

Database::Database(const QString &location)
    : m_dialect(isServerUrl(location) ? SqlDialect::Kind::Postgres : SqlDialect::Kind::Sqlite)
    , m_path(isServerUrl(location) ? withoutPassword(location) : location)
    , m_baseName(QStringLiteral("tts-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    if (m_dialect.isPostgres())
        m_url = QUrl(location);
}

Database::~Database()
{
    // Only this thread's connection can be closed safely here; others die with their threads.
    const QString name = connectionName();
    StoreQuery::forgetConnection(name);
    if (QSqlDatabase::contains(name)) {
        QSqlDatabase::database(name, false).close();
        QSqlDatabase::removeDatabase(name);
    }
}

int Database::schemaVersion()
{
    return int(sizeof kMigrations / sizeof kMigrations[0]);
}

QString Database::connectionName() const
{
    // A number per thread, never reused: a thread id is reused by the next thread, which
    // would then get a dead thread's connection ("does not belong to the calling thread").
    static QAtomicInteger<quint64> s_threads;
    thread_local const quint64 thread = ++s_threads;
    return m_baseName + QStringLiteral("-") + QString::number(thread);
}

QSqlDatabase Database::connection() const
{
    const QString name = connectionName();
    if (m_dialect.isPostgres())
        return serverConnection(name);
    if (QSqlDatabase::contains(name)) {
        QSqlDatabase db = QSqlDatabase::database(name, false);
        // One that could not open (the file was missing then) tries again.
        if (!db.isOpen() && db.open())
            configure(db, name);
        const bool lost = fileLooksLost();
        if (lost || m_readOnlyCount.load() > 0)
            applyReadOnly(db, name, lost);
        return db;
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
    if (m_inode) {
        // After open(), a connection never creates the file: a deleted database must not
        // come back empty under the same name.
        db.setDatabaseName(QUrl::fromLocalFile(m_path).toString(QUrl::FullyEncoded) + QStringLiteral("?mode=rw"));
        db.setConnectOptions(busyTimeoutOption() + QStringLiteral(";QSQLITE_OPEN_URI"));
    } else {
        db.setDatabaseName(m_path);
        db.setConnectOptions(busyTimeoutOption());
    }
    if (db.open())
        configure(db, name);
    return db;
}

QSqlDatabase Database::serverConnection(const QString &name) const
{
    if (QSqlDatabase::contains(name)) {
        QSqlDatabase db = QSqlDatabase::database(name, false);
        // Reconnects by itself once the server is back: the next store call works again.
        if (!db.isOpen() || connectionBroken(db)) {
            db.close();
            db.open();
        }
        return db;
    }
    QSqlDatabase db = QSqlDatabase::addDatabase(m_dialect.driverName(), name);
    db.setHostName(m_url.host());
    db.setPort(m_url.port(5432));
    db.setUserName(m_url.userName());
    db.setDatabaseName(m_url.path().mid(1));
    // libpq options from the URL's query (sslmode=require, ...); a short connect timeout
    // so that a store call fails fast while the server is away. No password: libpq reads
    // PGPASSWORD or the .pgpass file itself.
    QStringList options{QStringLiteral("connect_timeout=3"), QStringLiteral("application_name=tts-studio")};
    for (const auto &[key, value] : QUrlQuery(m_url).queryItems(QUrl::FullyDecoded))
        options << key + u'=' + value;
    db.setConnectOptions(options.join(u';'));
    db.open();
    return db;
}

void Database::configure(QSqlDatabase &db, const QString &name) const
{
    registerFunctions(db);
    QSqlQuery q(db);
    q.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
    // WAL + NORMAL: a commit is in the WAL before it returns, so it survives a crash
    // or kill -9 of this process; only power loss may drop the last commits. FULL
    // costs an fsync per commit (~10-30 ms here), which streams would wait for.
    q.exec(QStringLiteral("PRAGMA synchronous=NORMAL"));
    q.exec(QStringLiteral("PRAGMA foreign_keys=ON"));
    if (fileLooksLost())
        applyReadOnly(db, name, true);
}

QString Database::fileProblem() const
{
    if (m_dialect.isPostgres())
        return ping() ? QString() : QStringLiteral("database unreachable");
    if (!m_inode)
        return {};
    struct stat st;
    QString problem;
    if (::stat(QFile::encodeName(m_path).constData(), &st) != 0)
        problem = errno == ENOENT || errno == ENOTDIR ? QStringLiteral("database file missing")
                                                      : QStringLiteral("database file unreadable");
    else if (quint64(st.st_dev) != m_device || quint64(st.st_ino) != m_inode)
        problem = QStringLiteral("database file replaced");
    m_lost.store(!problem.isEmpty());
    m_lastCheckMs.store(QDeadlineTimer::current().deadline());
    return problem;
}

bool Database::fileLooksLost() const
{
    if (QDeadlineTimer::current().deadline() - m_lastCheckMs.load() >= kCheckIntervalMs)
        fileProblem();
    return m_lost.load();
}

void Database::applyReadOnly(QSqlDatabase &db, const QString &name, bool readOnly) const
{
    QMutexLocker lock(&m_readOnlyMutex);
    if (m_readOnly.contains(name) == readOnly)
        return;
    QSqlQuery q(db);
    if (!q.exec(readOnly ? QStringLiteral("PRAGMA query_only=1") : QStringLiteral("PRAGMA query_only=0")))
        return;
    if (readOnly) {
        m_readOnly.insert(name);
        ++m_readOnlyCount;
        qWarning("%s: %s; writes are refused", qPrintable(m_path), qPrintable(fileProblem()));
    } else {
        m_readOnly.remove(name);
        --m_readOnlyCount;
    }
}

QString Database::open()
{
    if (m_dialect.isPostgres()) {
        if (QString err = checkServerUrl(m_url.toString()); !err.isEmpty())
            return err;
        QSqlDatabase db = connection();
        // A server at max_connections, starting up or restarting refuses for a while: a
        // node started then (several at once after a power cut) waits for it, backing
        // off, instead of exiting at once; a wrong password or database name does not.
        QDeadlineTimer patience(kOpenPatienceMs);
        int delayMs = 250;
        while (!db.isOpen() && isTransient(db.lastError()) && !patience.hasExpired()) {
            if (delayMs == 250)
                qWarning("database %s refuses connections for now (%s); retrying for up to %d s", qPrintable(m_path),
                         qPrintable(db.lastError().text().trimmed()), kOpenPatienceMs / 1000);
            QThread::msleep(ulong(delayMs));
            delayMs = qMin(delayMs * 2, 4000);
            db = connection();
        }
        if (!db.isOpen())
            return QStringLiteral("cannot open database %1: %2").arg(m_path, db.lastError().text().trimmed());
        return migrate(db);
    }
    const QFileInfo info(m_path);
    if (!QDir().mkpath(info.absolutePath()))
        return QStringLiteral("cannot create data directory %1").arg(info.absolutePath());
    QSqlDatabase db = connection();
    if (!db.isOpen())
        return QStringLiteral("cannot open database %1: %2").arg(m_path, db.lastError().text());
    if (QString err = migrate(db); !err.isEmpty())
        return err;
    struct stat st;
    if (::stat(QFile::encodeName(m_path).constData(), &st) == 0) {
        m_device = quint64(st.st_dev);
        m_inode = quint64(st.st_ino);
    }
    return {};
}

QString Database::migrate(QSqlDatabase &db)
{
    QSqlQuery q(db);
    // PostgreSQL: nodes starting together take turns (an advisory lock held to the
    // commit), and each reads the version only once it holds the lock.
    const bool locked = !m_dialect.migrationLock().isEmpty();
    if (locked) {
        if (!db.transaction())
            return db.lastError().text();
        for (const QString &stmt : statements(m_dialect.migrationLock()))
            if (!q.exec(stmt)) {
                const QString err = q.lastError().text();
                db.rollback();
                return QStringLiteral("cannot prepare the schema: %1").arg(err);
            }
    }
    q.exec(m_dialect.versionQuery());
    int version = q.next() ? q.value(0).toInt() : 0;
    q.finish();
    if (version > schemaVersion()) {
        if (locked)
            db.rollback();
        return QStringLiteral("database %1 is from a newer TTS Studio (schema %2)").arg(m_path).arg(version);
    }
    while (version < schemaVersion()) {
        if (!locked && !db.transaction())
            return db.lastError().text();
        for (const QString &stmt : statements(m_dialect.schema(kMigrations[version]))) {
            if (!q.exec(stmt)) {
                const QString err = q.lastError().text();
                db.rollback();
                return QStringLiteral("migration %1 failed: %2").arg(version + 1).arg(err);
            }
        }
        q.exec(m_dialect.setVersion(version + 1));
        ++version;
        if (!locked && !db.commit())
            return db.lastError().text();
    }
    if (locked && !db.commit())
        return db.lastError().text();
    return {};
}

bool Database::immediateTransaction(const std::function<bool()> &fn) const
{
    if (!m_dialect.isPostgres() && !fileProblem().isEmpty())
        return false;
    QSqlDatabase db = connection();
    if (!db.isOpen())
        return false; // the server is away (SqlUtil logs that once); Qt would warn on every call
    if (t_writing) {
        qWarning("a store transaction was begun inside another: refused");
        return false;
    }
    // SQLite: one writer at a time anyway; here the next one begins as soon as the one
    // before commits (retryWhenBusy covers its commit: the lock is let go before it, so
    // that a WAL checkpoint the commit runs does not hold up the next writers).
    // PostgreSQL locks rows, writers do not wait for each other.
    std::unique_lock writer(m_writerLock, std::defer_lock);
    if (!m_dialect.isPostgres() && !writer.try_lock_for(std::chrono::milliseconds(kBusyTimeoutMs)))
        return false;
    t_writing = true;
    const auto done = qScopeGuard([] { t_writing = false; });
    QSqlQuery q(db);
    if (!q.exec(m_dialect.beginWrite())) {
        // A server connection that went stale while the server restarted fails on its
        // first statement, with nothing done yet: reconnect and begin once more.
        if (!m_dialect.isConnectionLost(q.lastError()))
            return false;
        db = connection(); // sees the broken connection and opens a new one
        q = QSqlQuery(db);
        if (!q.exec(m_dialect.beginWrite()))
            return false;
    }
    bool ok = false;
    try {
        ok = fn();
    } catch (...) {
        q.exec(QStringLiteral("ROLLBACK"));
        throw;
    }
    if (writer.owns_lock())
        writer.unlock();
    if (ok && q.exec(QStringLiteral("COMMIT")))
        return true;
    q.exec(QStringLiteral("ROLLBACK"));
    return false;
}

bool Database::ping() const
{
    const QSqlDatabase db = connection();
    if (!db.isOpen())
        return false;
    QSqlQuery q(db);
    return q.exec(QStringLiteral("SELECT COUNT(*) FROM accounts")) && q.next();
}

bool Database::integrityOk() const
{
    if (m_dialect.isPostgres())
        return ping(); // the server checks its own pages
    QSqlQuery q(connection());
    return q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next() && q.value(0).toString() == QLatin1String("ok");
}
