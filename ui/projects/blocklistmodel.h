#pragma once

#include "project.h"

#include <QAbstractListModel>
#include <QIcon>
#include <QList>
#include <QSet>

// Every block of a project, in reading order, one row each: what the block view shows.
// Rows have one height (the view lays out 1,000s of them at once); the text is elided on
// screen and whole in the tooltip and the editor. The project itself belongs to the
// page: the model reads it through a pointer and is told what changed.
class BlockListModel : public QAbstractListModel
{
    Q_OBJECT

public:
    enum Role { RefChapterRole = Qt::UserRole + 1, RefBlockRole, TextRole, RenderedRole };

    explicit BlockListModel(QObject *parent = nullptr);

    // A new project (or a changed structure): every row again.
    void reset(const Project *project);
    // One block's text or settings changed.
    void blockChanged(BlockRef ref);
    // Which blocks have audio in the cache (by row), as last found off the GUI thread.
    void setRendered(const QSet<int> &rows);
    // The block being heard (-1: none) is shown highlighted.
    void setPlayingRow(int row);
    int playingRow() const { return m_playing; }

    int rowOf(BlockRef ref) const;
    BlockRef refAt(int row) const { return m_refs.value(row); }
    // The first row of a chapter (-1 when it has no blocks).
    int firstRowOf(int chapter) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;

private:
    const Project *m_project = nullptr;
    QList<BlockRef> m_refs;
    QList<int> m_chapterStart; // first row of each chapter
    QSet<int> m_rendered;
    int m_playing = -1;
    QIcon m_renderedIcon;
    QIcon m_pendingIcon;
};
