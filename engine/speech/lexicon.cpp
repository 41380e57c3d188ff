#include "lexicon.h"

#include "foldedtext.h"
#include "ipaphonemes.h"

#include <QRegularExpression>

#include <algorithm>
#include <map>

namespace
{
qsizetype codePoints(const QString &s)
{
    return s.toUcs4().size();
}

bool wordChar(QChar c)
{
    return c.isLetterOrNumber() || c.isMark();
}

// Whether the entry is for one of these languages: the same code, or its base ("en" for
// "en-us"); '_' and '-' are the same.
bool forLanguage(const LexiconEntry &e, const QStringList &languages)
{
    if (e.languageCode.isEmpty())
        return true;
    for (QString code : languages) {
        code = code.toLower().replace(u'_', u'-');
        if (code == e.languageCode || code.startsWith(e.languageCode + u'-'))
            return true;
    }
    return false;
}

// A string field: absent (nullopt, no problem), wrong type (problem), or its text.
std::optional<QString> stringField(const QJsonObject &o, const char *name, const QString &field,
                                   QList<LexiconProblem> &problems)
{
    const QJsonValue v = o.value(QLatin1String(name));
    if (v.isUndefined() || v.isNull())
        return std::nullopt;
    if (!v.isString()) {
        problems.append({field, QStringLiteral("%1 must be a string").arg(QLatin1String(name)), true});
        return std::nullopt;
    }
    return v.toString();
}

FoldedText::Mode modeOf(const LexiconEntry &e)
{
    return e.caseSensitive ? FoldedText::Mode::Canonical : FoldedText::Mode::Caseless;
}

// The code point that ends before index i / starts at index i of s (0 at either end).
char32_t codePointBefore(const QString &s, qsizetype i)
{
    if (i <= 0)
        return 0;
    if (s.at(i - 1).isLowSurrogate() && i >= 2 && s.at(i - 2).isHighSurrogate())
        return QChar::surrogateToUcs4(s.at(i - 2), s.at(i - 1));
    return s.at(i - 1).unicode();
}

char32_t codePointAt(const QString &s, qsizetype i)
{
    if (i >= s.size())
        return 0;
    if (s.at(i).isHighSurrogate() && i + 1 < s.size() && s.at(i + 1).isLowSurrogate())
        return QChar::surrogateToUcs4(s.at(i), s.at(i + 1));
    return s.at(i).unicode();
}

bool wordCodePoint(char32_t c)
{
    return c != 0 && (QChar::isLetterOrNumber(c) || QChar::isMark(c));
}

// Line breaks, control characters and lone surrogates have no place in a lexicon.
bool hasBadCharacter(const QString &s)
{
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        if (c.unicode() < 0x20 || c.unicode() == 0x7f || c == QChar(0x2028) || c == QChar(0x2029))
            return true;
        if (c.isHighSurrogate() && (i + 1 >= s.size() || !s.at(i + 1).isLowSurrogate()))
            return true;
        if (c.isLowSurrogate() && (i == 0 || !s.at(i - 1).isHighSurrogate()))
            return true;
    }
    return false;
}
}

QJsonObject LexiconEntry::toJson() const
{
    QJsonObject o{{"grapheme", grapheme}};
    if (!alias.isEmpty())
        o.insert("alias", alias);
    if (!phoneme.isEmpty()) {
        o.insert("phoneme", phoneme);
        o.insert("alphabet", QStringLiteral("ipa"));
    }
    if (!languageCode.isEmpty())
        o.insert("language_code", languageCode);
    o.insert("case_sensitive", caseSensitive);
    return o;
}

QJsonArray Lexicon::toJson(const QList<LexiconEntry> &entries)
{
    QJsonArray out;
    for (const LexiconEntry &e : entries)
        out.append(e.toJson());
    return out;
}

