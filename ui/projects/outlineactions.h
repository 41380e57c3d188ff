#pragma once

#include "project.h"
#include "projectoutline.h"

#include <QObject>

#include <functional>

class QAction;
class QMenu;
class QUndoStack;
class QWidget;

// The edits of a project's shape that the Projects page offers, made by ProjectOutline:
// chapters added, renamed, removed and moved; a block split at the editor's cursor or
// merged with the next; a document pasted into a block. Each is one undoable step
// (StructureEdit) and then shows the block it answers. Holds the actions of the chapters'
// and the blocks' context menus, enabled as they apply.
class OutlineActions : public QObject
{
    Q_OBJECT

public:
    struct Hooks
    {
        std::function<bool()> isOpen;
        std::function<BlockRef()> current; // the block being edited ({-1, -1}: none)
        std::function<int()> cursor;       // the editor's cursor in it
        std::function<void()> changed;     // the structure changed: on do, undo and redo
        std::function<void(BlockRef)> show;
    };

    OutlineActions(Project &project, QUndoStack &undo, Hooks hooks, QWidget *dialogParent);

    // After the current chapter (or first in an empty project).
    bool addChapter(const QString &title);
    bool renameChapter(int chapter, const QString &title);
    bool removeChapter(int chapter);
    bool moveChapter(int from, int to);
    bool splitAtCursor();
    bool mergeWithNext();
    // Text pasted at position in the current block (or into an empty project).
    bool paste(const QString &text, int position);
    // Why the last edit was refused (the engine's words), empty after one that was made.
    QString lastProblem() const { return m_lastProblem; }

    // The actions below follow the current block and the editor's cursor.
    void update();
    QAction *splitAction() const { return m_split; }
    QAction *mergeAction() const { return m_merge; }
    // The chapter list's menu for one chapter (-1: the empty space under the chapters).
    QMenu *chapterMenu(int chapter, QWidget *parent);

private:
    bool apply(const QString &text, const std::function<Result<BlockRef>(ProjectOutline &)> &edit);
    void askNewChapter();
    void askRename(int chapter);

    Project &m_project;
    QUndoStack &m_undo;
    Hooks m_hooks;
    QWidget *m_dialogParent;
    QAction *m_split;
    QAction *m_merge;
    QString m_lastProblem;
};
