#include "projectoutline.h"

#include "documentimport.h"

namespace
{
ServiceError refused(const QString &why)
{
    return ServiceError::make(ServiceError::Kind::InvalidInput, why);
}

// The text on each side of a cursor, without the spaces at the cut.
std::pair<QString, QString> halves(const QString &text, int position)
{
    const int at = qBound(0, position, int(text.size()));
    return {text.left(at).trimmed(), text.mid(at).trimmed()};
}

BlockRef lastBlockOf(const QList<ProjectChapter> &chapters, int chapter)
{
    return {chapter, int(chapters.at(chapter).blocks.size()) - 1};
}
}

ProjectOutline::ProjectOutline(QList<ProjectChapter> chapters)
    : m_chapters(std::move(chapters))
{
}

bool ProjectOutline::isBlock(BlockRef ref) const
{
    return ref.chapter >= 0 && ref.chapter < m_chapters.size() && ref.block >= 0
           && ref.block < m_chapters.at(ref.chapter).blocks.size();
}

Result<BlockRef> ProjectOutline::addChapter(int at, const QString &title)
{
    const QString t = title.simplified();
    if (t.isEmpty())
        return refused(QStringLiteral("a chapter needs a title"));
    const int index = qBound(0, at, int(m_chapters.size()));
    m_chapters.insert(index, ProjectChapter{t, {}, {ProjectBlock{t, {}}}});
    return BlockRef{index, 0};
}

Result<BlockRef> ProjectOutline::renameChapter(int chapter, const QString &title)
{
    const QString t = title.simplified();
    if (chapter < 0 || chapter >= m_chapters.size())
        return refused(QStringLiteral("no chapter %1").arg(chapter + 1));
    if (t.isEmpty())
        return refused(QStringLiteral("a chapter needs a title"));
    ProjectChapter &c = m_chapters[chapter];
    if (!c.blocks.isEmpty() && c.blocks.first().text == c.title)
        c.blocks.first().text = t;
    c.title = t;
    return BlockRef{chapter, 0};
}

Result<BlockRef> ProjectOutline::removeChapter(int chapter)
{
    if (chapter < 0 || chapter >= m_chapters.size())
        return refused(QStringLiteral("no chapter %1").arg(chapter + 1));
    m_chapters.removeAt(chapter);
    if (m_chapters.isEmpty())
        return BlockRef{-1, -1};
    return BlockRef{qMin(chapter, int(m_chapters.size()) - 1), 0};
}

Result<BlockRef> ProjectOutline::moveChapter(int from, int to)
{
    if (from < 0 || from >= m_chapters.size() || to < 0 || to >= m_chapters.size())
        return refused(QStringLiteral("no chapter to move there"));
    m_chapters.move(from, to);
    return BlockRef{to, 0};
}

bool ProjectOutline::canSplit(BlockRef ref, int position) const
{
    if (!isBlock(ref))
        return false;
    const auto [head, tail] = halves(m_chapters.at(ref.chapter).blocks.at(ref.block).text, position);
    return !head.isEmpty() && !tail.isEmpty();
}

Result<BlockRef> ProjectOutline::splitBlock(BlockRef ref, int position)
{
    if (!canSplit(ref, position))
        return refused(QStringLiteral("a block splits only between two parts of its text"));
    QList<ProjectBlock> &blocks = m_chapters[ref.chapter].blocks;
    const auto [head, tail] = halves(blocks.at(ref.block).text, position);
    blocks[ref.block].text = head;
    blocks.insert(ref.block + 1, ProjectBlock{tail, blocks.at(ref.block).settings});
    return BlockRef{ref.chapter, ref.block + 1};
}

bool ProjectOutline::canMerge(BlockRef ref) const
{
    return isBlock(ref) && ref.block + 1 < m_chapters.at(ref.chapter).blocks.size();
}

Result<BlockRef> ProjectOutline::mergeWithNext(BlockRef ref)
{
    if (!canMerge(ref))
        return refused(QStringLiteral("the last block of a chapter has no next block to merge with"));
    QList<ProjectBlock> &blocks = m_chapters[ref.chapter].blocks;
    blocks[ref.block].text += QLatin1Char(' ') + blocks.takeAt(ref.block + 1).text;
    return ref;
}

Result<BlockRef> ProjectOutline::paste(BlockRef at, int position, const QString &text, const QString &newChapterTitle)
{
    auto pasted = DocumentImport::fromPaste(text);
    if (!pasted)
        return pasted.error();
    QList<ProjectChapter> incoming = pasted->chapters;
    if (incoming.isEmpty())
        return refused(QStringLiteral("the pasted text holds nothing to speak"));
    if (!isBlock(at)) {
        if (pasted->startsWithText)
            incoming.first().title = newChapterTitle;
        m_chapters += incoming;
        return lastBlockOf(m_chapters, int(m_chapters.size()) - 1);
    }
    // The chapter pasted into keeps what came before the cursor; what followed it moves
    // to the end of the last chapter pasted.
    ProjectChapter &here = m_chapters[at.chapter];
    const ProjectBlock cut = here.blocks.at(at.block);
    const auto [head, tail] = halves(cut.text, position);
    QList<ProjectBlock> rest = here.blocks.mid(at.block + 1);
    if (!tail.isEmpty())
        rest.prepend(ProjectBlock{tail, cut.settings});
    here.blocks = here.blocks.mid(0, at.block);
    if (!head.isEmpty())
        here.blocks.append(ProjectBlock{head, cut.settings});
    if (pasted->startsWithText)
        here.blocks += incoming.takeFirst().blocks;
    const int lastChapter = at.chapter + int(incoming.size());
    for (int i = 0; i < incoming.size(); ++i)
        m_chapters.insert(at.chapter + 1 + i, incoming.at(i));
    const BlockRef last = lastBlockOf(m_chapters, lastChapter);
    m_chapters[lastChapter].blocks += rest;
    // Headings pasted at the very start leave the chapter they were pasted into empty.
    if (m_chapters.at(at.chapter).blocks.isEmpty()) {
        m_chapters.removeAt(at.chapter);
        return BlockRef{last.chapter - 1, last.block};
    }
    return last;
}
