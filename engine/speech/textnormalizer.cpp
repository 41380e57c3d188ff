#include "textnormalizer.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <unicode/calendar.h>
#include <unicode/dcfmtsym.h>
#include <unicode/dtptngen.h>
#include <unicode/measunit.h>
#include <unicode/numberformatter.h>
#include <unicode/rbnf.h>
#include <unicode/smpdtfmt.h>
#include <unicode/timezone.h>

#include <cmath>

namespace
{
icu::UnicodeString toIcu(const QString &s)
{
    return icu::UnicodeString(reinterpret_cast<const UChar *>(s.utf16()), int32_t(s.size()));
}

QString fromIcu(const icu::UnicodeString &s)
{
    // Some languages' spellout rules mark compound boundaries with soft hyphens; a
    // synthesizer has nothing to do with them.
    return QString(reinterpret_cast<const QChar *>(s.getBuffer()), s.length()).remove(QChar(0x00AD));
}

// Currency signs and codes people write next to amounts.
QString currencyCode(const QString &written, const QString &language)
{
    static const QHash<QString, QString> signs = {
        {QStringLiteral("€"), QStringLiteral("EUR")}, {QStringLiteral("$"), QStringLiteral("USD")},
        {QStringLiteral("£"), QStringLiteral("GBP")}, {QStringLiteral("₹"), QStringLiteral("INR")},
        {QStringLiteral("₽"), QStringLiteral("RUB")}, {QStringLiteral("₩"), QStringLiteral("KRW")},
        {QStringLiteral("₺"), QStringLiteral("TRY")},
    };
    if (written == QStringLiteral("¥")) // yuan in Chinese text, yen elsewhere
        return language == QLatin1String("zh") ? QStringLiteral("CNY") : QStringLiteral("JPY");
    return signs.value(written, written.toUpper());
}

const QString kNumber = QStringLiteral("[0-9]{1,3}(?:[,.\\x{00A0}\\x{202F}'][0-9]{3})+(?:[.,][0-9]+)?|[0-9]+(?:[.,][0-9]+)?");
const QString kCurrency = QStringLiteral("[€$£¥₹₽₩₺]");

const QRegularExpression &pattern()
{
    // Tried left to right at each position: the more specific forms first.
    static const QRegularExpression re(
        QStringLiteral("(?<![0-9])(?<dy>[12][0-9]{3})-(?<dm>0[1-9]|1[0-2])-(?<dd>0[1-9]|[12][0-9]|3[01])(?![0-9])"
                       "|(?<![0-9:])(?<th>[01]?[0-9]|2[0-3]):(?<tm>[0-5][0-9])(?![0-9:])"
                       "|(?<pc>%2)\\s?(?<pa>%1)"
                       "|(?<![\\p{L}0-9])(?<sa>%1)\\s?(?<sc>%2|EUR|USD|GBP|JPY|CHF|CNY|INR|RUB)(?!\\p{L})"
                       "|(?<![\\p{L}0-9])(?<pn>%1)\\s?%"
                       "|(?<![0-9/])(?<fn>[0-9]{1,3})/(?<fd>[0-9]{1,3})(?![0-9/])"
                       "|(?<![\\p{L}0-9])(?<on>[0-9]+)(?<os>st|nd|rd|th|º|ª|\\.º|\\.ª|er|re|ère|ème|e)(?!\\p{L})"
                       "|(?<![\\p{L}0-9])(?<n>%1)(?![0-9])")
            .arg(kNumber, kCurrency));
    return re;
}

// English words after which four digits are a year ("in 1985", "since 1990", "born 1920"),
// and the words before "of" that make it one ("the summer of 1969", "the class of 2010").
bool isYearCue(const QString &word)
{
    static const QSet<QString> cues = {
        "in", "since", "until", "till", "by", "around", "circa", "c.", "before", "after", "during",
        "year", "born", "died", "early", "late", "mid", "spring", "summer", "autumn", "fall",
        "winter", "january", "february", "march", "april", "may", "june", "july", "august",
        "september", "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul",
        "aug", "sep", "sept", "oct", "nov", "dec"};
    return cues.contains(word);
}

bool isYearOfCue(const QString &word)
{
    static const QSet<QString> cues = {"summer", "spring", "autumn", "fall", "winter", "year", "class",
                                       "end", "start", "beginning", "middle", "events"};
    return cues.contains(word) || isYearCue(word);
}

// The (up to) three words before index at, lower case, without punctuation but a final
// period ("c."); nearest first.
QStringList wordsBefore(const QString &text, qsizetype at)
{
    static const QRegularExpression word(QStringLiteral("([\\p{L}]+\\.?|[0-9]+,?)\\s*$"));
    QStringList out;
    QString rest = text.left(at);
    while (out.size() < 3) {
        const QRegularExpressionMatch m = word.match(rest);
        if (!m.hasMatch())
            break;
        out << m.captured(1).toLower();
        rest.truncate(m.capturedStart());
    }
    return out;
}

// Whether an English number of four digits from start to end is a year: 1000-2099 after
// a word that says so, or before "BC", "AD", "BCE" or "CE". ("In 1985 1,200 people came":
// the grouped number is a count.)
bool readsAsYear(const QString &text, qsizetype start, qsizetype end)
{
    const int value = text.mid(start, end - start).toInt();
    if (end - start != 4 || value < 1000 || value > 2099)
        return false;
    static const QRegularExpression era(QStringLiteral("^\\s*(BC|AD|BCE|CE)\\b"));
    if (era.match(text.mid(end, 5)).hasMatch())
        return true;
    const QStringList before = wordsBefore(text, start);
    if (before.isEmpty())
        return false;
    if (isYearCue(before.at(0)))
        return true;
    if (before.at(0) == QLatin1String("of") && before.size() > 1 && isYearOfCue(before.at(1)))
        return true;
    // "July 4, 1976", "4 July 1976"
    return before.size() > 1 && isYearCue(before.at(1)) && before.at(0).at(0).isDigit();
}

// Written number -> integer digits and fraction digits. Both separators present: the
// last one is the decimal mark. One separator once, before exactly three digits: a
// grouping unless it is the language's decimal mark ("1,250" is 1250 in English and
// 1.25 in German).
struct ParsedNumber
{
    QString integer;
    QString fraction;
};
ParsedNumber parseNumber(const QString &written, QChar localeDecimal)
{
    QString s = written;
    s.remove(QChar(0x00A0)).remove(QChar(0x202F)).remove(u'\'');
    const qsizetype lastComma = s.lastIndexOf(u','), lastDot = s.lastIndexOf(u'.');
    qsizetype decimalAt = -1;
    if (lastComma >= 0 && lastDot >= 0) {
        decimalAt = qMax(lastComma, lastDot);
    } else if (lastComma >= 0 || lastDot >= 0) {
        const QChar sep = lastComma >= 0 ? u',' : u'.';
        const qsizetype at = qMax(lastComma, lastDot);
        const bool once = s.count(sep) == 1;
        const bool threeAfter = s.size() - at - 1 == 3;
        if (once && (!threeAfter || sep == localeDecimal))
            decimalAt = at;
    }
    ParsedNumber p;
    p.integer = decimalAt >= 0 ? s.left(decimalAt) : s;
    p.fraction = decimalAt >= 0 ? s.mid(decimalAt + 1) : QString();
    p.integer.remove(u',').remove(u'.');
    return p;
}
}

