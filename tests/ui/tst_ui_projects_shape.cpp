// Shaping a project on the Projects page with its real widgets: a new project starts
// empty with a hint and nothing to render; text pasted with headings (Markdown "#",
// "Chapter N") makes chapters and its paragraphs blocks; typing into an empty project
// makes its first chapter; a block splits at the cursor and merges with the next; the
// chapter list's context menu adds, moves and deletes chapters and a title is renamed in
// place; every step is undone with Ctrl+Z and redone with Ctrl+Shift+Z, and saved. The
// block being heard is marked (bold) only while it plays: not once playback has ended
// or been stopped (against a PulseAudio null sink: tests/playback/with-pulse.sh).
#include "audioplayer.h"
#include "blocklistmodel.h"
#include "playerbar.h"
#include "outlineactions.h"
#include "projectfile.h"
#include "projectpage.h"
#include "uitestenv.h"

#include <QAction>
#include <QClipboard>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

namespace
{
// What the page shows: "Chapter title:first block/second block|Next chapter:…".
QString shownShape(ProjectPage &page)
{
    QStringList chapters;
    for (int c = 0; c < page.chapterList()->count(); ++c) {
        QStringList blocks;
        const BlockListModel *model = page.blockModel();
        for (int row = 0; row < model->rowCount(); ++row)
            if (model->refAt(row).chapter == c)
                blocks << model->index(row).data(BlockListModel::TextRole).toString();
        chapters << page.chapterList()->item(c)->text() + QLatin1Char(':') + blocks.join(QLatin1Char('/'));
    }
    return chapters.join(QLatin1Char('|'));
}

QString savedShape(const QString &path)
{
    const auto loaded = ProjectFile::load(path);
    if (!loaded)
        return QStringLiteral("not loaded: ") + loaded.error().detail;
    QStringList chapters;
    for (const ProjectChapter &c : loaded->chapters) {
        QStringList blocks;
        for (const ProjectBlock &b : c.blocks)
            blocks << b.text;
        chapters << c.title + QLatin1Char(':') + blocks.join(QLatin1Char('/'));
    }
    return chapters.join(QLatin1Char('|'));
}

void pressUndo(ProjectPage &page)
{
    QTest::keyClick(page.editor(), Qt::Key_Z, Qt::ControlModifier);
}

void pressRedo(ProjectPage &page)
{
    QTest::keyClick(page.editor(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
}

// Opens the chapter list's context menu on a chapter and clicks the entry with this text.
bool chooseFromChapterMenu(ProjectPage &page, int chapter, const QString &entry)
{
    QListWidget *list = page.chapterList();
    const QPoint at = list->visualItemRect(list->item(chapter)).center();
    emit list->customContextMenuRequested(at);
    auto *menu = findWindow<QMenu>(QStringLiteral("chapterMenu"));
    if (!menu)
        return false;
    for (QAction *a : menu->actions())
        if (a->text() == entry && a->isEnabled()) {
            a->trigger();
            menu->close();
            return true;
        }
    menu->close();
    return false;
}
}

class TestProjectsShape : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void newProjectStartsEmpty();
    void pasteMakesChaptersAndBlocks_data();
    void pasteMakesChaptersAndBlocks();
    void typingStartsTheFirstChapter();
    void pastingNothingToSpeakSaysSo();
    void splitAndMerge_data();
    void splitAndMerge();
    void chapterMenuAndRename();
    void noBlockStaysMarkedAfterPlayback_data();
    void noBlockStaysMarkedAfterPlayback();
    void cleanupTestCase() { m_page.reset(); }

private:
    void openEmpty(const QString &name);

    std::unique_ptr<UiTestEnv> m_env;
    QTemporaryDir m_dir;
    std::unique_ptr<ProjectPage> m_page;
};

void TestProjectsShape::initTestCase()
{
    isolateSettings();
    m_env = std::make_unique<UiTestEnv>();
    QVERIFY2(m_env->error().isEmpty(), qPrintable(m_env->error()));
    m_env->context().setAccountId(m_env->createAccount(QStringLiteral("author")));
}

void TestProjectsShape::openEmpty(const QString &name)
{
    m_page = std::make_unique<ProjectPage>(m_env->context());
    m_page->resize(1000, 700);
    m_page->show();
    QSignalSpy saved(m_page.get(), &ProjectPage::saved);
    m_page->newProject(m_dir.filePath(name + QStringLiteral(".ttsproject")));
    QVERIFY(m_page->isOpen());
    QTRY_VERIFY_WITH_TIMEOUT(saved.count() >= 1, 10000);
}

void TestProjectsShape::newProjectStartsEmpty()
{
    openEmpty(QStringLiteral("empty"));
    QCOMPARE(m_page->chapterList()->count(), 0);
    QCOMPARE(m_page->blockModel()->rowCount(), 0);
    // Written into straight away; the hint says how chapters and blocks come about.
    QVERIFY(m_page->editor()->isEnabled());
    QVERIFY(m_page->editor()->toPlainText().isEmpty());
    QVERIFY2(m_page->editor()->placeholderText().contains(QStringLiteral("Chapter 1")),
             qPrintable(m_page->editor()->placeholderText()));
    QVERIFY(!m_page->findChild<QToolButton *>(QStringLiteral("renderButton"))->isEnabled());
    QTRY_COMPARE(m_page->costLabel()->text(), QStringLiteral("Nothing to render yet."));
    QCOMPARE(savedShape(m_page->projectPath()), QString());
}

void TestProjectsShape::pasteMakesChaptersAndBlocks_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("shape");

