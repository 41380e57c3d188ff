#include "ipaphonemes.h"


#include <vector>

namespace
{
// One IPA sound: its espeak-ng mnemonics, best first ("E|e": a language whose phoneme
// table lacks E says e), and the closest CMU phones (vowels without their stress digit;
// empty: said as nothing, e.g. a glottal stop).
struct Sound
{
    const char16_t *ipa;
    const char *espeak;
    const char *flite;
    bool vowel;
};

// Longer sequences (affricates, diphthongs) are listed before their parts: the parser
// takes the longest match.
const Sound kSounds[] = {
    // Affricates
    {u"tʃ", "tS", "ch", false}, {u"dʒ", "dZ", "jh", false}, {u"ts", "ts", "t s", false}, {u"dz", "dz", "d z", false},
    {u"tɕ", "tS;|tS", "ch", false}, {u"dʑ", "dZ;|dZ", "jh", false}, {u"tʂ", "ts.|tS", "ch", false}, {u"dʐ", "dz.|dZ", "jh", false},
    // Diphthongs
    {u"eɪ", "eI|e", "ey", true}, {u"aɪ", "aI|aj|ai", "ay", true}, {u"ɑɪ", "aI|aj|ai", "ay", true}, {u"ɔɪ", "OI|oj|oi", "oy", true},
    {u"aʊ", "aU|au", "aw", true}, {u"ɑʊ", "aU|au", "aw", true}, {u"oʊ", "oU|o", "ow", true}, {u"əʊ", "@U|oU|o", "ow", true},
    {u"ɪə", "i@|ie", "ih ax", true}, {u"eə", "e@|E@|e", "eh ax", true}, {u"ɛə", "e@|E@|e", "eh ax", true}, {u"ʊə", "U@|u@|ue", "uh ax", true},
    {u"ɝ", "3:|3|@r|er", "er", true}, {u"ɚ", "3|@r|er", "er", true},
    // Vowels
    {u"i", "i", "iy", true}, {u"y", "y|Y|i", "uw", true}, {u"ɨ", "i\"|i", "ih", true}, {u"ʉ", "u\"|u", "uw", true},
    {u"ɯ", "u-|u", "uw", true}, {u"u", "u", "uw", true}, {u"ɪ", "I|i", "ih", true}, {u"ʏ", "Y|y|U|u", "uh", true},
    {u"ʊ", "U|u", "uh", true}, {u"e", "e|E", "ey", true}, {u"ø", "Y|W|y|e", "er", true}, {u"ɘ", "@|e", "ax", true},
    {u"ɵ", "@|o", "ax", true}, {u"ɤ", "o-|o", "ah", true}, {u"o", "o|O", "ow", true}, {u"ə", "@|e", "ax", true},
    {u"ɛ", "E|e", "eh", true}, {u"œ", "W|Y|E|e", "er", true}, {u"ɜ", "3|@|e", "er", true}, {u"ɞ", "3|@|o", "er", true},
    {u"ʌ", "V|a|@", "ah", true}, {u"ɔ", "O|o", "ao", true}, {u"æ", "a|E|e", "ae", true}, {u"ɐ", "a#|a", "ah", true},
    {u"a", "a", "aa", true}, {u"ɶ", "W|a", "aa", true}, {u"ɑ", "A|a", "aa", true}, {u"ɒ", "0|O|o", "aa", true},
    // Consonants
    {u"p", "p", "p", false}, {u"b", "b", "b", false}, {u"t", "t", "t", false}, {u"d", "d", "d", false},
    {u"ʈ", "t.|t", "t", false}, {u"ɖ", "d.|d", "d", false}, {u"c", "c|k", "k", false}, {u"ɟ", "J|g", "g", false},
    {u"k", "k", "k", false}, {u"g", "g", "g", false}, {u"ɡ", "g", "g", false}, {u"q", "q|k", "k", false},
    {u"ɢ", "G|g", "g", false}, {u"ʔ", "?|", "", false}, {u"m", "m", "m", false}, {u"ɱ", "M|m", "m", false},
    {u"n", "n", "n", false}, {u"ɳ", "n.|n", "n", false}, {u"ɲ", "n^|nj", "n y", false}, {u"ŋ", "N|n", "ng", false},
    {u"ɴ", "n\"|N|n", "ng", false}, {u"ʙ", "b", "b", false}, {u"r", "r|R", "r", false}, {u"ʀ", "r\"|R|r", "r", false},
    {u"ɾ", "*|r", "d", false}, {u"ɽ", "*.|*|r", "r", false}, {u"ɸ", "F|f", "f", false}, {u"β", "B|b|v", "v", false},
    {u"f", "f", "f", false}, {u"v", "v", "v", false}, {u"θ", "T|t", "th", false}, {u"ð", "D|d", "dh", false},
    {u"s", "s", "s", false}, {u"z", "z", "z", false}, {u"ʃ", "S|s", "sh", false}, {u"ʒ", "Z|z", "zh", false},
    {u"ʂ", "s.|S|s", "sh", false}, {u"ʐ", "z.|Z|z", "zh", false}, {u"ɕ", "S;|S|s", "sh", false}, {u"ʑ", "Z;|Z|z", "zh", false},
    {u"ç", "C|x|h", "hh", false}, {u"ʝ", "j|J", "y", false}, {u"x", "x|h", "hh", false}, {u"ɣ", "Q|g", "g", false},
    {u"χ", "X|x|h", "hh", false}, {u"ʁ", "R|r", "r", false}, {u"ħ", "H|h", "hh", false}, {u"ʕ", "H|h", "hh", false},
    {u"h", "h", "hh", false}, {u"ɦ", "h", "hh", false}, {u"ɬ", "l#|l", "l", false}, {u"ɮ", "l", "l", false},
    {u"ʋ", "v", "v", false}, {u"ɹ", "r|R", "r", false}, {u"ɻ", "r.|r", "r", false}, {u"j", "j", "y", false},
    {u"ɰ", "w|u", "w", false}, {u"l", "l", "l", false}, {u"ɫ", "l", "l", false}, {u"ɭ", "l.|l", "l", false},
    {u"ʎ", "l^|lj|l", "l y", false}, {u"ʟ", "l", "l", false}, {u"w", "w|u", "w", false}, {u"ʍ", "w|u", "w", false},
    {u"ɥ", "j|i", "y", false},
};

enum class Mark { None, Primary, Secondary, Long, Nasal, Break, Ignored };

// Marks and diacritics: stress and length are kept, word breaks too; the rest (ties,
// syllable dots, aspiration, palatalization...) is read past.
Mark markOf(QChar c)
{
    switch (c.unicode()) {
    case u'ˈ':
    case u'\'':
        return Mark::Primary;
    case u'ˌ':
    case u',':
        return Mark::Secondary;
    case u'ː':
    case u':':
    case u'ˑ':
        return Mark::Long;
    case 0x0303: // combining tilde: nasal
        return Mark::Nasal;
    case u' ':
        return Mark::Break;
    case u'.':
    case u'‿':
    case 0x0361: // tie bar above
    case 0x035C: // tie bar below
    case 0x0329: // syllabic
    case 0x032F: // non-syllabic
    case 0x0325: // voiceless
    case 0x032C: // voiced
    case 0x031A: // no audible release
    case 0x0320: // retracted
    case 0x031F: // advanced
    case 0x0348: // strong articulation
    case u'ʰ':
    case u'ʲ':
    case u'ʷ':
    case u'ˠ':
    case u'ˤ':
    case u'ⁿ':
    case u'ˡ':
        return Mark::Ignored;
    default:
        return Mark::None;
    }
}

struct Token
{
    const Sound *sound = nullptr; // null: a mark
    Mark mark = Mark::None;
};

// The symbols of kSounds in NFD, as the input is compared in it: "ç" is c + U+0327 there.
const std::vector<QString> &decomposedSounds()
{
    static const std::vector<QString> symbols = [] {
        std::vector<QString> out;
        for (const Sound &sound : kSounds)
            out.push_back(QString::fromUtf16(sound.ipa).normalized(QString::NormalizationForm_D));
        return out;
    }();
    return symbols;
}

// nullopt with the unknown symbol in *unknown.
std::optional<std::vector<Token>> tokenize(const QString &ipa, QString *unknown)
{
    // Canonically equivalent spellings are one IPA: a precomposed "ã" (U+00E3) is a with
    // the nasal tilde, as "a" + U+0303 is; NFD takes every such letter apart.
    QString s = ipa.normalized(QString::NormalizationForm_D);
    // Tie bars join affricates ("t͡ʃ"): drop them first so that the pair matches.
    s.remove(QChar(0x0361)).remove(QChar(0x035C));
    const std::vector<QString> &symbols = decomposedSounds();
    std::vector<Token> out;
    qsizetype i = 0;
    while (i < s.size()) {
        const Sound *best = nullptr;
        qsizetype bestLength = 0;
        for (size_t k = 0; k < symbols.size(); ++k) {
            const QString &candidate = symbols[k];
            if (candidate.size() > bestLength && QStringView(s).mid(i).startsWith(candidate)) {
                best = &kSounds[k];
                bestLength = candidate.size();
            }
        }
        if (best) {
            out.push_back({best, Mark::None});
            i += bestLength;
            continue;
        }
        const Mark m = markOf(s.at(i));
        if (m == Mark::None) {
            if (unknown) {
                const qsizetype n = s.at(i).isHighSurrogate() && i + 1 < s.size() ? 2 : 1;
                // A mark alone means nothing to a reader: name it with the letter it
                // sits on, as written ("á", not a lone U+0301).
                const qsizetype from = s.at(i).isMark() && i > 0 ? i - 1 : i;
                *unknown = s.mid(from, i + n - from).normalized(QString::NormalizationForm_C);
            }
            return std::nullopt;
        }
        // Whitespace of any kind is a word break; repeated breaks count once.
        if (m != Mark::Ignored && !(m == Mark::Break && !out.empty() && out.back().mark == Mark::Break))
            out.push_back({nullptr, m});
        ++i;
    }
    return out;
}

bool hasSound(const std::vector<Token> &tokens)
{
    for (const Token &t : tokens)
        if (t.sound)
            return true;
    return false;
}

QString normalizedSpaces(const QString &ipa)
{
    QString s = ipa;
    for (QChar &c : s)
        if (c.isSpace())
            c = u' ';
    return s.trimmed();
}
}

