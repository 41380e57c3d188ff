#include "lexicon.h"

#include "foldedtext.h"
#include "ipaphonemes.h"
#include "ssmldocument.h"

#include <QRegularExpression>

#include <QHash>

#include <algorithm>
#include <map>
#include <unordered_map>
#include <vector>

namespace
{
qsizetype codePoints(const QString &s)
{
    return s.toUcs4().size();
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
        // Noncharacters (U+FFFE, U+FDD0, U+10FFFF...) are refused in every text field
        // (SpeechRequestCheck::invalidCharacter): they would not survive storage.
        if (QChar::isNonCharacter(codePointAt(s, i)))
            return true;
    }
    return false;
}

// Whether s says something: a letter or a digit (a combining mark alone, a zero-width
// space alone says nothing).
bool hasLetterOrDigit(const QString &s)
{
    for (qsizetype i = 0; i < s.size(); ++i)
        if (QChar::isLetterOrNumber(codePointAt(s, i)))
            return true;
    return false;
}
}

std::optional<QString> Lexicon::graphemeProblem(const QString &grapheme)
{
    if (!grapheme.isEmpty() && (grapheme.front().isSpace() || grapheme.back().isSpace()))
        return QStringLiteral("grapheme must not begin or end with whitespace (it is matched as written)");
    return std::nullopt;
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
        // Stored and matched as sent (docs/api.md "Unicode normalization"): a grapheme
        // with spaces around it is refused rather than trimmed into another word.
        e.grapheme = grapheme.value_or(QString());
        if (!grapheme)
            problem("grapheme", QStringLiteral("grapheme is required"));
        else if (e.grapheme.isEmpty())
            problem("grapheme", QStringLiteral("grapheme must not be empty"));
        else if (const auto why = Lexicon::graphemeProblem(e.grapheme))
            problem("grapheme", *why);
        else if (codePoints(e.grapheme) > kMaxGraphemeLength)
            problem("grapheme", QStringLiteral("grapheme is longer than %1 characters").arg(kMaxGraphemeLength));
        else if (hasBadCharacter(e.grapheme))
            problem("grapheme", QStringLiteral("grapheme must be one line without control characters or noncharacters"));
        else if (!hasLetterOrDigit(e.grapheme))
            problem("grapheme", QStringLiteral("grapheme must contain a letter or digit"));

        e.alias = alias.value_or(QString()).trimmed();
        e.phoneme = phoneme.value_or(QString()).trimmed();
        if (alias && e.alias.isEmpty())
            problem("alias", QStringLiteral("alias must not be empty"));
        else if (codePoints(e.alias) > kMaxAliasLength)
            problem("alias", QStringLiteral("alias is longer than %1 characters").arg(kMaxAliasLength));
        else if (hasBadCharacter(e.alias))
            problem("alias", QStringLiteral("alias must be one line without control characters or noncharacters"));
        else if (alias && !hasLetterOrDigit(e.alias))
            problem("alias", QStringLiteral("alias must contain a letter or digit"));
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

namespace
{
// The folded graphemes of one mode, from their first word on, in a radix tree: a match's
// first word is always a whole word of the text (the characters before it in the
// grapheme, if any, end in a non-word character; else the whole-word rule holds there),
// so the text is walked once from the start of each of its words, never from every
// position, and a walk follows one path: O(text + the words it shares with graphemes).
struct Pattern
{
    QString prefix;   // the folded grapheme before its first word (".NET": ".")
    qsizetype length = 0; // the whole folded grapheme
    bool wordFirst = false, wordLast = false; // whether it starts / ends with a word character
    qint32 rank = 0;  // the best (lowest) rank of the entries folded to it
    qsizetype entry = 0;
};

class GraphemeTree
{
public:
    void insert(QStringView s, qint32 pattern)
    {
        qint32 n = 0;
        qsizetype i = 0;
        while (true) {
            if (i == s.size()) {
                m_nodes[size_t(n)].patterns.push_back(pattern);
                return;
            }
            const auto it = m_nodes[size_t(n)].children.find(s.at(i).unicode());
            if (it == m_nodes[size_t(n)].children.end()) {
                Node leaf;
                leaf.label = s.mid(i).toString();
                leaf.patterns.push_back(pattern);
                m_nodes[size_t(n)].children.emplace(s.at(i).unicode(), qint32(m_nodes.size()));
                m_nodes.push_back(std::move(leaf));
                return;
            }
            qint32 c = it->second;
            const QString label = m_nodes[size_t(c)].label;
            qsizetype k = 0;
            while (k < label.size() && i + k < s.size() && label.at(k) == s.at(i + k))
                ++k;
            if (k < label.size()) {
                Node middle;
                middle.label = label.left(k);
                middle.children.emplace(label.at(k).unicode(), c);
                m_nodes[size_t(c)].label = label.mid(k);
                const qint32 m = qint32(m_nodes.size());
                m_nodes.push_back(std::move(middle));
                m_nodes[size_t(n)].children[s.at(i).unicode()] = m;
                c = m;
            }
            n = c;
            i += k;
        }
    }

    // Every pattern that text continues with from index from: f(end, pattern).
    template<typename F>
    void walk(QStringView text, qsizetype from, F &&f) const
    {
        qint32 n = 0;
        qsizetype i = from;
        while (i < text.size()) {
            const auto it = m_nodes[size_t(n)].children.find(text.at(i).unicode());
            if (it == m_nodes[size_t(n)].children.end())
                return;
            const Node &c = m_nodes[size_t(it->second)];
            if (text.size() - i < c.label.size() || text.mid(i, c.label.size()) != QStringView(c.label))
                return;
            i += c.label.size();
            n = it->second;
            for (qint32 p : c.patterns)
                f(i, p);
        }
    }

private:
    struct Node
    {
        QString label;
        std::unordered_map<char16_t, qint32> children;
        std::vector<qint32> patterns;
    };
    std::vector<Node> m_nodes{Node{}};
};

struct Candidate
{
    qint32 rank;
    qint32 start;
    qint32 end;
    qint32 entry;
};

// The whole-word matches in text (plain, as sent) of the entries in this order (rank).
QList<Pronunciation> matchText(const QList<LexiconEntry> &entries, const QList<qsizetype> &order, const QString &text)
{
    std::vector<Candidate> candidates;
    for (const FoldedText::Mode mode : {FoldedText::Mode::Canonical, FoldedText::Mode::Caseless}) {
        std::vector<Pattern> patterns;
        QHash<QString, qint32> byFolded; // one pattern per folded grapheme: its best rank
        GraphemeTree tree;
        for (qsizetype r = 0; r < order.size(); ++r) {
            const LexiconEntry &e = entries.at(order.at(r));
            if (modeOf(e) != mode)
                continue;
            const QString grapheme = FoldedText::fold(e.grapheme, mode);
            if (grapheme.isEmpty() || byFolded.contains(grapheme))
                continue; // a later entry for the same folded grapheme never wins over it
            qsizetype w = 0;
            while (w < grapheme.size() && !wordCodePoint(codePointAt(grapheme, w)))
                w += QChar::requiresSurrogates(codePointAt(grapheme, w)) ? 2 : 1;
            if (w >= grapheme.size())
                continue; // no letter or digit left (parse() refuses such graphemes)
            Pattern p;
            p.prefix = grapheme.left(w);
            p.length = grapheme.size();
            p.wordFirst = wordCodePoint(codePointAt(grapheme, 0));
            p.wordLast = wordCodePoint(codePointBefore(grapheme, grapheme.size()));
            p.rank = qint32(r);
            p.entry = order.at(r);
            byFolded.insert(grapheme, qint32(patterns.size()));
            tree.insert(QStringView(grapheme).mid(w), qint32(patterns.size()));
            patterns.push_back(std::move(p));
        }
        if (patterns.empty())
            continue;
        const FoldedText folded(text, mode);
        const QString &haystack = folded.folded();
        const QStringView view(haystack);
        bool previousWord = false;
        for (qsizetype i = 0; i < haystack.size();) {
            const char32_t c = codePointAt(haystack, i);
            const bool word = wordCodePoint(c);
            if (word && !previousWord) {
                const qsizetype wordStart = i;
                tree.walk(view, wordStart, [&](qsizetype end, qint32 index) {
                    const Pattern &p = patterns[size_t(index)];
                    const qsizetype at = wordStart - p.prefix.size();
                    if (at < 0 || (!p.prefix.isEmpty() && view.mid(at, p.prefix.size()) != QStringView(p.prefix)))
                        return;
                    // Whole words: no letter or digit joins the match on either side (looked
                    // at in the folded text, where a soft hyphen inside a word is gone).
                    if (p.wordFirst && wordCodePoint(codePointBefore(haystack, at)))
                        return;
                    if (p.wordLast && wordCodePoint(codePointAt(haystack, end)))
                        return;
                    // Only whole characters with their marks ("e" is not found in "é").
                    const auto span = folded.original(at, end);
                    if (!span)
                        return;
                    candidates.push_back(Candidate{p.rank, qint32(span->first), qint32(span->second), qint32(p.entry)});
                });
            }
            previousWord = word;
            i += QChar::requiresSurrogates(c) ? 2 : 1;
        }
    }
    // Longer graphemes first, then entry order; each one's matches from the start of the
    // text; a span that overlaps one already taken is left out.
    std::sort(candidates.begin(), candidates.end(), [](const Candidate &a, const Candidate &b) {
        return a.rank != b.rank ? a.rank < b.rank : a.start < b.start;
    });
    std::map<qint32, qint32> taken; // start -> end, never overlapping
    QList<Pronunciation> found;
    for (const Candidate &c : candidates) {
        auto next = taken.lower_bound(c.end);
        if (next != taken.begin() && std::prev(next)->second > c.start)
            continue;
        taken.emplace(c.start, c.end);
        const LexiconEntry &e = entries.at(c.entry);
        found.append(Pronunciation{c.start, c.end - c.start, e.phoneme, e.alias});
    }
    std::sort(found.begin(), found.end(), [](const Pronunciation &a, const Pronunciation &b) { return a.start < b.start; });
    return found;
}
}

QList<Pronunciation> Lexicon::match(const QList<LexiconEntry> &entries, const QString &text, const QStringList &languages)
{
    // Longer graphemes first ("New York City" before "New York"), then entry order.
    QList<qsizetype> order;
    for (qsizetype i = 0; i < entries.size(); ++i)
        if (forLanguage(entries.at(i), languages))
            order.append(i);
    if (order.isEmpty())
        return {};
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
        return entries.at(a).grapheme.size() > entries.at(b).grapheme.size();
    });
    // The text is searched in the entries' folded form and every match mapped back to
    // the characters as written: spans point into the text as sent, never a copy of it.
    if (!SsmlDocument::isSsml(text))
        return matchText(entries, order, text);
    // SSML: in what a reader sees (entities decoded, no tags or comments), so that
    // "cafe&#x301;" is "café" and "zz<x/>ab" one word; each match mapped back to the
    // markup (the plan says a span only where its characters are written as they are).
    const auto parsed = SsmlDocument::parse(text);
    const auto *document = std::get_if<SsmlDocument>(&parsed);
    if (!document)
        return {};
    std::vector<qsizetype> from, to;
    const QString visible = document->wordText(from, to);
    QList<Pronunciation> found;
    for (const Pronunciation &p : matchText(entries, order, visible)) {
        const size_t first = size_t(p.start), last = size_t(p.start + p.length - 1);
        bool separated = false;
        for (size_t k = first; k <= last && !separated; ++k)
            separated = from[k] < 0;
        if (separated || to[last] <= from[first])
            continue; // across a <break>, <s> or <p>
        found.append(Pronunciation{from[first], to[last] - from[first], p.ipa, p.alias});
    }
    return found;
}