    QTest::newRow("Markdown headings")
        << QStringLiteral("# The Harbour\n\nThe boats came in.\n\nGulls followed.\n\n## The Market\n\nFish were sold.\n")
        << "The Harbour:The Harbour/The boats came in./Gulls followed.|The Market:The Market/Fish were sold.";
    QTest::newRow("Chapter N lines")
        << QStringLiteral("Chapter 1\n\nIt began.\n\nChapter 2\n\nIt went on.\nOver two lines.\n\nIt ended.")
        << "Chapter 1:Chapter 1/It began.|Chapter 2:Chapter 2/It went on. Over two lines./It ended.";
    QTest::newRow("paragraphs only") << QStringLiteral("First.\n\nSecond.\n\nThird.") << "Chapter 1:First./Second./Third.";
}

void TestProjectsShape::pasteMakesChaptersAndBlocks()
{
    QFETCH(QString, text);
    openEmpty(QStringLiteral("pasted"));
    QApplication::clipboard()->setText(text);
    QSignalSpy saved(m_page.get(), &ProjectPage::saved);
    m_page->editor()->setFocus();
    QTest::keyClick(m_page->editor(), Qt::Key_V, Qt::ControlModifier);
    QTEST(shownShape(*m_page), "shape");
    QTRY_VERIFY_WITH_TIMEOUT(saved.count() >= 1, 10000);
    QTEST(savedShape(m_page->projectPath()), "shape");
    pressUndo(*m_page);
    QCOMPARE(shownShape(*m_page), QString());
    pressRedo(*m_page);
    QTEST(shownShape(*m_page), "shape");
}

void TestProjectsShape::typingStartsTheFirstChapter()
{
    openEmpty(QStringLiteral("typed"));
    m_page->editor()->setFocus();
    QTest::keyClicks(m_page->editor(), QStringLiteral("Once upon a time."));
    QCOMPARE(shownShape(*m_page), QStringLiteral("Chapter 1:Once upon a time."));
    QCOMPARE(m_page->editor()->toPlainText(), QStringLiteral("Once upon a time."));
    QVERIFY(m_page->findChild<QToolButton *>(QStringLiteral("renderButton"))->isEnabled());
}

void TestProjectsShape::pastingNothingToSpeakSaysSo()
{
    openEmpty(QStringLiteral("markers"));
    QApplication::clipboard()->setText(QStringLiteral("* * *\n\n---\n\n***"));
    QString shown;
    QTimer::singleShot(0, this, [&shown] {
        QTRY_VERIFY(QApplication::activeModalWidget());
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        QVERIFY(box);
        shown = box->text();
        box->accept();
    });
    m_page->editor()->setFocus();
    QTest::keyClick(m_page->editor(), Qt::Key_V, Qt::ControlModifier);
    QTRY_VERIFY(!shown.isEmpty());
    QVERIFY2(shown.startsWith(QStringLiteral("Cannot paste this text:")), qPrintable(shown));
    QCOMPARE(shownShape(*m_page), QString());
    QVERIFY(m_page->editor()->toPlainText().isEmpty());
}

void TestProjectsShape::splitAndMerge_data()
{
    QTest::addColumn<QString>("action");
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("cursor");
    QTest::addColumn<QString>("shape");

    QTest::newRow("split at the cursor") << "split" << 1 << 18 << "Chapter 1:Chapter 1/The boats came in./At dawn./Gulls followed.";
    QTest::newRow("merge with the next") << "merge" << 1 << 0 << "Chapter 1:Chapter 1/The boats came in. At dawn. Gulls followed.";
}

