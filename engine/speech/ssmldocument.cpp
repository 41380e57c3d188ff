#include "ssmldocument.h"

#include "ipaphonemes.h"
#include "lexicon.h"
#include "textcharacters.h"

#include <QHash>
#include <QRegularExpression>
#include <QXmlStreamReader>

#include <algorithm>
#include <cmath>
#include <optional>

bool SsmlProsody::operator==(const SsmlProsody &o) const
{
    return rate == o.rate && pitch == o.pitch && volume == o.volume;
}

bool SsmlProsody::operator!=(const SsmlProsody &o) const
{
    return !(*this == o);
}

QString SsmlError::describe() const
{
    return QStringLiteral("SSML error at line %1, column %2: %3").arg(line).arg(column).arg(message);
}

namespace
{
// A value with an optional sign and unit: "+10%", "-2st", "1.5", "6dB".
struct Amount
{
    double value = 0;
    bool signedValue = false; // written with + or -: a change of the current value
    QString unit;             // lower case: "", "%", "st", "hz", "db", "ms", "s"
};

std::optional<Amount> amountOf(const QString &written)
{
    // Strict, as SSML writes them: no spaces, no exponent, no NaN or Infinity, digits on
    // both sides of a decimal point ("1.s" is not a number); the unit's case is free.
    static const QRegularExpression re(QStringLiteral("^([+-]?)([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)(%|st|hz|db|ms|s)?$"),
                                       QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(written);
    if (!m.hasMatch())
        return std::nullopt;
    Amount a;
    a.value = m.captured(2).toDouble();
    a.signedValue = !m.captured(1).isEmpty();
    if (m.captured(1) == QLatin1String("-"))
        a.value = -a.value;
    a.unit = m.captured(3).toLower();
    return a;
}

// The rate and pitch a document may ask for, as factors on the voice's own: two octaves
// (24 semitones) either way, which is what the pipeline can do (it clamps there). The
// range is the same in both directions, so "-1000st" is refused like "+1000st".
constexpr double kMinFactor = 0.25;
constexpr double kMaxFactor = 4.0;
// The volume in effect: silent, or -60 dB to +20 dB (the soft limiter keeps peaks under
// full scale above 0 dB; below -60 dB a voice is inaudible anyway).
constexpr double kMinGainDb = -60.0;
constexpr double kMaxGainDb = 20.0;

bool withinFactors(double f)
{
    // Compared with a little tolerance: "+24st" is 4 up to rounding.
    return f >= kMinFactor * (1.0 - 1e-9) && f <= kMaxFactor * (1.0 + 1e-9);
}

// Named values are absolute (on the voice's own setting); signed values change the
// setting in effect (nested prosody composes); unsigned numbers and percentages are
// absolute multipliers.
std::optional<double> rateOf(const QString &v, double current)
{
    static const QHash<QString, double> named = {
        {"x-slow", 0.5}, {"slow", 0.75}, {"medium", 1.0}, {"fast", 1.5}, {"x-fast", 2.0}, {"default", 1.0}};
    if (named.contains(v.toLower()))
        return named.value(v.toLower());
    const auto a = amountOf(v);
    if (!a || !(a->unit.isEmpty() || a->unit == QLatin1String("%")))
        return std::nullopt;
    double r = 0;
    if (a->unit == QLatin1String("%"))
        r = a->signedValue ? current * (1.0 + a->value / 100.0) : a->value / 100.0;
    else
        r = a->signedValue ? current * (1.0 + a->value) : a->value;
    if (!withinFactors(r))
        return std::nullopt;
    return r;
}

std::optional<double> pitchOf(const QString &v, double current)
{
    static const QHash<QString, double> named = {
        {"x-low", 0.7}, {"low", 0.85}, {"medium", 1.0}, {"high", 1.15}, {"x-high", 1.3}, {"default", 1.0}};
    if (named.contains(v.toLower()))
        return named.value(v.toLower());
    const auto a = amountOf(v);
    if (!a)
        return std::nullopt;
    // Hz are taken against a nominal 150 Hz voice: the backends have no absolute pitch.
    constexpr double kNominalHz = 150.0;
    double p = 0;
    if (a->unit == QLatin1String("%"))
        p = a->signedValue ? current * (1.0 + a->value / 100.0) : a->value / 100.0;
    else if (a->unit == QLatin1String("st") && a->signedValue)
        p = current * std::pow(2.0, a->value / 12.0);
    else if (a->unit == QLatin1String("hz"))
        p = a->signedValue ? current * (kNominalHz + a->value) / kNominalHz : a->value / kNominalHz;
    else
        return std::nullopt;
    if (!withinFactors(p))
        return std::nullopt;
    return p;
}

std::optional<double> volumeOf(const QString &v, double current)
{
    static const QHash<QString, double> namedDb = {
        {"x-soft", -12.0}, {"soft", -6.0}, {"medium", 0.0}, {"loud", 3.0}, {"x-loud", 6.0}, {"default", 0.0}};
    const QString name = v.toLower();
    if (name == QLatin1String("silent"))
        return 0.0;
    if (namedDb.contains(name))
        return std::pow(10.0, namedDb.value(name) / 20.0);
    const auto a = amountOf(v);
    if (!a)
        return std::nullopt;
    double g = 0;
    if (a->unit == QLatin1String("db")) {
        if (a->value < kMinGainDb || a->value > kMaxGainDb)
            return std::nullopt;
        g = current * std::pow(10.0, a->value / 20.0);
    } else if (a->unit == QLatin1String("%")) {
        g = a->signedValue ? current * (1.0 + a->value / 100.0) : a->value / 100.0;
    } else if (a->unit.isEmpty() && !a->signedValue && a->value <= 100.0) {
        g = a->value / 100.0; // SSML 1.0: 0 (silent) to 100 (the voice's level)
    } else {
        return std::nullopt;
    }
    if (g < 0.0)
        return std::nullopt;
    if (g == 0.0)
        return 0.0; // "-100%", "0", or anything inside a silent prosody
    const double db = 20.0 * std::log10(g);
    if (db < kMinGainDb - 1e-9 || db > kMaxGainDb + 1e-9)
        return std::nullopt;
    return g;
}

std::optional<double> breakSecondsOf(const QString &v)
{
    const auto a = amountOf(v);
    if (!a || a->signedValue || !(a->unit == QLatin1String("ms") || a->unit == QLatin1String("s")))
        return std::nullopt;
    return a->unit == QLatin1String("s") ? a->value : a->value / 1000.0;
}

std::optional<int> breakStrengthOf(const QString &v)
{
    static const QHash<QString, int> ms = {{"none", 0},   {"x-weak", 100}, {"weak", 250},
                                           {"medium", 400}, {"strong", 700}, {"x-strong", 1000}};
    const QString s = v.toLower();
    if (!ms.contains(s))
        return std::nullopt;
    return ms.value(s);
}

struct Emphasis
{
    double rate, pitch, volume;
};
std::optional<Emphasis> emphasisOf(const QString &v)
{
    // A modest change: slower, higher and a little louder, as a speaker stresses words.
    // No level at all is moderate; an empty one is refused by the caller.
    const QString s = v.toLower();
    if (s.isEmpty() || s == QLatin1String("moderate"))
        return Emphasis{0.93, 1.06, 1.12};
    if (s == QLatin1String("strong"))
        return Emphasis{0.85, 1.12, 1.26};
    if (s == QLatin1String("reduced"))
        return Emphasis{1.05, 0.95, 0.84};
    if (s == QLatin1String("none"))
        return Emphasis{1.0, 1.0, 1.0};
    return std::nullopt;
}

QString sayAsOf(const QString &interpretAs)
{
    const QString s = interpretAs.toLower();
    if (s == QLatin1String("spell-out") || s == QLatin1String("characters") || s == QLatin1String("verbatim"))
        return QStringLiteral("characters");
    if (s == QLatin1String("number") || s == QLatin1String("cardinal"))
        return QStringLiteral("cardinal");
    if (s == QLatin1String("ordinal") || s == QLatin1String("digits") || s == QLatin1String("date")
        || s == QLatin1String("time") || s == QLatin1String("telephone"))
        return s;
    return {}; // unknown: read as written
}

const QString kXmlNamespace = QStringLiteral("http://www.w3.org/XML/1998/namespace");

// A DTD may declare entities that expand to any size (and more): never read.
const QString kNoDtd = QStringLiteral("a document type declaration (<!DOCTYPE>) is not allowed");

// Line and column of an offset as XML counts them: "\r\n" and a lone "\r" are one line
// break, columns from 1.
std::pair<qint64, qint64> lineColumnOf(const QString &text, qsizetype offset)
{
    qint64 line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < offset && i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == u'\n' || (c == u'\r' && (i + 1 >= text.size() || text.at(i + 1) != u'\n'))) {
            ++line;
            lineStart = i + 1;
        }
    }
    return {line, offset - lineStart + 1};
}

