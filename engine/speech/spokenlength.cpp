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

// A Latin-script code point is about 75 ms of speech (20 per token make the documented
// 1.5 s). What is said for longer counts as that many: a CJK ideograph, a kana or a
// Hangul syllable is a syllable (~0.35 s); a letter standing alone, or in a run of
// capitals with no vowel ("W", "BBC"), is read as its name ("double-u", ~0.35-0.5 s).
constexpr qint64 kSyllableWeight = 5;
constexpr qint64 kLetterNameWeight = 6;
// The longest run of consonants a word of the Latin-script languages has (German
// "Angstschweiß", ngstschw): a longer run is not a word.
constexpr int kMostConsonantsInAWord = 8;

bool isSyllabic(char32_t u)
{
    return (u >= 0x3040 && u <= 0x30FF) || (u >= 0x31F0 && u <= 0x31FF)  // kana
           || (u >= 0x3400 && u <= 0x4DBF) || (u >= 0x4E00 && u <= 0x9FFF) // CJK ideographs
           || (u >= 0xF900 && u <= 0xFAFF) || (u >= 0x20000 && u <= 0x3FFFF)
           || (u >= 0xAC00 && u <= 0xD7AF) || (u >= 0x1100 && u <= 0x11FF) // Hangul
           || (u >= 0x3130 && u <= 0x318F) || (u >= 0xFF66 && u <= 0xFF9F); // half-width kana
}

// The letter an accented Latin letter is built on (é → e), else the letter itself.
char32_t latinBase(char32_t u)
{
    const QString d = QChar::decomposition(u);
    return d.isEmpty() ? u : d.at(0).unicode();
}

bool isLatinVowel(char32_t u)
{
    switch (QChar::toUpper(latinBase(u))) {
    case 'A': case 'E': case 'I': case 'O': case 'U': case 'Y':
        return true;
    default:
        return false;
    }
}

bool isLatinLetter(char32_t u)
{
    return QChar::script(u) == QChar::Script_Latin;
}

qint64 said(const QString &text, const TextNormalizer *normalizer)
{
    if (text.isEmpty())
        return 0;
    const QString words = normalizer ? normalizer->normalize(text).text : text;
    const QList<uint> u = words.toUcs4();
    qint64 n = 0;
    for (qsizetype i = 0; i < u.size();) {
        const char32_t c = u.at(i);
        if (QChar::isLetter(c) && !isSyllabic(c)) {
            // A word of letters: spelled out when it is one letter, or Latin letters without a
            // vowel or with more consonants in a row than a word has ("BBC", "bcdfg",
            // "qxzbcdfa"), in either case and of any length: the voices read such a word
            // letter by letter.
            qsizetype end = i;
            bool latin = true, vowel = false;
            int consonants = 0, mostConsonants = 0;
            while (end < u.size() && QChar::isLetter(u.at(end)) && !isSyllabic(u.at(end))) {
                const bool isVowel = isLatinVowel(u.at(end));
                latin = latin && isLatinLetter(u.at(end));
                vowel = vowel || isVowel;
                consonants = isVowel ? 0 : consonants + 1;
                mostConsonants = qMax(mostConsonants, consonants);
                ++end;
            }
            const qsizetype len = end - i;
            const bool spelled = len == 1 || (latin && (!vowel || mostConsonants > kMostConsonantsInAWord));
            n += spelled ? len * kLetterNameWeight : len;
            i = end;
            continue;
        }
        if (isSyllabic(c))
            n += kSyllableWeight;
        else if (QChar::isDigit(c)) // any script's: espeak-ng reads Arabic-Indic or Devanagari digits too
            n += kDigitWeight;
        else
            n += 1;
        ++i;
    }
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
