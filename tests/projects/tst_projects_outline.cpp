// A project's shape as its author edits it: pasted text with headings makes chapters and
// its paragraphs blocks, split at the cursor and merged with the next, chapters added,
// renamed, removed and moved; an edit that cannot be made changes nothing.
#include "projectoutline.h"

#include <QtTest>

namespace
{
// "Title:first block/second block|Other:one" — chapters and their blocks' texts.
QList<ProjectChapter> chaptersOf(const QString &shape)
{
    QList<ProjectChapter> chapters;
    for (const QString &c : shape.split(QLatin1Char('|'), Qt::SkipEmptyParts)) {
        ProjectChapter chapter;
        chapter.title = c.section(QLatin1Char(':'), 0, 0);
        for (const QString &b : c.section(QLatin1Char(':'), 1).split(QLatin1Char('/'), Qt::SkipEmptyParts))
            chapter.blocks.append({b, {}});
        chapters.append(chapter);
    }
    return chapters;
}

QString shapeOf(const QList<ProjectChapter> &chapters)
{
    QStringList parts;
    for (const ProjectChapter &c : chapters) {
        QStringList blocks;
        for (const ProjectBlock &b : c.blocks)
            blocks << b.text;
        parts << c.title + QLatin1Char(':') + blocks.join(QLatin1Char('/'));
    }
    return parts.join(QLatin1Char('|'));
}

QString refText(const Result<BlockRef> &r)
{
    return r ? QStringLiteral("%1.%2").arg(r->chapter).arg(r->block) : QStringLiteral("refused");
}
}

class TestProjectOutline : public QObject
{
    Q_OBJECT

private slots:
    void paste_data();
    void paste();
    void splitAndMerge_data();
    void splitAndMerge();
    void chapters_data();
    void chapters();
};

void TestProjectOutline::paste_data()
{
    QTest::addColumn<QString>("before");
    QTest::addColumn<int>("chapter");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("position");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("after");
    QTest::addColumn<QString>("shown");

    const QString book = QStringLiteral("# The Harbour\n\nBoats came in.\n\nGulls followed.\n\n# The Market\n\nFish were sold.");
    QTest::newRow("markdown headings into an empty project")
        << QString() << -1 << -1 << 0 << book
        << "The Harbour:The Harbour/Boats came in./Gulls followed.|The Market:The Market/Fish were sold." << "1.1";
    QTest::newRow("Chapter N lines")
        << QString() << -1 << -1 << 0 << QStringLiteral("Chapter 1\n\nIt began.\n\nChapter 2\n\nIt went on.\n\nIt ended.")
        << "Chapter 1:Chapter 1/It began.|Chapter 2:Chapter 2/It went on./It ended." << "1.2";
    QTest::newRow("paragraphs without headings in an empty project")
        << QString() << -1 << -1 << 0 << QStringLiteral("One.\n\nTwo.\r\n\r\nThree.")
        << "Start:One./Two./Three." << "0.2";
    QTest::newRow("paragraphs at a cursor split the block and continue the chapter")
        << "Intro:Before after." << 0 << 0 << 7 << QStringLiteral("One.\n\nTwo.")
        << "Intro:Before/One./Two./after." << "0.2";
    QTest::newRow("a heading mid-chapter takes what followed the cursor along")
        << "Intro:A./B./C." << 0 << 1 << 2 << QStringLiteral("Lead.\n\n# New\n\nInside.")
        << "Intro:A./B./Lead.|New:New/Inside./C." << "1.1";
    QTest::newRow("headings pasted at a chapter's start replace the chapter left empty")
        << "Draft:Only." << 0 << 0 << 0 << QStringLiteral("# First\n\nOne.\n\n# Second\n\nTwo.")
        << "First:First/One.|Second:Second/Two./Only." << "1.1";
    QTest::newRow("nothing to speak is refused")
        << "Intro:Kept." << 0 << 0 << 2 << QStringLiteral("\n\n  \n\n") << "Intro:Kept." << "refused";
}