std::optional<QString> IpaPhonemes::unknownSymbol(const QString &ipa)
{
    QString unknown;
    const auto tokens = tokenize(normalizedSpaces(ipa), &unknown);
    if (!tokens)
        return unknown;
    if (!hasSound(*tokens))
        return QString();
    return std::nullopt;
}

std::optional<QString> IpaPhonemes::toEspeak(const QString &ipa, const Known &known)
{
    const auto tokens = tokenize(normalizedSpaces(ipa), nullptr);
    if (!tokens || !hasSound(*tokens))
        return std::nullopt;
    QString out;
    for (size_t i = 0; i < tokens->size(); ++i) {
        const Token &t = (*tokens)[i];
        if (t.sound) {
            const QStringList choices = QString::fromLatin1(t.sound->espeak).split(u'|');
            if (!known) {
                out += choices.first();
                continue;
            }
            // A long vowel may be a mnemonic of its own ("3:" in English): try it first.
            const bool longNext = i + 1 < tokens->size() && (*tokens)[i + 1].mark == Mark::Long;
            QString chosen;
            bool found = false;
            for (const QString &c : choices) {
                if (c.isEmpty() || (longNext && known(c + u':'))) {
                    chosen = c.isEmpty() ? c : c + u':';
                    found = true;
                    break;
                }
                if (known(c)) {
                    chosen = c;
                    found = true;
                    break;
                }
            }
            // Nothing the voice knows: the first choice (espeak-ng skips it).
            out += found ? chosen : choices.first();
            if (found && chosen.endsWith(u':') && longNext)
                ++i; // the length is in the mnemonic
            continue;
        }
        switch (t.mark) {
        case Mark::Primary: out += u'\''; break;
        case Mark::Secondary: out += u','; break;
        case Mark::Long: out += u':'; break;
        case Mark::Nasal: out += u'~'; break;
        case Mark::Break: out += u' '; break;
        default: break;
        }
    }
    return out;
}

