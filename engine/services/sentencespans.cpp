#include "sentencespans.h"

#include "textsegmenter.h"

QList<SentenceSpans::Span> SentenceSpans::of(const QString &text)
{
    // The segmenter hands out trimmed pieces in text order: find each after the last.
    QList<Span> spans;
    qsizetype from = 0;
    for (const QString &piece : TextSegmenter().split(text)) {
        const qsizetype at = text.indexOf(piece, from);
        if (at < 0) {
            spans.append({from, 0}); // keeps the indices aligned; nothing to mark
            continue;
        }
        spans.append({at, piece.size()});
        from = at + piece.size();
    }
    return spans;
}
