// Replays every input under fuzz/corpus/TARGET/ and fuzz/regressions/TARGET/ through
// the fuzz targets' code (fuzz/*_target.cpp) in the normal (GCC) build, so a crash or
// a broken oracle on any input the fuzzers kept is caught without clang.
#include "fuzzcheck.h"

#include <QDir>
#include <QDirIterator>
#include <QtTest>

#include <stdexcept>

namespace
{
QStringList g_failures;

void recordFailure(const char *what, const char *file, int line)
{
    g_failures << QStringLiteral("%1 (%2:%3)").arg(QString::fromUtf8(what), QString::fromUtf8(file)).arg(line);
}
}

class TestFuzzReplay : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { FuzzCheck::setHandler(&recordFailure); }
    void replay_data();
    void replay();
};

void TestFuzzReplay::replay_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("path");
    int inputs = 0;
    for (const QString target : {"request-json", "http-guard"}) {
        for (const QString kind : {"corpus", "regressions"}) {
            QDirIterator it(QStringLiteral(TTS_FUZZ_DIR "/%1/%2").arg(kind, target), QDir::Files);
            while (it.hasNext()) {
                const QString path = it.next();
                QTest::newRow(qPrintable(target + '/' + kind + '/' + it.fileName())) << target << path;
                ++inputs;
            }
        }
    }
    QVERIFY2(inputs > 0, "no inputs under fuzz/corpus and fuzz/regressions");
}

void TestFuzzReplay::replay()
{
    QFETCH(QString, target);
    QFETCH(QString, path);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray input = f.readAll();
    g_failures.clear();
    const auto *data = reinterpret_cast<const unsigned char *>(input.constData());
    if (target == QLatin1String("request-json"))
        fuzzRequestJson(data, input.size());
    else
        fuzzHttpGuard(data, input.size());
    QVERIFY2(g_failures.isEmpty(), qPrintable(g_failures.join("; ")));
}

QTEST_GUILESS_MAIN(TestFuzzReplay)
#include "tst_fuzz_replay.moc"
