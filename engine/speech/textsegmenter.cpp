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
    for (const Piece &p : pieces(text))
        out << p.text;
    return out;
}

QList<TextSegmenter::Piece> TextSegmenter::pieces(const QString &text) const
{
    QList<Piece> out;
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
        appendCapped(text, start, end, out);
        start = end;
        i = end - 1;
    }
    if (start < n)
        appendCapped(text, start, n, out);
    return out;
}

namespace
{
// Narrows [start, end) of text to its trimmed span.
void trimSpan(const QString &text, qsizetype &start, qsizetype &end)
{
    while (start < end && text.at(start).isSpace())
        ++start;
    while (end > start && text.at(end - 1).isSpace())
        --end;
}
}

void TextSegmenter::appendCapped(const QString &text, qsizetype start, qsizetype end, QList<Piece> &out) const
{
    trimSpan(text, start, end);
    while (end - start > m_maxPieceLength) {
        // Break at the last soft break inside the cap; hard cut when there is none.
        qsizetype cut = -1;
        for (qsizetype i = m_maxPieceLength - 1; i > m_maxPieceLength / 3; --i) {
            if (isSoftBreak(text.at(start + i))) {
                cut = i + 1;
                break;
            }
        }
        if (cut < 0)
            cut = m_maxPieceLength;
        // Never split a surrogate pair (and never exceed the cap doing so).
        if (text.at(start + cut - 1).isHighSurrogate())
            --cut;
        qsizetype pieceStart = start, pieceEnd = start + cut;
        trimSpan(text, pieceStart, pieceEnd);
        if (pieceEnd > pieceStart)
            out << Piece{pieceStart, text.mid(pieceStart, pieceEnd - pieceStart)};
        start += cut;
        trimSpan(text, start, end);
    }
    // Pieces of punctuation alone have nothing to say.
    static const QRegularExpression speakable(QStringLiteral("[\\p{L}\\p{N}]"));
    const QString rest = text.mid(start, end - start);
    if (!rest.isEmpty() && rest.contains(speakable))
        out << Piece{start, rest};
}
