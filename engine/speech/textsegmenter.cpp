#include "textsegmenter.h"

#include <QRegularExpression>

#include <vector>

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

TextSegmenter::TextSegmenter(int maxPieceLength, bool ramp, int rampGrowth)
    : m_maxPieceLength(qMax(16, maxPieceLength))
    , m_ramp(ramp)
    , m_rampGrowth(qMax(1, rampGrowth))
{
}

bool TextSegmenter::isClauseEnd(QChar c)
{
    switch (c.unicode()) {
    case ',': case ':': case '-':
    case 0x2013: // – en dash
    case 0x2014: // — em dash
    case 0x3001: // 、
    case 0xFF0C: // ，
    case 0xFF1A: // ：
    case 0x060C: // ، Arabic comma
        return true;
    default:
        return false;
    }
}

QStringList TextSegmenter::split(const QString &text) const
{
    QStringList out;
    for (const Piece &p : pieces(text))
        out << p.text;
    return out;
}

qsizetype TextSegmenter::sentenceEndAfter(const QString &text, qsizetype i)
{
    const qsizetype n = text.size();
    const QChar c = text.at(i);
    if (!isSentenceEnd(c))
        return -1;
    // Keep runs of closing punctuation ("?!", "...", quotes) with the sentence.
    qsizetype end = i + 1;
    while (end < n && (isSentenceEnd(text.at(end)) || text.at(end) == u'"' || text.at(end) == u')'
                       || text.at(end) == u'\'' || text.at(end) == u'」'))
        ++end;
    // "3.5" or "e.g.x": a period inside a token is not a sentence end.
    if (end < n && !text.at(end).isSpace() && !isWide(c) && c != u'\n')
        return -1;
    return end;
}

qsizetype TextSegmenter::settledLength(const QString &text)
{
    qsizetype settled = 0;
    // An end at the very end of the text is not settled yet: "3." may go on as "3.5",
    // "Stop!" as "Stop!\"".
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        const qsizetype end = sentenceEndAfter(text, i);
        if (end < 0)
            continue;
        if (end < text.size())
            settled = end;
        i = end - 1;
    }
    return settled;
}

QList<TextSegmenter::Piece> TextSegmenter::pieces(const QString &text) const
{
    QList<Piece> out;
    qsizetype start = 0;
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const qsizetype end = sentenceEndAfter(text, i);
        if (end < 0)
            continue;
        appendCapped(text, start, end, out);
        start = end;
        i = end - 1;
    }
    if (start < n)
        appendCapped(text, start, n, out);
    return m_ramp ? ramped(text, out) : out;
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

namespace
{
// How much speech a character makes, roughly: a CJK character (kanji, kana, hangul) is a
// syllable or more, about three Latin letters. Sizes the ramp's pieces in any script.
int weight(const QString &text, qsizetype i)
{
    const QChar c = text.at(i);
    if (c.isLowSurrogate() && i > 0 && text.at(i - 1).isHighSurrogate())
        return 0;
    return c.isHighSurrogate() || c.unicode() >= 0x2E80 ? 3 : 1;
}

bool speakable(const QString &text, qsizetype from, qsizetype to)
{
    for (qsizetype i = from; i < to; ++i)
        if (text.at(i).isLetterOrNumber())
            return true;
    return false;
}

// Where the ramp cuts piece [start, end) of text so that its head weighs about budget
// (prefix: the text's weights summed), as a UTF-16 index into the text, or -1 for no cut.
// Only at a clause end, where the reader pauses anyway and the voice says the same thing
// whether the clause is its own utterance or not: the last one whose head weighs a quarter
// to half again the budget, else the first one after that. A cut between two words was
// heard as two sentences' ends and starts: the words on either side of it were misheard
// twice as often (bench/intelligibility/README.md).
qsizetype rampCut(const QString &text, qsizetype start, qsizetype end, qint64 budget, const std::vector<qint64> &prefix)
{
    auto headWeight = [&](qsizetype cut) { return prefix[size_t(cut)] - prefix[size_t(start)]; };
    qsizetype cut = -1;
    for (qsizetype i = start + 1; i + 1 < end; ++i) {
        const qint64 w = headWeight(i + 1);
        if (cut > 0 && 2 * w > 3 * budget)
            break;
        const QChar c = text.at(i);
        if (!TextSegmenter::isClauseEnd(c) || 4 * w < budget)
            continue;
        // "1,000", "12:30" and "well-known" are not clause ends: a Latin comma, colon or
        // hyphen separates clauses only before a space (a hyphen only between spaces).
        // Nor is the comma of "July 4, 1976": the year is read as one only after its date.
        const QChar next = text.at(i + 1);
        const bool latin = c == u',' || c == u':' || c == u'-';
        const bool separated = !latin || (next.isSpace() && (c != u'-' || text.at(i - 1).isSpace()));
        const bool betweenNumbers = c == u',' && text.at(i - 1).isDigit() && i + 2 < end && text.at(i + 2).isDigit();
        if (separated && !betweenNumbers && speakable(text, start, i) && speakable(text, i + 1, end))
            cut = i + 1;
    }
    return cut;
}
}

QList<TextSegmenter::Piece> TextSegmenter::ramped(const QString &text, const QList<Piece> &pieces) const
{
    std::vector<qint64> prefix(size_t(text.size()) + 1, 0);
    for (qsizetype i = 0; i < text.size(); ++i)
        prefix[size_t(i) + 1] = prefix[size_t(i)] + weight(text, i);
    QList<Piece> out;
    for (Piece p : pieces) {
        for (;;) {
            const qsizetype end = p.start + p.text.size();
            const qint64 budget = qMax<qint64>(kRampFirst, m_rampGrowth * prefix[size_t(p.start)]);
            if (budget >= m_maxPieceLength || prefix[size_t(end)] - prefix[size_t(p.start)] <= budget)
                break;
            const qsizetype cut = rampCut(text, p.start, end, budget, prefix);
            if (cut < 0)
                break;
            qsizetype headStart = p.start, headEnd = cut, restStart = cut, restEnd = end;
            trimSpan(text, headStart, headEnd);
            trimSpan(text, restStart, restEnd);
            out << Piece{headStart, text.mid(headStart, headEnd - headStart), true};
            p.start = restStart;
            p.text = text.mid(restStart, restEnd - restStart);
        }
        out << p;
    }
    return out;
}
