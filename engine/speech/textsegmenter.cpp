#include "textsegmenter.h"

#include <QRegularExpression>

namespace
{
bool isSentenceEnd(QChar c)
{
    switch (c.unicode()) {
    case '.': case '!': case '?': case ';': case '\n':
    case 0x3002: // 。
    case 0xFF01: // ！
    case 0xFF1F: // ？
    case 0xFF1B: // ；
    case 0x0964: // । Devanagari danda
    case 0x061F: // ؟ Arabic question mark
    case 0x06D4: // ۔
        return true;
    default:
        return false;
    }
}

bool isWide(QChar c)
{
    // CJK punctuation ends a sentence without a following space.
    return c.unicode() >= 0x3000;
}

bool isSoftBreak(QChar c)
{
    return c.isSpace() || c == u',' || c == u'、' || c == u'，' || c == u'،';
}
}

TextSegmenter::TextSegmenter(int maxPieceLength)
    : m_maxPieceLength(qMax(16, maxPieceLength))
{
}

QStringList TextSegmenter::split(const QString &text) const
{
    QStringList out;
    qsizetype start = 0;
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const QChar c = text.at(i);
        if (!isSentenceEnd(c))
            continue;
        // Keep runs of closing punctuation ("?!", "...", quotes) with the sentence.
        qsizetype end = i + 1;
        while (end < n && (isSentenceEnd(text.at(end)) || text.at(end) == u'"' || text.at(end) == u')'
                           || text.at(end) == u'\'' || text.at(end) == u'」'))
            ++end;
        // "3.5" or "e.g.x": a period inside a token is not a sentence end.
        if (end < n && !text.at(end).isSpace() && !isWide(c) && c != u'\n')
            continue;
        appendCapped(text.mid(start, end - start), out);
        start = end;
        i = end - 1;
    }
    if (start < n)
        appendCapped(text.mid(start), out);
    return out;
}

void TextSegmenter::appendCapped(const QString &sentence, QStringList &out) const
{
    QString rest = sentence.trimmed();
    while (rest.size() > m_maxPieceLength) {
        // Break at the last soft break inside the cap; hard cut when there is none.
        qsizetype cut = -1;
        for (qsizetype i = m_maxPieceLength - 1; i > m_maxPieceLength / 3; --i) {
            if (isSoftBreak(rest.at(i))) {
                cut = i + 1;
                break;
            }
        }
        if (cut < 0)
            cut = m_maxPieceLength;
        // Never split a surrogate pair (and never exceed the cap doing so).
        if (rest.at(cut - 1).isHighSurrogate())
            --cut;
        const QString piece = rest.left(cut).trimmed();
        if (!piece.isEmpty())
            out << piece;
        rest = rest.mid(cut).trimmed();
    }
    // Pieces of punctuation alone have nothing to say.
    static const QRegularExpression speakable(QStringLiteral("[\\p{L}\\p{N}]"));
    if (!rest.isEmpty() && rest.contains(speakable))
        out << rest;
}
