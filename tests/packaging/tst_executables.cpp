// The two executables as an operator and a desktop user start them: tts-studio-server
// serves without --headless and links no Qt GUI library; tts-studio serves headless when
// asked and refuses to open a window without a display; both run the command-line
// commands on the same data dir.
#include "studioprocess.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

namespace
{
QString bin(const QString &name)
{
    return QCoreApplication::applicationDirPath() + u'/' + name;
}

// The environment of a machine without a display.
QProcessEnvironment noDisplay()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    return env;
}

struct Run
{
    int code = -1;
    QString out;
    QString err;
};

Run run(const QString &program, const QStringList &args)
{
    QProcess p;
    p.setProcessEnvironment(noDisplay());
    p.start(bin(program), args);
    p.waitForFinished(60000);
    Run r;
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// The shared libraries the dynamic loader maps for program, by file name.
QStringList loadedLibraries(const QString &program)
{
    QProcess p;
    p.start(QStringLiteral("ldd"), {bin(program)});
    p.waitForFinished(30000);
    QStringList names;
    static const QRegularExpression lib(QStringLiteral("^\\s*(\\S+\\.so[.\\d]*)"), QRegularExpression::MultilineOption);
    for (auto it = lib.globalMatch(QString::fromUtf8(p.readAllStandardOutput())); it.hasNext();)
        names << it.next().captured(1);
    return names;
}
}

class TestExecutables : public QObject
{
    Q_OBJECT
private slots:
    void guiLibraries_data();
    void guiLibraries();
    void serves_data();
    void serves();
    void desktopNeedsADisplay();
    void commands_data();
    void commands();
};

void TestExecutables::guiLibraries_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<bool>("linksGui");
    QTest::newRow("tts-studio-server: none") << "tts-studio-server" << false;
    QTest::newRow("tts-studio: Widgets and Multimedia") << "tts-studio" << true;
}

void TestExecutables::guiLibraries()
{
    QFETCH(QString, program);
    QFETCH(bool, linksGui);
    const QStringList libs = loadedLibraries(program);
    QVERIFY2(libs.contains(QStringLiteral("libQt6Core.so.6")), qPrintable(libs.join(u' ')));
    static const QStringList gui{"libQt6Gui.so.6", "libQt6Widgets.so.6", "libQt6Multimedia.so.6", "libQt6OpenGL.so.6",
                                 "libQt6DBus.so.6", "libxkbcommon.so.0", "libGL.so.1", "libEGL.so.1"};
    QStringList found;
    for (const QString &name : gui)
        if (libs.contains(name))
            found << name;
    QCOMPARE(found.contains(QStringLiteral("libQt6Widgets.so.6")), linksGui);
    QCOMPARE(found.contains(QStringLiteral("libQt6Multimedia.so.6")), linksGui);
    if (!linksGui)
        QVERIFY2(found.isEmpty(), qPrintable(found.join(u' ')));
}

void TestExecutables::serves_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("args");
    QTest::newRow("tts-studio-server") << "tts-studio-server" << QStringList();
    QTest::newRow("tts-studio-server --headless") << "tts-studio-server" << QStringList{"--headless"};
    QTest::newRow("tts-studio --headless") << "tts-studio" << QStringList{"--headless"};
}

// Listening, ready, and a job done over HTTP.
void TestExecutables::serves()
{
    QFETCH(QString, program);
    QFETCH(QStringList, args);
    QTemporaryDir dir;
    QProcess create;
    create.start(bin(program), {"accounts", "create", "ann", "--credits", "1000", "--data-dir", dir.path()});
    QVERIFY(create.waitForFinished(60000) && create.exitCode() == 0);
    QProcess keys;
    keys.start(bin(program), {"keys", "create", "--account", "ann", "--name", "t", "--data-dir", dir.path()});
    QVERIFY(keys.waitForFinished(60000) && keys.exitCode() == 0);
    const QByteArray key = keys.readAllStandardOutput().trimmed();

    QProcess server;
    server.setProcessEnvironment(noDisplay());
    server.start(bin(program), args + QStringList{"--port", "0", "--data-dir", dir.path()});
    const auto killOnFailure = qScopeGuard([&server] {
        server.kill();
        server.waitForFinished(5000);
    });
    QString base;
    static const QRegularExpression re(QStringLiteral("listening on (http://\\S+)"));
    QByteArray out;
    for (int i = 0; i < 300 && base.isEmpty() && server.state() != QProcess::NotRunning; ++i) {
        server.waitForReadyRead(100);
        out += server.readAllStandardOutput();
        if (const auto m = re.match(QString::fromUtf8(out)); m.hasMatch())
            base = m.captured(1);
    }
    QVERIFY2(!base.isEmpty(), server.readAllStandardError().constData());
    const HttpResult posted = httpRequest("POST", base + "/v3/tts", key,
                                          R"({"text":"Hello from the server.","voice_id":"af_sarah"})");
    QCOMPARE(posted.status, 201);
    const QJsonObject done = waitForStatus(base, key, posted.json.value("generation_id").toString());
    QCOMPARE(done.value("status").toString(), QStringLiteral("COMPLETED"));
    const HttpResult audio = httpRequest("GET", done.value("audio_url").toString(), key);
    QCOMPARE(audio.status, 200);
    QVERIFY(audio.body.startsWith("ID3") || audio.body.startsWith("RIFF") || uchar(audio.body.at(0)) == 0xFF);
    server.terminate();
    QVERIFY(server.waitForFinished(30000));
    QCOMPARE(server.exitCode(), 0);
}

void TestExecutables::desktopNeedsADisplay()
{
    const Run r = run(QStringLiteral("tts-studio"), {"--port", "0"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QLatin1String("No display found")) && r.err.contains(QLatin1String("tts-studio-server")),
             qPrintable(r.err));
}

void TestExecutables::commands_data()
{
    QTest::addColumn<QString>("program");
    QTest::newRow("tts-studio-server") << "tts-studio-server";
    QTest::newRow("tts-studio") << "tts-studio";
}

// say and --version without a display, from either executable.
void TestExecutables::commands()
{
    QFETCH(QString, program);
    QTemporaryDir dir;
    const QString wav = dir.filePath(QStringLiteral("hello.wav"));
    const Run say = run(program, {"say", "Hello there.", "--voice", "af_sarah", "-o", wav});
    QVERIFY2(say.code == 0, qPrintable(say.err));
    QFile f(wav);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.size() > 24000); // more than a quarter second of 24 kHz 16-bit speech
    QVERIFY(f.read(4) == "RIFF");
    const Run version = run(program, {"--version"});
    QCOMPARE(version.code, 0);
    QVERIFY2(version.out.contains(QRegularExpression(QStringLiteral("\\d+\\.\\d+\\.\\d+"))), qPrintable(version.out));
}

QTEST_GUILESS_MAIN(TestExecutables)
#include "tst_executables.moc"
