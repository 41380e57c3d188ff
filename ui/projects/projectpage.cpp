#include "projectpage.h"

#include "blockeditor.h"
#include "blocklistmodel.h"
#include "documentimport.h"
#include "generationservice.h"
#include "playerbar.h"
#include "audioplayer.h"
#include "projectcaptions.h"
#include "outlineactions.h"
#include "projectfile.h"
#include "rendersession.h"
#include "services.h"
#include "storetask.h"
#include "studiocontext.h"
#include "studiolabels.h"
#include "studiosettings.h"
#include "studioicons.h"
#include "voicecatalog.h"
#include "voicesettingseditor.h"

#include <QAction>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

namespace
{
constexpr int kAutosaveMs = 1500; // after the last edit: typing is not a save per key
constexpr int kEstimateMs = 400;

QString clock(qint64 ms)
{
    const qint64 s = (ms + 999) / 1000;
    return s >= 3600 ? QStringLiteral("%1:%2:%3").arg(s / 3600).arg(s / 60 % 60, 2, 10, QChar(u'0')).arg(s % 60, 2, 10, QChar(u'0'))
                     : QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QChar(u'0'));
}

QToolButton *toolButton(const QString &text, const QString &icon, QStyle::StandardPixmap fallback)
{
    auto *b = new QToolButton;
    b->setText(text);
    b->setIcon(StudioIcons::themed(icon, fallback));
    b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    b->setAutoRaise(false);
    return b;
}

// A file name that is not taken: NAME.ttsproject, else NAME-2.ttsproject, ...
QString freeProjectPath(const QString &documentPath)
{
    const QFileInfo doc(documentPath);
    const QString base = doc.absolutePath() + QLatin1Char('/') + doc.completeBaseName();
    QString path = base + QStringLiteral(".ttsproject");
    for (int n = 2; QFileInfo::exists(path); ++n)
        path = base + QStringLiteral("-%1.ttsproject").arg(n);
    return path;
}
}

template <typename Work, typename Then>
void ProjectPage::onFiles(QThreadPool *pool, Work work, Then then)
{
    // The context outlives the page; then() runs only while the page exists.
    runOnStore(pool, &m_context, this, work, then);
}