qsizetype SpokenText::sourceIndex(qsizetype spokenIndex) const
{
    if (origin.empty())
        return 0;
    return origin[size_t(qBound<qsizetype>(0, spokenIndex, qsizetype(origin.size()) - 1))];
}

struct TextNormalizer::Icu
{
    icu::Locale locale;
    QString language;
    std::unique_ptr<icu::RuleBasedNumberFormat> spellout;
    QString cardinalSet; // counting aloud: "eins", "uno"
    QString countSet;    // before a noun (money, percent, hours): "ein Euro", "un euro"
    QString ordinalSet, yearSet;
    QChar decimal = u'.';
};

TextNormalizer::TextNormalizer(const QString &locale)
    : d(std::make_unique<Icu>())
{
    // Latin digits in every formatted pattern, so that the numbers in it can be found.
    d->locale = icu::Locale((locale.isEmpty() ? QStringLiteral("en") : locale).toLatin1() + "@numbers=latn");
    d->language = QString::fromLatin1(d->locale.getLanguage());
    UErrorCode status = U_ZERO_ERROR;
    auto spellout = std::make_unique<icu::RuleBasedNumberFormat>(icu::URBNF_SPELLOUT, d->locale, status);
    if (U_SUCCESS(status)) {
        d->spellout = std::move(spellout);
        QStringList sets;
        for (int32_t i = 0; i < d->spellout->getNumberOfRuleSetNames(); ++i)
            sets << fromIcu(d->spellout->getRuleSetName(i));
        auto pick = [&](const QStringList &preferred, const QString &prefix) {
            for (const QString &p : preferred)
                if (sets.contains(p))
                    return p;
            for (const QString &s : sets)
                if (!prefix.isEmpty() && s.startsWith(prefix))
                    return s;
            return QString();
        };
        d->cardinalSet = pick({"%spellout-numbering", "%spellout-cardinal", "%spellout-cardinal-masculine"}, {});
        if (d->cardinalSet.isEmpty())
            d->cardinalSet = sets.value(0);
        d->countSet = pick({"%spellout-cardinal-masculine", "%spellout-cardinal"}, {});
        if (d->countSet.isEmpty())
            d->countSet = d->cardinalSet;
        d->ordinalSet = pick({"%spellout-ordinal", "%spellout-ordinal-masculine"}, "%spellout-ordinal");
        if (d->ordinalSet.isEmpty())
            d->ordinalSet = d->cardinalSet;
        d->yearSet = pick({"%spellout-numbering-year"}, {});
        if (d->yearSet.isEmpty())
            d->yearSet = d->cardinalSet;
    }
    status = U_ZERO_ERROR;
    const icu::DecimalFormatSymbols symbols(d->locale, status);
    if (U_SUCCESS(status)) {
        const QString mark = fromIcu(symbols.getSymbol(icu::DecimalFormatSymbols::kDecimalSeparatorSymbol));
        if (mark.size() == 1)
            d->decimal = mark.at(0);
    }
}