// What comes before an XML document's root element: whitespace, the XML declaration,
// comments and processing instructions, a document type declaration.
struct Prolog
{
    qsizetype end = 0;       // where the root element may start
    qsizetype doctype = -1;  // where a <!DOCTYPE starts (any letter case), or -1
    bool finished = true;    // false: a declaration, comment or PI left open
};

Prolog prologOf(const QString &text, qsizetype from)
{
    Prolog p;
    qsizetype i = from;
    while (true) {
        while (i < text.size() && text.at(i).isSpace())
            ++i;
        const QStringView rest = QStringView(text).mid(i);
        if (rest.startsWith(QLatin1String("<!DOCTYPE"), Qt::CaseInsensitive)) {
            p.doctype = i; // nothing after it matters: the document is refused
            break;
        }
        const bool pi = rest.startsWith(QLatin1String("<?"));
        if (!pi && !rest.startsWith(QLatin1String("<!--")))
            break;
        const qsizetype close = pi ? text.indexOf(QLatin1String("?>"), i + 2) : text.indexOf(QLatin1String("-->"), i + 4);
        if (close < 0) {
            p.finished = false;
            break;
        }
        i = close + (pi ? 2 : 3);
    }
    p.end = i;
    return p;
}
}

// Reads the document token by token, keeping the settings of each open element.
class SsmlReader
{
public:
    explicit SsmlReader(const QString &text)
        : m_text(text)
        , m_xml(text)
    {
    }

