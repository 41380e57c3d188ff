#pragma once

#include <QString>

#include <memory>
#include <vector>

// What a backend is handed for one piece of text, and where each of its characters came
// from: a spelled-out number maps back to the start of the digits' span, so word
// timings still point into the text as the user wrote it.
struct SpokenText
{
    QString text;
    std::vector<qsizetype> origin; // origin[i]: UTF-16 index in the source of text[i]; one more for the end

    // The source index of a spoken index (clamped).
    qsizetype sourceIndex(qsizetype spokenIndex) const;
};

// Numbers, ordinals, decimals, money, percentages, ISO dates, clock times and simple
// fractions turned into the words of one language before synthesis, with ICU's
// rule-based number format (spellout, %spellout-ordinal, %spellout-numbering-year),
// its currency and percent unit names and its long date patterns, so that espeak-ng
// and flite say the same thing. What is approximate is written in docs/api.md.
class TextNormalizer
{
public:
    // locale: an ICU/QLocale name (en_US, de, pt_BR, ja ...).
    explicit TextNormalizer(const QString &locale);
    ~TextNormalizer();
    TextNormalizer(const TextNormalizer &) = delete;
    TextNormalizer &operator=(const TextNormalizer &) = delete;

    SpokenText normalize(const QString &text) const;

    // Single conversions, also used by SSML's say-as (empty when ICU cannot).
    QString cardinal(const QString &digits) const;
    QString ordinal(const QString &digits) const;

private:
    struct Icu;
    QString spell(double value, const QString &ruleSet) const;
    QString number(const QString &written) const;
    QString money(const QString &amount, const QString &currency) const;
    QString percent(const QString &amount) const;
    QString date(int year, int month, int day) const;
    QString time(int hour, int minute) const;
    QString fraction(int numerator, int denominator) const;
    QString withUnit(const QString &unitWords, const QString &spelled) const;

    std::unique_ptr<Icu> d;
};