std::optional<QStringList> IpaPhonemes::toFlite(const QString &ipa)
{
    const auto tokens = tokenize(normalizedSpaces(ipa), nullptr);
    if (!tokens)
        return std::nullopt;
    bool anyStress = false;
    for (const Token &t : *tokens)
        anyStress = anyStress || t.mark == Mark::Primary;
    QStringList phones;
    bool vowelSeen = false;
    char pending = anyStress ? '0' : '1'; // stress digit of the next vowel
    for (const Token &t : *tokens) {
        if (!t.sound) {
            if (t.mark == Mark::Primary)
                pending = '1';
            else if (t.mark == Mark::Secondary)
                pending = '0'; // flite's lexicon folds secondary stress into 0
            continue;
        }
        const QStringList parts = QString::fromLatin1(t.sound->flite).split(u' ', Qt::SkipEmptyParts);
        for (qsizetype p = 0; p < parts.size(); ++p) {
            if (!t.sound->vowel) {
                phones << parts.at(p);
                continue;
            }
            // The stress falls on the first part of a vowel sequence ("ih ax").
            char digit = p == 0 ? pending : '0';
            // flite has only an unstressed schwa.
            QString base = parts.at(p);
            if (base == QLatin1String("ax") && digit == '1')
                base = QStringLiteral("ah");
            phones << base + QLatin1Char(digit);
        }
        if (t.sound->vowel) {
            vowelSeen = true;
            pending = '0';
        }
    }
    if (!vowelSeen)
        return std::nullopt;
    return phones;
}
