// What carries over to the next start of the studio (a new engine on the same data dir):
// Generate's text with its model and voice, the last project (reopened) and a list of
// recent ones in File ▸ Recent projects (the latest first, at most eight, files gone left
// out). The keyboard help lists every shortcut the window has, and counts read as
// words in English and German ("1 chapter", "2 Absätze").
#include "generatepage.h"
#include "mainwindow.h"
#include "projectpage.h"
#include "studiosettings.h"
#include "uitestenv.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QShortcut>
#include <QSignalSpy>
#include <QTranslator>
#include <QtTest>

namespace
{
UiTestEnv::Options inDir(const QString &dataDir)
{
    UiTestEnv::Options o;
    o.dataDir = dataDir;
    return o;
}

QString absolute(const QString &path)
{
    return QFileInfo(path).absoluteFilePath();
}

QStringList recentMenuPaths(MainWindow &window)
{
    QStringList paths;
    for (const QAction *a : window.recentProjectsMenu()->actions())
        if (a->isEnabled())
            paths << a->toolTip();
    return paths;
}

void writeFile(const QString &path, const QString &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text.toUtf8());
}
}

class TestUiCarryover : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { isolateSettings(); }
    void draftComesBack_data();
    void draftComesBack();
    void lastProjectReopens_data();
    void lastProjectReopens();
    void recentListIsShort_data();
    void recentListIsShort();
    void helpListsEveryShortcut_data();
    void helpListsEveryShortcut();
    void countsReadAsWords_data();
    void countsReadAsWords();
};

void TestUiCarryover::draftComesBack_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("model");
    QTest::newRow("plain text, base") << QStringLiteral("A draft left for tomorrow.\nIts second line.") << QStringLiteral("base");
    QTest::newRow("SSML, advanced") << QStringLiteral("<speak>Guten Morgen <break time=\"300ms\"/> again.</speak>")
                                    << QStringLiteral("advanced");
}

// Typed, the window closed at once (no pause for the draft's timer), the studio started
// again: the text, the model and the voice are as they were left.
void TestUiCarryover::draftComesBack()
{
    QFETCH(QString, text);
    QFETCH(QString, model);
    QTemporaryDir data;
    QString voice;
    {
        UiTestEnv env(inDir(data.path()));
        QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
        env.context().setAccountId(env.createAccount(QStringLiteral("jo")));
        GeneratePage page(env.context());
        QTRY_VERIFY_WITH_TIMEOUT(page.voiceBox()->count() > 1, 20000);
        QCOMPARE(page.editor()->toPlainText(), QString());
        page.modelBox()->setCurrentIndex(page.modelBox()->findData(model));
        QTRY_VERIFY_WITH_TIMEOUT(page.voiceBox()->count() > 1, 20000);
        QTest::qWait(300); // the model's voices listed
        page.voiceBox()->setCurrentIndex(1);
        voice = page.voiceBox()->currentText();
        page.editor()->setPlainText(text);
    }
    UiTestEnv again(inDir(data.path()));
    QVERIFY2(again.error().isEmpty(), qPrintable(again.error()));
    again.context().setAccountId(again.engine().services().accounts().list().first().id);
    GeneratePage page(again.context());
    QTRY_COMPARE_WITH_TIMEOUT(page.editor()->toPlainText(), text, 20000);
    QTRY_COMPARE_WITH_TIMEOUT(page.modelBox()->currentData().toString(), model, 20000);
    QTRY_COMPARE_WITH_TIMEOUT(page.voiceBox()->currentText(), voice, 20000);
}

void TestUiCarryover::lastProjectReopens_data()
{
    QTest::addColumn<bool>("latestRemoved");
    QTest::newRow("the latest reopens") << false;
    QTest::newRow("a file gone is left out") << true;
}

void TestUiCarryover::lastProjectReopens()
{
    QFETCH(bool, latestRemoved);
    QTemporaryDir data, files;
    const QString first = absolute(files.filePath(QStringLiteral("first.ttsproject")));
    const QString latest = absolute(files.filePath(QStringLiteral("latest.ttsproject")));
    {
        UiTestEnv env(inDir(data.path()));
        QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
        MainWindow window(env.context());
        QVERIFY(!window.projectPage()->isOpen());
        QCOMPARE(recentMenuPaths(window), QStringList());
        window.projectPage()->newProject(first);
        QTRY_COMPARE_WITH_TIMEOUT(window.projectPage()->recentProjects(), QStringList{first}, 20000);
        window.projectPage()->newProject(latest);
        QTRY_COMPARE_WITH_TIMEOUT(window.projectPage()->recentProjects(), (QStringList{latest, first}), 20000);
        QCOMPARE(recentMenuPaths(window), (QStringList{latest, first}));
    }
    if (latestRemoved)
        QVERIFY(QFile::remove(latest));
    UiTestEnv again(inDir(data.path()));
    QVERIFY2(again.error().isEmpty(), qPrintable(again.error()));
    MainWindow window(again.context());
    const QString reopened = latestRemoved ? first : latest;
    QTRY_VERIFY_WITH_TIMEOUT(window.projectPage()->isOpen(), 20000);
    QCOMPARE(window.projectPage()->projectPath(), reopened);
    const QStringList listed = latestRemoved ? QStringList{first} : QStringList{latest, first};
    QTRY_COMPARE_WITH_TIMEOUT(recentMenuPaths(window), listed, 20000);
    // Picked from the menu, a project opens.
    if (!latestRemoved) {
        window.recentProjectsMenu()->actions().at(1)->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(window.projectPage()->projectPath(), first, 20000);
    }
}

