// Documents become projects: chapters and blocks as a reader of the document expects
// them, from plain text, Markdown and an EPUB built here with libarchive.

#include "documentimport.h"
#include "projectfile.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <climits>
#include <cmath>

#include <archive.h>
#include <archive_entry.h>

namespace
{
// chapter titles and block counts, "Title:3|Other:2"
QString shape(const Project &p)
{
    QStringList parts;
    for (const ProjectChapter &c : p.chapters)
        parts << QStringLiteral("%1:%2").arg(c.title).arg(c.blocks.size());
    return parts.join(QLatin1Char('|'));
}

void writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

// A small EPUB 3: mimetype stored first, container, package with a spine whose order
// differs from the manifest's, a nav document out of the spine, one non-linear item.
QString buildEpub(const QString &dir)
{
    const QString path = dir + QStringLiteral("/book.epub");
    const QList<QPair<QByteArray, QByteArray>> entries{
        {"mimetype", "application/epub+zip"},
        {"META-INF/container.xml",
         "<?xml version=\"1.0\"?><container version=\"1.0\" xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\">"
         "<rootfiles><rootfile full-path=\"OEBPS/content.opf\" media-type=\"application/oebps-package+xml\"/></rootfiles></container>"},
        {"OEBPS/content.opf",
         "<?xml version=\"1.0\"?><package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"id\">"
         "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>The Keeper</dc:title></metadata>"
         "<manifest><item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>"
         "<item id=\"c2\" href=\"text/two.xhtml\" media-type=\"application/xhtml+xml\"/>"
         "<item id=\"c1\" href=\"text/one.xhtml\" media-type=\"application/xhtml+xml\"/>"
         "<item id=\"notes\" href=\"text/notes.xhtml\" media-type=\"application/xhtml+xml\"/></manifest>"
         "<spine><itemref idref=\"c1\"/><itemref idref=\"c2\"/><itemref idref=\"notes\" linear=\"no\"/></spine></package>"},
        {"OEBPS/nav.xhtml", "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><nav><ol><li>One</li></ol></nav></body></html>"},
        {"OEBPS/text/one.xhtml",
         "<?xml version=\"1.0\" encoding=\"utf-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>First</title>"
         "<style>p { color: red; }</style></head><body><h1>The Harbour</h1>"
         "<p>The storm had <em>passed</em> by the time we reached the harbour.</p>"
         "<p>Nobody spoke&nbsp;for a while.</p></body></html>"},
        {"OEBPS/text/two.xhtml",
         "<?xml version=\"1.0\" encoding=\"utf-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>Second</title></head>"
         "<body><div><p>The keeper climbed the stairs.</p><ul><li>One ship.</li><li>Two ships.</li></ul></div></body></html>"},
        {"OEBPS/text/notes.xhtml", "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>Notes are not read.</p></body></html>"},
    };
    archive *a = archive_write_new();
    archive_write_set_format_zip(a);
    archive_write_open_filename(a, QFile::encodeName(path).constData());
    for (const auto &[name, data] : entries) {
        archive_entry *e = archive_entry_new();
        archive_entry_set_pathname(e, name.constData());
        archive_entry_set_size(e, data.size());
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_perm(e, 0644);
        archive_write_header(a, e);
        archive_write_data(a, data.constData(), size_t(data.size()));
        archive_entry_free(e);
    }
    archive_write_close(a);
    archive_write_free(a);
    return path;
}
}

class TestProjectsImport : public QObject
{
    Q_OBJECT

private slots:
    void importsDocuments_data();
    void importsDocuments();
    void epubChaptersFromSpine();
    void rejectsWhatIsNotADocument_data();
    void rejectsWhatIsNotADocument();
    void projectFileRoundTrip();
    void settersRefuseOutOfRange_data();
    void settersRefuseOutOfRange();

private:
    QTemporaryDir m_dir;
};

void TestProjectsImport::importsDocuments_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");

    QTest::newRow("txt: blank lines split blocks")
        << "plain.txt" << QByteArray("First paragraph\nstill first.\n\nSecond one.\n\n\n\nThird.\n") << "plain:3";
    QTest::newRow("txt: headings and a marker split chapters")
        << "book.txt"
        << QByteArray("A preface.\n\nChapter 1: The Harbour\n\nThe storm had passed.\n\nNobody spoke.\n\n"
                      "CHAPTER TWO\n\nThe keeper.\n\n* * *\n\nMorning came.\n")
        << "book:1|Chapter 1: The Harbour:3|CHAPTER TWO:2|Chapter 4:1";
    QTest::newRow("txt: windows line ends") << "crlf.txt" << QByteArray("One.\r\n\r\nTwo.\r\n") << "crlf:2";
    QTest::newRow("md: headings become chapters")
        << "notes.md"
        << QByteArray("# Getting started\n\nInstall it.\n\n- first step\n- second step\n\n## Using it\n\nRun **it**.\n\n"
                      "### A detail\n\nMore.\n")
        << "Getting started:4|Using it:4";
    QTest::newRow("md: text before the first heading")
        << "intro.md" << QByteArray("Some intro.\n\n# One\n\nBody.\n") << "intro:1|One:2";
}

