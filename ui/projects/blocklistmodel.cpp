#include "blocklistmodel.h"

#include <QApplication>
#include <QPainter>
#include <QPalette>
#include <QPixmap>

namespace
{
// A small filled or hollow dot: rendered or not, without shipping icons.
QIcon dot(const QColor &color, bool filled)
{
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(color, 1.5));
    p.setBrush(filled ? QBrush(color) : QBrush(Qt::NoBrush));
    p.drawEllipse(QRectF(2, 2, 8, 8));
    return QIcon(pixmap);
}
}

BlockListModel::BlockListModel(QObject *parent)
    : QAbstractListModel(parent)
    , m_renderedIcon(dot(QColor(0x2e, 0x9d, 0x4f), true))
    , m_pendingIcon(dot(QColor(0x90, 0x90, 0x90), false))
{
}

void BlockListModel::reset(const Project *project)
{
    beginResetModel();
    m_project = project;
    m_refs.clear();
    m_chapterStart.clear();
    m_rendered.clear();
    m_playing = -1;
    if (project) {
        for (int c = 0; c < project->chapters.size(); ++c) {
            m_chapterStart.append(int(m_refs.size()));
            for (int b = 0; b < project->chapters.at(c).blocks.size(); ++b)
                m_refs.append({c, b});
        }
    }
    endResetModel();
}

void BlockListModel::blockChanged(BlockRef ref)
{
    const int row = rowOf(ref);
    if (row < 0)
        return;
    m_rendered.remove(row); // its audio is another key now, until the next check says otherwise
    emit dataChanged(index(row), index(row));
}

void BlockListModel::setRendered(const QSet<int> &rows)
{
    m_rendered = rows;
    if (!m_refs.isEmpty())
        emit dataChanged(index(0), index(int(m_refs.size()) - 1), {Qt::DecorationRole, RenderedRole});
}

void BlockListModel::setPlayingRow(int row)
{
    if (row == m_playing)
        return;
    const int old = std::exchange(m_playing, row);
    for (int r : {old, row})
        if (r >= 0 && r < m_refs.size())
            emit dataChanged(index(r), index(r), {Qt::BackgroundRole, Qt::ForegroundRole});
}

int BlockListModel::rowOf(BlockRef ref) const
{
    if (ref.chapter < 0 || ref.chapter >= m_chapterStart.size())
        return -1;
    const int row = m_chapterStart.at(ref.chapter) + ref.block;
    return row < m_refs.size() && m_refs.at(row) == ref ? row : -1;
}

int BlockListModel::firstRowOf(int chapter) const
{
    if (chapter < 0 || chapter >= m_chapterStart.size() || !m_project || m_project->chapters.at(chapter).blocks.isEmpty())
        return -1;
    return m_chapterStart.at(chapter);
}

int BlockListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_refs.size());
}

QVariant BlockListModel::data(const QModelIndex &index, int role) const
{
    if (!m_project || !index.isValid() || index.row() >= m_refs.size())
        return {};
    const BlockRef ref = m_refs.at(index.row());
    const QString &text = m_project->chapters.at(ref.chapter).blocks.at(ref.block).text;
    switch (role) {
    case Qt::DisplayRole:
        // One line: the view elides it, so every row has the same height.
        // Numbers padded with figure spaces (as wide as a digit) so the texts line up.
        return QStringLiteral("%1   %2")
            .arg(index.row() + 1, int(QString::number(m_refs.size()).size()), 10, QChar(0x2007))
            .arg(text.simplified());
    case Qt::ToolTipRole:
        return text.size() > 600 ? text.left(600) + QStringLiteral("…") : text;
    case Qt::DecorationRole:
        return m_rendered.contains(index.row()) ? m_renderedIcon : m_pendingIcon;
    case Qt::BackgroundRole:
        if (index.row() == m_playing)
            return QApplication::palette().brush(QPalette::Highlight).color().lighter(150);
        return {};
    case Qt::FontRole:
        if (index.row() == m_playing) {
            QFont f = QApplication::font();
            f.setBold(true);
            return f;
        }
        return {};
    case RefChapterRole:
        return ref.chapter;
    case RefBlockRole:
        return ref.block;
    case TextRole:
        return text;
    case RenderedRole:
        return m_rendered.contains(index.row());
    default:
        return {};
    }
}