    std::variant<SsmlDocument, SsmlError> read();

private:
    enum class Collect { None, Sub, SayAs, Phoneme };
    struct Frame
    {
        QString name;
        SsmlProsody prosody;
        QString language;
        Collect collect = Collect::None; // this element gathers its content into one item
        SsmlItem gathered;               // SayAs/Phoneme: the content; Sub: the alias
        qsizetype contentFrom = -1;      // Sub: the content's span in the input
        qsizetype contentTo = -1;
    };

    SsmlError errorAt(qint64 line, qint64 column, const QString &message) const;
    SsmlError errorAtOffset(qsizetype offset, const QString &message) const;
    // The first character reference (&#xFDD0;, &#65;) starting in the input's [from, to)
    // that stands for a character no text may hold, as an error at the reference.
    std::optional<SsmlError> refusedReference(qsizetype from, qsizetype to) const;
    std::optional<SsmlError> startElement();
    // The root, element count and depth limits, for an element named name.
    std::optional<SsmlError> admitted(const QString &name);
    // One handler per element this subset interprets: it reads the element's attributes
    // into its frame (and the document). nullptr for the others.
    using ElementHandler = std::optional<SsmlError> (SsmlReader::*)(Frame &f);
    static ElementHandler handlerOf(const QString &name);
    std::optional<SsmlError> startBreak(Frame &f);
    std::optional<SsmlError> breakLength(const Frame &f, int &ms) const;
    std::optional<SsmlError> startProsody(Frame &f);
    std::optional<SsmlError> startEmphasis(Frame &f);
    std::optional<SsmlError> startSayAs(Frame &f);
    std::optional<SsmlError> startSub(Frame &f);
    std::optional<SsmlError> startPhoneme(Frame &f);
    std::optional<SsmlError> startLanguage(Frame &f);
    // An attribute's value refused, with what was expected.
    SsmlError invalid(const Frame &f, const QString &attr, const QString &value, const QString &expected) const;
    // A value attribute (a duration, an amount, a name from a list) as written, or empty
    // when absent; one that is present but empty or has spaces around it is an error.
    std::optional<SsmlError> value(const QString &element, const QString &name, QString &out) const;
    std::optional<SsmlError> breakAllowance() const;
    void endElement();
    void characters();
    QString attribute(const QString &name) const;
    Frame *gatherer();

    const QString &m_text;
    QXmlStreamReader m_xml;
    SsmlDocument m_doc;
    QList<Frame> m_stack;
    int m_elements = 0;
    qint64 m_totalBreakMs = 0;
    // Each break: the total up to and including it, and where it is (for the allowance).
    struct BreakAt
    {
        qint64 totalMs;
        qint64 line, column;
    };
    QList<BreakAt> m_breaks;
    qsizetype m_tokenStart = 0; // where the token being handled starts in the input
    qint64 m_tokenLine = 1, m_tokenColumn = 1;
};

SsmlError SsmlReader::errorAt(qint64 line, qint64 column, const QString &message) const
{
    return SsmlError{line, column, message};
}

SsmlError SsmlReader::errorAtOffset(qsizetype offset, const QString &message) const
{
    const auto [line, column] = lineColumnOf(m_text, offset);
    return errorAt(line, column, message);
}

namespace
{
// The code point of a character reference's digits ("x1F600", "65"), held at U+110000
// once beyond U+10FFFF, or nullopt when they are not a number (the XML reader refuses
// those itself).
std::optional<char32_t> referencedCodePoint(QStringView digits)
{
    const int base = digits.startsWith(u'x') ? 16 : 10;
    if (base == 16)
        digits = digits.mid(1);
    if (digits.isEmpty())
        return std::nullopt;
    constexpr quint32 kBeyond = QChar::LastValidCodePoint + 1;
    quint32 value = 0;
    for (const QChar c : digits) {
        int d = -1;
        if (c >= u'0' && c <= u'9')
            d = c.unicode() - u'0';
        else if (base == 16 && c >= u'a' && c <= u'f')
            d = c.unicode() - u'a' + 10;
        else if (base == 16 && c >= u'A' && c <= u'F')
            d = c.unicode() - u'A' + 10;
        if (d < 0)
            return std::nullopt;
        value = qMin<quint32>(value * quint32(base) + quint32(d), kBeyond);
    }
    return char32_t(value);
}
}

std::optional<SsmlError> SsmlReader::refusedReference(qsizetype from, qsizetype to) const
{
    // The raw text was checked before it was parsed; a reference is how a character the
    // raw text may not hold would get past that check, so it is held to the same rule.
    // Only the token's own span is searched: a search to the text's end for every token
    // made a document of many elements quadratic.
    to = qMin(to, m_text.size());
    const QStringView text = QStringView(m_text).left(to);
    for (qsizetype i = text.indexOf(QLatin1String("&#"), from); i >= 0; i = text.indexOf(QLatin1String("&#"), i + 2)) {
        const qsizetype semi = text.indexOf(u';', i + 2);
        if (semi < 0)
            break;
        const auto u = referencedCodePoint(QStringView(m_text).mid(i + 2, semi - i - 2));
        if (!u)
            continue;
        const auto why = *u > QChar::LastValidCodePoint ? std::optional<QString>(QStringLiteral("beyond U+10FFFF"))
                                                          : TextCharacters::refused(*u);
        if (!why)
            continue;
        constexpr qsizetype kShown = 24; // a reference of a thousand zeros is not quoted whole
        const QString written = semi + 1 - i > kShown ? m_text.mid(i, kShown) + QStringLiteral("…")
                                                      : m_text.mid(i, semi + 1 - i);
        return errorAtOffset(i, QStringLiteral("the character reference '%1' is %2, which no text may hold")
                                    .arg(written, *why));
    }
    return std::nullopt;
}

