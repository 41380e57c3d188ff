#include "sentencespans.h"

#include "textsegmenter.h"

QList<SentenceSpans::Span> SentenceSpans::of(const QString &text)
{
    // The synthesis speaks TextSegmenter's pieces of the same text, in this order.
    QList<Span> spans;
    for (const TextSegmenter::Piece &piece : TextSegmenter().pieces(text))
        spans.append({piece.start, piece.text.size()});
    return spans;
}

QList<SentenceSpans::Span> SentenceSpans::words(const QString &text, const QList<WordTiming> &timings)
{
    // UTF-16 index of each code point (and of the end).
    QList<qsizetype> at;
    at.reserve(text.size() + 1);
    for (qsizetype i = 0; i < text.size(); ++i) {
        at.append(i);
        if (text.at(i).isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
            ++i;
    }
    at.append(text.size());
    const qsizetype last = at.size() - 1;
    QList<Span> spans;
    spans.reserve(timings.size());
    for (const WordTiming &t : timings) {
        const qsizetype s = at.at(qBound<qsizetype>(0, t.charStart, last));
        const qsizetype e = at.at(qBound<qsizetype>(0, t.charEnd, last));
        spans.append({s, qMax<qsizetype>(0, e - s)});
    }
    return spans;
}
