#pragma once

#include "blockaudio.h"
#include "blockeditor.h"
#include "project.h"
#include "projectbilling.h"
#include "projectcost.h"
#include "projectedits.h"
#include "projectexport.h"
#include "projectrenderer.h"

#include <QThreadPool>
#include <QTimer>
#include <QWidget>

class BlockListModel;
class OutlineActions;
class PlayerBar;
class QAction;
class QComboBox;
class QGroupBox;
class QLabel;
class QListView;
class QListWidget;
class QListWidgetItem;
class QPlainTextEdit;
class QProgressBar;
class QStackedWidget;
class QToolButton;
class QUndoStack;
class RenderSession;
class StudioContext;
class VoiceSettingsEditor;

// Long-form projects (docs/projects.md): a book or a course as chapters of blocks. New
// (empty), open, import (.txt, .md, .epub) and autosave the project file; edit a block's
// text, paste documents, reshape chapters and blocks (OutlineActions) with undo/redo, and
// the settings of the project, a chapter or a block; render all, a chapter
// or a block in the worker processes (billed to the chosen account, the cache keeps what
// did not change), with progress, pause, resume and cancel; play from a block with the
// block being heard marked; export MP3 with chapters, WAV per chapter, a cue sheet and captions.
// The GUI thread never touches the disk: file work runs on the page's own threads,
// store work on the store pool, synthesis on the worker pool's thread.
class ProjectPage : public QWidget
{
    Q_OBJECT

public:
    explicit ProjectPage(StudioContext &context, QWidget *parent = nullptr);
    ~ProjectPage() override;

    // File actions; the dialogs ask for the paths, these take them (tests, the window).
    void newProject(const QString &projectPath);
    void openProject(const QString &projectPath);
    // The document becomes a project saved at projectPath (empty: beside the document).
    void importDocument(const QString &documentPath, const QString &projectPath = {});
    void saveAs(const QString &projectPath);
    void saveNow();
    // The projects last opened or saved in this data dir, the latest first (files gone
    // are left out), as last read: loadRecentProjects() reads them, and with reopenLast
    // opens the latest when no project is open (the studio's start).
    QStringList recentProjects() const { return m_recent; }
    void loadRecentProjects(bool reopenLast);

    void renderAll();
    void renderChapter(int chapter);
    void renderBlock(int row);
    void pauseRender();
    void resumeRender();
    void cancelRender();
    void exportTo(const ProjectExport::Options &options);
    // Captions (.srt or .vtt) of the whole project, timed like its MP3/WAV export.
    void exportCaptions(const QString &target);
    void playFrom(int row);
    // Replaces a block's text as typing in the editor would (one undoable step).
    void setBlockText(int row, const QString &text);
    // Chapters and blocks reshaped (each one undoable step): tests, menus, dialogs.
    OutlineActions *outline() const { return m_outline; }

    bool isOpen() const { return m_open; }
    const Project &project() const { return m_project; }
    QString projectPath() const { return m_path; }
    bool isRendering() const;
    // The last render's figures (synthesized = blocks not found in the cache).
    ProjectRenderer::Progress lastProgress() const { return m_lastProgress; }
    int lastSynthesized() const { return m_lastProgress.blocksDone - m_lastProgress.blocksCached; }
    const ProjectCost &cost() const { return m_cost; }
    int playingRow() const;
    // The thread the current render runs on (null without one).
    QThread *renderThread() const;

    BlockListModel *blockModel() const { return m_blocks; }
    QListView *blockView() const { return m_blockView; }
    QListWidget *chapterList() const { return m_chapters; }
    QPlainTextEdit *editor() const { return m_editor; }
    QUndoStack *undoStack() const { return m_undo; }
    PlayerBar *playerBar() const { return m_player; }
    QLabel *costLabel() const { return m_costLabel; }
    // The project's name and size (chapters, blocks, characters).
    QLabel *titleLabel() const { return m_title; }
    QLabel *progressLabel() const { return m_progressLabel; }

signals:
    void projectLoaded();
    void recentProjectsChanged();
    void saved(const QString &path, const QString &error);
    void renderEnded(ProjectRenderer::State state, const QString &message);
    void exported(bool ok, const QString &message);
    void estimated();
    void playbackReady();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void buildUi();
    QGroupBox *buildEditorBox();
    QGroupBox *buildSettingsBox();
    QWidget *buildFileRow();
    QWidget *buildRenderRow();
    void chooseNew();
    void chooseOpen();
    void chooseImport();
    void chooseSaveAs();
    void chooseExport(int kind);
    void chooseCaptions();

    void setProject(const Project &project, const QString &path);
    void rememberProject(const QString &path);
    void showProblem(const QString &text);
    void updateTitle();
    void selectRow(int row);
    void onCurrentRowChanged(int row);
    void loadEditor();
    void onEditorChanged();
    void onBlockChanged(BlockRef ref);
    void onSettingsChanged(SettingsScope scope);
    void onStructureChanged();
    void showScopeSettings();
    SettingsScope currentScope() const;
    void addBlock();
    void deleteBlock();
    void showBlockMenu(const QPoint &pos);
    void showChapterMenu(const QPoint &pos);
    void onChapterRenamed(QListWidgetItem *item);

    void projectChanged();
    void scheduleEstimate();
    void estimate();
    void showCost();
    void startRender(const QList<BlockRef> &blocks);
    void onRenderProgress();
    void onRenderEnded(ProjectRenderer::State state, const QString &message);
    void updateRenderControls();
    void onPlayerPosition(qint64 us);

    template <typename Work, typename Then>
    void onFiles(QThreadPool *pool, Work work, Then then);

    StudioContext &m_context;
    Project m_project;
    QString m_path;
    QStringList m_recent;
    bool m_open = false;
    quint64 m_revision = 0;  // bumped by every change: stale estimates are dropped

    QUndoStack *m_undo;
    BlockListModel *m_blocks;
    QStackedWidget *m_views = nullptr;
    QListWidget *m_chapters = nullptr;
    QListView *m_blockView = nullptr;
    BlockEditor *m_editor = nullptr;
    OutlineActions *m_outline = nullptr;
    QAction *m_addBlockAction = nullptr;
    QAction *m_deleteBlockAction = nullptr;
    QComboBox *m_scope = nullptr;
    VoiceSettingsEditor *m_settings = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_saveState = nullptr;
    QToolButton *m_renderButton = nullptr;
    QToolButton *m_pauseButton = nullptr;
    QToolButton *m_cancelButton = nullptr;
    QToolButton *m_exportButton = nullptr;
    QToolButton *m_playButton = nullptr;
    QProgressBar *m_progressBar = nullptr;
    QLabel *m_progressLabel = nullptr;
    QLabel *m_costLabel = nullptr;
    PlayerBar *m_player = nullptr;
    BlockRef m_editing{-1, -1};
    bool m_loadingEditor = false;
    bool m_showingSettings = false;

    QTimer m_autosave;
    QTimer m_estimateTimer;
    bool m_saving = false;
    bool m_saveAgain = false;
    ProjectCost m_cost;
    RenderSession *m_render = nullptr;
    bool m_reserving = false;
    QList<ProjectBilling::Reservation> m_reservations;
    QString m_renderCacheDir; // of the project being rendered (another may be open by the end)
    ProjectRenderer::Progress m_lastProgress;
    BlockAudio m_audio;

    // File work off the GUI thread, in order: one thread writes (saves, exports), one
    // reads (open, import, estimates, audio for the player).
    QThreadPool m_writes;
    QThreadPool m_reads;
};
