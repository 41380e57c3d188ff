// The store's prepared statements are kept per connection and used again (StoreQuery):
// a statement used again must bind each execution's values, never be shared by two
// queries at once, and hold no snapshot of the database while idle. Writers on several
// threads all commit (Database::immediateTransaction queues them; the next one begins
// while the one before still commits), and a transaction is never begun inside another.
#include "database.h"
#include "sqlutil.h"
#include "storequery.h"

#include <QSqlResult>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <atomic>
#include <thread>
#include <vector>

class StoreQueryTest : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void sameSqlRunsTheSameStatementAgain();
    void eachExecutionBindsItsValues_data();
    void eachExecutionBindsItsValues();
    void sameSqlWhileOneIsReadGetsAStatementOfItsOwn();
    void halfReadQueryHoldsNoSnapshot();
    void failedExecutionLeavesNoBrokenStatement();
    void writersOnManyThreadsAllCommit();
    void transactionInsideAnotherIsRefused();

private:
    qint64 count();
    static int runs(const StoreQuery &q);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Database> m_db;
};

void StoreQueryTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = std::make_unique<Database>(m_dir->filePath(QStringLiteral("store.db")));
    QCOMPARE(m_db->open(), QString());
    StoreQuery q(*m_db);
    QVERIFY(SqlUtil::exec(q, QStringLiteral("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT NOT NULL)")));
    for (int k = 1; k <= 3; ++k) {
        StoreQuery insert(*m_db);
        QVERIFY(SqlUtil::exec(insert, QStringLiteral("INSERT INTO t (k, v) VALUES (?, ?)"), {k, QStringLiteral("v%1").arg(k)}));
    }
}

void StoreQueryTest::cleanup()
{
    m_db.reset();
    m_dir.reset();
}

qint64 StoreQueryTest::count()
{
    StoreQuery q(*m_db);
    return SqlUtil::exec(q, QStringLiteral("SELECT COUNT(*) FROM t")) && q.next() ? q.value(0).toLongLong() : -1;
}

// How many times SQLite ran the query's statement since it was prepared.
int StoreQueryTest::runs(const StoreQuery &q)
{
    const QVariant handle = q.result()->handle();
    auto *stmt = handle.isValid() ? *static_cast<sqlite3_stmt *const *>(handle.constData()) : nullptr;
    return stmt ? sqlite3_stmt_status(stmt, SQLITE_STMTSTATUS_RUN, 0) : -1;
}

void StoreQueryTest::sameSqlRunsTheSameStatementAgain()
{
    const QString sql = QStringLiteral("SELECT v FROM t WHERE k = ?");
    for (int round = 1; round <= 3; ++round) {
        StoreQuery q(*m_db);
        QVERIFY(SqlUtil::exec(q, sql, {2}));
        QVERIFY(q.next());
        QCOMPARE(runs(q), round); // not prepared again
    }
}

void StoreQueryTest::eachExecutionBindsItsValues_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<QString>("value"); // empty: no row
    QTest::newRow("1") << 1 << "v1";
    QTest::newRow("3") << 3 << "v3";
    QTest::newRow("missing") << 9 << "";
    QTest::newRow("2") << 2 << "v2";
}

void StoreQueryTest::eachExecutionBindsItsValues()
{
    QFETCH(int, key);
    QFETCH(QString, value);
    StoreQuery q(*m_db);
    QVERIFY(SqlUtil::exec(q, QStringLiteral("SELECT v FROM t WHERE k = ?"), {key}));
    if (value.isEmpty()) {
        QVERIFY(!q.next());
        return;
    }
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toString(), value);
    QVERIFY(!q.next());
}

void StoreQueryTest::sameSqlWhileOneIsReadGetsAStatementOfItsOwn()
{
    const QString sql = QStringLiteral("SELECT k FROM t ORDER BY k");
    {
        StoreQuery before(*m_db); // the outer read below takes this one's statement
        QVERIFY(SqlUtil::exec(before, sql));
    }
    StoreQuery outer(*m_db);
    QVERIFY(SqlUtil::exec(outer, sql));
    QList<int> seen;
    while (outer.next()) {
        seen << outer.value(0).toInt();
        StoreQuery inner(*m_db);
        QVERIFY(SqlUtil::exec(inner, sql));
        int rows = 0;
        while (inner.next())
            ++rows;
        QCOMPARE(rows, 3);
    }
    QCOMPARE(seen, (QList<int>{1, 2, 3}));
}

// A read stopped after its first row, its statement idle in the cache: a write from
// another connection must be seen by this thread's next read (an unfinished statement
// would keep this connection's read transaction, and its snapshot, open).
void StoreQueryTest::halfReadQueryHoldsNoSnapshot()
{
    {
        StoreQuery q(*m_db);
        QVERIFY(SqlUtil::exec(q, QStringLiteral("SELECT k FROM t ORDER BY k")));
        QVERIFY(q.next());
    }
    QCOMPARE(count(), 3);
    bool inserted = false;
    std::thread other([&] {
        StoreQuery q(*m_db); // that thread's own connection
        inserted = SqlUtil::exec(q, QStringLiteral("INSERT INTO t (k, v) VALUES (4, 'v4')"));
    });
    other.join();
    QVERIFY(inserted);
    QCOMPARE(count(), 4);
}

void StoreQueryTest::failedExecutionLeavesNoBrokenStatement()
{
    const QString sql = QStringLiteral("INSERT INTO t (k, v) VALUES (?, ?)");
    {
        StoreQuery q(*m_db);
        QVERIFY(!SqlUtil::exec(q, sql, {1, QStringLiteral("again")})); // k is taken
    }
    StoreQuery q(*m_db);
    QVERIFY(SqlUtil::exec(q, sql, {5, QStringLiteral("v5")}));
    QCOMPARE(q.numRowsAffected(), 1);
    QCOMPARE(count(), 4);
}

void StoreQueryTest::writersOnManyThreadsAllCommit()
{
    constexpr int kThreads = 4, kEach = 150;
    std::atomic<int> failed{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < kEach; ++i) {
                const bool ok = m_db->immediateTransaction([&] {
                    StoreQuery insert(*m_db);
                    return SqlUtil::exec(insert, QStringLiteral("INSERT INTO t (k, v) VALUES (?, ?)"),
                                         {1000 + t * kEach + i, QStringLiteral("w")});
                });
                if (!ok)
                    ++failed;
            }
        });
    for (std::thread &t : threads)
        t.join();
    QCOMPARE(failed.load(), 0);
    QCOMPARE(count(), qint64(3 + kThreads * kEach));
}

void StoreQueryTest::transactionInsideAnotherIsRefused()
{
    bool inner = true;
    QTest::ignoreMessage(QtWarningMsg, "a store transaction was begun inside another: refused");
    QVERIFY(m_db->immediateTransaction([&] {
        StoreQuery insert(*m_db);
        inner = m_db->immediateTransaction([&] { return true; });
        return SqlUtil::exec(insert, QStringLiteral("INSERT INTO t (k, v) VALUES (?, ?)"), {4, QStringLiteral("v4")});
    }));
    QVERIFY(!inner);
    QCOMPARE(count(), qint64(4));
    // The lock went with the outer one: the next writer goes on.
    QVERIFY(m_db->immediateTransaction([&] {
        StoreQuery insert(*m_db);
        return SqlUtil::exec(insert, QStringLiteral("INSERT INTO t (k, v) VALUES (?, ?)"), {5, QStringLiteral("v5")});
    }));
    QCOMPARE(count(), qint64(5));
}

QTEST_GUILESS_MAIN(StoreQueryTest)
#include "tst_storequery.moc"