ProjectPage::ProjectPage(StudioContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
    , m_undo(new QUndoStack(this))
    , m_blocks(new BlockListModel(this))
{
    setObjectName(QStringLiteral("projectPage"));
    m_writes.setMaxThreadCount(1);
    m_reads.setMaxThreadCount(1);
    m_autosave.setSingleShot(true);
    m_autosave.setInterval(kAutosaveMs);
    connect(&m_autosave, &QTimer::timeout, this, &ProjectPage::saveNow);
    m_estimateTimer.setSingleShot(true);
    m_estimateTimer.setInterval(kEstimateMs);
    connect(&m_estimateTimer, &QTimer::timeout, this, &ProjectPage::estimate);
    buildUi();
    connect(&m_context, &StudioContext::balanceChanged, this, &ProjectPage::showCost);
    connect(&m_context, &StudioContext::meteringChanged, this, &ProjectPage::showCost);
    updateRenderControls();
}

ProjectPage::~ProjectPage()
{
    delete m_render; // cancels a render under way
    // Its money: what was made is settled, the rest released (no page to tell).
    if (!m_reservations.isEmpty()) {
        GenerationService *generations = &m_context.services().generations();
        const QList<ProjectBilling::Reservation> reservations = m_reservations;
        const QString cacheDir = m_renderCacheDir;
        m_context.services().storePool()->start(
            [generations, reservations, cacheDir] { ProjectBilling::settle(*generations, reservations, cacheDir); });
    }
    // Unsaved edits (an autosave still to come) are written before the page goes.
    if (m_open && !m_path.isEmpty() && (m_autosave.isActive() || m_saveAgain)) {
        const Project project = m_project;
        const QString path = m_path;
        m_writes.start([project, path] { ProjectFile::save(project, path); });
    }
    m_writes.waitForDone();
    m_reads.waitForDone();
}

void ProjectPage::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buildFileRow());

    m_views = new QStackedWidget;
    auto *intro = new QLabel(tr("<h3>Long-form projects</h3><p>A book or a course as chapters of paragraphs: each "
                                "paragraph can have its own voice, only what you edit is spoken again, and the whole "
                                "project becomes one MP3 with chapters.</p><p><b>Import</b> a text, Markdown or EPUB "
                                "document, <b>Open</b> a project or start a <b>New</b> one.</p>"));
    intro->setObjectName(QStringLiteral("projectIntro"));
    intro->setWordWrap(true);
    intro->setAlignment(Qt::AlignCenter);
    intro->setMargin(24);
    m_views->addWidget(intro);

    // Chapters | blocks over the editor | settings.
    auto *split = new QSplitter(Qt::Horizontal);
    m_chapters = new QListWidget;
    m_chapters->setObjectName(QStringLiteral("chapterList"));
    m_chapters->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_chapters->setTextElideMode(Qt::ElideRight);
    m_chapters->setMinimumWidth(110);
    // F2 or a double-click renames a chapter in place; the context menu has the rest.
    m_chapters->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    m_chapters->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_chapters, &QListWidget::customContextMenuRequested, this, &ProjectPage::showChapterMenu);
    connect(m_chapters, &QListWidget::itemChanged, this, &ProjectPage::onChapterRenamed);
    connect(m_chapters, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
        const int row = m_blocks->firstRowOf(m_chapters->row(item));
        if (row >= 0)
            selectRow(row);
    });
    split->addWidget(m_chapters);

    auto *right = new QSplitter(Qt::Vertical);
    m_blockView = new QListView;
    m_blockView->setObjectName(QStringLiteral("blockList"));
    m_blockView->setModel(m_blocks);
    // One height for every row: 1,000s of blocks lay out at once, no per-row measuring.
    m_blockView->setUniformItemSizes(true);
    m_blockView->setLayoutMode(QListView::Batched);
    m_blockView->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_blockView->setTextElideMode(Qt::ElideRight);
    m_blockView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_blockView->setAccessibleName(tr("Blocks"));
    connect(m_blockView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { onCurrentRowChanged(current.row()); });
    // Double-click (or Return) plays from that block.
    connect(m_blockView, &QListView::activated, this, [this](const QModelIndex &index) { playFrom(index.row()); });
    m_blockView->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_blockView, &QListView::customContextMenuRequested, this, &ProjectPage::showBlockMenu);
    right->addWidget(m_blockView);

    right->addWidget(buildEditorBox());
    m_editor->setMinimumHeight(m_editor->fontMetrics().lineSpacing() * 3);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setCollapsible(0, false);
    right->setCollapsible(1, false);
    split->addWidget(right);
    // The settings take the page's whole height beside the blocks: at 800×600 they
    // scroll little or not at all (under the editor they had a few lines).
    split->addWidget(buildSettingsBox());
    split->setCollapsible(2, false);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);
    m_views->addWidget(split);
    layout->addWidget(m_views, 1);

    layout->addWidget(buildRenderRow());
    m_player = new PlayerBar;
    m_player->setPlaceholder(tr("Double-click a rendered block, or select one and press Play from block."));
    connect(m_player, &PlayerBar::positionChanged, this, &ProjectPage::onPlayerPosition);
    // Played through or stopped: no block is being heard (a pause keeps its mark).
    connect(m_player->player(), &AudioPlayer::finished, this, [this] { m_blocks->setPlayingRow(-1); });
    layout->addWidget(m_player);

    // Ctrl+Z / Ctrl+Shift+Z anywhere on the page (the editor passes them on: eventFilter).
    auto *undo = m_undo->createUndoAction(this, tr("Undo"));
    undo->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Z)});
    undo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    auto *redo = m_undo->createRedoAction(this, tr("Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    redo->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(undo);
    addAction(redo);
    auto *render = new QAction(tr("Render the project"), this);
    render->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    render->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(render, &QAction::triggered, this, &ProjectPage::renderAll);
    addAction(render);
}

// The selected block's text, its context menu and the buttons that add and delete blocks.
QGroupBox *ProjectPage::buildEditorBox()
{
    auto *editorBox = new QGroupBox(tr("Block text"));
    auto *editorLayout = new QVBoxLayout(editorBox);
    m_editor = new BlockEditor;
    m_editor->setObjectName(QStringLiteral("blockEditor"));
    m_outline = new OutlineActions(m_project, *m_undo,
                                   {[this] { return m_open; }, [this] { return m_editing; },
                                    [this] { return m_editor->textCursor().position(); },
                                    [this] {
                                        onStructureChanged();
                                        projectChanged();
                                    },
                                    [this](BlockRef ref) { selectRow(m_blocks->rowOf(ref)); }},
                                   this);
    m_addBlockAction = new QAction(tr("Add block"), this);
    connect(m_addBlockAction, &QAction::triggered, this, &ProjectPage::addBlock);
    m_deleteBlockAction = new QAction(tr("Delete block"), this);
    connect(m_deleteBlockAction, &QAction::triggered, this, &ProjectPage::deleteBlock);
    m_editor->setBlockActions({m_outline->splitAction(), m_outline->mergeAction(), m_addBlockAction, m_deleteBlockAction});
    connect(m_editor, &BlockEditor::documentPasted, this, [this](const QString &text, int position) {
        // A document past the import limits, or one with nothing to speak, says so.
        if (!m_outline->paste(text, position))
            showProblem(tr("Cannot paste this text: %1").arg(m_outline->lastProblem()));
    });
    connect(m_editor, &QPlainTextEdit::cursorPositionChanged, m_outline, &OutlineActions::update);
    // The page's undo stack takes back edits (also across blocks), not the editor's own.
    m_editor->setUndoRedoEnabled(false);
    m_editor->installEventFilter(this);
    connect(m_editor, &QPlainTextEdit::textChanged, this, &ProjectPage::onEditorChanged);
    editorLayout->addWidget(m_editor, 1);
    auto *blockButtons = new QHBoxLayout;
    // Icons with tooltips: the editor stays narrow enough for the settings beside it at 800 px.
    auto *add = toolButton(tr("Add block"), QStringLiteral("list-add"), QStyle::SP_FileDialogNewFolder);
    add->setObjectName(QStringLiteral("addBlockButton"));
    add->setToolButtonStyle(Qt::ToolButtonIconOnly);
    add->setToolTip(tr("Add block"));
    connect(add, &QToolButton::clicked, this, &ProjectPage::addBlock);
    auto *remove = toolButton(tr("Delete block"), QStringLiteral("list-remove"), QStyle::SP_TrashIcon);
    remove->setObjectName(QStringLiteral("deleteBlockButton"));
    remove->setToolButtonStyle(Qt::ToolButtonIconOnly);
    remove->setToolTip(tr("Delete block"));
    connect(remove, &QToolButton::clicked, this, &ProjectPage::deleteBlock);
    // Without a desktop icon theme the style has no fitting picture: a plus and a minus.
    const std::pair<QToolButton *, const char *> signs[] = {{add, "list-add"}, {remove, "list-remove"}};
    for (const auto &[button, icon] : signs)
        if (!QIcon::hasThemeIcon(QString::fromLatin1(icon))) {
            button->setIcon({});
            button->setText(button == add ? QStringLiteral("+") : QStringLiteral("−"));
            button->setToolButtonStyle(Qt::ToolButtonTextOnly);
            button->setMinimumWidth(button->sizeHint().height());
        }
    blockButtons->addWidget(add);
    blockButtons->addWidget(remove);
    blockButtons->addStretch();
    editorLayout->addLayout(blockButtons);
    return editorBox;
}

// Voice, model, language and speed of the project, the chapter or the block (the scope box).
QGroupBox *ProjectPage::buildSettingsBox()
{
    auto *settingsBox = new QGroupBox(tr("Speech settings"));
    auto *settingsLayout = new QVBoxLayout(settingsBox);
    m_scope = new QComboBox;
    m_scope->setObjectName(QStringLiteral("scopeBox"));
    m_scope->addItem(tr("Whole project"));
    m_scope->addItem(tr("This chapter"));
    m_scope->addItem(tr("This block"));
    m_scope->setCurrentIndex(2);
    m_scope->setToolTip(tr("Blocks use their chapter's settings unless they have their own; chapters use the project's."));
    connect(m_scope, &QComboBox::currentIndexChanged, this, &ProjectPage::showScopeSettings);
    settingsLayout->addWidget(m_scope);
    m_settings = new VoiceSettingsEditor(m_context.services().catalog());
    // In a small window the settings scroll rather than take the block list's rows.
    auto *settingsScroll = new QScrollArea;
    settingsScroll->setWidgetResizable(true);
    settingsScroll->setFrameShape(QFrame::NoFrame);
    settingsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    connect(m_settings, &VoiceSettingsEditor::edited, this, [this](const VoiceSettings &edited) {
        if (m_showingSettings || !m_open)
            return;
        const SettingsScope scope = currentScope();
        if (scope.chapter >= m_project.chapters.size())
            return;
        const VoiceSettings before = settingsAt(m_project, scope);
        const VoiceSettings after = edited;
        if (after == before)
            return;
        m_undo->push(new SettingsEdit(&m_project, scope, before, after,
                                      [this](SettingsScope s) { onSettingsChanged(s); }));
    });
    auto *settingsInner = new QWidget;
    auto *innerLayout = new QVBoxLayout(settingsInner);
    innerLayout->setContentsMargins(0, 0, 0, 0);
    innerLayout->addWidget(m_settings);
    innerLayout->addStretch();
    settingsScroll->setWidget(settingsInner);
    // As wide as its fields at least: a narrow window takes the room from the block list
    // rather than cut off the values.
    settingsScroll->setMinimumWidth(settingsInner->minimumSizeHint().width()
                                    + settingsScroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent));
    settingsLayout->addWidget(settingsScroll, 1);
    return settingsBox;
}