QString SsmlReader::attribute(const QString &name) const
{
    for (const QXmlStreamAttribute &a : m_xml.attributes())
        if (a.name() == name && a.namespaceUri().isEmpty())
            return a.value().toString();
    return {};
}

std::optional<SsmlError> SsmlReader::value(const QString &element, const QString &name, QString &out) const
{
    bool present = false;
    out.clear();
    for (const QXmlStreamAttribute &a : m_xml.attributes()) {
        const bool xmlLang = name == QLatin1String("xml:lang") && a.name() == QLatin1String("lang")
                             && (a.namespaceUri() == kXmlNamespace || a.prefix() == QLatin1String("xml"));
        if (xmlLang || (a.name() == name && a.namespaceUri().isEmpty())) {
            present = true;
            out = a.value().toString();
            break;
        }
    }
    if (!present)
        return std::nullopt;
    // SSML's values are tokens: " 1s " or "" is a typing error, not a request for the
    // default, and is refused rather than guessed at. (An empty xml:lang is XML's "no
    // language given": the language around it applies.)
    const bool emptyAllowed = name == QLatin1String("xml:lang");
    if ((out.isEmpty() && !emptyAllowed) || (!out.isEmpty() && (out.front().isSpace() || out.back().isSpace())))
        return errorAt(m_tokenLine, m_tokenColumn,
                       QStringLiteral("<%1 %2=\"%3\">: %4").arg(element, name, out,
                                                               out.isEmpty() ? QStringLiteral("the value is empty")
                                                                             : QStringLiteral("the value has spaces around it")));
    return std::nullopt;
}

// Silence is not billed, so that a document cannot buy minutes of audio for a token, its
// breaks may add up to a free allowance of 10 s plus 1 s for every 10 tokens it says (and
// 600 s at most). Checked once the document is read, since its tokens are known only
// then; the error points at the break that goes beyond the allowance.
std::optional<SsmlError> SsmlReader::breakAllowance() const
{
    if (m_breaks.isEmpty())
        return std::nullopt;
    const qint64 tokens = m_doc.spokenText().toUcs4().size();
    const qint64 allowed = SsmlDocument::breakAllowanceMs(tokens);
    for (const BreakAt &b : m_breaks) {
        if (b.totalMs <= allowed)
            continue;
        return errorAt(b.line, b.column,
                       QStringLiteral("the breaks add up to %1 s, more than this document may hold: %2 s for the %3 "
                                      "token(s) it says (10 s, plus 1 s for every 10 tokens, at most %4 s in all)")
                           .arg(double(m_totalBreakMs) / 1000.0, 0, 'g', 6)
                           .arg(double(allowed) / 1000.0, 0, 'g', 6)
                           .arg(tokens)
                           .arg(SsmlDocument::kMaxTotalBreakMs / 1000));
    }
    return std::nullopt;
}

SsmlReader::Frame *SsmlReader::gatherer()
{
    for (qsizetype i = m_stack.size() - 1; i >= 0; --i)
        if (m_stack[i].collect != Collect::None)
            return &m_stack[i];
    return nullptr;
}

std::variant<SsmlDocument, SsmlError> SsmlReader::read()
{
    // Refused before the XML reader sees it, whatever its spelling or what follows it.
    if (const qsizetype at = prologOf(m_text, 0).doctype; at >= 0)
        return errorAtOffset(at, kNoDtd);
    while (true) {
        // Where this token starts: where the last one ended (QXmlStreamReader counts
        // columns from 0, people and editors from 1).
        m_tokenStart = qsizetype(m_xml.characterOffset());
        m_tokenLine = m_xml.lineNumber();
        m_tokenColumn = m_xml.columnNumber() + 1;
        const QXmlStreamReader::TokenType t = m_xml.readNext();
        // Character data and attribute values are where references are decoded (CDATA
        // and comments hold none).
        const bool decodes = t == QXmlStreamReader::StartElement || (t == QXmlStreamReader::Characters && !m_xml.isCDATA());
        if (decodes || t == QXmlStreamReader::Invalid)
            if (auto e = refusedReference(m_tokenStart, qsizetype(m_xml.characterOffset()) + 1))
                return *e;
        if (t == QXmlStreamReader::Invalid)
            break;
        if (t == QXmlStreamReader::EndDocument)
            break;
        switch (t) {
        case QXmlStreamReader::DTD: {
            // The reader has taken "<!" with the token before: point at the '<'.
            const qsizetype open = m_text.lastIndexOf(u'<', qMin(m_tokenStart, m_text.size() - 1));
            const qint64 back = open >= 0 ? m_tokenStart - open : 0;
            return errorAt(m_tokenLine, qMax<qint64>(1, m_tokenColumn - back), kNoDtd);
        }
        case QXmlStreamReader::EntityReference:
            return errorAt(m_tokenLine, m_tokenColumn,
                           QStringLiteral("unknown entity '&%1;'").arg(m_xml.name().toString()));
        case QXmlStreamReader::StartElement:
            if (auto e = startElement())
                return *e;
            break;
        case QXmlStreamReader::EndElement:
            endElement();
            break;
        case QXmlStreamReader::Characters:
            if (!m_stack.isEmpty())
                characters();
            break;
        default: // comments, processing instructions, the XML declaration
            break;
        }
    }
    if (m_xml.hasError())
        // Its column is the number of characters read on the line: the one where the
        // reader stopped, counted from 1.
        return errorAt(m_xml.lineNumber(), qMax<qint64>(1, m_xml.columnNumber()), m_xml.errorString());
    if (auto e = breakAllowance())
        return *e;

    // Neighbouring text with the same settings is one run.
    QList<SsmlItem> merged;
    for (SsmlItem &item : m_doc.m_items) {
        if (!merged.isEmpty() && item.kind == SsmlItem::Kind::Text && merged.last().kind == SsmlItem::Kind::Text
            && item.sayAs.isEmpty() && item.ipa.isEmpty() && merged.last().sayAs.isEmpty() && merged.last().ipa.isEmpty()
            && item.prosody == merged.last().prosody && item.language == merged.last().language) {
            SsmlItem &last = merged.last();
            last.text += item.text;
            last.from.insert(last.from.end(), item.from.begin(), item.from.end());
            last.to.insert(last.to.end(), item.to.begin(), item.to.end());
            continue;
        }
        merged.append(std::move(item));
    }
    m_doc.m_items = std::move(merged);
    return std::move(m_doc);
}