void TestProjectOutline::paste()
{
    QFETCH(QString, before);
    QFETCH(int, chapter);
    QFETCH(int, block);
    QFETCH(int, position);
    QFETCH(QString, text);
    ProjectOutline outline(chaptersOf(before));
    const auto shown = outline.paste({chapter, block}, position, text, QStringLiteral("Start"));
    QTEST(shapeOf(outline.chapters()), "after");
    QTEST(refText(shown), "shown");
}

void TestProjectOutline::splitAndMerge_data()
{
    QTest::addColumn<QString>("edit");
    QTest::addColumn<int>("block");
    QTest::addColumn<int>("position");
    QTest::addColumn<QString>("after");
    QTest::addColumn<QString>("shown");

    const QString one = QStringLiteral("Ch:First part. Second part./Next.");
    QTest::newRow("split at the cursor") << "split" << 0 << 12 << "Ch:First part./Second part./Next." << "0.1";
    QTest::newRow("split at the start is refused") << "split" << 0 << 0 << one << "refused";
    QTest::newRow("split at the end is refused") << "split" << 0 << 26 << one << "refused";
    QTest::newRow("merge with the next") << "merge" << 0 << 0 << "Ch:First part. Second part. Next." << "0.0";
    QTest::newRow("the chapter's last block has no next") << "merge" << 1 << 0 << one << "refused";
}

void TestProjectOutline::splitAndMerge()
{
    QFETCH(QString, edit);
    QFETCH(int, block);
    QFETCH(int, position);
    ProjectOutline outline(chaptersOf(QStringLiteral("Ch:First part. Second part./Next.")));
    const auto shown = edit == QLatin1String("split") ? outline.splitBlock({0, block}, position) : outline.mergeWithNext({0, block});
    QTEST(shapeOf(outline.chapters()), "after");
    QTEST(refText(shown), "shown");
}

void TestProjectOutline::chapters_data()
{
    QTest::addColumn<QString>("edit");
    QTest::addColumn<int>("chapter");
    QTest::addColumn<int>("to");
    QTest::addColumn<QString>("title");
    QTest::addColumn<QString>("after");
    QTest::addColumn<QString>("shown");

    QTest::newRow("add after the first") << "add" << 1 << 0 << "Interlude" << "A:A/a.|Interlude:Interlude|B:b." << "1.0";
    QTest::newRow("add without a title is refused") << "add" << 1 << 0 << "  " << "A:A/a.|B:b." << "refused";
    QTest::newRow("rename: the spoken title follows") << "rename" << 0 << 0 << "Alpha" << "Alpha:Alpha/a.|B:b." << "0.0";
    QTest::newRow("rename: other text stays") << "rename" << 1 << 0 << "Beta" << "A:A/a.|Beta:b." << "1.0";
    QTest::newRow("remove") << "remove" << 0 << 0 << "" << "B:b." << "0.0";
    QTest::newRow("remove the last one") << "remove" << 1 << 0 << "" << "A:A/a." << "0.0";
    QTest::newRow("move down") << "move" << 0 << 1 << "" << "B:b.|A:A/a." << "1.0";
    QTest::newRow("move past the end is refused") << "move" << 1 << 2 << "" << "A:A/a.|B:b." << "refused";
}

void TestProjectOutline::chapters()
{
    QFETCH(QString, edit);
    QFETCH(int, chapter);
    QFETCH(int, to);
    QFETCH(QString, title);
    ProjectOutline outline(chaptersOf(QStringLiteral("A:A/a.|B:b.")));
    Result<BlockRef> shown = BlockRef{};
    if (edit == QLatin1String("add"))
        shown = outline.addChapter(chapter, title);
    else if (edit == QLatin1String("rename"))
        shown = outline.renameChapter(chapter, title);
    else if (edit == QLatin1String("remove"))
        shown = outline.removeChapter(chapter);
    else
        shown = outline.moveChapter(chapter, to);
    QTEST(shapeOf(outline.chapters()), "after");
    QTEST(refText(shown), "shown");
}

QTEST_GUILESS_MAIN(TestProjectOutline)
#include "tst_projects_outline.moc"
