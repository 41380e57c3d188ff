#include "outlineactions.h"

#include "projectedits.h"

#include <QAction>
#include <QInputDialog>
#include <QMenu>
#include <QUndoStack>

OutlineActions::OutlineActions(Project &project, QUndoStack &undo, Hooks hooks, QWidget *dialogParent)
    : QObject(dialogParent)
    , m_project(project)
    , m_undo(undo)
    , m_hooks(std::move(hooks))
    , m_dialogParent(dialogParent)
    , m_split(new QAction(tr("Split block here"), this))
    , m_merge(new QAction(tr("Merge with next block"), this))
{
    m_split->setObjectName(QStringLiteral("splitBlockAction"));
    m_split->setToolTip(tr("The text after the cursor becomes a block of its own"));
    m_merge->setObjectName(QStringLiteral("mergeBlockAction"));
    m_merge->setToolTip(tr("The next block of this chapter joins this one"));
    connect(m_split, &QAction::triggered, this, &OutlineActions::splitAtCursor);
    connect(m_merge, &QAction::triggered, this, &OutlineActions::mergeWithNext);
    update();
}

bool OutlineActions::apply(const QString &text, const std::function<Result<BlockRef>(ProjectOutline &)> &edit)
{
    if (!m_hooks.isOpen())
        return false;
    ProjectOutline outline(m_project.chapters);
    const Result<BlockRef> shown = edit(outline);
    m_lastProblem = shown ? QString() : shown.error().detail;
    if (!shown)
        return false;
    m_undo.push(new StructureEdit(&m_project, m_project.chapters, outline.chapters(), text, m_hooks.changed));
    m_hooks.show(shown.value());
    return true;
}

bool OutlineActions::addChapter(const QString &title)
{
    const int at = m_hooks.current().chapter + 1; // 0 when nothing is selected
    return apply(tr("Add chapter"), [at, title](ProjectOutline &o) { return o.addChapter(at, title); });
}

bool OutlineActions::renameChapter(int chapter, const QString &title)
{
    if (chapter >= 0 && chapter < m_project.chapters.size() && m_project.chapters.at(chapter).title == title.simplified())
        return false; // an unchanged title is no step to undo
    return apply(tr("Rename chapter"), [chapter, title](ProjectOutline &o) { return o.renameChapter(chapter, title); });
}

bool OutlineActions::removeChapter(int chapter)
{
    return apply(tr("Delete chapter"), [chapter](ProjectOutline &o) { return o.removeChapter(chapter); });
}

bool OutlineActions::moveChapter(int from, int to)
{
    return apply(tr("Move chapter"), [from, to](ProjectOutline &o) { return o.moveChapter(from, to); });
}

bool OutlineActions::splitAtCursor()
{
    const BlockRef ref = m_hooks.current();
    const int position = m_hooks.cursor();
    return apply(tr("Split block"), [ref, position](ProjectOutline &o) { return o.splitBlock(ref, position); });
}

bool OutlineActions::mergeWithNext()
{
    const BlockRef ref = m_hooks.current();
    return apply(tr("Merge blocks"), [ref](ProjectOutline &o) { return o.mergeWithNext(ref); });
}

bool OutlineActions::paste(const QString &text, int position)
{
    const BlockRef ref = m_hooks.current();
    const QString firstTitle = tr("Chapter %1").arg(1);
    return apply(tr("Paste"), [ref, position, text, firstTitle](ProjectOutline &o) { return o.paste(ref, position, text, firstTitle); });
}

void OutlineActions::update()
{
    const ProjectOutline outline(m_project.chapters);
    const bool open = m_hooks.isOpen();
    m_split->setEnabled(open && outline.canSplit(m_hooks.current(), m_hooks.cursor()));
    m_merge->setEnabled(open && outline.canMerge(m_hooks.current()));
}

QMenu *OutlineActions::chapterMenu(int chapter, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->setObjectName(QStringLiteral("chapterMenu"));
    menu->addAction(tr("Add chapter…"), this, &OutlineActions::askNewChapter);
    if (chapter < 0 || chapter >= m_project.chapters.size())
        return menu;
    menu->addAction(tr("Rename chapter…"), this, [this, chapter] { askRename(chapter); });
    menu->addAction(tr("Move chapter up"), this, [this, chapter] { moveChapter(chapter, chapter - 1); })->setEnabled(chapter > 0);
    menu->addAction(tr("Move chapter down"), this, [this, chapter] { moveChapter(chapter, chapter + 1); })
        ->setEnabled(chapter + 1 < m_project.chapters.size());
    menu->addSeparator();
    menu->addAction(tr("Delete chapter"), this, [this, chapter] { removeChapter(chapter); });
    return menu;
}

void OutlineActions::askNewChapter()
{
    bool ok = false;
    const QString title = QInputDialog::getText(m_dialogParent, tr("Add chapter"), tr("Title of the new chapter:"),
                                                QLineEdit::Normal, tr("Chapter %1").arg(m_project.chapters.size() + 1), &ok);
    if (ok)
        addChapter(title);
}

void OutlineActions::askRename(int chapter)
{
    if (chapter < 0 || chapter >= m_project.chapters.size())
        return;
    bool ok = false;
    const QString title = QInputDialog::getText(m_dialogParent, tr("Rename chapter"), tr("Title of the chapter:"), QLineEdit::Normal,
                                                m_project.chapters.at(chapter).title, &ok);
    if (ok)
        renameChapter(chapter, title);
}