TextNormalizer::~TextNormalizer() = default;

QString TextNormalizer::spell(double value, const QString &ruleSet) const
{
    if (!d->spellout || !std::isfinite(value) || std::fabs(value) > 1e15)
        return {};
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString out;
    icu::FieldPosition pos;
    if (value == std::floor(value))
        d->spellout->format(int64_t(value), toIcu(ruleSet), out, pos, status);
    else
        d->spellout->format(value, toIcu(ruleSet), out, pos, status);
    return U_SUCCESS(status) ? fromIcu(out) : QString();
}

QString TextNormalizer::cardinal(const QString &digits) const
{
    bool ok = false;
    const qlonglong v = digits.toLongLong(&ok);
    return ok ? spell(double(v), d->cardinalSet) : QString();
}

QString TextNormalizer::ordinal(const QString &digits) const
{
    bool ok = false;
    const qlonglong v = digits.toLongLong(&ok);
    return ok ? spell(double(v), d->ordinalSet) : QString();
}

QString TextNormalizer::number(const QString &written) const
{
    const ParsedNumber p = parseNumber(written, d->decimal);
    if (p.integer.size() > 15 || p.fraction.size() > 6)
        return {};
    if (p.fraction.isEmpty())
        return cardinal(p.integer);
    // ICU says the digits after the mark one by one ("three point one four"); a trailing
    // zero ("3.50") is not said.
    return spell(QStringLiteral("%1.%2").arg(p.integer, p.fraction).toDouble(), d->cardinalSet);
}

// value formatted with a unit by ICU (its name, plural and word order), the number in it
// replaced by its spelled form.
QString TextNormalizer::withUnit(const QString &unitWords, const QString &spelled) const
{
    static const QRegularExpression digits(QStringLiteral("[0-9]+(?:[.,][0-9]+)?"));
    QString out = unitWords;
    const auto m = digits.match(out);
    if (!m.hasMatch() || spelled.isEmpty())
        return {};
    return out.replace(m.capturedStart(), m.capturedLength(), spelled).simplified();
}

