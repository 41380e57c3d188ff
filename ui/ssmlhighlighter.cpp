#include "ssmlhighlighter.h"

#include "ssmldocument.h"

#include <QTextBlock>
#include <QTextDocument>
#include <QTimer>

namespace
{
// Where a block ends, so the next one goes on in the same construct (a tag's attributes
// or a comment may span lines).
enum State { Text = 0, Tag = 1, DoubleQuoted = 2, SingleQuoted = 3, Comment = 4, Cdata = 5 };

bool nameChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'-' || c == u'_' || c == u':' || c == u'.';
}

// Whether text holds an entity or character reference at i ("&amp;", "&#233;"), and its length.
qsizetype entityAt(const QString &text, qsizetype i)
{
    qsizetype j = i + 1;
    if (j < text.size() && text.at(j) == u'#')
        ++j;
    const qsizetype nameStart = j;
    while (j < text.size() && j - i <= 32 && nameChar(text.at(j)))
        ++j;
    return j > nameStart && j < text.size() && text.at(j) == u';' ? j + 1 - i : 0;
}
}

SsmlHighlighter::SsmlHighlighter(QTextDocument *document)
    : QSyntaxHighlighter(document)
{
    // Colours readable on light and dark palettes alike.
    m_tag.setForeground(QColor(0x2f, 0x6f, 0xd0));
    m_attribute.setForeground(QColor(0x9c, 0x5c, 0xc8));
    m_value.setForeground(QColor(0x2e, 0x9a, 0x4a));
    m_entity.setForeground(QColor(0xc8, 0x6a, 0x10));
    m_comment.setForeground(QColor(0x80, 0x80, 0x80));
    m_comment.setFontItalic(true);
    // Whether the text is a document depends on its beginning: checked after every edit
    // (once the edit is done: rehighlighting inside the change would recurse).
    connect(document, &QTextDocument::contentsChange, this, [this] {
        if (m_checkPending)
            return;
        m_checkPending = true;
        QTimer::singleShot(0, this, &SsmlHighlighter::checkSsml);
    });
    checkSsml();
}

bool SsmlHighlighter::isActive() const
{
    return m_ssml;
}

QTextCharFormat SsmlHighlighter::format(Part part) const
{
    switch (part) {
    case Part::Tag: return m_tag;
    case Part::Attribute: return m_attribute;
    case Part::Value: return m_value;
    case Part::Entity: return m_entity;
    case Part::Comment: return m_comment;
    }
    return {};
}

void SsmlHighlighter::checkSsml()
{
    m_checkPending = false;
    QTextDocument *doc = document();
    if (!doc)
        return;
    // The first line with something on it is enough to tell (isSsml skips whitespace).
    QString start;
    for (QTextBlock b = doc->firstBlock(); b.isValid(); b = b.next()) {
        start += b.text() + u'\n';
        if (!b.text().trimmed().isEmpty())
            break;
    }
    const bool ssml = SsmlDocument::isSsml(start);
    if (ssml == m_ssml)
        return;
    m_ssml = ssml;
    rehighlight();
}

void SsmlHighlighter::highlightBlock(const QString &text)
{
    if (!m_ssml) {
        setCurrentBlockState(Text);
        return;
    }
    int state = qMax(0, previousBlockState());
    qsizetype i = 0;
    while (i < text.size()) {
        switch (state) {
        case Comment: {
            const qsizetype end = text.indexOf(QLatin1String("-->"), i);
            const qsizetype to = end < 0 ? text.size() : end + 3;
            setFormat(int(i), int(to - i), m_comment);
            i = to;
            if (end >= 0)
                state = Text;
            break;
        }
        case Cdata: {
            // Its content is text as written: only the closing brackets are markup.
            const qsizetype end = text.indexOf(QLatin1String("]]>"), i);
            if (end < 0) {
                i = text.size();
            } else {
                setFormat(int(end), 3, m_tag);
                i = end + 3;
                state = Text;
            }
            break;
        }
        case DoubleQuoted:
        case SingleQuoted: {
            const QChar quote = state == DoubleQuoted ? u'"' : u'\'';
            const qsizetype end = text.indexOf(quote, i);
            const qsizetype to = end < 0 ? text.size() : end + 1;
            setFormat(int(i), int(to - i), m_value);
            i = to;
            if (end >= 0)
                state = Tag;
            break;
        }
        case Tag: {
            const QChar c = text.at(i);
            if (c == u'>') {
                setFormat(int(i), 1, m_tag);
                state = Text;
                ++i;
            } else if (c == u'"' || c == u'\'') {
                setFormat(int(i), 1, m_value);
                state = c == u'"' ? DoubleQuoted : SingleQuoted;
                ++i;
            } else if (nameChar(c)) {
                qsizetype j = i;
                while (j < text.size() && nameChar(text.at(j)))
                    ++j;
                setFormat(int(i), int(j - i), m_attribute);
                i = j;
            } else {
                if (!c.isSpace())
                    setFormat(int(i), 1, m_tag); // '=', '/', '?'
                ++i;
            }
            break;
        }
        default: { // Text
            const QChar c = text.at(i);
            if (QStringView(text).mid(i).startsWith(QLatin1String("<!--"))) {
                state = Comment;
            } else if (QStringView(text).mid(i).startsWith(QLatin1String("<![CDATA["))) {
                setFormat(int(i), 9, m_tag);
                i += 9;
                state = Cdata;
            } else if (c == u'<') {
                // The element's name is part of the tag's colour; attributes follow.
                qsizetype j = i + 1;
                if (j < text.size() && (text.at(j) == u'/' || text.at(j) == u'?' || text.at(j) == u'!'))
                    ++j;
                while (j < text.size() && nameChar(text.at(j)))
                    ++j;
                setFormat(int(i), int(j - i), m_tag);
                i = j;
                state = Tag;
            } else if (c == u'&') {
                const qsizetype n = entityAt(text, i);
                if (n > 0)
                    setFormat(int(i), int(n), m_entity);
                i += qMax<qsizetype>(1, n);
            } else {
                ++i;
            }
            break;
        }
        }
    }
    setCurrentBlockState(state);
}