QWidget *ProjectPage::buildFileRow()
{
    auto *row = new QWidget;
    auto *h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    auto *create = toolButton(tr("New…"), QStringLiteral("document-new"), QStyle::SP_FileIcon);
    create->setObjectName(QStringLiteral("newProjectButton"));
    create->setToolTip(tr("Start an empty project, saved where you choose"));
    connect(create, &QToolButton::clicked, this, &ProjectPage::chooseNew);
    auto *open = toolButton(tr("Open…"), QStringLiteral("document-open"), QStyle::SP_DialogOpenButton);
    open->setObjectName(QStringLiteral("openProjectButton"));
    open->setToolTip(tr("Open a project file (.ttsproject)"));
    connect(open, &QToolButton::clicked, this, &ProjectPage::chooseOpen);
    auto *import = toolButton(tr("Import…"), QStringLiteral("document-import"), QStyle::SP_ArrowDown);
    import->setObjectName(QStringLiteral("importButton"));
    import->setToolTip(tr("Make a project of a text (.txt), Markdown (.md) or EPUB document"));
    connect(import, &QToolButton::clicked, this, &ProjectPage::chooseImport);
    auto *save = toolButton(tr("Save as…"), QStringLiteral("document-save-as"), QStyle::SP_DialogSaveButton);
    save->setObjectName(QStringLiteral("saveAsButton"));
    save->setToolTip(tr("Projects are saved automatically; this saves a copy under another name"));
    connect(save, &QToolButton::clicked, this, &ProjectPage::chooseSaveAs);
    for (QToolButton *b : {create, open, import, save})
        h->addWidget(b);
    h->addStretch(1);
    m_saveState = new QLabel;
    m_saveState->setObjectName(QStringLiteral("saveState"));
    h->addWidget(m_saveState);
    // The project's name and size on a line of their own: beside the buttons a long
    // title ran into the save state in a narrow window.
    m_title = new QLabel;
    m_title->setObjectName(QStringLiteral("projectTitle"));
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_title->setWordWrap(true);
    auto *v = new QVBoxLayout;
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(row);
    v->addWidget(m_title);
    auto *header = new QWidget;
    header->setLayout(v);
    return header;
}

QWidget *ProjectPage::buildRenderRow()
{
    auto *box = new QWidget;
    auto *v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    auto *h = new QHBoxLayout;
    m_renderButton = toolButton(tr("Render"), QStringLiteral("media-record"), QStyle::SP_MediaPlay);
    m_renderButton->setObjectName(QStringLiteral("renderButton"));
    m_renderButton->setToolTip(tr("Speak what is not rendered yet; blocks that did not change come from the cache (%1)")
                                   .arg(QKeySequence(Qt::CTRL | Qt::Key_R).toString(QKeySequence::NativeText)));
    m_renderButton->setPopupMode(QToolButton::MenuButtonPopup);
    auto *renderMenu = new QMenu(m_renderButton);
    renderMenu->addAction(tr("Whole project"), this, &ProjectPage::renderAll);
    renderMenu->addAction(tr("This chapter"), this, [this] {
        if (m_editing.chapter >= 0)
            renderChapter(m_editing.chapter);
    });
    renderMenu->addAction(tr("This block"), this, [this] { renderBlock(m_blocks->rowOf(m_editing)); });
    m_renderButton->setMenu(renderMenu);
    connect(m_renderButton, &QToolButton::clicked, this, &ProjectPage::renderAll);
    m_pauseButton = toolButton(tr("Pause"), QStringLiteral("media-playback-pause"), QStyle::SP_MediaPause);
    m_pauseButton->setObjectName(QStringLiteral("pauseRenderButton"));
    connect(m_pauseButton, &QToolButton::clicked, this, [this] {
        if (m_render && m_render->state() == ProjectRenderer::State::Paused)
            resumeRender();
        else
            pauseRender();
    });
    m_cancelButton = toolButton(tr("Cancel"), QStringLiteral("process-stop"), QStyle::SP_BrowserStop);
    m_cancelButton->setObjectName(QStringLiteral("cancelRenderButton"));
    connect(m_cancelButton, &QToolButton::clicked, this, &ProjectPage::cancelRender);
    m_playButton = toolButton(tr("Play from block"), QStringLiteral("media-playback-start"), QStyle::SP_MediaPlay);
    m_playButton->setObjectName(QStringLiteral("playFromBlockButton"));
    connect(m_playButton, &QToolButton::clicked, this, [this] { playFrom(m_blocks->rowOf(m_editing)); });
    m_exportButton = toolButton(tr("Export"), QStringLiteral("document-export"), QStyle::SP_DialogSaveButton);
    m_exportButton->setObjectName(QStringLiteral("exportButton"));
    m_exportButton->setPopupMode(QToolButton::InstantPopup);
    auto *exportMenu = new QMenu(m_exportButton);
    exportMenu->addAction(tr("MP3 with chapters…"), this, [this] { chooseExport(0); });
    exportMenu->addAction(tr("MP3 with chapters and a cue sheet…"), this, [this] { chooseExport(1); });
    exportMenu->addAction(tr("WAV, one file per chapter…"), this, [this] { chooseExport(2); });
    exportMenu->addAction(tr("Captions (SRT/VTT)…"), this, [this] { chooseCaptions(); });
    m_exportButton->setMenu(exportMenu);
    for (QToolButton *b : {m_renderButton, m_pauseButton, m_cancelButton, m_playButton, m_exportButton})
        h->addWidget(b);
    h->addStretch();
    v->addLayout(h);
    // The bar beside its words: the buttons get the row's width (German labels are long).
    auto *progress = new QHBoxLayout;
    m_progressBar = new QProgressBar;
    m_progressBar->setObjectName(QStringLiteral("renderProgress"));
    m_progressBar->setFixedWidth(140);
    progress->addWidget(m_progressBar, 0, Qt::AlignTop);
    m_progressLabel = new QLabel;
    m_progressLabel->setObjectName(QStringLiteral("renderProgressLabel"));
    m_progressLabel->setWordWrap(true);
    progress->addWidget(m_progressLabel, 1);
    v->addLayout(progress);
    m_costLabel = new QLabel;
    m_costLabel->setObjectName(QStringLiteral("renderCost"));
    m_costLabel->setWordWrap(true);
    v->addWidget(m_costLabel);
    return box;
}