void TestProjectsImport::importsDocuments()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    const QString path = m_dir.filePath(fileName);
    writeFile(path, content);
    const auto project = DocumentImport::fromFile(path);
    QVERIFY2(project, qPrintable(project.error().detail));
    QCOMPARE(shape(*project), expected);
}

void TestProjectsImport::epubChaptersFromSpine()
{
    const QString path = buildEpub(m_dir.path());
    const auto project = DocumentImport::fromFile(path);
    QVERIFY2(project, qPrintable(project.error().detail));
    QCOMPARE(project->title, QStringLiteral("The Keeper"));
    // Spine order (one before two), first heading else <title>, the non-linear notes left out.
    QCOMPARE(shape(*project), QStringLiteral("The Harbour:3|Second:3"));
    const ProjectChapter &one = project->chapters.at(0);
    QCOMPARE(one.blocks.at(0).text, QStringLiteral("The Harbour"));
    QCOMPARE(one.blocks.at(1).text, QStringLiteral("The storm had passed by the time we reached the harbour."));
    QCOMPARE(one.blocks.at(2).text, QStringLiteral("Nobody spoke for a while.")); // &nbsp; read, spaces simplified
    QCOMPARE(project->chapters.at(1).blocks.at(2).text, QStringLiteral("Two ships."));
}

void TestProjectsImport::rejectsWhatIsNotADocument_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("error");
    QTest::newRow("not a zip") << "broken.epub" << QByteArray("this is not an archive") << "not a readable EPUB";
    QTest::newRow("unknown suffix") << "slides.pptx" << QByteArray("x") << "not a document this program imports";
    QTest::newRow("not a project") << "x.ttsproject" << QByteArray("{\"format\":\"other\"}") << "not a TTS Studio project";
    QTest::newRow("newer project") << "y.ttsproject" << QByteArray("{\"format\":\"tts-studio-project\",\"version\":9}")
                                   << "version 9 is not supported";
    // Settings outside docs/projects.md's ranges are refused, naming the field, never clamped.
    const auto withSetting = [](const char *setting) {
        return QByteArray("{\"format\":\"tts-studio-project\",\"version\":1,") + setting + ",\"chapters\":[]}";
    };
    QTest::newRow("negative block pause") << "p1.ttsproject" << withSetting("\"block_pause_ms\":-1")
                                          << "block_pause_ms must be a whole number from 0 to 60000 ms (it is -1)";
    QTest::newRow("block pause over a minute") << "p2.ttsproject" << withSetting("\"block_pause_ms\":60001")
                                               << "block_pause_ms must be a whole number from 0 to 60000 ms (it is 60001)";
    QTest::newRow("block pause beyond int") << "p3.ttsproject" << withSetting("\"block_pause_ms\":4294967296")
                                            << "(it is 4294967296)";
    QTest::newRow("fractional block pause") << "p4.ttsproject" << withSetting("\"block_pause_ms\":500.5")
                                            << "(it is 500.5)";
    QTest::newRow("block pause a string") << "p5.ttsproject" << withSetting("\"block_pause_ms\":\"500\"")
                                          << "block_pause_ms must be a number";
    QTest::newRow("negative chapter pause") << "p6.ttsproject" << withSetting("\"chapter_pause_ms\":-2000")
                                            << "chapter_pause_ms must be a whole number from 0 to 60000 ms (it is -2000)";
    QTest::newRow("loudness target too low") << "p7.ttsproject" << withSetting("\"target_lufs\":-41")
                                             << "target_lufs must be from -40 to -6 (it is -41)";
    QTest::newRow("true peak above 0") << "p8.ttsproject" << withSetting("\"true_peak_db\":0.5")
                                       << "true_peak_db must be from -20 to 0 (it is 0.5)";
}

void TestProjectsImport::rejectsWhatIsNotADocument()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, content);
    QFETCH(QString, error);
    const QString path = m_dir.filePath(fileName);
    writeFile(path, content);
    const auto project = ProjectFile::isProjectFile(path) ? ProjectFile::load(path) : DocumentImport::fromFile(path);
    QVERIFY(!project);
    QVERIFY2(project.error().detail.contains(error), qPrintable(project.error().detail));
}