std::optional<SsmlError> SsmlReader::startElement()
{
    const QString name = m_xml.name().toString();
    // After text the reader has already taken the tag's '<': point at it.
    if (m_tokenStart > 0 && m_tokenStart < m_text.size() && m_text.at(m_tokenStart) != u'<'
        && m_text.at(m_tokenStart - 1) == u'<') {
        --m_tokenStart;
        m_tokenColumn = qMax<qint64>(1, m_tokenColumn - 1);
    }
    if (auto e = admitted(name))
        return e;
    Frame f;
    if (!m_stack.isEmpty()) {
        f.prosody = m_stack.last().prosody;
        f.language = m_stack.last().language;
    }
    f.name = name;
    // Inside an element that gathers text (say-as, sub, phoneme) markup is not
    // interpreted: its text counts as the content. speak, and every element this subset
    // does not know (voice, audio, mark, ...), has no handler: its text is read with the
    // settings around it.
    if (!gatherer())
        if (const ElementHandler handle = handlerOf(name))
            if (auto e = (this->*handle)(f))
                return e;
    if (f.collect != Collect::None) {
        f.gathered.prosody = f.prosody;
        f.gathered.language = f.language;
    }
    m_stack.append(std::move(f));
    return std::nullopt;
}

std::optional<SsmlError> SsmlReader::admitted(const QString &name)
{
    if (m_stack.isEmpty() && name != QLatin1String("speak"))
        return errorAt(m_tokenLine, m_tokenColumn, QStringLiteral("the root element must be <speak>, not <%1>").arg(name));
    if (++m_elements > SsmlDocument::kMaxElements)
        return errorAt(m_tokenLine, m_tokenColumn,
                       QStringLiteral("too many elements: at most %1 are allowed").arg(SsmlDocument::kMaxElements));
    if (m_stack.size() >= SsmlDocument::kMaxDepth)
        return errorAt(m_tokenLine, m_tokenColumn,
                       QStringLiteral("elements are nested too deeply: at most %1 levels are allowed").arg(SsmlDocument::kMaxDepth));
    return std::nullopt;
}

SsmlReader::ElementHandler SsmlReader::handlerOf(const QString &name)
{
    static const QHash<QString, ElementHandler> handlers = {
        {QStringLiteral("break"), &SsmlReader::startBreak},
        {QStringLiteral("prosody"), &SsmlReader::startProsody},
        {QStringLiteral("emphasis"), &SsmlReader::startEmphasis},
        {QStringLiteral("say-as"), &SsmlReader::startSayAs},
        {QStringLiteral("sub"), &SsmlReader::startSub},
        {QStringLiteral("phoneme"), &SsmlReader::startPhoneme},
        {QStringLiteral("lang"), &SsmlReader::startLanguage},
        {QStringLiteral("p"), &SsmlReader::startLanguage},
        {QStringLiteral("s"), &SsmlReader::startLanguage},
    };
    return handlers.value(name, nullptr);
}

SsmlError SsmlReader::invalid(const Frame &f, const QString &attr, const QString &value, const QString &expected) const
{
    return errorAt(m_tokenLine, m_tokenColumn, QStringLiteral("<%1 %2=\"%3\">: %4").arg(f.name, attr, value, expected));
}

std::optional<SsmlError> SsmlReader::startBreak(Frame &f)
{
    int ms = 400; // strength="medium", SSML's default
    if (auto e = breakLength(f, ms))
        return e;
    m_totalBreakMs += ms;
    m_breaks.append({m_totalBreakMs, m_tokenLine, m_tokenColumn});
    if (m_totalBreakMs > SsmlDocument::kMaxTotalBreakMs)
        return errorAt(m_tokenLine, m_tokenColumn, QStringLiteral("the breaks add up to more than %1 s")
                                                       .arg(SsmlDocument::kMaxTotalBreakMs / 1000));
    SsmlItem b;
    b.kind = SsmlItem::Kind::Break;
    b.breakMs = ms;
    m_doc.m_items.append(b);
    m_doc.m_visibleBreaks.push_back(m_doc.m_visible.size());
    return std::nullopt;
}

