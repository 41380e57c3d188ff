// The headless server's scheduling (app/batchscheduling.h): every thread of the server, of
// its workers and of their espeak-ng zygotes runs SCHED_BATCH, so that a thread woken by
// the one handing it work does not preempt it there and then; TTS_STUDIO_NORMAL_SCHEDULING=1
// keeps them all SCHED_OTHER (for comparisons). Both when started by a SCHED_OTHER
// process: a policy the starter chose is kept, which this test does not cover.
#include "studioprocess.h"

#include <QDir>
#include <QFile>
#include <QMultiHash>
#include <QtTest>

#include <sched.h>

namespace
{
// Fields of /proc/PID/stat after the command's closing parenthesis (field 3 is [0]).
QList<QByteArray> statFields(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray s = f.readAll();
    const qsizetype close = s.lastIndexOf(')');
    return close < 0 ? QList<QByteArray>{} : s.mid(close + 2).trimmed().split(' ');
}

// pid -> its children, for every process there is.
QMultiHash<qint64, qint64> children()
{
    QMultiHash<qint64, qint64> tree;
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        const QList<QByteArray> f = statFields(QStringLiteral("/proc/%1/stat").arg(pid));
        if (f.size() > 1 && pid.toLongLong() > 0)
            tree.insert(f.at(1).toLongLong(), pid.toLongLong());
    }
    return tree;
}

QList<qint64> subtree(qint64 root)
{
    const QMultiHash<qint64, qint64> tree = children();
    QList<qint64> all{root};
    for (qsizetype i = 0; i < all.size(); ++i)
        all += tree.values(all.at(i));
    return all;
}

QByteArray commOf(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/comm").arg(pid));
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
}

// The scheduling policy of every thread of pid (field 41 of each task's stat).
QList<int> policies(qint64 pid)
{
    QList<int> found;
    const QString dir = QStringLiteral("/proc/%1/task").arg(pid);
    for (const QString &tid : QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QList<QByteArray> f = statFields(dir + '/' + tid + QStringLiteral("/stat"));
        if (f.size() > 38)
            found << f.at(38).toInt();
    }
    return found;
}
}

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
                 processes = subtree(studio.pid());
                 workers = zygotes = 0;
                 for (qint64 pid : std::as_const(processes)) {
                     const QByteArray comm = commOf(pid);
                     workers += comm == "tts-worker" ? 1 : 0;
                     zygotes += comm.startsWith("tts-espeak-zyg") ? 1 : 0;
                 }
                 return workers >= 3 && zygotes >= 3;
             }, 20000),
             qPrintable(QStringLiteral("%1 workers, %2 zygotes").arg(workers).arg(zygotes)));
    int threads = 0;
    for (qint64 pid : std::as_const(processes))
        for (int p : policies(pid)) {
            QCOMPARE(p, policy);
            ++threads;
        }
    QVERIFY2(threads > processes.size(), qPrintable(QStringLiteral("%1 threads").arg(threads))); // the server has several
}

QTEST_MAIN(TestBatchScheduling)
#include "tst_batch_scheduling.moc"
