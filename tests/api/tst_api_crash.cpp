// Nothing accepted is lost (docs/decisions.md "Nothing accepted is lost", "Command line"):
// kill -9 with jobs queued and one generating, restart on the same data directory,
// and every job completes exactly once: one reserve and one settle ledger row per
// generation, balances equal to the ledger sums, one audio file per generation.
// A SIGTERM stop gives running jobs time, requeues the rest and exits 0.
#include "procinfo.h"
#include "testserver.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <algorithm>

class ApiCrashTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void killDuringWork();
    void restartAtOnce();
    void workersDieWithServer();
    void restartCompletesEverything();
    void audioFilesIntact();
    void storeAfterRestart();
    void sigtermRequeues();

private:
    void auditStore(TestServer &server, const QString &account, qint64 initialCredits, const QStringList &ids);

    TestServer m_server;
    QByteArray m_key;
    QStringList m_ids;
    QList<qint64> m_workers;   // of the killed server
    QElapsedTimer m_sinceKill;
};

namespace
{
constexpr int kJobs = 12;
constexpr qint64 kCredits = 100000;
// How long a worker may outlive its killed server.
constexpr int kOrphanGraceMs = 3000;
}

void ApiCrashTest::initTestCase()
{
    m_key = m_server.createAccountWithKey("durable", {"--credits", QString::number(kCredits)});
    QVERIFY(!m_key.isEmpty());
    QVERIFY2(m_server.start({"--workers", "1"}), m_server.serverLog().constData());
}

void ApiCrashTest::killDuringWork()
{
    // The first job (several seconds of synthesis) keeps the only worker busy; the
    // others wait in the queue.
    for (int i = 0; i < kJobs; ++i) {
        const QString text = i == 0 ? ApiCheck::longText(1500) : QStringLiteral("Job number %1 is short.").arg(i);
        const HttpResponse r = m_server.createGeneration(m_key, text);
        QVERIFY2(r.status == 201, r.describe());
        m_ids << r.json.value("generation_id").toString();
    }
    const HttpResponse first = m_server.waitForStatus(m_key, m_ids.first(), {"GENERATING", "COMPLETED", "FAILED"}, 20000);
    QCOMPARE(first.json.value("status").toString(), QStringLiteral("GENERATING"));
    m_workers = m_server.childPids();
    QVERIFY2(!m_workers.isEmpty(), "the server runs worker processes");
    m_server.kill9();
    m_sinceKill.start();
    QVERIFY(!m_server.isRunning());

    // Every accepted job is in the store; the long one was cut off mid-way.
    StoreReader db(m_server.databasePath());
    QVERIFY2(db.isOpen(), qPrintable(db.lastError()));
    QCOMPARE(db.scalar("SELECT COUNT(*) FROM generations").toInt(), kJobs);
    QCOMPARE(db.scalar("SELECT status FROM generations WHERE id = ?", {m_ids.first()}).toString(),
             QStringLiteral("GENERATING"));
    QVERIFY(db.scalar("SELECT COUNT(*) FROM generations WHERE status = 'IN_QUEUE'").toInt() >= kJobs - 2);
    QCOMPARE(db.scalar("SELECT COUNT(*) FROM generations WHERE status = 'FAILED'").toInt(), 0);
}

void ApiCrashTest::restartAtOnce()
{
    // Like a supervisor would: at once, on the same data directory.
    QVERIFY2(m_server.restart(), m_server.serverLog().constData());
}

void ApiCrashTest::workersDieWithServer()
{
    // A worker whose server is gone must stop: otherwise it keeps synthesizing the
    // killed server's job (burning CPU) and writes the same <id>.wav.part file that
    // the restarted server's worker is writing for the requeued job.
    QVERIFY(!m_workers.isEmpty());
    while (std::any_of(m_workers.begin(), m_workers.end(), ProcInfo::alive) && m_sinceKill.elapsed() < kOrphanGraceMs)
        QTest::qWait(50);
    QList<qint64> orphans;
    for (qint64 pid : std::as_const(m_workers))
        if (ProcInfo::alive(pid))
            orphans << pid;
    QVERIFY2(orphans.isEmpty(), qPrintable(QStringLiteral("%1 tts-worker process(es) of the killed server still running "
                                                          "%2 ms after kill -9")
                                               .arg(orphans.size())
                                               .arg(m_sinceKill.elapsed())));
}

void ApiCrashTest::restartCompletesEverything()
{
    QVERIFY(m_server.isRunning());
    for (const QString &id : std::as_const(m_ids)) {
        const HttpResponse r = m_server.waitForCompleted(m_key, id, 120000);
        QVERIFY2(r.status == 200 && r.json.value("status").toString() == QLatin1String("COMPLETED"), r.describe());
        QCOMPARE(r.json.value("method").toString(), QStringLiteral("CREDITS_BALANCE"));
    }
}

void ApiCrashTest::audioFilesIntact()
{
    // Once no process of the killed server can write any more, every file is whole.
    QTRY_VERIFY_WITH_TIMEOUT(std::none_of(m_workers.begin(), m_workers.end(), ProcInfo::alive), 120000);
    for (const QString &id : std::as_const(m_ids)) {
        QFile f(m_server.audioDir() + u'/' + id + QStringLiteral(".wav"));
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        const QByteArray bytes = f.readAll();
        const ApiCheck::WavInfo w = ApiCheck::parseWav(bytes);
        QVERIFY2(w.ok, qPrintable(id + QStringLiteral(": ") + w.error));
        QCOMPARE(w.rate, quint32(24000));
        QVERIFY(w.pcm.size() > 24000); // more than half a second
        const HttpResponse g = m_server.getGeneration(m_key, id);
        const HttpResponse audio = m_server.get(g.json.value("audio_url").toString(), {});
        QVERIFY2(audio.status == 200, audio.describe());
        QVERIFY(audio.body == bytes);
    }
    QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
}