std::optional<SsmlError> SsmlReader::breakLength(const Frame &f, int &ms) const
{
    QString time, strength;
    if (auto e = value(f.name, QStringLiteral("time"), time))
        return e;
    if (auto e = value(f.name, QStringLiteral("strength"), strength))
        return e;
    // Both are checked: a bad value is refused even where the other would win.
    if (!strength.isEmpty()) {
        const std::optional<int> strengthMs = breakStrengthOf(strength);
        if (!strengthMs)
            return invalid(f, QStringLiteral("strength"), strength,
                           QStringLiteral("expected none, x-weak, weak, medium, strong or x-strong"));
        ms = *strengthMs;
    }
    if (!time.isEmpty()) {
        const auto t = breakSecondsOf(time);
        if (!t)
            return invalid(f, QStringLiteral("time"), time,
                           QStringLiteral("expected a duration such as 500ms or 1.2s (digits and a unit, no sign)"));
        // Compared before rounding: a huge value must not wrap around.
        if (*t * 1000.0 > SsmlDocument::kMaxBreakMs)
            return invalid(f, QStringLiteral("time"), time,
                           QStringLiteral("a break lasts at most %1 s").arg(SsmlDocument::kMaxBreakMs / 1000));
        ms = int(std::lround(*t * 1000.0));
    }
    return std::nullopt;
}

std::optional<SsmlError> SsmlReader::startProsody(Frame &f)
{
    QString rate, pitch, volume;
    if (auto e = value(f.name, QStringLiteral("rate"), rate))
        return e;
    if (auto e = value(f.name, QStringLiteral("pitch"), pitch))
        return e;
    if (auto e = value(f.name, QStringLiteral("volume"), volume))
        return e;
    if (!rate.isEmpty()) {
        const auto r = rateOf(rate, f.prosody.rate);
        if (!r)
            return invalid(f, QStringLiteral("rate"), rate,
                           QStringLiteral("expected x-slow, slow, medium, fast, x-fast, default, a percentage (80%, +10%) or a multiplier, "
                                          "for a rate of 0.25 to 4 times the voice's"));
        f.prosody.rate = *r;
    }
    if (!pitch.isEmpty()) {
        const auto p = pitchOf(pitch, f.prosody.pitch);
        if (!p)
            return invalid(f, QStringLiteral("pitch"), pitch,
                           QStringLiteral("expected x-low, low, medium, high, x-high, default, a percentage (+10%), semitones (-2st) or Hz, "
                                          "for a pitch of 0.25 to 4 times the voice's (24 semitones either way)"));
        f.prosody.pitch = *p;
    }
    if (!volume.isEmpty()) {
        const auto v = volumeOf(volume, f.prosody.volume);
        if (!v)
            return invalid(f, QStringLiteral("volume"), volume,
                           QStringLiteral("expected silent, x-soft, soft, medium, loud, x-loud, default, decibels (+6dB) or a percentage, "
                                          "for a volume of -60 dB to +20 dB or silent"));
        f.prosody.volume = *v;
    }
    return std::nullopt;
}

std::optional<SsmlError> SsmlReader::startEmphasis(Frame &f)
{
    QString level;
    if (auto bad = value(f.name, QStringLiteral("level"), level))
        return bad;
    const auto e = emphasisOf(level);
    if (!e)
        return invalid(f, QStringLiteral("level"), level, QStringLiteral("expected strong, moderate, reduced or none"));
    f.prosody.rate *= e->rate;
    f.prosody.pitch *= e->pitch;
    f.prosody.volume *= e->volume;
    return std::nullopt;
}

std::optional<SsmlError> SsmlReader::startSayAs(Frame &f)
{
    QString interpretAs, format;
    if (auto e = value(f.name, QStringLiteral("interpret-as"), interpretAs))
        return e;
    if (auto e = value(f.name, QStringLiteral("format"), format))
        return e;
    f.gathered.sayAs = sayAsOf(interpretAs);
    f.gathered.format = format.toLower();
    f.collect = Collect::SayAs;
    return std::nullopt;
}

std::optional<SsmlError> SsmlReader::startSub(Frame &f)
{
    if (!m_xml.attributes().hasAttribute(QStringLiteral("alias")))
        return errorAt(m_tokenLine, m_tokenColumn, QStringLiteral("<sub> needs an alias attribute"));
    f.gathered.text = attribute(QStringLiteral("alias"));
    f.collect = Collect::Sub;
    return std::nullopt;
}

