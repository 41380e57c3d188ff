#include "sentencespans.h"

#include "ssmldocument.h"
#include "ssmlplan.h"
#include "textsegmenter.h"

QList<SentenceSpans::Span> SentenceSpans::of(const QString &text)
{
    QList<Span> spans;
    if (SsmlDocument::isSsml(text)) {
        // The synthesis speaks SsmlPlan's pieces (their say-as words aside, which do not
        // change where a piece lies in the document).
        const auto parsed = SsmlDocument::parse(text);
        if (const auto *doc = std::get_if<SsmlDocument>(&parsed)) {
            for (const SsmlStep &step : SsmlPlan(*doc, 0, nullptr).steps())
                spans.append({step.sourceStart(), step.sourceEnd() - step.sourceStart()});
        }
        return spans;
    }
    // The synthesis speaks TextSegmenter's pieces of the same text, in this order.
    for (const TextSegmenter::Piece &piece : TextSegmenter().pieces(text))
        spans.append({piece.start, piece.text.size()});
    return spans;
}
