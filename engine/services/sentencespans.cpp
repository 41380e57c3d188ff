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