void TestUiCarryover::recentListIsShort_data()
{
    QTest::addColumn<int>("made");
    QTest::addColumn<int>("listed");
    QTest::newRow("three") << 3 << 3;
    QTest::newRow("ten") << 10 << StudioSettings::kMaxRecentProjects;
}

void TestUiCarryover::recentListIsShort()
{
    QFETCH(int, made);
    QFETCH(int, listed);
    UiTestEnv env;
    QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
    QTemporaryDir files;
    MainWindow window(env.context());
    QString last;
    for (int i = 1; i <= made; ++i) {
        last = absolute(files.filePath(QStringLiteral("book-%1.ttsproject").arg(i)));
        window.projectPage()->newProject(last);
        QTRY_COMPARE_WITH_TIMEOUT(window.projectPage()->recentProjects().value(0), last, 20000);
    }
    QCOMPARE(recentMenuPaths(window).size(), listed);
    QCOMPARE(recentMenuPaths(window).first(), last);
}

void TestUiCarryover::helpListsEveryShortcut_data()
{
    QTest::addColumn<QKeySequence>("keys"); // empty: every shortcut the window has
    QTest::newRow("render a project") << QKeySequence(Qt::CTRL | Qt::Key_R);
    QTest::newRow("undo in a project") << QKeySequence(Qt::CTRL | Qt::Key_Z);
    QTest::newRow("redo in a project") << QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
    QTest::newRow("speak") << QKeySequence(Qt::CTRL | Qt::Key_Return);
    QTest::newRow("every shortcut of the window") << QKeySequence();
}

void TestUiCarryover::helpListsEveryShortcut()
{
    QFETCH(QKeySequence, keys);
    UiTestEnv env;
    QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
    MainWindow window(env.context());
    QSet<QString> listed;
    for (const auto &[sequence, what] : MainWindow::shortcutRows())
        for (const QString &one : sequence.split(QStringLiteral(", ")))
            listed.insert(one);
    QList<QKeySequence> wanted;
    if (!keys.isEmpty()) {
        wanted << keys;
    } else {
        for (const QShortcut *s : window.findChildren<QShortcut *>())
            wanted << s->key();
        for (const QAction *a : window.findChildren<QAction *>())
            wanted << a->shortcuts();
        QVERIFY(wanted.size() > 10);
    }
    for (const QKeySequence &k : std::as_const(wanted))
        QVERIFY2(k.isEmpty() || listed.contains(k.toString(QKeySequence::NativeText)),
                 qPrintable(k.toString(QKeySequence::NativeText) + QStringLiteral(" is not in the help")));
}

void TestUiCarryover::countsReadAsWords_data()
{
    QTest::addColumn<bool>("german");
    QTest::addColumn<QString>("document"); // its name and text
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("says");
    // A plain text is one chapter; a Markdown heading starts a chapter (and is its first block).
    const QString one = QStringLiteral("A single paragraph.\n");
    const QString more = QStringLiteral("# One\n\nFirst.\n\nSecond.\n\n# Two\n\nThird.\n");
    QTest::newRow("English, one of each") << false << QStringLiteral("book.txt") << one << QStringLiteral("1 chapter, 1 block, ");
    QTest::newRow("English, more") << false << QStringLiteral("book.md") << more << QStringLiteral("2 chapters, 5 blocks, ");
    QTest::newRow("German, one of each") << true << QStringLiteral("book.txt") << one << QStringLiteral("1 Kapitel, 1 Absatz, ");
    QTest::newRow("German, more") << true << QStringLiteral("book.md") << more << QStringLiteral("2 Kapitel, 5 Absätze, ");
}

// The project's title line and what is left to render count in words of the language.
void TestUiCarryover::countsReadAsWords()
{
    QFETCH(bool, german);
    QFETCH(QString, document);
    QFETCH(QString, text);
    QFETCH(QString, says);
    QTranslator translator;
    if (german) {
        QVERIFY(translator.load(QStringLiteral(TTS_QM_DIR "/tts-studio_de.qm")));
        QCoreApplication::installTranslator(&translator);
    } else {
        QVERIFY(translator.load(QStringLiteral(TTS_QM_DIR "/tts-studio_en.qm")));
        QCoreApplication::installTranslator(&translator);
    }
    UiTestEnv env;
    QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
    QTemporaryDir files;
    const QString path = files.filePath(document);
    writeFile(path, text);
    ProjectPage page(env.context());
    QSignalSpy estimated(&page, &ProjectPage::estimated);
    page.importDocument(path);
    QTRY_VERIFY_WITH_TIMEOUT(estimated.size() > 0, 20000);
    const QString title = page.titleLabel()->text();
    QCoreApplication::removeTranslator(&translator);
    QVERIFY2(title.contains(says), qPrintable(title));
}

QTEST_MAIN(TestUiCarryover)
#include "tst_ui_carryover.moc"
