#pragma once

#include <QList>
#include <QPlainTextEdit>

class QAction;

// The editor of one block's text. Text pasted with a paragraph break (a blank line) is
// not put into the block: it is handed on (documentPasted) to become blocks and, where it
// has headings, chapters. Its context menu ends with the page's block actions.
class BlockEditor : public QPlainTextEdit
{
    Q_OBJECT

public:
    explicit BlockEditor(QWidget *parent = nullptr);

    void setBlockActions(const QList<QAction *> &actions) { m_blockActions = actions; }
    // Whether pasting text makes blocks of it rather than typing it into the block.
    static bool isDocument(const QString &text);

signals:
    // The selection, if any, has been removed first; position is the cursor's.
    void documentPasted(const QString &text, int position);

protected:
    void insertFromMimeData(const QMimeData *source) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    QList<QAction *> m_blockActions;
};
