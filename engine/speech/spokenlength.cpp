#include "spokenlength.h"

#include "ssmldocument.h"
#include "ssmlplan.h"
#include "textnormalizer.h"
#include "textsegmenter.h"

#include <map>
#include <memory>

namespace
{
qint64 codePoints(const QString &s)
{
    qint64 n = 0;
    for (qsizetype i = 0; i < s.size(); ++i)
        if (!(s.at(i).isLowSurrogate() && i > 0 && s.at(i - 1).isHighSurrogate()))
            ++n;
    return n;
}

// One normalizer per locale and thread: the request checks run on several store threads
// at once, and ICU's formatters are not to be shared between threads.
const TextNormalizer *normalizerFor(const QString &locale)
{
    if (locale.isEmpty())
        return nullptr;
    thread_local std::map<QString, std::unique_ptr<TextNormalizer>> normalizers;
    std::unique_ptr<TextNormalizer> &n = normalizers[locale];
    if (!n)
        n = std::make_unique<TextNormalizer>(locale);
    return n.get();
}

// A digit still written as a digit after numbers are spelled out (a run longer than ICU
// spells, digits inside a word such as MP3) is read by the backend as its name: it counts
// as long as the longest digit names with their space ("seitsemän ").
constexpr qint64 kDigitWeight = 10;

qint64 said(const QString &text, const TextNormalizer *normalizer)
{
    if (text.isEmpty())
        return 0;
    const QString words = normalizer ? normalizer->normalize(text).text : text;
    qint64 n = codePoints(words);
    for (const QChar c : words)
        if (c.isDigit()) // any script's: espeak-ng reads Arabic-Indic or Devanagari digits too
            n += kDigitWeight - 1;
    return n;
}

// As SynthesisPipeline::spokenPiece hands a piece to its backend.
qint64 pieceLength(const QString &piece, qsizetype pieceStart, const QList<Pronunciation> &pronunciations,
                   const TextNormalizer *normalizer)
{
    qint64 total = 0;
    qsizetype cursor = 0;
    const qsizetype pieceEnd = pieceStart + piece.size();
    for (const Pronunciation &p : pronunciations) {
        if (p.start < pieceStart + cursor || p.start + p.length > pieceEnd)
            continue; // cut by the segmenter: said as written
        const qsizetype at = p.start - pieceStart;
        total += said(piece.mid(cursor, at - cursor), normalizer);
        if (!p.ipa.isEmpty() || !p.alias.isEmpty())
            total += qMax(codePoints(p.ipa), said(p.alias, normalizer));
        else
            total += said(piece.mid(at, p.length), normalizer);
        cursor = at + p.length;
    }
    return total + said(piece.mid(cursor), normalizer);
}
}

qint64 SpokenLength::of(const SynthesisParams &params)
{
    qint64 total = 0;
    if (SsmlDocument::isSsml(params.text)) {
        const auto parsed = SsmlDocument::parse(params.text);
        const auto *doc = std::get_if<SsmlDocument>(&parsed);
        if (!doc)
            return 0; // refused by the request check already
        const SsmlPlan plan(*doc, params.sentencePauseMs, normalizerFor(params.locale));
        for (const SsmlStep &step : plan.steps()) {
            const SynthesisParams voiced = params.inLanguage(step.language);
            total += pieceLength(step.text, 0, SsmlPlan::pronunciationsOf(step, params.pronunciations),
                                 normalizerFor(voiced.locale));
        }
        return total;
    }
    for (const TextSegmenter::Piece &piece : TextSegmenter().pieces(params.text))
        total += pieceLength(piece.text, piece.start, params.pronunciations, normalizerFor(params.locale));
    return total;
}