Lexicon::Parsed Lexicon::parse(const QJsonArray &array)
{
    Parsed out;
    if (array.size() > kMaxEntries) {
        out.problems.append({QStringLiteral("entries"),
                             QStringLiteral("A lexicon holds at most %1 entries (got %2)").arg(kMaxEntries).arg(array.size())});
        return out;
    }
    // grapheme (folded unless case-sensitive) + language -> first index, for duplicates.
    std::map<QString, qsizetype> seen;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString at = QStringLiteral("entries[%1]").arg(i);
        if (!array.at(i).isObject()) {
            out.problems.append({at, QStringLiteral("Each entry must be an object"), true});
            continue;
        }
        const QJsonObject o = array.at(i).toObject();
        const qsizetype before = out.problems.size();
        LexiconEntry e;
        const auto grapheme = stringField(o, "grapheme", at + QStringLiteral(".grapheme"), out.problems);
        const auto alias = stringField(o, "alias", at + QStringLiteral(".alias"), out.problems);
        const auto phoneme = stringField(o, "phoneme", at + QStringLiteral(".phoneme"), out.problems);
        const auto alphabet = stringField(o, "alphabet", at + QStringLiteral(".alphabet"), out.problems);
        const auto language = stringField(o, "language_code", at + QStringLiteral(".language_code"), out.problems);
        const QJsonValue cs = o.value("case_sensitive");
        // true, false or absent: an extension's flag has no "null" meaning the default.
        if (!cs.isUndefined() && !cs.isBool())
            out.problems.append({at + QStringLiteral(".case_sensitive"), QStringLiteral("case_sensitive must be a boolean"), true});
        if (out.problems.size() > before)
            continue; // type errors first: the values mean nothing yet

        auto problem = [&](const char *field, const QString &message) {
            out.problems.append({at + u'.' + QLatin1String(field), message});
        };
        e.grapheme = grapheme.value_or(QString()).trimmed();
        if (!grapheme)
            problem("grapheme", QStringLiteral("grapheme is required"));
        else if (e.grapheme.isEmpty())
            problem("grapheme", QStringLiteral("grapheme must not be empty"));
        else if (codePoints(e.grapheme) > kMaxGraphemeLength)
            problem("grapheme", QStringLiteral("grapheme is longer than %1 characters").arg(kMaxGraphemeLength));
        else if (hasBadCharacter(e.grapheme))
            problem("grapheme", QStringLiteral("grapheme must be one line without control characters"));
        else if (!std::any_of(e.grapheme.cbegin(), e.grapheme.cend(), wordChar))
            problem("grapheme", QStringLiteral("grapheme must contain a letter or digit"));

        e.alias = alias.value_or(QString()).trimmed();
        e.phoneme = phoneme.value_or(QString()).trimmed();
        if (alias && e.alias.isEmpty())
            problem("alias", QStringLiteral("alias must not be empty"));
        else if (codePoints(e.alias) > kMaxAliasLength)
            problem("alias", QStringLiteral("alias is longer than %1 characters").arg(kMaxAliasLength));
        else if (hasBadCharacter(e.alias))
            problem("alias", QStringLiteral("alias must be one line without control characters"));
        if (phoneme && e.phoneme.isEmpty()) {
            problem("phoneme", QStringLiteral("phoneme must not be empty"));
        } else if (codePoints(e.phoneme) > kMaxPhonemeLength) {
            problem("phoneme", QStringLiteral("phoneme is longer than %1 characters").arg(kMaxPhonemeLength));
        } else if (!e.phoneme.isEmpty()) {
            if (const auto bad = IpaPhonemes::unknownSymbol(e.phoneme))
                problem("phoneme", bad->isEmpty() ? QStringLiteral("phoneme has no sound in it")
                                                  : QStringLiteral("phoneme contains '%1', which is not a supported IPA symbol").arg(*bad));
        }
        if (alphabet && alphabet->compare(QLatin1String("ipa"), Qt::CaseInsensitive) != 0)
            problem("alphabet", QStringLiteral("alphabet must be \"ipa\""));
        if (alphabet && !phoneme)
            problem("phoneme", QStringLiteral("alphabet is given but phoneme is missing"));
        if (!alias && !phoneme)
            problem("alias", QStringLiteral("An entry needs an alias or a phoneme"));

        e.languageCode = language.value_or(QString()).trimmed().toLower().replace(u'_', u'-');
        // BCP 47 ("en", "pt-br") or this API's own codes ("a", "j").
        static const QRegularExpression code(QStringLiteral("^[a-z]{1,3}(-[a-z0-9]{2,8})*$"));
        if (language && (e.languageCode.size() > kMaxLanguageCodeLength || !code.match(e.languageCode).hasMatch()))
            problem("language_code", QStringLiteral("language_code must be a language code such as \"en\", \"pt-BR\" or \"a\""));
        e.caseSensitive = cs.toBool(false);

        if (out.problems.size() > before)
            continue;
        // Compared as matching compares them: canonically equivalent spellings (NFC and
        // NFD "café") are one grapheme; without case sensitivity, folded (FoldedText).
        const QString key = FoldedText::fold(e.grapheme, modeOf(e)) + u'\x1f' + e.languageCode
                            + (e.caseSensitive ? u'1' : u'0');
        if (const auto it = seen.find(key); it != seen.end()) {
            problem("grapheme", QStringLiteral("grapheme repeats entries[%1]").arg(it->second));
            continue;
        }
        seen.emplace(key, i);
        out.entries.append(e);
    }
    if (!out.problems.isEmpty())
        out.entries.clear();
    return out;
}

