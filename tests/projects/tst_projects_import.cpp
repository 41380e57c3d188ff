// Documents become projects: chapters and blocks as a reader of the document expects
// them, from plain text, Markdown and an EPUB built here with libarchive; documents past
// the import limits refused quickly; cue sheets whose titles stay on their own line.

#include "chaptermarks.h"
#include "documentimport.h"
#include "projectfile.h"

#include <QElapsedTimer>
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

void writeZip(const QString &path, const QList<QPair<QByteArray, QByteArray>> &entries)
{
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
    writeZip(path, entries);
    return path;
}

QByteArray xhtml(const QByteArray &body)
{
    return "<?xml version=\"1.0\" encoding=\"utf-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>T</title></head><body>"
           + body + "</body></html>";
}

// An EPUB whose spine lists spine items, the i-th the document text/d(i % documents).xhtml,
// and documents with the given bodies (one each, the last repeated for the rest).
QString buildLargeEpub(const QString &path, int spine, const QList<QByteArray> &bodies, int documents)
{
    QByteArray manifest, itemrefs;
    for (int i = 0; i < spine; ++i) {
        const QByteArray n = QByteArray::number(i);
        manifest += "<item id=\"i" + n + "\" href=\"text/d" + QByteArray::number(i % documents)
                    + ".xhtml\" media-type=\"application/xhtml+xml\"/>";
        itemrefs += "<itemref idref=\"i" + n + "\"/>";
    }
    QList<QPair<QByteArray, QByteArray>> entries{
        {"mimetype", "application/epub+zip"},
        {"META-INF/container.xml",
         "<?xml version=\"1.0\"?><container version=\"1.0\" xmlns=\"urn:oasis:names:tc:opendocument:xmlns:container\">"
         "<rootfiles><rootfile full-path=\"content.opf\" media-type=\"application/oebps-package+xml\"/></rootfiles></container>"},
        {"content.opf", "<?xml version=\"1.0\"?><package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\">"
                        "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>Large</dc:title></metadata><manifest>"
                            + manifest + "</manifest><spine>" + itemrefs + "</spine></package>"}};
    for (int d = 0; d < documents; ++d)
        entries.append({"text/d" + QByteArray::number(d) + ".xhtml", xhtml(bodies.at(qMin<qsizetype>(d, bodies.size() - 1)))});
    writeZip(path, entries);
    return path;
}

QByteArray repeated(const QByteArray &part, int times)
{
    QByteArray out;
    out.reserve(part.size() * times);
    for (int i = 0; i < times; ++i)
        out += part;
    return out;
}
}

