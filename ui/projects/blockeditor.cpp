#include "blockeditor.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QMimeData>
#include <QRegularExpression>

BlockEditor::BlockEditor(QWidget *parent)
    : QPlainTextEdit(parent)
{
}

bool BlockEditor::isDocument(const QString &text)
{
    static const QRegularExpression paragraphBreak(QStringLiteral("\\n[ \\t\\r]*\\n"));
    return paragraphBreak.match(text.trimmed()).hasMatch();
}

void BlockEditor::insertFromMimeData(const QMimeData *source)
{
    const QString text = source->text();
    if (!source->hasText() || !isDocument(text))
        return QPlainTextEdit::insertFromMimeData(source);
    textCursor().removeSelectedText();
    emit documentPasted(text, textCursor().position());
}

void BlockEditor::contextMenuEvent(QContextMenuEvent *event)
{
    // "Split block here" splits where the click was, unless text is selected.
    if (!textCursor().hasSelection() && event->reason() == QContextMenuEvent::Mouse)
        setTextCursor(cursorForPosition(event->pos()));
    QMenu *menu = createStandardContextMenu(event->pos());
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (!m_blockActions.isEmpty()) {
        menu->addSeparator();
        menu->addActions(m_blockActions);
    }
    menu->popup(event->globalPos());
}
