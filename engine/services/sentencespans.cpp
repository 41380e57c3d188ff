#include "sentencespans.h"

#include "ssmldocument.h"
#include "ssmlplan.h"
#include "textsegmenter.h"

#include <optional>
#include <tuple>

QList<SentenceSpans::Span> SentenceSpans::of(const QString &text)
{
    QList<Span> spans;
    if (SsmlDocument::isSsml(text)) {
        // The synthesis speaks SsmlPlan's pieces (their say-as words aside, which do not
        // change where a piece lies in the document).
        const auto parsed = SsmlDocument::parse(text);
        if (const auto *doc = std::get_if<SsmlDocument>(&parsed)) {
            // Named: steps() is a reference into the plan, and a temporary plan in the
            // range-for's head is gone before the loop runs (ASan: stack-use-after-scope;
            // the studio crashed now and then when it spoke SSML).
            const SsmlPlan plan(*doc, 0, nullptr);
            for (const SsmlStep &step : plan.steps())
                spans.append({step.sourceStart(), step.sourceEnd() - step.sourceStart()});
        }
        return spans;
    }
    // The sentences the synthesis reports, in this order (a sentence the ramp cut into
    // pieces is reported once: SynthesisPipeline::Progress::sentence).
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
    // In an SSML document a word's span may start or end with markup ("<emphasis>now</emphasis>!"):
    // marked from its first visible character to its last.
    std::optional<SsmlDocument> doc;
    if (SsmlDocument::isSsml(text)) {
        auto parsed = SsmlDocument::parse(text);
        if (auto *d = std::get_if<SsmlDocument>(&parsed))
            doc = std::move(*d);
    }
    QList<Span> spans;
    spans.reserve(timings.size());
    for (const WordTiming &t : timings) {
        qsizetype s = at.at(qBound<qsizetype>(0, t.charStart, last));
        qsizetype e = at.at(qBound<qsizetype>(0, t.charEnd, last));
        if (doc && e > s)
            std::tie(s, e) = doc->visibleSpan(s, e);
        spans.append({s, qMax<qsizetype>(0, e - s)});
    }
    return spans;
}
