#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

// Colours the markup of an SSML text in the Generate editor: tags, attribute names and
// values, entities and comments, so that what is said stands apart from how. Plain text
// (anything SsmlDocument::isSsml does not take for a document) is left uncoloured; the
// choice follows the text as it is edited.
class SsmlHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    explicit SsmlHighlighter(QTextDocument *document);

    bool isActive() const;

    // The formats, for tests: tag, attribute name, attribute value, entity, comment.
    enum class Part { Tag, Attribute, Value, Entity, Comment };
    QTextCharFormat format(Part part) const;

protected:
    void highlightBlock(const QString &text) override;

private:
    void checkSsml();

    bool m_ssml = false;
    bool m_checkPending = false;
    QTextCharFormat m_tag, m_attribute, m_value, m_entity, m_comment;
};