std::optional<SsmlError> SsmlReader::startPhoneme(Frame &f)
{
    if (!m_xml.attributes().hasAttribute(QStringLiteral("ph")))
        return errorAt(m_tokenLine, m_tokenColumn, QStringLiteral("<phoneme> needs a ph attribute"));
    QString alphabet;
    if (auto e = value(f.name, QStringLiteral("alphabet"), alphabet))
        return e;
    alphabet = alphabet.toLower();
    // Other alphabets (x-sampa, a vendor's) are read as their text.
    if (alphabet.isEmpty() || alphabet == QLatin1String("ipa")) {
        const QString ph = attribute(QStringLiteral("ph")).trimmed();
        // As long as a lexicon's phonemes at most: a word of some hundred espeak-ng
        // mnemonics crashed its worker, and thousands held a flite worker for a minute.
        if (ph.toUcs4().size() > Lexicon::kMaxPhonemeLength)
            return invalid(f, QStringLiteral("ph"), ph,
                           QStringLiteral("it is longer than %1 characters").arg(Lexicon::kMaxPhonemeLength));
        if (const auto bad = IpaPhonemes::unknownSymbol(ph))
            return invalid(f, QStringLiteral("ph"), ph,
                           bad->isEmpty() ? QStringLiteral("it has no sound")
                                          : QStringLiteral("'%1' is not an IPA symbol this service knows").arg(*bad));
        f.gathered.ipa = ph;
    }
    f.collect = Collect::Phoneme;
    return std::nullopt;
}

// <lang>, and <p> and <s>, which may name a language too.
std::optional<SsmlError> SsmlReader::startLanguage(Frame &f)
{
    QString lang;
    if (auto e = value(f.name, QStringLiteral("xml:lang"), lang))
        return e;
    const bool isLang = f.name == QLatin1String("lang");
    if (isLang && lang.isEmpty())
        return errorAt(m_tokenLine, m_tokenColumn, QStringLiteral("<lang> needs an xml:lang attribute"));
    if (!lang.isEmpty())
        f.language = lang;
    if (!isLang) {
        // A sentence or paragraph starts afresh, whatever came before it.
        SsmlItem b;
        b.kind = f.name == QLatin1String("p") ? SsmlItem::Kind::ParagraphEnd : SsmlItem::Kind::SentenceEnd;
        m_doc.m_items.append(b);
        m_doc.m_visibleBreaks.push_back(m_doc.m_visible.size());
    }
    return std::nullopt;
}

void SsmlReader::endElement()
{
    if (m_stack.isEmpty())
        return;
    Frame f = m_stack.takeLast();
    if (f.collect == Collect::Sub) {
        // Every character of the alias stands for the whole content (or for the empty
        // element's place when it has none).
        const qsizetype from = f.contentFrom >= 0 ? f.contentFrom : m_tokenStart;
        const qsizetype to = f.contentFrom >= 0 ? f.contentTo : m_tokenStart;
        f.gathered.from.assign(size_t(f.gathered.text.size()), from);
        f.gathered.to.assign(size_t(f.gathered.text.size()), to);
    }
    if (f.collect != Collect::None && !gatherer() && !f.gathered.text.isEmpty())
        m_doc.m_items.append(std::move(f.gathered));
    if (!gatherer() && (f.name == QLatin1String("p") || f.name == QLatin1String("s"))) {
        SsmlItem b;
        b.kind = f.name == QLatin1String("p") ? SsmlItem::Kind::ParagraphEnd : SsmlItem::Kind::SentenceEnd;
        m_doc.m_items.append(b);
        m_doc.m_visibleBreaks.push_back(m_doc.m_visible.size());
    }
}

void SsmlReader::characters()
{
    const QString decoded = m_xml.text().toString();
    const qsizetype rawEnd = qsizetype(m_xml.characterOffset());
    SsmlItem item;
    item.text = decoded;
    item.from.reserve(size_t(decoded.size()));
    item.to.reserve(size_t(decoded.size()));
    // Walk the raw input beside the decoded text: an entity or character reference is
    // one span, "\r\n" (read as "\n") another; CDATA sections skip their brackets.
    qsizetype i = m_tokenStart;
    const bool cdata = m_xml.isCDATA();
    if (cdata) {
        // The text before it may have taken the section's '<' already.
        const qsizetype open = m_text.indexOf(QLatin1String("<![CDATA["), qMax<qsizetype>(0, i - 1));
        if (open >= 0 && open <= i)
            i = open + 9;
    }
    for (qsizetype j = 0; j < decoded.size(); ++j) {
        qsizetype start = i, end = i + 1;
        if (i >= rawEnd) {
            start = end = rawEnd; // should not happen: keep the rest at the token's end
        } else if (!cdata && m_text.at(i) == u'&') {
            const qsizetype semi = m_text.indexOf(u';', i);
            end = semi >= 0 && semi < rawEnd ? semi + 1 : i + 1;
            // A character reference beyond U+FFFF decodes to a surrogate pair.
            if (decoded.at(j).isHighSurrogate() && j + 1 < decoded.size()) {
                item.from.push_back(start);
                item.to.push_back(end);
                ++j;
            }
        } else if (m_text.at(i) == u'\r') {
            end = (i + 1 < rawEnd && m_text.at(i + 1) == u'\n') ? i + 2 : i + 1;
        }
        item.from.push_back(start);
        item.to.push_back(end);
        i = qMin(end, rawEnd);
    }

    // What a reader sees, whatever is said for it (a <sub>'s content too).
    m_doc.m_visible += item.text;
    m_doc.m_visibleFrom.insert(m_doc.m_visibleFrom.end(), item.from.begin(), item.from.end());
    m_doc.m_visibleTo.insert(m_doc.m_visibleTo.end(), item.to.begin(), item.to.end());

    if (Frame *g = gatherer()) {
        if (g->collect == Collect::Sub) {
            // The content is replaced by the alias: only its place matters.
            if (!item.from.empty()) {
                if (g->contentFrom < 0)
                    g->contentFrom = item.from.front();
                g->contentTo = item.to.back();
            }
            return;
        }
        g->gathered.text += item.text;
        g->gathered.from.insert(g->gathered.from.end(), item.from.begin(), item.from.end());
        g->gathered.to.insert(g->gathered.to.end(), item.to.begin(), item.to.end());
        return;
    }
    item.prosody = m_stack.last().prosody;
    item.language = m_stack.last().language;
    m_doc.m_items.append(std::move(item));
}

