#pragma once

#include <QString>

#include <optional>
#include <utility>
#include <vector>

// A text in the form lexicon entries are compared in (docs/api.md "Pronunciation
// lexicons"), with the way back to the text as written: matches are found in the folded
// form and reported as spans of the original, which is never changed in place (word
// timings, captions and billing count the characters as sent).
//
// Canonical: Unicode NFC, so "café" written precomposed (U+00E9) or as e + U+0301 is the
// same text; nothing else changes (case-sensitive entries). Caseless: ICU's
// NFKC_Casefold, i.e. full case folding ("Straße" = "STRASSE") on top of compatibility
// normalization (fullwidth "ＮＡＳＡ" = "nasa", the "ﬁ" ligature = "fi") with default
// ignorables (a soft hyphen) dropped (case-insensitive entries).
class FoldedText
{
public:
    enum class Mode { Canonical, Caseless };

    // The folded form of a short string (a grapheme, a duplicate key).
    static QString fold(const QString &text, Mode mode);

    FoldedText(const QString &text, Mode mode);

    const QString &folded() const;

    // The UTF-16 span [start, end) of the original text that folded [from, to) stands
    // for, or nullopt when either end falls inside what one character with its marks
    // (a normalization segment) folds to: "e" is not found in "é", "s" not in "ß".
    std::optional<std::pair<qsizetype, qsizetype>> original(qsizetype from, qsizetype to) const;

private:
    QString m_folded;
    // Per folded UTF-16 unit k (and k == size): the original index where a segment
    // starts when a segment's folded form starts at k, else -1; and the original index
    // where a segment ends when one's folded form ends just before k, else -1.
    std::vector<qsizetype> m_startAt;
    std::vector<qsizetype> m_endAt;
};