// Saved, moved and reopened: the same document and settings (inheritance kept as set).
void TestProjectsImport::projectFileRoundTrip()
{
    Project p = DocumentImport::fromText(QStringLiteral("Chapter 1\n\nOne.\n\nTwo.\n\nChapter 2\n\nThree."), "t");
    p.settings.voice = QStringLiteral("am_michael");
    p.chapters[1].settings.voice = QStringLiteral("bf_emma");
    p.chapters[1].blocks[1].settings.speed = 1.5;
    p.blockPauseMs = 300;
    p.chapterPauseMs = 1200;
    p.targetLufs = -16;
    const QString first = m_dir.filePath("a.ttsproject");
    QVERIFY(!ProjectFile::save(p, first));
    const QString moved = m_dir.filePath("moved.ttsproject");
    QVERIFY(QFile::rename(first, moved));
    const auto back = ProjectFile::load(moved);
    QVERIFY2(back, qPrintable(back.error().detail));
    QCOMPARE(QJsonDocument(back->toJson()).toJson(), QJsonDocument(p.toJson()).toJson());
    QCOMPARE(back->effectiveSettings({0, 1}).voice, std::optional<QString>("am_michael"));
    QCOMPARE(back->effectiveSettings({1, 1}).voice, std::optional<QString>("bf_emma"));
    QCOMPARE(back->effectiveSettings({1, 1}).speed, std::optional<double>(1.5));
    QCOMPARE(back->effectiveSettings({1, 0}).speed, std::optional<double>(1.0));
    QCOMPARE(ProjectFile::cacheDirOf(moved), moved + QStringLiteral(".cache"));
}

void TestProjectsImport::settersRefuseOutOfRange_data()
{
    QTest::addColumn<QString>("setting");
    QTest::addColumn<double>("value");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("block pause 0") << "block_pause_ms" << 0.0 << true;
    QTest::newRow("block pause 60000") << "block_pause_ms" << 60000.0 << true;
    QTest::newRow("block pause -1") << "block_pause_ms" << -1.0 << false;
    QTest::newRow("block pause 60001") << "block_pause_ms" << 60001.0 << false;
    QTest::newRow("chapter pause -500") << "chapter_pause_ms" << -500.0 << false;
    QTest::newRow("chapter pause 2^32") << "chapter_pause_ms" << 4294967296.0 << false;
    QTest::newRow("target -6") << "target_lufs" << -6.0 << true;
    QTest::newRow("target -5") << "target_lufs" << -5.0 << false;
    QTest::newRow("target NaN") << "target_lufs" << std::nan("") << false;
    QTest::newRow("true peak -21") << "true_peak_db" << -21.0 << false;
}

// The studio's setters hold the file's ranges: a value outside is refused and the project
// is as it was; one set in a field directly is refused when the project is saved.
void TestProjectsImport::settersRefuseOutOfRange()
{
    QFETCH(QString, setting);
    QFETCH(double, value);
    QFETCH(bool, accepted);
    Project p = DocumentImport::fromText(QStringLiteral("One."), "t");
    const QByteArray before = QJsonDocument(p.toJson()).toJson();
    std::optional<QString> refused;
    if (setting == QLatin1String("block_pause_ms"))
        refused = p.setBlockPauseMs(qint64(value));
    else if (setting == QLatin1String("chapter_pause_ms"))
        refused = p.setChapterPauseMs(qint64(value));
    else if (setting == QLatin1String("target_lufs"))
        refused = p.setTargetLufs(value);
    else
        refused = p.setTruePeakDb(value);
    QCOMPARE(!refused, accepted);
    if (refused) {
        QVERIFY2(refused->startsWith(setting), qPrintable(*refused));
        QCOMPARE(QJsonDocument(p.toJson()).toJson(), before);
    }

    Project direct = DocumentImport::fromText(QStringLiteral("One."), "t");
    if (setting == QLatin1String("block_pause_ms"))
        direct.blockPauseMs = int(qBound(double(INT_MIN), value, double(INT_MAX)));
    else if (setting == QLatin1String("chapter_pause_ms"))
        direct.chapterPauseMs = int(qBound(double(INT_MIN), value, double(INT_MAX)));
    else if (setting == QLatin1String("target_lufs"))
        direct.targetLufs = value;
    else
        direct.truePeakDb = value;
    const auto saved = ProjectFile::save(direct, m_dir.filePath("direct.ttsproject"));
    QCOMPARE(!saved, accepted);
    if (saved)
        QVERIFY2(saved->detail.contains(setting), qPrintable(saved->detail));
}

QTEST_GUILESS_MAIN(TestProjectsImport)
#include "tst_projects_import.moc"
