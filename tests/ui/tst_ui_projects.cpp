// The Projects page with real widgets and real workers: a Markdown document imported
// shows its chapters and blocks; rendering synthesizes every block once, an edited
// block alone the next time (the cache), and is billed to the account; a cancelled
// render leaves no half-written audio; edits undo and redo with Ctrl+Z / Ctrl+Shift+Z;
// the saved file opens again; 1,000 blocks open and scroll while a render runs off the
// GUI thread; the MP3 export carries the chapters (TagLib reads them back).
#include "accountservice.h"
#include "audiodecoder.h"
#include "blocklistmodel.h"
#include "generationservice.h"
#include "projectfile.h"
#include "projectpage.h"
#include "uitestenv.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QMenu>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

#include <taglib/chapterframe.h>
#include <taglib/id3v2tag.h>
#include <taglib/mpegfile.h>
#include <taglib/tableofcontentsframe.h>

namespace
{
const char kMarkdown[] = "# The Harbour\n\nThe boats came in at dawn.\n\nGulls followed them.\n\n"
                         "# The Market\n\nFish were sold by noon.\n\n"
                         "# The Evening\n\nThe town went quiet.\n\nLamps were lit.\n";

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

qint64 creditsOf(UiTestEnv &env, qint64 account)
{
    return env.engine().services().accounts().find(account)->credits;
}
}

class TestProjectsPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void importShowsChaptersAndBlocks();
    void renderThenOnlyTheEditedBlock();
    void undoRedoOfABlockEdit();
    void reopenTheSavedProject();
    void exportMp3WithChapters();
    void exportCaptions();
    void playFromABlockMarksIt();
    void chapterSettingsAreInherited();
    void cancelLeavesNothingHalfDone();
    void pauseAndResume();
    void thousandBlocksStayResponsive();
    void cleanupTestCase();

private:
    bool waitRender(ProjectPage &page, ProjectRenderer::State expected, int timeoutMs);

    std::unique_ptr<UiTestEnv> m_env;
    QTemporaryDir m_dir;
    qint64 m_account = 0;
    QString m_projectPath;
    std::unique_ptr<ProjectPage> m_page;
};

void TestProjectsPage::initTestCase()
{
    isolateSettings();
    m_env = std::make_unique<UiTestEnv>();
    QVERIFY2(m_env->error().isEmpty(), qPrintable(m_env->error()));
    m_account = m_env->createAccount(QStringLiteral("author"));
    QVERIFY(m_account);
    m_env->context().setAccountId(m_account);
    m_env->context().setMeterDesktop(true); // renders billed: a studio shared by several people
    m_projectPath = m_dir.filePath(QStringLiteral("town.ttsproject"));
}

bool TestProjectsPage::waitRender(ProjectPage &page, ProjectRenderer::State expected, int timeoutMs)
{
    QSignalSpy ended(&page, &ProjectPage::renderEnded);
    if (!ended.wait(timeoutMs))
        return false;
    return ended.first().first().value<ProjectRenderer::State>() == expected;
}

void TestProjectsPage::importShowsChaptersAndBlocks()
{
    const QString md = m_dir.filePath(QStringLiteral("town.md"));
    writeFile(md, kMarkdown);
    m_page = std::make_unique<ProjectPage>(m_env->context());
    m_page->resize(1000, 700);
    m_page->show();
    QSignalSpy saved(m_page.get(), &ProjectPage::saved);
    m_page->importDocument(md, m_projectPath);
    QTRY_VERIFY_WITH_TIMEOUT(m_page->isOpen(), 10000);
    QCOMPARE(m_page->chapterList()->count(), 3);
    QCOMPARE(m_page->chapterList()->item(1)->text(), QStringLiteral("The Market"));
    // Headings are spoken as their chapter's first block.
    QCOMPARE(m_page->blockModel()->rowCount(), 8);
    QCOMPARE(m_page->blockModel()->index(1).data(BlockListModel::TextRole).toString(), QStringLiteral("The boats came in at dawn."));
    QTRY_VERIFY_WITH_TIMEOUT(saved.count() >= 1, 10000);
    QVERIFY(QFileInfo::exists(m_projectPath));
    // Jumping to a chapter selects its first block.
    m_page->chapterList()->setCurrentRow(2);
    emit m_page->chapterList()->itemClicked(m_page->chapterList()->item(2));
    QCOMPARE(m_page->blockView()->currentIndex().row(), 5);
    // The cost before rendering: every block, at 1 credit per character (base).
    QTRY_COMPARE_WITH_TIMEOUT(m_page->cost().blocksPending, 8, 10000);
    QCOMPARE(m_page->cost().tokens, m_page->project().characterCount());
    QVERIFY(m_page->costLabel()->text().contains(QString::number(m_page->cost().blocksPending)));
}