void ApiCrashTest::auditStore(TestServer &server, const QString &account, qint64 initialCredits, const QStringList &ids)
{
    StoreReader db(server.databasePath());
    QVERIFY2(db.isOpen(), qPrintable(db.lastError()));
    const QList<QVariantMap> acc = db.rows("SELECT id, credits, wallet_micros FROM accounts WHERE name = ?", {account});
    QCOMPARE(acc.size(), qsizetype(1));
    const qint64 accountId = acc.first().value("id").toLongLong();
    const qint64 credits = acc.first().value("credits").toLongLong();
    qint64 cost = 0;
    for (const QString &id : ids) {
        const QList<QVariantMap> g = db.rows("SELECT status, cost_credits FROM generations WHERE id = ?", {id});
        QCOMPARE(g.size(), qsizetype(1));
        QCOMPARE(g.first().value("status").toString(), QStringLiteral("COMPLETED"));
        cost += g.first().value("cost_credits").toLongLong();
        for (const auto &[kind, n] : {std::pair{"reserve", 1}, std::pair{"settle", 1}, std::pair{"release", 0}})
            QVERIFY2(db.scalar("SELECT COUNT(*) FROM ledger WHERE generation_id = ? AND kind = ?", {id, QString::fromLatin1(kind)})
                         .toInt()
                         == n,
                     qPrintable(QStringLiteral("%1: %2 rows of kind %3, expected %4")
                                    .arg(id)
                                    .arg(db.scalar("SELECT COUNT(*) FROM ledger WHERE generation_id = ? AND kind = ?",
                                                   {id, QString::fromLatin1(kind)})
                                             .toInt())
                                    .arg(kind)
                                    .arg(n)));
    }
    QCOMPARE(credits, initialCredits - cost);
    QCOMPARE(db.scalar("SELECT SUM(credits_delta) FROM ledger WHERE account_id = ?", {accountId}).toLongLong(), credits);
    QCOMPARE(db.scalar("SELECT SUM(micros_delta) FROM ledger WHERE account_id = ?", {accountId}).toLongLong(),
             acc.first().value("wallet_micros").toLongLong());

    // One finished audio file per generation, no partial files left behind.
    const QStringList files = QDir(server.audioDir()).entryList(QDir::Files);
    for (const QString &id : ids)
        QVERIFY2(files.contains(id + QStringLiteral(".wav")), qPrintable(id));
    QCOMPARE(files.size(), ids.size());
}

void ApiCrashTest::storeAfterRestart()
{
    auditStore(m_server, "durable", kCredits, m_ids);
}

void ApiCrashTest::sigtermRequeues()
{
    TestServer server;
    const QByteArray key = server.createAccountWithKey("graceful", {"--credits", QString::number(kCredits)});
    QVERIFY(!key.isEmpty());
    QVERIFY2(server.start({"--workers", "1"}), server.serverLog().constData());
    QStringList ids;
    for (int i = 0; i < 4; ++i) {
        // The first job outlasts the 10 s grace, so it is requeued rather than finished.
        const QString text = i == 0 ? ApiCheck::longText(8000) : QStringLiteral("Queued job %1.").arg(i);
        const HttpResponse r = server.createGeneration(key, text);
        QVERIFY2(r.status == 201, r.describe());
        ids << r.json.value("generation_id").toString();
    }
    QCOMPARE(server.waitForStatus(key, ids.first(), {"GENERATING", "COMPLETED"}, 20000).json.value("status").toString(),
             QStringLiteral("GENERATING"));
    const QList<qint64> workers = server.childPids();
    QElapsedTimer t;
    t.start();
    QVERIFY2(server.stop(30000), "SIGTERM must exit 0 after at most the 10 s grace");
    QVERIFY2(t.elapsed() < 15000, qPrintable(QString::number(t.elapsed())));
    // A clean stop takes its workers with it.
    QTRY_VERIFY_WITH_TIMEOUT(std::none_of(workers.begin(), workers.end(), ProcInfo::alive), 5000);
    {
        StoreReader db(server.databasePath());
        QVERIFY(db.isOpen());
        // Nothing failed and nothing is left half-done: each job finished or waits again.
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM generations WHERE status NOT IN ('COMPLETED','IN_QUEUE')").toInt(), 0);
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM generations").toInt(), int(ids.size()));
        QCOMPARE(db.scalar("SELECT COUNT(*) FROM ledger WHERE kind = 'release'").toInt(), 0);
        qInfo("SIGTERM stop took %lld ms; the long job was %s", qint64(t.elapsed()),
              qPrintable(db.scalar("SELECT status FROM generations WHERE id = ?", {ids.first()}).toString()));
    }
    QVERIFY2(server.restart(), server.serverLog().constData());
    for (const QString &id : std::as_const(ids))
        QCOMPARE(server.waitForCompleted(key, id, 60000).json.value("status").toString(), QStringLiteral("COMPLETED"));
    QVERIFY(server.stop());
    auditStore(server, "graceful", kCredits, ids);
}

QTEST_GUILESS_MAIN(ApiCrashTest)
#include "tst_api_crash.moc"