// ---- files -------------------------------------------------------------------------

void ProjectPage::chooseNew()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("New project"), {}, tr("Projects (*.ttsproject)"));
    if (!path.isEmpty())
        newProject(path.endsWith(QStringLiteral(".ttsproject")) ? path : path + QStringLiteral(".ttsproject"));
}

void ProjectPage::chooseOpen()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open project"), {}, tr("Projects (*.ttsproject)"));
    if (!path.isEmpty())
        openProject(path);
}

void ProjectPage::chooseImport()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import a document"), {},
                                                      tr("Documents (*.txt *.md *.markdown *.epub)"));
    if (!path.isEmpty())
        importDocument(path);
}

void ProjectPage::chooseSaveAs()
{
    if (!m_open)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Save project as"), m_path, tr("Projects (*.ttsproject)"));
    if (!path.isEmpty())
        saveAs(path.endsWith(QStringLiteral(".ttsproject")) ? path : path + QStringLiteral(".ttsproject"));
}

void ProjectPage::newProject(const QString &projectPath)
{
    Project project;
    project.title = QFileInfo(projectPath).completeBaseName();
    // Empty: the editor's placeholder says what to do; no filler text would be spoken.
    setProject(project, projectPath);
    saveNow();
}

void ProjectPage::openProject(const QString &projectPath)
{
    m_saveState->setText(tr("Opening…"));
    onFiles(&m_reads, [projectPath] { return ProjectFile::load(projectPath); }, [this, projectPath](const Result<Project> &loaded) {
        m_saveState->clear();
        if (!loaded) {
            showProblem(tr("Cannot open %1: %2").arg(QFileInfo(projectPath).fileName(), loaded.error().detail));
            return;
        }
        setProject(loaded.value(), projectPath);
        rememberProject(projectPath);
    });
}

void ProjectPage::loadRecentProjects(bool reopenLast)
{
    const StudioSettings settings = m_context.services().studioSettings();
    m_context.run(this, [settings] {
        StudioSettings s = settings;
        return s.recentProjects();
    }, [this, reopenLast](const QStringList &recent) {
        m_recent = recent;
        emit recentProjectsChanged();
        if (reopenLast && !m_open && !recent.isEmpty())
            openProject(recent.first());
    });
}

// The project heads the recent list (File ▸ Recent projects) and reopens next time.
void ProjectPage::rememberProject(const QString &path)
{
    const StudioSettings settings = m_context.services().studioSettings();
    m_context.run(this, [settings, path] {
        StudioSettings s = settings;
        s.addRecentProject(path);
        return s.recentProjects();
    }, [this](const QStringList &recent) {
        m_recent = recent;
        emit recentProjectsChanged();
    });
}

void ProjectPage::importDocument(const QString &documentPath, const QString &projectPath)
{
    m_saveState->setText(tr("Importing…"));
    onFiles(&m_reads, [documentPath, projectPath] {
        struct Imported { Result<Project> project; QString path; };
        return Imported{DocumentImport::fromFile(documentPath),
                        projectPath.isEmpty() ? freeProjectPath(documentPath) : projectPath};
    }, [this, documentPath](const auto &imported) {
        m_saveState->clear();
        if (!imported.project) {
            showProblem(tr("Cannot import %1: %2").arg(QFileInfo(documentPath).fileName(), imported.project.error().detail));
            return;
        }
        setProject(imported.project.value(), imported.path);
        saveNow();
    });
}

void ProjectPage::saveAs(const QString &projectPath)
{
    if (!m_open)
        return;
    // The audio already made stays valid under the new name: its cache is copied along.
    const QString from = ProjectFile::cacheDirOf(m_path);
    const QString to = ProjectFile::cacheDirOf(projectPath);
    m_path = projectPath;
    updateTitle();
    m_writes.start([from, to] {
        QDir().mkpath(to);
        for (const QFileInfo &f : QDir(from).entryInfoList({QStringLiteral("*.wav")}, QDir::Files))
            QFile::copy(f.absoluteFilePath(), to + QLatin1Char('/') + f.fileName());
    });
    saveNow();
}

void ProjectPage::saveNow()
{
    m_autosave.stop();
    if (!m_open || m_path.isEmpty())
        return;
    if (m_saving) {
        m_saveAgain = true;
        return;
    }
    m_saving = true;
    m_saveState->setText(tr("Saving…"));
    const Project project = m_project;
    const QString path = m_path;
    onFiles(&m_writes, [project, path] {
        const auto error = ProjectFile::save(project, path);
        return error ? error->detail : QString();
    }, [this, path](const QString &error) {
        m_saving = false;
        m_saveState->setText(error.isEmpty() ? tr("Saved") : tr("Not saved: %1").arg(error));
        if (error.isEmpty() && m_recent.value(0) != QFileInfo(path).absoluteFilePath())
            rememberProject(path);
        emit saved(path, error);
        if (std::exchange(m_saveAgain, false))
            saveNow();
    });
}

void ProjectPage::showProblem(const QString &text)
{
    m_progressLabel->setText(text);
    if (isVisible())
        QMessageBox::warning(this, tr("Projects"), text);
}