void TestProjectsPage::renderThenOnlyTheEditedBlock()
{
    QVERIFY(m_page);
    const qint64 before = creditsOf(*m_env, m_account);
    m_page->renderAll();
    QVERIFY(waitRender(*m_page, ProjectRenderer::State::Finished, 120000));
    QCOMPARE(m_page->lastSynthesized(), 8);
    QCOMPARE(m_page->lastProgress().blocksDone, 8);
    QVERIFY(m_page->lastProgress().audioSeconds > 5);
    // Billed like any generation of the account: every block's characters.
    QTRY_COMPARE_WITH_TIMEOUT(creditsOf(*m_env, m_account), before - m_page->project().characterCount(), 10000);
    QTRY_COMPARE_WITH_TIMEOUT(m_page->cost().blocksPending, 0, 10000);
    QCOMPARE(m_page->blockModel()->index(3).data(BlockListModel::RenderedRole).toBool(), true);

    const QString edited = QStringLiteral("Fish and bread were sold by noon.");
    m_page->setBlockText(4, edited);
    QCOMPARE(m_page->project().chapters.at(1).blocks.at(1).text, edited);
    QTRY_COMPARE_WITH_TIMEOUT(m_page->cost().blocksPending, 1, 10000);
    QCOMPARE(m_page->cost().tokens, qint64(edited.size()));
    const qint64 beforeSecond = creditsOf(*m_env, m_account);
    m_page->renderAll();
    QVERIFY(waitRender(*m_page, ProjectRenderer::State::Finished, 60000));
    QCOMPARE(m_page->lastSynthesized(), 1);
    QCOMPARE(m_page->lastProgress().blocksCached, 7);
    QTRY_COMPARE_WITH_TIMEOUT(creditsOf(*m_env, m_account), beforeSecond - edited.size(), 10000);
    // Each synthesized block is a COMPLETED studio generation of the account.
    const QList<Generation> made = m_env->engine().services().generations().history(m_account, GenerationStatus::Completed, 50, 0);
    QCOMPARE(made.size(), 9);
}

