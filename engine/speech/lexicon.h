#pragma once

#include "pronunciation.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

// One entry of an account's pronunciation lexicon: a word (or words) said as an alias or
// as IPA phonemes (both may be given: the alias is said where the backend cannot say the
// phonemes), in one language or all.
struct LexiconEntry
{
    QString grapheme;
    QString alias;
    QString phoneme;       // IPA
    QString languageCode;  // empty: every language
    bool caseSensitive = false;

    bool operator==(const LexiconEntry &o) const
    {
        return grapheme == o.grapheme && alias == o.alias && phoneme == o.phoneme && languageCode == o.languageCode
               && caseSensitive == o.caseSensitive;
    }
    QJsonObject toJson() const; // the API's form: grapheme, alias|phoneme+alphabet, language_code, case_sensitive
};

// What is wrong with one field of a lexicon document (field like "entries[3].phoneme").
struct LexiconProblem
{
    QString field;
    QString message;
    bool wrongType = false; // a JSON type error (422), else a value error (400)
};

// Parsing, limits and matching of lexicons; no storage (engine/store keeps them).
namespace Lexicon
{
constexpr int kMaxEntries = 500;
constexpr int kMaxGraphemeLength = 100; // characters (code points)
constexpr int kMaxAliasLength = 200;
constexpr int kMaxPhonemeLength = 200;
constexpr int kMaxLanguageCodeLength = 16;

struct Parsed
{
    QList<LexiconEntry> entries;
    QList<LexiconProblem> problems; // empty when every entry is valid
};
// The entries of {"entries":[...]} (the array itself is passed); every problem is listed.
Parsed parse(const QJsonArray &entries);
// What is wrong with a grapheme as written before its limits are counted: whitespace at
// either end (a grapheme is kept as sent, never trimmed), or nullopt.
std::optional<QString> graphemeProblem(const QString &grapheme);
QJsonArray toJson(const QList<LexiconEntry> &entries);

// Whether two graphemes are one word in any letter case: equal as case-insensitive
// entries compare them (NFKC_Casefold, docs/api.md "Pronunciation lexicons"). Two
// entries that repeat each other always are.
bool sameWordAnyCase(const QString &a, const QString &b);

// The spans of text to say otherwise for a generation in these languages (its
// language_code and its locale: {"a", "en_US"}): an entry's language_code matches one
// of them or its base ("en" matches "en_US"). Whole words only, longer graphemes first,
// then entry order; spans never overlap.
QList<Pronunciation> match(const QList<LexiconEntry> &entries, const QString &text, const QStringList &languages);
}