namespace
{
QByteArray projectJson(int chapters, int blocksEach)
{
    QByteArray blocks = "[" + repeated("{\"text\":\"a\"},", blocksEach);
    blocks.back() = ']';
    QByteArray cs = "[" + repeated("{\"title\":\"c\",\"blocks\":" + blocks + "},", chapters);
    cs.back() = ']';
    return "{\"format\":\"tts-studio-project\",\"version\":1,\"title\":\"t\",\"chapters\":" + cs + "}";
}

// The hostile document of a refusesWhatPassesTheLimits row.
void writeHostile(const QString &path, const QString &row)
{
    if (row.startsWith("epub: 3,000,000"))
        buildLargeEpub(path, 1, {repeated("<p>a</p>", 3'000'000)}, 1);
    else if (row.startsWith("epub: 200,000"))
        buildLargeEpub(path, 200'000, {"<p>a</p>"}, 2'500);
    else if (row.startsWith("epub: a document"))
        buildLargeEpub(path, 1, {QByteArray(60'000'000, ' ')}, 1);
    else if (row.startsWith("md: 400,000"))
        writeFile(path, repeated("A paragraph of words.\n\n", 400'000));
    else if (row.startsWith("md: 3,000"))
        writeFile(path, repeated("# Title\n\nText.\n\n", 3'000));
    else if (row.startsWith("txt: 11"))
        writeFile(path, repeated(QByteArray(999, 'a') + "\n\n", 11'000));
    else if (row.startsWith("txt: a file")) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(60'000'000)); // sparse: nothing to write
    } else if (row.startsWith("project: nested arrays")) {
        writeFile(path, "{\"format\":\"tts-studio-project\",\"version\":1,\"junk\":[" + repeated("[[0]],", 600'000)
                            + "[]],\"chapters\":[{\"title\":\"c\",\"blocks\":[{\"text\":\"Hi.\"}]}]}");
    } else if (row.startsWith("project: many numbers")) {
        writeFile(path, "{\"format\":\"tts-studio-project\",\"version\":1,\"junk\":[" + repeated("0,", 4'500'000)
                            + "0],\"chapters\":[{\"title\":\"c\",\"blocks\":[{\"text\":\"Hi.\"}]}]}");
    } else if (row.startsWith("project: a file")) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(25'000'000));
    } else if (row.startsWith("project: 2,001"))
        writeFile(path, projectJson(2'001, 1));
    else
        writeFile(path, projectJson(1, 200'001));
}
}

class TestProjectsImport : public QObject
{
    Q_OBJECT

private slots:
    void importsDocuments_data();
    void importsDocuments();
    void markdownBlocksReadAsSpoken_data();
    void markdownBlocksReadAsSpoken();
    void epubChaptersFromSpine();
    void rejectsWhatIsNotADocument_data();
    void rejectsWhatIsNotADocument();
    void projectFileRoundTrip();
    void refusesWhatPassesTheLimits_data();
    void refusesWhatPassesTheLimits();
    void realSizedBookImports();
    void cueSheetTitlesStayInTheirLine_data();
    void cueSheetTitlesStayInTheirLine();
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

// What a listener hears of each Markdown construct: the text, without its markup.
void TestProjectsImport::markdownBlocksReadAsSpoken_data()
{
    QTest::addColumn<QByteArray>("markdown");
    QTest::addColumn<QStringList>("blocks");
    QTest::newRow("emphasis, code and links")
        << QByteArray("Run **it** `now`, see [the guide](http://x.example/).\n") << QStringList{"Run it now, see the guide."};
    QTest::newRow("entities") << QByteArray("Fish &amp; chips &#233;t&#xE9; &lt;3\n") << QStringList{"Fish & chips \u00e9t\u00e9 <3"};
    QTest::newRow("inline html tags dropped") << QByteArray("A <b>bold</b> word.\n") << QStringList{"A bold word."};
    QTest::newRow("tight and loose list items")
        << QByteArray("- one\n- two\n\n1. three\n\n2. four\n") << QStringList{"one", "two", "three", "four"};
    QTest::newRow("nested list") << QByteArray("- outer\n  - inner\n") << QStringList{"outer", "inner"};
    QTest::newRow("table rows") << QByteArray("| a | b |\n|---|---|\n| 1 | 2 |\n") << QStringList{"a, b", "1, 2"};
    QTest::newRow("block quote and code")
        << QByteArray("> Quoted line\n> goes on.\n\n```\nx = 1\n```\n") << QStringList{"Quoted line goes on.", "x = 1"};
    QTest::newRow("deeper heading is a block") << QByteArray("### Detail\n\nText.\n") << QStringList{"Detail", "Text."};
    QTest::newRow("hard break") << QByteArray("Line one  \nline two\n") << QStringList{"Line one line two"};
}

void TestProjectsImport::markdownBlocksReadAsSpoken()
{
    QFETCH(QByteArray, markdown);
    QFETCH(QStringList, blocks);
    const auto project = DocumentImport::fromMarkdown(QString::fromUtf8(markdown), QStringLiteral("doc"));
    QVERIFY2(project, qPrintable(project.error().detail));
    QStringList texts;
    for (const ProjectChapter &c : project->chapters)
        for (const auto &b : c.blocks)
            texts << b.text;
    QCOMPARE(texts, blocks);
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
    Project p = DocumentImport::fromText(QStringLiteral("Chapter 1\n\nOne.\n\nTwo.\n\nChapter 2\n\nThree."), "t").value();
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

void TestProjectsImport::cueSheetTitlesStayInTheirLine_data()
{
    QTest::addColumn<QString>("projectTitle");
    QTest::addColumn<QString>("chapterTitle");
    QTest::addColumn<QString>("expectedProject");
    QTest::addColumn<QString>("expectedChapter");
    QTest::newRow("plain") << "The Keeper" << "The Harbour" << "The Keeper" << "The Harbour";
    QTest::newRow("line breaks in a chapter title")
        << "Book" << "One\"\nFILE '/etc/passwd' WAVE\r\n  TRACK 99 AUDIO\n    INDEX 01 00:00:00"
        << "Book" << "One' FILE '/etc/passwd' WAVE TRACK 99 AUDIO INDEX 01 00:00:00";
    QTest::newRow("line breaks in the project title")
        << "Book\nFILE \"x.wav\" WAVE" << "One" << "Book FILE 'x.wav' WAVE" << "One";
    QTest::newRow("other control characters and separators")
        << QStringLiteral("a\u0001b\u0085c\u2028d\u2029e\tf\vg\fh") << "x\u001b[2Jy"
        << "a b c d e f g h" << "x [2Jy";
    QTest::newRow("quotes cannot close the string") << "\"\"" << "say \"hi\"" << "''" << "say 'hi'";
}

// Whatever the titles hold, the sheet is its own lines: TITLE, FILE, then per chapter
// TRACK, TITLE, INDEX; each title one quoted value without a quote inside.
void TestProjectsImport::cueSheetTitlesStayInTheirLine()
{
    QFETCH(QString, projectTitle);
    QFETCH(QString, chapterTitle);
    QFETCH(QString, expectedProject);
    QFETCH(QString, expectedChapter);
    const QString path = m_dir.filePath("titles.cue");
    const QList<ChapterMark> chapters{{chapterTitle, 0, 1000}, {QStringLiteral("Two"), 1000, 2000}};
    QCOMPARE(ChapterMarks::writeCueSheet(path, "book.mp3", true, projectTitle, chapters), QString());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString sheet = QString::fromUtf8(f.readAll());
    const QString expected = QStringLiteral("TITLE \"%1\"\nFILE \"book.mp3\" MP3\n"
                                            "  TRACK 01 AUDIO\n    TITLE \"%2\"\n    INDEX 01 00:00:00\n"
                                            "  TRACK 02 AUDIO\n    TITLE \"Two\"\n    INDEX 01 00:01:00\n")
                                 .arg(expectedProject, expectedChapter);
    QCOMPARE(sheet, expected);
}

// Documents made to exhaust memory and time: each refused within seconds, counted
// as it is read (no document is built whole first), with the limit it passed named.
void TestProjectsImport::refusesWhatPassesTheLimits_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QString>("error");
    QTest::newRow("epub: 3,000,000 paragraphs in one document") << "paragraphs.epub" << "more than 200,000 blocks";
    QTest::newRow("epub: 200,000 spine items") << "spine.epub" << "more than 2,000 chapters";
    QTest::newRow("epub: a document larger than its limit, stated") << "huge.epub" << "text/d0.xhtml holds more than 50,000,000 bytes";
    QTest::newRow("md: 400,000 paragraphs") << "paragraphs.md" << "more than 200,000 blocks";
    QTest::newRow("md: 3,000 chapters") << "chapters.md" << "more than 2,000 chapters";
    QTest::newRow("txt: 11 million characters") << "long.txt" << "more than 10,000,000 characters";
    QTest::newRow("txt: a file larger than its limit") << "large.txt" << "more than 50,000,000 bytes";
    QTest::newRow("project: a file larger than its limit") << "large.ttsproject" << "more than 24,000,000 bytes";
    QTest::newRow("project: nested arrays") << "nested.ttsproject" << "more than 1,000,000 JSON arrays and objects";
    QTest::newRow("project: many numbers") << "numbers.ttsproject" << "more than 4,000,000 JSON values";
    QTest::newRow("project: 2,001 chapters") << "chapters.ttsproject" << "more than 2,000 chapters";
    QTest::newRow("project: 200,001 blocks") << "blocks.ttsproject" << "more than 200,000 blocks";
}

void TestProjectsImport::refusesWhatPassesTheLimits()
{
    QFETCH(QString, fileName);
    QFETCH(QString, error);
    const QString path = m_dir.filePath(fileName);
    writeHostile(path, QString::fromLatin1(QTest::currentDataTag()));
    QElapsedTimer timer;
    timer.start();
    const auto project = ProjectFile::isProjectFile(path) ? ProjectFile::load(path) : DocumentImport::fromFile(path);
    const qint64 ms = timer.elapsed();
    QVERIFY(!project);
    QVERIFY2(project.error().detail.contains(error) && project.error().detail.contains("too large to import"),
             qPrintable(project.error().detail));
    QVERIFY2(project.error().detail.startsWith(path), qPrintable(project.error().detail));
    QCOMPARE(project.error().kind, ServiceError::Kind::PayloadTooLarge);
    qInfo("%s: refused in %lld ms", QTest::currentDataTag(), ms);
    QVERIFY2(ms < 15000, qPrintable(QStringLiteral("took %1 ms").arg(ms)));
}

// A long real book: 1.6 million characters in 400 chapters of 16 paragraphs, as an EPUB,
// as Markdown and as a project file.
void TestProjectsImport::realSizedBookImports()
{
    const QByteArray paragraph = repeated("The keeper climbed the stairs and looked out over the harbour. ", 4);
    const QByteArray chapter = "<h1>A chapter</h1>" + repeated("<p>" + paragraph.trimmed() + "</p>", 15);
    const QString epub = buildLargeEpub(m_dir.filePath("real.epub"), 400, {chapter}, 400);
    const auto fromEpub = DocumentImport::fromFile(epub);
    QVERIFY2(fromEpub, qPrintable(fromEpub.error().detail));
    QCOMPARE(int(fromEpub->chapters.size()), 400);
    QCOMPARE(fromEpub->blockCount(), 400 * 16);
    QVERIFY(fromEpub->characterCount() > 1'500'000);

    QByteArray md;
    for (int c = 0; c < 400; ++c)
        md += "# Chapter " + QByteArray::number(c + 1) + "\n\n" + repeated(paragraph.trimmed() + "\n\n", 15);
    const QString mdPath = m_dir.filePath("real.md");
    writeFile(mdPath, md);
    const auto fromMd = DocumentImport::fromFile(mdPath);
    QVERIFY2(fromMd, qPrintable(fromMd.error().detail));
    QCOMPARE(int(fromMd->chapters.size()), 400);
    QCOMPARE(fromMd->blockCount(), 400 * 16);
    QCOMPARE(fromMd->chapters.at(399).title, QStringLiteral("Chapter 400"));

    const QString projectPath = m_dir.filePath("real.ttsproject");
    QVERIFY(!ProjectFile::save(*fromEpub, projectPath));
    const auto reopened = ProjectFile::load(projectPath);
    QVERIFY2(reopened, qPrintable(reopened.error().detail));
    QCOMPARE(reopened->blockCount(), 400 * 16);
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
    Project p = DocumentImport::fromText(QStringLiteral("One."), "t").value();
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

    Project direct = DocumentImport::fromText(QStringLiteral("One."), "t").value();
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