void TestProjectsPage::undoRedoOfABlockEdit()
{
    QVERIFY(m_page);
    QSignalSpy saved(m_page.get(), &ProjectPage::saved);
    m_page->blockView()->setCurrentIndex(m_page->blockModel()->index(2));
    QPlainTextEdit *editor = m_page->editor();
    QCOMPARE(editor->toPlainText(), QStringLiteral("Gulls followed them."));
    editor->setFocus();
    editor->moveCursor(QTextCursor::End);
    QTest::keyClicks(editor, QStringLiteral(" Loudly"));
    QCOMPARE(m_page->project().chapters.at(0).blocks.at(2).text, QStringLiteral("Gulls followed them. Loudly"));
    // Typing in one block is one step.
    QTest::keyClick(editor, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(m_page->project().chapters.at(0).blocks.at(2).text, QStringLiteral("Gulls followed them."));
    QCOMPARE(editor->toPlainText(), QStringLiteral("Gulls followed them."));
    QTest::keyClick(editor, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(m_page->project().chapters.at(0).blocks.at(2).text, QStringLiteral("Gulls followed them. Loudly"));
    QCOMPARE(editor->toPlainText(), QStringLiteral("Gulls followed them. Loudly"));
    // Ctrl+Z from the block list too, and an undo shows the block it changed.
    m_page->blockView()->setCurrentIndex(m_page->blockModel()->index(6));
    m_page->blockView()->setFocus();
    QTest::keyClick(m_page->blockView(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(m_page->project().chapters.at(0).blocks.at(2).text, QStringLiteral("Gulls followed them."));
    QCOMPARE(m_page->blockView()->currentIndex().row(), 2);
    // The autosave writes it (debounced, off the GUI thread).
    QTRY_VERIFY_WITH_TIMEOUT(saved.count() >= 1, 10000);
    const auto onDisk = ProjectFile::load(m_projectPath);
    QVERIFY(onDisk);
    QCOMPARE(onDisk->chapters.at(0).blocks.at(2).text, QStringLiteral("Gulls followed them."));
}

void TestProjectsPage::reopenTheSavedProject()
{
    QVERIFY(m_page);
    m_page->saveNow();
    QSignalSpy saved(m_page.get(), &ProjectPage::saved);
    QVERIFY(saved.wait(10000));
    ProjectPage reopened(m_env->context());
    reopened.show();
    reopened.openProject(m_projectPath);
    QTRY_VERIFY_WITH_TIMEOUT(reopened.isOpen(), 10000);
    QCOMPARE(reopened.blockModel()->rowCount(), 8);
    QCOMPARE(reopened.project().chapters.at(1).blocks.at(1).text, QStringLiteral("Fish and bread were sold by noon."));
    // Its audio is found in the cache beside the file: nothing to render, nothing to pay.
    QTRY_COMPARE_WITH_TIMEOUT(reopened.cost().renderedRows.size(), 8, 10000);
    QCOMPARE(reopened.cost().blocksPending, 0);
}

void TestProjectsPage::exportMp3WithChapters()
{
    QVERIFY(m_page);
    const QString out = m_dir.filePath(QStringLiteral("town.mp3"));
    QSignalSpy exported(m_page.get(), &ProjectPage::exported);
    ProjectExport::Options options;
    options.target = out;
    options.cueSheet = m_dir.filePath(QStringLiteral("town.cue"));
    m_page->exportTo(options);
    QVERIFY(exported.wait(60000));
    QVERIFY2(exported.first().first().toBool(), qPrintable(exported.first().at(1).toString()));
    QVERIFY(QFileInfo::exists(options.cueSheet));

    TagLib::MPEG::File file(QFile::encodeName(out).constData());
    QVERIFY(file.isValid() && file.hasID3v2Tag());
    const TagLib::ID3v2::FrameListMap &frames = file.ID3v2Tag()->frameListMap();
    QVERIFY(!frames["CTOC"].isEmpty());
    auto *toc = dynamic_cast<TagLib::ID3v2::TableOfContentsFrame *>(frames["CTOC"].front());
    QVERIFY(toc);
    QCOMPARE(int(toc->childElements().size()), 3);
    QCOMPARE(int(frames["CHAP"].size()), 3);
    QStringList titles;
    quint32 lastStart = 0;
    for (uint c = 0; c < 3; ++c) {
        const TagLib::ByteVector id = toc->childElements()[c];
        for (TagLib::ID3v2::Frame *f : frames["CHAP"])
            if (auto *chap = dynamic_cast<TagLib::ID3v2::ChapterFrame *>(f); chap && chap->elementID() == id) {
                const auto tit2 = chap->embeddedFrameList("TIT2");
                titles << (tit2.isEmpty() ? QString() : QString::fromStdString(tit2.front()->toString().to8Bit(true)));
                QVERIFY(c == 0 ? chap->startTime() == 0 : chap->startTime() > lastStart);
                lastStart = chap->startTime();
            }
    }
    QCOMPARE(titles, (QStringList{QStringLiteral("The Harbour"), QStringLiteral("The Market"), QStringLiteral("The Evening")}));
}

void TestProjectsPage::exportCaptions()
{
    QVERIFY(m_page);
    // The Export menu offers it.
    auto *button = m_page->findChild<QToolButton *>(QStringLiteral("exportButton"));
    QVERIFY(button && button->menu());
    QStringList actions;
    for (QAction *a : button->menu()->actions())
        actions << a->text();
    QVERIFY2(actions.contains(QStringLiteral("Captions (SRT/VTT)…")), qPrintable(actions.join(" | ")));

    const QString out = m_dir.filePath(QStringLiteral("town.vtt"));
    QSignalSpy exported(m_page.get(), &ProjectPage::exported);
    m_page->exportCaptions(out);
    QVERIFY(exported.wait(60000));
    QVERIFY2(exported.first().first().toBool(), qPrintable(exported.first().at(1).toString()));
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString vtt = QString::fromUtf8(file.readAll());
    QVERIFY(vtt.startsWith(QStringLiteral("WEBVTT\n\n")));
    QVERIFY(vtt.count(QStringLiteral(" --> ")) > 0);
    QVERIFY2(m_page->progressLabel()->text().contains(QStringLiteral("town.vtt")), qPrintable(m_page->progressLabel()->text()));
}

void TestProjectsPage::playFromABlockMarksIt()
{
    QVERIFY(m_page);
    QSignalSpy ready(m_page.get(), &ProjectPage::playbackReady);
    m_page->playFrom(5);
    QVERIFY(ready.wait(10000));
    // From block 6 to the end of its chapter (3 blocks), the first one marked at once.
    QCOMPARE(m_page->playingRow(), 5);
    QCOMPARE(m_page->blockModel()->index(5).data(Qt::FontRole).value<QFont>().bold(), true);
}

void TestProjectsPage::chapterSettingsAreInherited()
{
    QVERIFY(m_page);
    QTRY_COMPARE_WITH_TIMEOUT(m_page->cost().blocksPending, 0, 10000);
    m_page->blockView()->setCurrentIndex(m_page->blockModel()->index(6)); // chapter 3, block 2
    auto *scope = m_page->findChild<QComboBox *>(QStringLiteral("scopeBox"));
    auto *voice = m_page->findChild<QComboBox *>(QStringLiteral("projectVoiceBox"));
    QVERIFY(scope && voice);
    scope->setCurrentIndex(1); // this chapter
    QVERIFY(voice->currentText().contains(QStringLiteral("Sarah"))); // inherited from the project
    voice->setCurrentIndex(voice->findData(QStringLiteral("am_adam")));
    QCOMPARE(m_page->project().chapters.at(2).settings.voice.value_or(QString()), QStringLiteral("am_adam"));
    QCOMPARE(m_page->project().effectiveSettings({2, 1}).voice.value_or(QString()), QStringLiteral("am_adam"));
    QCOMPARE(m_page->project().effectiveSettings({1, 0}).voice.value_or(QString()), QStringLiteral("af_sarah"));
    // The chapter's blocks are to be spoken again with the new voice; the others are not.
    QTRY_COMPARE_WITH_TIMEOUT(m_page->cost().blocksPending, 3, 10000);
    // The block level shows the chapter's voice as what it inherits.
    scope->setCurrentIndex(2);
    QVERIFY(voice->currentText().contains(QStringLiteral("Adam")));
    // A block's own advanced control; the spin box one step below its range is "inherited".
    auto *cfg = m_page->findChild<QDoubleSpinBox *>(QStringLiteral("projectCfgWeightBox"));
    QVERIFY(cfg);
    QCOMPARE(cfg->value(), cfg->minimum());
    QVERIFY(cfg->text().contains(QStringLiteral("2.50")));
    cfg->setValue(3.0);
    QCOMPARE(m_page->project().chapters.at(2).blocks.at(1).settings.cfgWeight.value_or(0), 3.0);
    QCOMPARE(m_page->project().effectiveSettings({2, 1}).cfgWeight.value_or(0), 3.0);
    QVERIFY(!m_page->project().chapters.at(2).blocks.at(1).settings.voice.has_value());
    m_page->undoStack()->undo();
    QVERIFY(!m_page->project().chapters.at(2).blocks.at(1).settings.cfgWeight.has_value());
    m_page->undoStack()->undo();
    QVERIFY(!m_page->project().chapters.at(2).settings.voice.has_value());
    QTRY_COMPARE_WITH_TIMEOUT(m_page->cost().blocksPending, 0, 10000);
}

void TestProjectsPage::cancelLeavesNothingHalfDone()
{
    QVERIFY(m_page);
    m_page.reset();
    const qint64 account = m_env->createAccount(QStringLiteral("canceller"));
    m_env->context().setAccountId(account);
    const qint64 before = creditsOf(*m_env, account);
    QString text;
    for (int i = 1; i <= 12; ++i)
        text += QStringLiteral("Paragraph %1 is long enough to keep a worker busy for a little while, sentence after sentence.\n\n").arg(i);
    const QString txt = m_dir.filePath(QStringLiteral("long.txt"));
    writeFile(txt, text.toUtf8());
    const QString path = m_dir.filePath(QStringLiteral("long.ttsproject"));
    ProjectPage page(m_env->context());
    page.show();
    page.importDocument(txt, path);
    QTRY_VERIFY_WITH_TIMEOUT(page.isOpen(), 10000);
    QCOMPARE(page.blockModel()->rowCount(), 12);
    QSignalSpy ended(&page, &ProjectPage::renderEnded);
    page.renderAll();
    QTRY_VERIFY_WITH_TIMEOUT(page.lastProgress().blocksDone >= 1, 60000);
    page.cancelRender();
    QVERIFY(ended.wait(30000));
    QCOMPARE(ended.first().first().value<ProjectRenderer::State>(), ProjectRenderer::State::Cancelled);
    const int done = page.lastProgress().blocksDone;
    QVERIFY(done < 12);
    // Nothing half-written: no .part left (the worker drops it), every .wav whole.
    const QDir cache(ProjectFile::cacheDirOf(path));
    QTRY_VERIFY_WITH_TIMEOUT(cache.entryList({QStringLiteral("*.part")}, QDir::Files).isEmpty(), 10000);
    const QStringList wavs = cache.entryList({QStringLiteral("*.wav")}, QDir::Files);
    QVERIFY(wavs.size() >= done);
    QVERIFY(wavs.size() < 12);
    for (const QString &w : wavs)
        QVERIFY2(AudioDecoder::decodeFile(cache.filePath(w), QStringLiteral("wav")).ok(), qPrintable(w));
    // Billed only for what was made; the rest released, nothing left GENERATING.
    QTRY_VERIFY_WITH_TIMEOUT(m_env->engine().services().generations().history(account, GenerationStatus::Generating, 50, 0).isEmpty(),
                             10000);
    const QList<Generation> kept = m_env->engine().services().generations().history(account, GenerationStatus::Completed, 50, 0);
    QCOMPARE(int(kept.size()), int(wavs.size()));
    qint64 charged = 0;
    for (const Generation &g : kept)
        charged += g.tokens;
    QTRY_COMPARE_WITH_TIMEOUT(creditsOf(*m_env, account), before - charged, 10000);
    // The estimate agrees: what is left is still to render.
    QTRY_COMPARE_WITH_TIMEOUT(page.cost().blocksPending, 12 - int(wavs.size()), 10000);
}

void TestProjectsPage::pauseAndResume()
{
    QString text;
    for (int i = 1; i <= 6; ++i)
        text += QStringLiteral("Part %1 of a story that takes a few seconds to read aloud, with a pause and a turn.\n\n").arg(i);
    const QString txt = m_dir.filePath(QStringLiteral("paused.txt"));
    writeFile(txt, text.toUtf8());
    ProjectPage page(m_env->context());
    page.show();
    page.importDocument(txt, m_dir.filePath(QStringLiteral("paused.ttsproject")));
    QTRY_VERIFY_WITH_TIMEOUT(page.isOpen(), 10000);
    page.renderAll();
    QTRY_VERIFY_WITH_TIMEOUT(page.lastProgress().blocksDone >= 1, 60000);
    page.pauseRender();
    const int atPause = page.lastProgress().blocksDone;
    // The block under way (one worker) finishes, then no other starts: the count stays
    // still for 3 s (however slow a loaded machine makes that block).
    QElapsedTimer waited, still;
    waited.start();
    still.start();
    int paused = atPause;
    while (still.elapsed() < 3000 && waited.elapsed() < 60000) {
        QTest::qWait(100);
        if (page.lastProgress().blocksDone != paused) {
            paused = page.lastProgress().blocksDone;
            still.restart();
        }
    }
    QVERIFY(still.elapsed() >= 3000);
    QVERIFY(paused <= atPause + 1);
    QVERIFY(paused < 6);
    QVERIFY(page.isRendering());
    QSignalSpy ended(&page, &ProjectPage::renderEnded);
    page.resumeRender();
    QVERIFY(ended.wait(60000));
    QCOMPARE(ended.first().first().value<ProjectRenderer::State>(), ProjectRenderer::State::Finished);
    QCOMPARE(page.lastProgress().blocksDone, 6);
}

void TestProjectsPage::thousandBlocksStayResponsive()
{
    const qint64 account = m_env->createAccount(QStringLiteral("bookish"));
    m_env->context().setAccountId(account);
    Project book;
    book.title = QStringLiteral("A thousand blocks");
    for (int c = 0; c < 20; ++c) {
        ProjectChapter chapter;
        chapter.title = QStringLiteral("Chapter %1").arg(c + 1);
        for (int b = 0; b < 50; ++b)
            chapter.blocks.append(ProjectBlock{QString::number(c * 50 + b + 1) + QLatin1Char('.'), {}});
        book.chapters.append(chapter);
    }
    const QString path = m_dir.filePath(QStringLiteral("book.ttsproject"));
    QVERIFY(!ProjectFile::save(book, path));

    ProjectPage page(m_env->context());
    page.resize(900, 650);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QElapsedTimer opening;
    opening.start();
    page.openProject(path);
    QTRY_VERIFY_WITH_TIMEOUT(page.isOpen(), 10000);
    QCOMPARE(page.blockModel()->rowCount(), 1000);
    QCOMPARE(page.chapterList()->count(), 20);
    qInfo("1,000 blocks opened in %lld ms", opening.elapsed());

    // A 50 ms timer keeps firing while the render runs and the view scrolls.
    page.renderAll();
    QTRY_VERIFY_WITH_TIMEOUT(page.renderThread() != nullptr, 30000);
    QVERIFY(page.renderThread() != QThread::currentThread());
    QTRY_VERIFY_WITH_TIMEOUT(page.lastProgress().blocksDone >= 1, 60000);
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, worst = 0;
    int ticks = 0;
    QTimer timer;
    timer.setInterval(50);
    connect(&timer, &QTimer::timeout, this, [&] {
        const qint64 now = clock.elapsed();
        worst = qMax(worst, now - last);
        last = now;
        ++ticks;
        QScrollBar *bar = page.blockView()->verticalScrollBar();
        bar->setValue((bar->value() + 40) % (bar->maximum() + 1));
        page.chapterList()->setCurrentRow(ticks % 20);
        emit page.chapterList()->itemClicked(page.chapterList()->item(ticks % 20));
    });
    timer.start();
    QTest::qWait(3000);
    timer.stop();
    const int doneWhileScrolling = page.lastProgress().blocksDone;
    qInfo("%d ticks in 3 s, longest gap %lld ms, %d blocks rendered", ticks, worst, doneWhileScrolling);
    QVERIFY(page.isRendering());
    QVERIFY2(worst < 1000, qPrintable(QString::number(worst)));
    QVERIFY(ticks >= 20);
    QSignalSpy ended(&page, &ProjectPage::renderEnded);
    page.cancelRender();
    QVERIFY(ended.wait(60000));
}

void TestProjectsPage::cleanupTestCase()
{
    m_page.reset();
    m_env.reset();
}

QTEST_MAIN(TestProjectsPage)
#include "tst_ui_projects.moc"