QString TextNormalizer::money(const QString &amount, const QString &currency) const
{
    const ParsedNumber p = parseNumber(amount, d->decimal);
    bool ok = false;
    const qlonglong units = p.integer.toLongLong(&ok);
    if (!ok || p.integer.size() > 15)
        return {};
    UErrorCode status = U_ZERO_ERROR;
    const QString code = currencyCode(currency, d->language);
    const icu::CurrencyUnit unit(toIcu(code).getTerminatedBuffer(), status);
    if (U_FAILURE(status))
        return {};
    const auto formatted = icu::number::NumberFormatter::withLocale(d->locale)
                               .unit(unit)
                               .unitWidth(UNUM_UNIT_WIDTH_FULL_NAME)
                               .grouping(UNUM_GROUPING_OFF)
                               .precision(icu::number::Precision::integer())
                               .formatDouble(double(units), status);
    const icu::UnicodeString text = formatted.toString(status);
    if (U_FAILURE(status))
        return {};
    QString out = withUnit(fromIcu(text), spell(double(units), d->countSet));
    // Cents follow the unit as a number ("… euros fifty").
    if (!out.isEmpty() && !p.fraction.isEmpty() && p.fraction.toInt() != 0)
        out += u' ' + cardinal(p.fraction.leftJustified(2, u'0').left(2));
    return out;
}

QString TextNormalizer::percent(const QString &amount) const
{
    const ParsedNumber p = parseNumber(amount, d->decimal);
    const double value = QStringLiteral("%1.%2").arg(p.integer, p.fraction.isEmpty() ? QStringLiteral("0") : p.fraction).toDouble();
    UErrorCode status = U_ZERO_ERROR;
    const auto formatted = icu::number::NumberFormatter::withLocale(d->locale)
                               .unit(icu::MeasureUnit::getPercent())
                               .unitWidth(UNUM_UNIT_WIDTH_FULL_NAME)
                               .grouping(UNUM_GROUPING_OFF)
                               .formatDouble(value, status);
    const icu::UnicodeString text = formatted.toString(status);
    if (U_FAILURE(status))
        return {};
    return withUnit(fromIcu(text), number(amount));
}

QString TextNormalizer::date(int year, int month, int day) const
{
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::DateTimePatternGenerator> generator(icu::DateTimePatternGenerator::createInstance(d->locale, status));
    if (U_FAILURE(status))
        return {};
    const icu::UnicodeString skeleton(u"yMMMMd");
    const icu::UnicodeString best = generator->getBestPattern(skeleton, status);
    icu::SimpleDateFormat format(best, d->locale, status);
    std::unique_ptr<icu::Calendar> calendar(icu::Calendar::createInstance(icu::TimeZone::getGMT()->clone(), d->locale, status));
    if (U_FAILURE(status))
        return {};
    format.setTimeZone(*icu::TimeZone::getGMT());
    calendar->clear();
    calendar->set(year, month - 1, day);
    icu::UnicodeString text;
    format.format(calendar->getTime(status), text);
    if (U_FAILURE(status))
        return {};
    // The numbers in the formatted date: the year as a year, the day as an ordinal where
    // the language writes or says one ("24." in German, "twenty-fourth" in English).
    static const QRegularExpression numbers(QStringLiteral("([0-9]+)(\\.?)"));
    QString in = fromIcu(text), out;
    qsizetype at = 0;
    for (auto it = numbers.globalMatch(in); it.hasNext();) {
        const auto m = it.next();
        out += in.mid(at, m.capturedStart() - at);
        const int v = m.captured(1).toInt();
        const bool dotted = !m.captured(2).isEmpty();
        QString words;
        if (v == year && m.captured(1).size() == 4)
            words = spell(v, d->yearSet);
        else if (v == day && (dotted || d->language == QLatin1String("en")))
            words = spell(v, d->ordinalSet);
        else
            words = spell(v, d->cardinalSet) + (dotted ? QStringLiteral(".") : QString());
        out += words;
        at = m.capturedEnd();
    }
    out += in.mid(at);
    return out.simplified();
}