void TestProjectsShape::splitAndMerge()
{
    QFETCH(QString, action);
    QFETCH(int, row);
    QFETCH(int, cursor);
    openEmpty(QStringLiteral("edited"));
    QVERIFY(m_page->outline()->paste(QStringLiteral("Chapter 1\n\nThe boats came in. At dawn.\n\nGulls followed."), 0));
    const QString before = shownShape(*m_page);
    m_page->blockView()->setCurrentIndex(m_page->blockModel()->index(row));
    QTextCursor c = m_page->editor()->textCursor();
    c.setPosition(cursor);
    m_page->editor()->setTextCursor(c);
    // The actions of the editor's and the block list's context menus.
    QAction *split = m_page->outline()->splitAction();
    QAction *merge = m_page->outline()->mergeAction();
    QAction *chosen = action == QLatin1String("split") ? split : merge;
    QVERIFY(chosen->isEnabled());
    chosen->trigger();
    QTEST(shownShape(*m_page), "shape");
    pressUndo(*m_page);
    QCOMPARE(shownShape(*m_page), before);
    pressRedo(*m_page);
    QTEST(shownShape(*m_page), "shape");
    // Split needs text on both sides of the cursor; the chapter's last block has no next.
    m_page->blockView()->setCurrentIndex(m_page->blockModel()->index(m_page->blockModel()->rowCount() - 1));
    m_page->editor()->moveCursor(QTextCursor::End);
    QVERIFY(!split->isEnabled());
    QVERIFY(!merge->isEnabled());
}

void TestProjectsShape::chapterMenuAndRename()
{
    openEmpty(QStringLiteral("chapters"));
    QVERIFY(m_page->outline()->paste(QStringLiteral("# One\n\nFirst.\n\n# Two\n\nSecond."), 0));
    QCOMPARE(shownShape(*m_page), QStringLiteral("One:One/First.|Two:Two/Second."));
    QVERIFY(chooseFromChapterMenu(*m_page, 0, QStringLiteral("Move chapter down")));
    QCOMPARE(shownShape(*m_page), QStringLiteral("Two:Two/Second.|One:One/First."));
    pressUndo(*m_page);
    QCOMPARE(shownShape(*m_page), QStringLiteral("One:One/First.|Two:Two/Second."));

    // Renamed in place (F2 or a double-click): the spoken heading follows.
    m_page->chapterList()->item(1)->setText(QStringLiteral("Second Part"));
    QTRY_COMPARE(shownShape(*m_page), QStringLiteral("One:One/First.|Second Part:Second Part/Second."));

    QVERIFY(m_page->outline()->addChapter(QStringLiteral("Coda")));
    QCOMPARE(shownShape(*m_page), QStringLiteral("One:One/First.|Second Part:Second Part/Second.|Coda:Coda"));

    QSignalSpy saved(m_page.get(), &ProjectPage::saved);
    QVERIFY(chooseFromChapterMenu(*m_page, 0, QStringLiteral("Delete chapter")));
    QCOMPARE(shownShape(*m_page), QStringLiteral("Second Part:Second Part/Second.|Coda:Coda"));
    QTRY_VERIFY_WITH_TIMEOUT(saved.count() >= 1, 10000);
    QCOMPARE(savedShape(m_page->projectPath()), QStringLiteral("Second Part:Second Part/Second.|Coda:Coda"));
    pressUndo(*m_page);
    QCOMPARE(shownShape(*m_page), QStringLiteral("One:One/First.|Second Part:Second Part/Second.|Coda:Coda"));
}

void TestProjectsShape::noBlockStaysMarkedAfterPlayback_data()
{
    QTest::addColumn<bool>("stop");
    QTest::newRow("played through") << false;
    QTest::newRow("stopped") << true;
}

void TestProjectsShape::noBlockStaysMarkedAfterPlayback()
{
    QFETCH(bool, stop);
    openEmpty(QStringLiteral("heard"));
    QVERIFY(m_page->outline()->paste(QStringLiteral("A short block.\n\nAnother one."), 0));
    QSignalSpy ended(m_page.get(), &ProjectPage::renderEnded);
    m_page->renderAll();
    QVERIFY(ended.wait(60000));
    QCOMPARE(ended.first().first().value<ProjectRenderer::State>(), ProjectRenderer::State::Finished);
    QSignalSpy ready(m_page.get(), &ProjectPage::playbackReady);
    m_page->playFrom(0);
    QVERIFY(ready.wait(10000));
    if (!m_page->playerBar()->player()->isPlaying())
        QSKIP("no audio output here: run under tests/playback/with-pulse.sh");
    const auto bold = [this](int row) { return m_page->blockModel()->index(row).data(Qt::FontRole).value<QFont>().bold(); };
    QCOMPARE(m_page->playingRow(), 0);
    QVERIFY(bold(0));
    if (stop)
        m_page->playerBar()->player()->stop();
    QTRY_COMPARE_WITH_TIMEOUT(m_page->playingRow(), -1, 20000);
    QTest::qWait(200); // the bar's last position report comes after the end
    QCOMPARE(m_page->playingRow(), -1);
    QVERIFY(!bold(0));
    QVERIFY(!bold(1));
}

QTEST_MAIN(TestProjectsShape)
#include "tst_ui_projects_shape.moc"
