// The real tts-studio binary started as a user starts it (an X display with a window
// manager, a sound server, no logging settings of its own): on an empty data dir the
// keys typed go to the text, Ctrl+Return speaks it, Alt+F4 quits cleanly, and the whole
// session prints a handful of lines to stderr at most (a logging category left on, such
// as qt.widgets.painting, prints every repaint: 85,093 lines in 12 minutes).
#include "storereader.h"
#include "studioprocess.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace
{
// Runs a tool (xdotool, import); its stdout, trimmed.
QString tool(const QString &program, const QStringList &args, int timeoutMs = 20000)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

constexpr int kQuietLines = 10;
const QString kText = QStringLiteral("Hello from the real window of the studio.");
}

class TestLaunch : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void quietSessionThatSpeaks();
};

void TestLaunch::initTestCase()
{
    QVERIFY2(!qEnvironmentVariableIsEmpty("DISPLAY"), "no X display: run through with-desktop.sh");
}

void TestLaunch::quietSessionThatSpeaks()
{
    QTemporaryDir data;
    QTemporaryDir home; // no settings from earlier runs (window geometry, page)
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_LOGGING_RULES"));
    env.remove(QStringLiteral("QT_DEBUG_PLUGINS"));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
    env.insert(QStringLiteral("USER"), QStringLiteral("zoe"));
    QProcess studio;
    studio.setProcessEnvironment(env);
    studio.start(StudioProcess::desktopBinary(), {"--data-dir", data.path(), "--port", "0", "--lang", "en"});
    QVERIFY(studio.waitForStarted());

    // The window, as the window manager sees it.
    QString window;
    QTRY_VERIFY_WITH_TIMEOUT(!(window = tool("xdotool", {"search", "--onlyvisible", "--name", "^TTS Studio$"})
                                            .section(u'\n', 0, 0))
                                  .isEmpty(),
                             30000);
    tool("xdotool", {"windowactivate", "--sync", window});

    // Type and speak, nothing else: the account is made, the text has the focus.
    tool("xdotool", {"type", "--delay", "15", kText});
    tool("xdotool", {"key", "ctrl+Return"});
    StoreReader store(data.path());
    QTRY_COMPARE_WITH_TIMEOUT(store.scalar("SELECT COUNT(*) FROM generations WHERE status = 'COMPLETED'"), qint64(1),
                              60000);
    QCOMPARE(store.value("SELECT input_text FROM generations").toString(), kText);
    QCOMPARE(store.value("SELECT name FROM accounts").toString(), QStringLiteral("zoe"));
    QTest::qWait(500); // the status line and waveform are drawn
    const QString shot = QDir(QCoreApplication::applicationDirPath()).filePath("launch-after-speak.png");
    tool("import", {"-window", "root", shot});
    qInfo("screenshot: %s", qPrintable(shot));

    // Alt+F4: the window manager asks the window to close; the studio ends cleanly.
    tool("xdotool", {"key", "--window", window, "alt+F4"});
    QVERIFY2(studio.waitForFinished(30000), "the studio did not quit on Alt+F4");
    // Its stderr first: it is what tells why, should the studio not end cleanly.
    const QString err = QString::fromUtf8(studio.readAllStandardError());
    const QStringList lines = err.split(u'\n', Qt::SkipEmptyParts);
    qInfo("stderr: %lld lines", qint64(lines.size()));
    for (const QString &line : lines.mid(0, 40))
        qInfo("  %s", qPrintable(line));
    QCOMPARE(studio.exitStatus(), QProcess::NormalExit);
    QCOMPARE(studio.exitCode(), 0);
    QVERIFY2(!err.contains(QStringLiteral("qt.widgets.painting")), "Qt's repaint logging is on");
    QVERIFY2(lines.size() <= kQuietLines, qPrintable(QString("%1 lines on stderr").arg(lines.size())));
}

QTEST_GUILESS_MAIN(TestLaunch)
#include "tst_launch.moc"