bool Lexicon::sameWordAnyCase(const QString &a, const QString &b)
{
    return FoldedText::fold(a, FoldedText::Mode::Caseless) == FoldedText::fold(b, FoldedText::Mode::Caseless);
}

QList<Pronunciation> Lexicon::match(const QList<LexiconEntry> &entries, const QString &text, const QStringList &languages)
{
    // Longer graphemes first ("New York City" before "New York"), then entry order.
    QList<qsizetype> order;
    for (qsizetype i = 0; i < entries.size(); ++i)
        if (forLanguage(entries.at(i), languages))
            order.append(i);
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
        return entries.at(a).grapheme.size() > entries.at(b).grapheme.size();
    });
    // The text is searched in the entries' folded form and every match mapped back to
    // the characters as written: spans point into the text as sent, never a copy of it.
    std::optional<FoldedText> canonical, caseless;
    std::vector<bool> taken(size_t(text.size()), false);
    QList<Pronunciation> found;
    for (qsizetype index : order) {
        const LexiconEntry &e = entries.at(index);
        const FoldedText::Mode mode = modeOf(e);
        std::optional<FoldedText> &folded = mode == FoldedText::Mode::Canonical ? canonical : caseless;
        if (!folded)
            folded.emplace(text, mode);
        const QString grapheme = FoldedText::fold(e.grapheme, mode);
        if (grapheme.isEmpty())
            continue;
        const QString &haystack = folded->folded();
        for (qsizetype at = haystack.indexOf(grapheme); at >= 0; at = haystack.indexOf(grapheme, at + 1)) {
            // Only whole characters with their marks ("e" is not found in "é").
            const auto span = folded->original(at, at + grapheme.size());
            if (!span)
                continue;
            // Whole words: no letter or digit joins the match on either side (looked at
            // in the folded text, where a soft hyphen inside a word is gone).
            const qsizetype after = at + grapheme.size();
            const bool startsWord = !wordCodePoint(codePointAt(grapheme, 0)) || !wordCodePoint(codePointBefore(haystack, at));
            const bool endsWord = !wordCodePoint(codePointBefore(grapheme, grapheme.size()))
                                  || !wordCodePoint(codePointAt(haystack, after));
            if (!startsWord || !endsWord)
                continue;
            const auto [start, end] = *span;
            if (std::any_of(taken.begin() + start, taken.begin() + end, [](bool t) { return t; }))
                continue;
            std::fill(taken.begin() + start, taken.begin() + end, true);
            found.append(Pronunciation{start, end - start, e.phoneme, e.alias});
        }
    }
    std::sort(found.begin(), found.end(), [](const Pronunciation &a, const Pronunciation &b) { return a.start < b.start; });
    return found;
}
