// The headless server's scheduling (app/batchscheduling.h): every thread of the server, of
// its workers and of their espeak-ng zygotes runs SCHED_BATCH, so that a thread woken by
// the one handing it work does not preempt it there and then; TTS_STUDIO_NORMAL_SCHEDULING=1
// keeps them all SCHED_OTHER (for comparisons). Both when started by a SCHED_OTHER
// process: a policy the starter chose is kept, which this test does not cover.
#include "procinfo.h"
#include "studioprocess.h"

#include <QtTest>

#include <sched.h>

class TestBatchScheduling : public QObject
{
    Q_OBJECT

private slots:
    void serverAndWorkers_data();
    void serverAndWorkers();
};

void TestBatchScheduling::serverAndWorkers_data()
{
    QTest::addColumn<QByteArray>("normalScheduling"); // TTS_STUDIO_NORMAL_SCHEDULING, empty: unset
    QTest::addColumn<int>("policy");
    QTest::newRow("default") << QByteArray() << int(SCHED_BATCH);
    QTest::newRow("TTS_STUDIO_NORMAL_SCHEDULING=1") << QByteArray("1") << int(SCHED_OTHER);
    QTest::newRow("TTS_STUDIO_NORMAL_SCHEDULING=0 (set)") << QByteArray("0") << int(SCHED_OTHER);
}

void TestBatchScheduling::serverAndWorkers()
{
    QFETCH(QByteArray, normalScheduling);
    QFETCH(int, policy);
    if (sched_getscheduler(0) != SCHED_OTHER)
        QSKIP("the test runs under another policy than SCHED_OTHER, which the server would keep");
    if (normalScheduling.isEmpty())
        qunsetenv("TTS_STUDIO_NORMAL_SCHEDULING");
    else
        qputenv("TTS_STUDIO_NORMAL_SCHEDULING", normalScheduling);
    StudioProcess studio;
    studio.createAccountWithKey(QStringLiteral("a"));
    QVERIFY(studio.start({"--workers", "1", "--stream-workers", "2"}));
    qunsetenv("TTS_STUDIO_NORMAL_SCHEDULING");
    // The server, its 3 workers and their 3 zygotes: processes the server started itself.
    QList<qint64> processes;
    int workers = 0;
    int zygotes = 0;
    QVERIFY2(QTest::qWaitFor([&] {
                 processes = ProcInfo::subtree(studio.pid());
                 workers = zygotes = 0;
                 for (qint64 pid : std::as_const(processes)) {
                     const auto st = ProcInfo::stat(pid);
                     const QByteArray comm = st ? st->comm : QByteArray();
                     workers += comm == "tts-worker" ? 1 : 0;
                     zygotes += comm.startsWith("tts-espeak-zyg") ? 1 : 0;
                 }
                 return workers >= 3 && zygotes >= 3;
             }, 20000),
             qPrintable(QStringLiteral("%1 workers, %2 zygotes").arg(workers).arg(zygotes)));
    int threads = 0;
    for (qint64 pid : std::as_const(processes))
        for (int p : ProcInfo::threadPolicies(pid)) {
            QCOMPARE(p, policy);
            ++threads;
        }
    QVERIFY2(threads > processes.size(), qPrintable(QStringLiteral("%1 threads").arg(threads))); // the server has several
}

QTEST_MAIN(TestBatchScheduling)
#include "tst_batch_scheduling.moc"