QString TextNormalizer::time(int hour, int minute) const
{
    const QString h = spell(hour, d->countSet), m = spell(minute, d->countSet);
    if (d->language == QLatin1String("en")) {
        if (minute == 0)
            return h + QStringLiteral(" o'clock");
        return h + (minute < 10 ? QStringLiteral(" oh ") : QStringLiteral(" ")) + m;
    }
    // The hour word where the language says one between hours and minutes.
    static const QHash<QString, QString> hourWord = {
        {QStringLiteral("de"), QStringLiteral("Uhr")}, {QStringLiteral("fr"), QStringLiteral("heures")},
        {QStringLiteral("nl"), QStringLiteral("uur")},
    };
    QStringList parts{h};
    if (hourWord.contains(d->language))
        parts << hourWord.value(d->language);
    if (minute != 0)
        parts << m;
    return parts.join(u' ');
}

QString TextNormalizer::fraction(int numerator, int denominator) const
{
    if (denominator == 0)
        return {};
    const QString n = spell(numerator, d->cardinalSet);
    if (d->language == QLatin1String("en")) {
        const bool plural = numerator != 1;
        if (denominator == 2)
            return n + (plural ? QStringLiteral(" halves") : QStringLiteral(" half"));
        return n + u' ' + spell(denominator, d->ordinalSet) + (plural ? QStringLiteral("s") : QString());
    }
    return n + u' ' + spell(denominator, d->ordinalSet);
}

SpokenText TextNormalizer::normalize(const QString &text) const
{
    SpokenText out;
    out.origin.reserve(size_t(text.size()) + 1);
    auto keep = [&](qsizetype from, qsizetype to) {
        out.text += text.mid(from, to - from);
        for (qsizetype i = from; i < to; ++i)
            out.origin.push_back(i);
    };
    qsizetype at = 0;
    for (auto it = pattern().globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString words;
        if (m.hasCaptured(u"dy"))
            words = date(m.captured(u"dy").toInt(), m.captured(u"dm").toInt(), m.captured(u"dd").toInt());
        else if (m.hasCaptured(u"th"))
            words = time(m.captured(u"th").toInt(), m.captured(u"tm").toInt());
        else if (m.hasCaptured(u"pa"))
            words = money(m.captured(u"pa"), m.captured(u"pc"));
        else if (m.hasCaptured(u"sa"))
            words = money(m.captured(u"sa"), m.captured(u"sc"));
        else if (m.hasCaptured(u"pn"))
            words = percent(m.captured(u"pn"));
        else if (m.hasCaptured(u"fn"))
            words = fraction(m.captured(u"fn").toInt(), m.captured(u"fd").toInt());
        else if (m.hasCaptured(u"on"))
            words = ordinal(m.captured(u"on"));
        else if (m.hasCaptured(u"n") && d->language == QLatin1String("en")
                 && readsAsYear(text, m.capturedStart(u"n"), m.capturedEnd(u"n")))
            words = spell(m.captured(u"n").toInt(), d->yearSet);
        else if (m.hasCaptured(u"n"))
            words = number(m.captured(u"n"));
        if (words.isEmpty())
            continue; // left as written
        keep(at, m.capturedStart());
        // Spelled words stand apart from the text around them.
        const bool spaceBefore = !out.text.isEmpty() && !out.text.back().isSpace();
        const bool spaceAfter = m.capturedEnd() < text.size() && text.at(m.capturedEnd()).isLetterOrNumber();
        const QString spoken = (spaceBefore ? QStringLiteral(" ") : QString()) + words + (spaceAfter ? QStringLiteral(" ") : QString());
        out.text += spoken;
        out.origin.insert(out.origin.end(), size_t(spoken.size()), m.capturedStart());
        at = m.capturedEnd();
    }
    keep(at, text.size());
    out.origin.push_back(text.size());
    return out;
}
