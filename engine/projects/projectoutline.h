#pragma once

#include "project.h"
#include "serviceerror.h"

#include <QList>
#include <QString>

// The shape of a project as its author edits it: chapters added, renamed, removed and
// moved; blocks split at a cursor, merged with the next, and text pasted in (headings
// make chapters, paragraphs make blocks: DocumentImport reads it). Works on a copy of
// the chapters so the caller keeps the before and after of every step (undo). Each edit
// answers the block to show next ({-1, -1}: none is left), or why it cannot be made;
// a refused edit leaves the chapters as they were.
class ProjectOutline
{
public:
    explicit ProjectOutline(QList<ProjectChapter> chapters);

    const QList<ProjectChapter> &chapters() const { return m_chapters; }

    // A chapter inserted at index `at`, its title spoken as its first block (as an
    // imported heading is).
    Result<BlockRef> addChapter(int at, const QString &title);
    // A first block that speaks the old title follows the new one.
    Result<BlockRef> renameChapter(int chapter, const QString &title);
    Result<BlockRef> removeChapter(int chapter);
    // The chapter moves to index `to` (counted in the chapters as they are after it left).
    Result<BlockRef> moveChapter(int from, int to);

    // Both halves must hold text: the part before the cursor stays, the rest becomes the
    // next block with the same settings.
    bool canSplit(BlockRef ref, int position) const;
    Result<BlockRef> splitBlock(BlockRef ref, int position);
    // The next block of the same chapter joins this one (a space between); this one's
    // settings stay.
    bool canMerge(BlockRef ref) const;
    Result<BlockRef> mergeWithNext(BlockRef ref);

    // Text pasted at a cursor in a block ({-1, -1} in a project without blocks): the
    // block splits there, the text before any heading continues its chapter, each heading
    // starts a chapter, and what followed the cursor continues the last one. Pasted into
    // an empty project, text before any heading forms a chapter named newChapterTitle.
    // Answers the last pasted block.
    Result<BlockRef> paste(BlockRef at, int position, const QString &text, const QString &newChapterTitle);

private:
    bool isBlock(BlockRef ref) const;

    QList<ProjectChapter> m_chapters;
};