void ProjectPage::setProject(const Project &project, const QString &path)
{
    if (m_render) {
        m_render->cancel();
    }
    m_project = project;
    m_path = path;
    m_open = true;
    m_undo->clear();
    m_cost = {};
    m_lastProgress = {};
    m_editing = {-1, -1};
    m_player->clear();
    m_audio = {};
    onStructureChanged();
    m_views->setCurrentIndex(1);
    m_progressBar->setValue(0);
    m_progressLabel->clear();
    updateTitle();
    if (m_blocks->rowCount() > 0)
        selectRow(0);
    estimate();
    updateRenderControls();
    emit projectLoaded();
}

void ProjectPage::updateTitle()
{
    if (!m_open) {
        m_title->clear();
        return;
    }
    m_title->setText(QStringLiteral("<b>%1</b> — %2")
                         .arg(m_project.title.toHtmlEscaped(),
                              QStringList{tr("%n chapter(s)", nullptr, int(m_project.chapters.size())),
                                          tr("%n block(s)", nullptr, int(m_project.blockCount())),
                                          tr("%Ln character(s)", nullptr, int(m_project.characterCount()))}
                                  .join(QStringLiteral(", "))));
    m_title->setToolTip(QDir::toNativeSeparators(m_path));
}

// ---- editing -----------------------------------------------------------------------

void ProjectPage::selectRow(int row)
{
    if (row < 0 || row >= m_blocks->rowCount())
        return;
    const QModelIndex index = m_blocks->index(row);
    m_blockView->setCurrentIndex(index);
    m_blockView->scrollTo(index, QAbstractItemView::PositionAtCenter);
}

void ProjectPage::onCurrentRowChanged(int row)
{
    m_editing = row >= 0 ? m_blocks->refAt(row) : BlockRef{-1, -1};
    if (row >= 0 && m_chapters->currentRow() != m_editing.chapter) {
        const QSignalBlocker block(m_chapters);
        m_chapters->setCurrentRow(m_editing.chapter);
    }
    loadEditor();
    showScopeSettings();
    updateRenderControls();
    m_outline->update();
}

void ProjectPage::loadEditor()
{
    const bool valid = m_open && m_editing.chapter >= 0 && m_editing.chapter < m_project.chapters.size()
                       && m_editing.block < m_project.chapters.at(m_editing.chapter).blocks.size();
    const QString text = valid ? m_project.chapters.at(m_editing.chapter).blocks.at(m_editing.block).text : QString();
    // An empty project is written into right here: the first text typed or pasted makes
    // its first chapter.
    const bool empty = m_open && m_project.blockCount() == 0;
    m_editor->setEnabled(valid || empty);
    m_editor->setPlaceholderText(empty ? tr("This project is empty. Type or paste its text here: a blank line starts a new "
                                            "block, a line such as \"# Title\" or \"Chapter 1\" starts a chapter.")
                                       : tr("Select a block to edit its text."));
    if (m_editor->toPlainText() == text)
        return;
    m_loadingEditor = true;
    m_editor->setPlainText(text);
    m_editor->moveCursor(QTextCursor::End);
    m_loadingEditor = false;
}

void ProjectPage::onEditorChanged()
{
    if (m_loadingEditor || !m_open)
        return;
    if (m_editing.chapter < 0) {
        if (m_project.blockCount() == 0) // the first words of an empty project
            m_outline->paste(m_editor->toPlainText(), 0);
        return;
    }
    const QString before = m_project.chapters.at(m_editing.chapter).blocks.at(m_editing.block).text;
    const QString after = m_editor->toPlainText();
    if (before != after)
        m_undo->push(new BlockTextEdit(&m_project, m_editing, before, after, [this](BlockRef ref) { onBlockChanged(ref); }));
}

void ProjectPage::setBlockText(int row, const QString &text)
{
    selectRow(row);
    m_editor->setPlainText(text); // as typing does: one undoable step through onEditorChanged
}

void ProjectPage::onBlockChanged(BlockRef ref)
{
    m_blocks->blockChanged(ref);
    if (!(ref == m_editing))
        selectRow(m_blocks->rowOf(ref)); // an undo elsewhere shows the block it changed
    else
        loadEditor();
    updateTitle();
    projectChanged();
}

void ProjectPage::onSettingsChanged(SettingsScope scope)
{
    Q_UNUSED(scope)
    showScopeSettings();
    projectChanged();
}

void ProjectPage::onStructureChanged()
{
    const int row = m_blocks->rowOf(m_editing);
    m_blocks->reset(&m_project);
    {
        const QSignalBlocker block(m_chapters);
        m_chapters->clear();
        for (int c = 0; c < m_project.chapters.size(); ++c) {
            const ProjectChapter &chapter = m_project.chapters.at(c);
            const QString title = chapter.title.isEmpty() ? tr("Chapter %1").arg(c + 1) : chapter.title;
            auto *item = new QListWidgetItem(title);
            item->setFlags(item->flags() | Qt::ItemIsEditable);
            item->setToolTip(QStringLiteral("%1 — %2").arg(title, tr("%n block(s)", nullptr, int(chapter.blocks.size()))));
            m_chapters->addItem(item);
        }
    }
    updateTitle();
    if (m_open && m_blocks->rowCount() > 0) {
        selectRow(qBound(0, row, m_blocks->rowCount() - 1));
        return;
    }
    // No block left to select (a new project, its last chapter deleted).
    m_editing = {-1, -1};
    loadEditor();
    m_outline->update();
    updateRenderControls();
}

SettingsScope ProjectPage::currentScope() const
{
    switch (m_scope->currentIndex()) {
    case 0:
        return {};
    case 1:
        return {qMax(0, m_editing.chapter), -1};
    default:
        return {qMax(0, m_editing.chapter), qMax(0, m_editing.block)};
    }
}

void ProjectPage::showScopeSettings()
{
    if (!m_open || m_project.chapters.isEmpty())
        return;
    const SettingsScope scope = currentScope();
    if (scope.chapter >= m_project.chapters.size()
        || (scope.block >= 0 && scope.block >= m_project.chapters.at(scope.chapter).blocks.size()))
        return;
    const VoiceSettings base = VoiceSettings::defaults();
    VoiceSettings inherited = base;
    if (scope.chapter >= 0) {
        inherited = m_project.settings.over(base);
        if (scope.block >= 0)
            inherited = m_project.chapters.at(scope.chapter).settings.over(inherited);
    }
    m_showingSettings = true;
    m_settings->show(settingsAt(m_project, scope), inherited, scope.chapter >= 0);
    m_showingSettings = false;
}