qint64 SsmlDocument::breakAllowanceMs(qint64 tokens)
{
    return qMin<qint64>(kMaxTotalBreakMs, kFreeBreakMs + qMax<qint64>(0, tokens) * kBreakMsPerToken);
}

bool SsmlDocument::isSsml(const QString &text)
{
    // The prolog may hold a malformed or misplaced XML declaration: the parser refuses it,
    // saying where. A document type declaration makes the text an XML document, whatever
    // follows it: SSML to refuse, never plain text to read aloud (and bill).
    const Prolog prolog = prologOf(text, text.startsWith(QChar(0xFEFF)) ? 1 : 0);
    if (prolog.doctype >= 0)
        return true;
    if (!prolog.finished)
        return false;
    const qsizetype i = prolog.end;
    if (!QStringView(text).mid(i, 6).startsWith(QLatin1String("<speak")))
        return false;
    if (i + 6 >= text.size())
        return true; // "<speak": malformed, but meant as SSML (a 400 says where)
    const QChar next = text.at(i + 6);
    return next == u'>' || next == u'/' || next.isSpace();
}

std::variant<SsmlDocument, SsmlError> SsmlDocument::parse(const QString &text)
{
    // XML allows no whitespace before its declaration; before the root element it does.
    // A byte order mark is the encoding's, not the document's: it is read past, and the
    // spans still count it, since they point into the text as sent.
    if (text.startsWith(QChar(0xFEFF))) {
        const QString rest = text.mid(1);
        auto parsed = SsmlReader(rest).read();
        if (auto *doc = std::get_if<SsmlDocument>(&parsed))
            for (SsmlItem &item : doc->m_items) {
                for (qsizetype &f : item.from)
                    ++f;
                for (qsizetype &t : item.to)
                    ++t;
            }
        return parsed;
    }
    return SsmlReader(text).read();
}

const QList<SsmlItem> &SsmlDocument::items() const
{
    return m_items;
}

QString SsmlDocument::spokenText() const
{
    QString all;
    for (const SsmlItem &item : m_items) {
        if (item.kind == SsmlItem::Kind::Text)
            all += item.text;
        else
            all += u' '; // a pause or a sentence boundary separates words
    }
    return all.simplified();
}

QString SsmlDocument::wordText(std::vector<qsizetype> &from, std::vector<qsizetype> &to) const
{
    QString out;
    out.reserve(m_visible.size() + qsizetype(m_visibleBreaks.size()));
    from.clear();
    to.clear();
    size_t b = 0;
    for (qsizetype i = 0; i <= m_visible.size(); ++i) {
        for (; b < m_visibleBreaks.size() && m_visibleBreaks[b] == i; ++b) {
            out += u' ';
            from.push_back(-1);
            to.push_back(-1);
        }
        if (i == m_visible.size())
            break;
        out += m_visible.at(i);
        from.push_back(m_visibleFrom[size_t(i)]);
        to.push_back(m_visibleTo[size_t(i)]);
    }
    return out;
}

QString SsmlDocument::visibleText(qsizetype from, qsizetype to) const
{
    // The spans grow with the text (the input is read in order): the first character
    // that starts at or after from, then on while they end by to.
    const auto first = std::lower_bound(m_visibleFrom.begin(), m_visibleFrom.end(), from);
    QString out;
    for (size_t i = size_t(first - m_visibleFrom.begin()); i < m_visibleFrom.size() && m_visibleFrom[i] < to; ++i)
        if (m_visibleTo[i] <= to)
            out += m_visible.at(qsizetype(i));
    return out.simplified();
}

std::pair<qsizetype, qsizetype> SsmlDocument::visibleSpan(qsizetype from, qsizetype to) const
{
    const auto first = std::lower_bound(m_visibleFrom.begin(), m_visibleFrom.end(), from);
    qsizetype start = -1, end = -1;
    for (size_t i = size_t(first - m_visibleFrom.begin()); i < m_visibleFrom.size() && m_visibleFrom[i] < to; ++i) {
        if (m_visibleTo[i] > to || m_visible.at(qsizetype(i)).isSpace())
            continue;
        if (start < 0)
            start = m_visibleFrom[i];
        end = m_visibleTo[i];
    }
    return start < 0 ? std::make_pair(from, to) : std::make_pair(start, end);
}

QString SsmlDocument::billedText(const QString &text)
{
    if (!isSsml(text))
        return text;
    const auto parsed = parse(text);
    if (const auto *doc = std::get_if<SsmlDocument>(&parsed))
        return doc->spokenText();
    return text;
}