void ProjectPage::addBlock()
{
    if (!m_open || m_project.chapters.isEmpty())
        return;
    const BlockRef at = m_editing.chapter >= 0 ? m_editing : BlockRef{0, -1};
    QList<ProjectChapter> after = m_project.chapters;
    after[at.chapter].blocks.insert(at.block + 1, ProjectBlock{tr("New paragraph."), {}});
    const int row = m_blocks->rowOf(at) + 1;
    m_undo->push(new StructureEdit(&m_project, m_project.chapters, after, tr("Add block"), [this] {
        onStructureChanged();
        projectChanged();
    }));
    selectRow(row);
}

void ProjectPage::deleteBlock()
{
    if (!m_open || m_editing.chapter < 0 || m_project.blockCount() <= 1)
        return;
    QList<ProjectChapter> after = m_project.chapters;
    after[m_editing.chapter].blocks.removeAt(m_editing.block);
    if (after[m_editing.chapter].blocks.isEmpty())
        after.removeAt(m_editing.chapter);
    m_undo->push(new StructureEdit(&m_project, m_project.chapters, after, tr("Delete block"), [this] {
        onStructureChanged();
        projectChanged();
    }));
}

void ProjectPage::showBlockMenu(const QPoint &pos)
{
    const QModelIndex index = m_blockView->indexAt(pos);
    if (!m_open || !index.isValid())
        return;
    selectRow(index.row());
    auto *menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("blockMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    const int row = index.row();
    menu->addAction(tr("Play from this block"), this, [this, row] { playFrom(row); });
    menu->addAction(tr("Render this block"), this, [this, row] { renderBlock(row); })->setEnabled(!isRendering());
    menu->addSeparator();
    menu->addActions({m_outline->splitAction(), m_outline->mergeAction(), m_addBlockAction, m_deleteBlockAction});
    menu->popup(m_blockView->viewport()->mapToGlobal(pos));
}

void ProjectPage::showChapterMenu(const QPoint &pos)
{
    if (!m_open)
        return;
    QListWidgetItem *item = m_chapters->itemAt(pos);
    const int chapter = item ? m_chapters->row(item) : -1;
    if (chapter >= 0)
        selectRow(m_blocks->firstRowOf(chapter));
    QMenu *menu = m_outline->chapterMenu(chapter, this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (chapter >= 0) {
        menu->addSeparator();
        menu->addAction(tr("Render this chapter"), this, [this, chapter] { renderChapter(chapter); })->setEnabled(!isRendering());
    }
    menu->popup(m_chapters->viewport()->mapToGlobal(pos));
}

void ProjectPage::onChapterRenamed(QListWidgetItem *item)
{
    // After the list has finished with its item (the rename rebuilds the list). A title
    // left empty or unchanged is no edit: the list shows the title again.
    const int chapter = m_chapters->row(item);
    const QString title = item->text();
    QTimer::singleShot(0, this, [this, chapter, title] {
        if (!m_outline->renameChapter(chapter, title))
            onStructureChanged();
    });
}

bool ProjectPage::eventFilter(QObject *watched, QEvent *event)
{
    // The editor would take Ctrl+Z itself (and do nothing: its own undo is off).
    if (watched == m_editor && (event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride)) {
        auto *key = static_cast<QKeyEvent *>(event);
        const QKeyCombination combo = key->keyCombination();
        const bool undo = combo == QKeyCombination(Qt::ControlModifier, Qt::Key_Z);
        const bool redo = combo == QKeyCombination(Qt::ControlModifier | Qt::ShiftModifier, Qt::Key_Z)
                          || combo == QKeyCombination(Qt::ControlModifier, Qt::Key_Y);
        if (undo || redo) {
            if (event->type() == QEvent::ShortcutOverride) {
                event->accept(); // deliver it to the editor as a key press: handled below
                return true;
            }
            if (undo)
                m_undo->undo();
            else
                m_undo->redo();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ProjectPage::projectChanged()
{
    ++m_revision;
    m_autosave.start();
    m_saveState->setText(tr("Edited"));
    scheduleEstimate();
}

// ---- cost and rendering ------------------------------------------------------------

void ProjectPage::scheduleEstimate()
{
    m_estimateTimer.start();
}

void ProjectPage::estimate()
{
    if (!m_open)
        return;
    const Project project = m_project;
    const QString cacheDir = ProjectFile::cacheDirOf(m_path);
    const Pricing pricing = m_context.services().generations().pricing();
    const VoiceCatalog *catalog = &m_context.services().catalog();
    const quint64 revision = m_revision;
    onFiles(&m_reads, [project, cacheDir, pricing, catalog] { return ProjectCost::estimate(project, cacheDir, pricing, *catalog); },
            [this, revision](const ProjectCost &cost) {
                if (revision != m_revision)
                    return; // edited meanwhile: the next estimate is on its way
                m_cost = cost;
                m_blocks->setRendered(cost.renderedRows);
                showCost();
                updateRenderControls();
                emit estimated();
            });
}

void ProjectPage::showCost()
{
    if (!m_open) {
        m_costLabel->clear();
        return;
    }
    if (m_project.blockCount() == 0) {
        m_costLabel->setText(tr("Nothing to render yet."));
        return;
    }
    if (!m_cost.problem.isEmpty()) {
        m_costLabel->setText(tr("Cannot render: %1").arg(m_cost.problem));
        return;
    }
    if (m_cost.blocksPending == 0) {
        m_costLabel->setText(tr("Everything is rendered: playing and exporting cost nothing."));
        return;
    }
    const bool metered = m_context.metering(DesktopMetering::Work::ProjectRender) == Metering::Metered;
    const QString blocks = tr("%Ln block(s)", nullptr, m_cost.blocksPending);
    if (isRendering() && !m_reserving) {
        m_costLabel->setText(metered ? tr("Still to render: %1, %2 tokens (their price is reserved on the account until they are made).")
                                           .arg(blocks, QLocale().toString(m_cost.tokens))
                                     : tr("Still to render: %1.").arg(blocks));
        return;
    }
    if (!metered) {
        m_costLabel->setText(tr("To render: %1.").arg(blocks));
        return;
    }
    QString text = tr("To render: %1, %2 tokens — %3 credits, or %4 from the wallet (billed to the selected account)")
                       .arg(blocks, QLocale().toString(m_cost.tokens), QLocale().toString(m_cost.credits),
                            StudioLabels::money(m_cost.micros));
    if (m_context.accountId() && m_cost.credits > m_context.accountCredits()
        && m_cost.micros > m_context.accountWalletMicros())
        text += QLatin1Char(' ') + tr("— more than the account has left.");
    m_costLabel->setText(text);
}

bool ProjectPage::isRendering() const
{
    return m_reserving
           || (m_render
               && (m_render->state() == ProjectRenderer::State::Running || m_render->state() == ProjectRenderer::State::Paused));
}

void ProjectPage::renderAll()
{
    startRender(m_project.blocks());
}

void ProjectPage::renderChapter(int chapter)
{
    if (chapter >= 0 && chapter < m_project.chapters.size())
        startRender(m_project.blocksOf(chapter));
}

void ProjectPage::renderBlock(int row)
{
    if (row >= 0 && row < m_blocks->rowCount())
        startRender({m_blocks->refAt(row)});
}

void ProjectPage::startRender(const QList<BlockRef> &blocks)
{
    if (!m_open || blocks.isEmpty() || isRendering())
        return;
    WorkerPool *pool = m_context.services().pool();
    if (!pool) {
        showProblem(tr("The speech workers are not running."));
        return;
    }
    if (!m_context.accountId()) {
        showProblem(tr("Choose an account at the top of the window: rendering is billed to it."));
        return;
    }
    // First the money (a store transaction per block to make), then the synthesis.
    m_reserving = true;
    m_lastProgress = {};
    const Metering metering = m_context.metering(DesktopMetering::Work::ProjectRender);
    m_progressLabel->setText(metering == Metering::Metered ? tr("Reserving credits…") : tr("Getting ready to render…"));
    updateRenderControls();
    GenerationService *generations = &m_context.services().generations();
    const VoiceCatalog *catalog = &m_context.services().catalog();
    const AuthContext auth = m_context.auth();
    const Project project = m_project;
    const QString cacheDir = ProjectFile::cacheDirOf(m_path);
    m_context.run(this, [generations, auth, project, blocks, cacheDir, catalog, metering] {
        return ProjectBilling::reserve(*generations, auth, project, blocks, cacheDir, *catalog, metering);
    }, [this, pool, project, blocks, cacheDir](const Result<QList<ProjectBilling::Reservation>> &reserved) {
        m_reserving = false;
        if (!reserved) {
            updateRenderControls();
            const ServiceError &e = reserved.error();
            showProblem(e.kind == ServiceError::Kind::InsufficientBalance
                            ? tr("The selected account cannot pay for this render: %1").arg(StudioLabels::problem(e))
                            : tr("Cannot render: %1").arg(StudioLabels::problem(e)));
            return;
        }
        m_reservations = reserved.value();
        m_renderCacheDir = cacheDir;
        delete m_render;
        m_render = new RenderSession(pool, cacheDir, this);
        connect(m_render, &RenderSession::progressed, this, &ProjectPage::onRenderProgress);
        connect(m_render, &RenderSession::ended, this, &ProjectPage::onRenderEnded);
        m_render->start(project, blocks);
        m_progressLabel->setText(tr("Rendering…"));
        updateRenderControls();
        m_context.notifyDataChanged(); // balances moved
    });
}

void ProjectPage::pauseRender()
{
    if (m_render)
        m_render->pause();
    updateRenderControls();
}

void ProjectPage::resumeRender()
{
    if (m_render)
        m_render->resume();
    updateRenderControls();
}

void ProjectPage::cancelRender()
{
    if (m_render)
        m_render->cancel();
}

void ProjectPage::onRenderProgress()
{
    const ProjectRenderer::Progress p = m_render->progress();
    m_lastProgress = p;
    m_progressBar->setRange(0, qMax(1, p.blocksTotal));
    m_progressBar->setValue(p.blocksDone);
    const QString left = p.remainingMs < 0 ? tr("estimating time left") : tr("%1 left").arg(clock(p.remainingMs));
    m_progressLabel->setText(tr("%1 of %2 blocks (%3 from the cache) · %4 min of audio · %5")
                                 .arg(p.blocksDone)
                                 .arg(p.blocksTotal)
                                 .arg(p.blocksCached)
                                 .arg(QLocale().toString(p.audioSeconds / 60.0, 'f', 1), left));
    // The dots of the blocks done: at most every kEstimateMs (restarting the timer on each
    // block would put it off until the render ends).
    if (!m_estimateTimer.isActive())
        m_estimateTimer.start();
}

void ProjectPage::onRenderEnded(ProjectRenderer::State state, const QString &message)
{
    m_lastProgress = m_render->progress();
    const int synthesized = m_render->synthesized();
    switch (state) {
    case ProjectRenderer::State::Finished:
        m_progressLabel->setText(tr("Rendered: %1 blocks, %2 spoken now, %3 from the cache, %4 min of audio.")
                                     .arg(m_lastProgress.blocksTotal)
                                     .arg(synthesized)
                                     .arg(m_lastProgress.blocksCached)
                                     .arg(QLocale().toString(m_lastProgress.audioSeconds / 60.0, 'f', 1)));
        break;
    case ProjectRenderer::State::Cancelled:
        m_progressLabel->setText(tr("Cancelled: the blocks finished so far are kept; the others are not billed."));
        break;
    default:
        m_progressLabel->setText(tr("Rendering failed: %1").arg(message));
        break;
    }
    // Billing: what was made is settled, the rest released (store thread), then shown.
    GenerationService *generations = &m_context.services().generations();
    const QList<ProjectBilling::Reservation> reservations = std::exchange(m_reservations, {});
    const QString cacheDir = m_renderCacheDir;
    m_context.run(this, [generations, reservations, cacheDir] {
        return ProjectBilling::settle(*generations, reservations, cacheDir);
    }, [this, state, message](int) {
        m_context.notifyDataChanged();
        updateRenderControls();
        emit renderEnded(state, message);
    });
    updateRenderControls();
    estimate();
}

void ProjectPage::updateRenderControls()
{
    const bool rendering = isRendering();
    const bool paused = m_render && m_render->state() == ProjectRenderer::State::Paused;
    const bool hasBlocks = m_open && m_project.blockCount() > 0;
    m_renderButton->setEnabled(hasBlocks && !rendering);
    m_pauseButton->setEnabled(rendering && !m_reserving);
    m_pauseButton->setText(paused ? tr("Resume") : tr("Pause"));
    m_cancelButton->setEnabled(rendering && !m_reserving);
    m_exportButton->setEnabled(hasBlocks && !rendering);
    m_playButton->setEnabled(m_open && m_editing.chapter >= 0);
    m_deleteBlockAction->setEnabled(m_open && m_editing.chapter >= 0 && m_project.blockCount() > 1);
}

// ---- export and playback ---------------------------------------------------------

void ProjectPage::chooseExport(int kind)
{
    if (!m_open)
        return;
    if (m_cost.blocksPending > 0) {
        showProblem(tr("Render the whole project before exporting: %n block(s) not rendered yet.", nullptr, m_cost.blocksPending));
        return;
    }
    const QString base = QFileInfo(m_path).absolutePath() + QLatin1Char('/') + QFileInfo(m_path).completeBaseName();
    const bool mp3 = kind != 2;
    QString target = QFileDialog::getSaveFileName(this, tr("Export project"), base + (mp3 ? QStringLiteral(".mp3") : QStringLiteral(".wav")),
                                                  mp3 ? tr("MP3 audio (*.mp3)") : tr("WAV audio (*.wav)"));
    if (target.isEmpty())
        return;
    const QString suffix = mp3 ? QStringLiteral(".mp3") : QStringLiteral(".wav");
    if (!target.endsWith(suffix, Qt::CaseInsensitive))
        target += suffix;
    ProjectExport::Options options;
    options.target = target;
    options.wavPerChapter = kind == 2;
    if (kind == 1)
        options.cueSheet = target.left(target.size() - 4) + QStringLiteral(".cue");
    exportTo(options);
}

void ProjectPage::exportTo(const ProjectExport::Options &options)
{
    if (!m_open)
        return;
    m_exportButton->setEnabled(false);
    m_progressLabel->setText(tr("Exporting…"));
    const Project project = m_project;
    const QString cacheDir = ProjectFile::cacheDirOf(m_path);
    onFiles(&m_writes, [project, cacheDir, options] { return ProjectExport::run(project, cacheDir, options); },
            [this](const Result<ProjectExport::Outcome> &out) {
                updateRenderControls();
                if (!out) {
                    showProblem(tr("Export failed: %1").arg(out.error().detail));
                    emit exported(false, out.error().detail);
                    return;
                }
                QStringList names;
                for (const QString &f : out->files)
                    names << QFileInfo(f).fileName();
                const QString text = tr("Exported %1 chapters, %2 min, %3 LUFS: %4")
                                         .arg(out->chapters.size())
                                         .arg(QLocale().toString(out->seconds / 60.0, 'f', 1),
                                              QLocale().toString(out->integratedLufs, 'f', 1), names.join(QStringLiteral(", ")));
                m_progressLabel->setText(text);
                emit exported(true, text);
            });
}

void ProjectPage::chooseCaptions()
{
    if (!m_open)
        return;
    if (m_cost.blocksPending > 0) {
        showProblem(tr("Render the whole project before exporting: %n block(s) not rendered yet.", nullptr, m_cost.blocksPending));
        return;
    }
    const QString base = QFileInfo(m_path).absolutePath() + QLatin1Char('/') + QFileInfo(m_path).completeBaseName();
    const QString srtFilter = tr("SubRip captions (*.srt)");
    const QString vttFilter = tr("WebVTT captions (*.vtt)");
    QString filter = srtFilter;
    QString target = QFileDialog::getSaveFileName(this, tr("Export captions"), base + QStringLiteral(".srt"),
                                                  srtFilter + QStringLiteral(";;") + vttFilter, &filter);
    if (target.isEmpty())
        return;
    // A name without a known suffix gets the one of the chosen filter.
    if (!ProjectCaptions::formatOf(target))
        target += filter == vttFilter ? QStringLiteral(".vtt") : QStringLiteral(".srt");
    exportCaptions(target);
}

void ProjectPage::exportCaptions(const QString &target)
{
    if (!m_open)
        return;
    m_exportButton->setEnabled(false);
    m_progressLabel->setText(tr("Exporting…"));
    const Project project = m_project;
    const QString cacheDir = ProjectFile::cacheDirOf(m_path);
    // Reads every block's audio and words and writes the file: the writing thread's work.
    onFiles(&m_writes, [project, cacheDir, target] { return ProjectCaptions::save(project, cacheDir, target); },
            [this, target](const Result<int> &out) {
                updateRenderControls();
                if (!out) {
                    showProblem(tr("Export failed: %1").arg(out.error().detail));
                    emit exported(false, out.error().detail);
                    return;
                }
                const QString text = tr("Exported %n caption(s): %1", nullptr, out.value()).arg(QFileInfo(target).fileName());
                m_progressLabel->setText(text);
                emit exported(true, text);
            });
}

void ProjectPage::playFrom(int row)
{
    if (!m_open || row < 0 || row >= m_blocks->rowCount())
        return;
    const Project project = m_project;
    const QString cacheDir = ProjectFile::cacheDirOf(m_path);
    const VoiceCatalog *catalog = &m_context.services().catalog();
    onFiles(&m_reads, [project, cacheDir, row, catalog] { return BlockAudio::assemble(project, cacheDir, row, *catalog); },
            [this](const BlockAudio &audio) {
                if (!audio.problem.isEmpty()) {
                    m_progressLabel->setText(audio.problem);
                    return;
                }
                m_audio = audio;
                // Loading ends the playback before it (which clears the mark): mark after.
                m_player->load(audio.float32, true);
                m_blocks->setPlayingRow(audio.rows.first());
                emit playbackReady();
            });
}

void ProjectPage::onPlayerPosition(qint64 us)
{
    // The bar reports the position once more when playback has ended: no block then.
    if (m_player->player()->state() == AudioPlayer::State::Stopped)
        return;
    const int row = m_audio.rowAt(us);
    if (row < 0 || row == m_blocks->playingRow())
        return;
    m_blocks->setPlayingRow(row);
    m_blockView->scrollTo(m_blocks->index(row));
}

int ProjectPage::playingRow() const
{
    return m_blocks->playingRow();
}

QThread *ProjectPage::renderThread() const
{
    return m_render ? m_render->rendererThread() : nullptr;
}
