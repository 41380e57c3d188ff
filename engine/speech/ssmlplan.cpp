#include "ssmlplan.h"

#include "textnormalizer.h"
#include "textsegmenter.h"

#include <QDate>
#include <QRegularExpression>

#include <algorithm>
#include <memory>

qsizetype SsmlStep::sourceStart() const
{
    return from.empty() ? 0 : from.front();
}

qsizetype SsmlStep::sourceEnd() const
{
    return to.empty() ? 0 : to.back();
}

namespace
{
QString digitsOnly(const QString &s)
{
    QString out;
    for (const QChar c : s)
        if (c.isDigit())
            out += c;
    return out;
}

// Letters and digits one by one ("ABC" -> "A B C"): capitals, which every voice reads
// as letter names (a lone "a" is an article).
QString characters(const QString &content)
{
    QStringList out;
    for (const QChar c : content)
        if (c.isLetterOrNumber())
            out << QString(c.toUpper());
    return out.join(u' ');
}

QString digits(const QString &content)
{
    QStringList out;
    for (const QChar c : content)
        if (c.isDigit())
            out << QString(c);
    return out.join(u' ');
}

// Digit by digit, the groups apart ("+1 555-1234" -> "plus... 1, 5 5 5, 1 2 3 4").
QString telephone(const QString &content)
{
    static const QRegularExpression groups(QStringLiteral("[0-9]+"));
    QStringList out;
    for (auto it = groups.globalMatch(content); it.hasNext();)
        out << digits(it.next().captured());
    return out.join(QStringLiteral(", "));
}

QString cardinal(const QString &content, const TextNormalizer &n)
{
    QString v = content.trimmed();
    v.remove(u',').remove(u' ').remove(QChar(0x00A0)).remove(QChar(0x202F)).remove(u'\'');
    static const QRegularExpression integer(QStringLiteral("^-?[0-9]{1,15}$"));
    if (!integer.match(v).hasMatch())
        return content; // a decimal or not a number: TextNormalizer reads it as written
    const QString words = v.startsWith(u'-') ? QString() : n.cardinal(v);
    return words.isEmpty() ? content : words;
}

QString ordinal(const QString &content, const TextNormalizer &n)
{
    const QString v = digitsOnly(content);
    if (v.isEmpty() || v.size() > 15)
        return content;
    const QString words = n.ordinal(v);
    return words.isEmpty() ? content : words;
}

// A date in the order its format names (ymd, dmy, mdy; default: year first when it has
// four digits, else day first) as an ISO date, which TextNormalizer speaks in the
// language's long form. Partial dates (ym, md, y) are read as written.
QString date(const QString &content, const QString &format)
{
    static const QRegularExpression numbers(QStringLiteral("[0-9]+"));
    QStringList parts;
    for (auto it = numbers.globalMatch(content); it.hasNext();)
        parts << it.next().captured();
    if (parts.size() != 3)
        return content;
    QString order = format.left(3);
    if (order.size() != 3 || !order.contains(u'y') || !order.contains(u'm') || !order.contains(u'd'))
        order = parts.at(0).size() == 4 ? QStringLiteral("ymd") : QStringLiteral("dmy");
    int y = parts.at(order.indexOf(u'y')).toInt();
    const int m = parts.at(order.indexOf(u'm')).toInt();
    const int d = parts.at(order.indexOf(u'd')).toInt();
    if (parts.at(order.indexOf(u'y')).size() <= 2)
        y += y < 50 ? 2000 : 1900;
    if (!QDate(y, m, d).isValid() || y < 1000 || y > 2999)
        return content;
    return QDate(y, m, d).toString(Qt::ISODate);
}

// "12:30", "12.30", "12h30", "1230", "12:30:15" -> "12:30", which TextNormalizer speaks;
// what follows (am, pm) stays.
QString timeOf(const QString &content)
{
    static const QRegularExpression re(QStringLiteral("^\\s*([01]?[0-9]|2[0-3])[:.h]?([0-5][0-9])(?::[0-5][0-9])?\\s*(.*)$"),
                                       QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(content);
    if (!m.hasMatch())
        return content;
    QString out = m.captured(1) + u':' + m.captured(2);
    if (!m.captured(3).isEmpty())
        out += u' ' + m.captured(3);
    return out;
}

QString sayAs(const SsmlItem &item, const TextNormalizer &n)
{
    if (item.sayAs == QLatin1String("characters"))
        return characters(item.text);
    if (item.sayAs == QLatin1String("digits"))
        return digits(item.text);
    if (item.sayAs == QLatin1String("telephone"))
        return telephone(item.text);
    if (item.sayAs == QLatin1String("cardinal"))
        return cardinal(item.text, n);
    if (item.sayAs == QLatin1String("ordinal"))
        return ordinal(item.text, n);
    if (item.sayAs == QLatin1String("date"))
        return date(item.text, item.format);
    if (item.sayAs == QLatin1String("time"))
        return timeOf(item.text);
    return item.text;
}

bool endsSentence(const QString &text)
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return false;
    const QChar c = t.back();
    return c == u'.' || c == u'!' || c == u'?' || c == u';' || c == u':' || c.unicode() == 0x3002
           || c.unicode() == 0xFF01 || c.unicode() == 0xFF1F;
}
}

SsmlPlan::SsmlPlan(const SsmlDocument &doc, int sentencePauseMs, const TextNormalizer *normalizer)
    : m_sentencePauseMs(qMax(0, sentencePauseMs))
{
    std::unique_ptr<TextNormalizer> english;
    if (!normalizer) {
        english = std::make_unique<TextNormalizer>(QStringLiteral("en_US"));
        normalizer = english.get();
    }
    for (const SsmlItem &item : doc.items()) {
        if (item.kind != SsmlItem::Kind::Text)
            flush();
        switch (item.kind) {
        case SsmlItem::Kind::Break:
            m_pendingBreak = true;
            m_breakMs += item.breakMs;
            break;
        case SsmlItem::Kind::SentenceEnd:
            m_boundaryMs = qMax(m_boundaryMs, m_sentencePauseMs);
            break;
        case SsmlItem::Kind::ParagraphEnd:
            m_boundaryMs = qMax(m_boundaryMs, 2 * m_sentencePauseMs);
            break;
        case SsmlItem::Kind::Text:
            addText(item, normalizer);
            break;
        }
    }
    flush();
}

void SsmlPlan::addText(const SsmlItem &item, const TextNormalizer *normalizer)
{
    SsmlItem spoken = item;
    if (!item.sayAs.isEmpty() && !item.text.isEmpty()) {
        // Every word said stands for the whole content: captions show it as one word.
        spoken.text = sayAs(item, *normalizer);
        spoken.from.assign(size_t(spoken.text.size()), item.from.front());
        spoken.to.assign(size_t(spoken.text.size()), item.to.back());
    }
    const bool joins = m_haveRun && m_run.prosody == spoken.prosody && m_run.language == spoken.language;
    if (!joins)
        flush();
    if (!m_haveRun) {
        m_run = SsmlItem{};
        m_run.prosody = spoken.prosody;
        m_run.language = spoken.language;
        m_runPhonemes.clear();
        m_haveRun = true;
    }
    if (!spoken.ipa.isEmpty()) {
        // The span of its words, without the whitespace around them.
        qsizetype start = 0, end = spoken.text.size();
        while (start < end && spoken.text.at(start).isSpace())
            ++start;
        while (end > start && spoken.text.at(end - 1).isSpace())
            --end;
        if (end > start)
            m_runPhonemes.append(Pronunciation{m_run.text.size() + start, end - start, spoken.ipa, {}});
    }
    m_run.text += spoken.text;
    m_run.from.insert(m_run.from.end(), spoken.from.begin(), spoken.from.end());
    m_run.to.insert(m_run.to.end(), spoken.to.begin(), spoken.to.end());
}

void SsmlPlan::flush()
{
    if (!m_haveRun)
        return;
    m_haveRun = false;
    const SsmlItem spoken = std::move(m_run);
    m_run = SsmlItem{};
    const QList<TextSegmenter::Piece> pieces = TextSegmenter().pieces(spoken.text);
    // The phonemes and the pieces are both in text order: each is looked at once.
    qsizetype phoneme = 0;
    for (qsizetype k = 0; k < pieces.size(); ++k) {
        const TextSegmenter::Piece &p = pieces.at(k);
        SsmlStep s;
        s.text = p.text;
        s.from.assign(spoken.from.begin() + p.start, spoken.from.begin() + p.start + p.text.size());
        s.to.assign(spoken.to.begin() + p.start, spoken.to.begin() + p.start + p.text.size());
        s.prosody = spoken.prosody;
        s.language = spoken.language;
        for (; phoneme < m_runPhonemes.size() && m_runPhonemes.at(phoneme).start < p.start + p.text.size(); ++phoneme) {
            const Pronunciation &ph = m_runPhonemes.at(phoneme);
            if (ph.start >= p.start && ph.start + ph.length <= p.start + p.text.size())
                s.pronunciations.append(Pronunciation{ph.start - p.start, ph.length, ph.ipa, {}});
        }
        if (k > 0) {
            s.gap = SsmlStep::Gap::Sentence;
            s.gapMs = m_sentencePauseMs;
        } else if (m_pendingBreak) {
            s.gap = SsmlStep::Gap::Break;
            s.gapMs = m_breakMs;
        } else if (m_steps.isEmpty()) {
            s.gap = SsmlStep::Gap::None;
        } else if (m_boundaryMs >= 0) {
            s.gap = SsmlStep::Gap::Sentence;
            s.gapMs = m_boundaryMs;
        } else if (endsSentence(m_steps.last().text)) {
            s.gap = SsmlStep::Gap::Sentence;
            s.gapMs = m_sentencePauseMs;
        } else {
            s.gap = SsmlStep::Gap::Join;
            s.gapMs = kJoinMs;
        }
        m_pendingBreak = false;
        m_breakMs = 0;
        m_boundaryMs = -1;
        m_steps.append(std::move(s));
    }
}

// A lexicon span falls on a piece when the piece holds its characters exactly as written
// (not inside an alias or a say-as); a <phoneme> wins over a lexicon span it overlaps.
QList<Pronunciation> SsmlPlan::pronunciationsOf(const SsmlStep &step, const QList<Pronunciation> &document)
{
    QList<Pronunciation> out = step.pronunciations;
    if (step.from.empty())
        return out;
    // Only the spans that start within the step's part of the document: the document's
    // are in order (Lexicon::match) and so are a step's sources, so both are searched by
    // halves rather than walked for every step of a long document.
    const auto byStart = [](const Pronunciation &p, qsizetype at) { return p.start < at; };
    const auto first = std::lower_bound(document.begin(), document.end(), step.sourceStart(), byStart);
    for (auto p = first; p != document.end() && p->start < step.sourceEnd(); ++p) {
        const auto it = std::lower_bound(step.from.begin(), step.from.end(), p->start);
        if (it == step.from.end() || *it != p->start || p->length <= 0)
            continue;
        const size_t k = size_t(it - step.from.begin());
        if (k + size_t(p->length) > step.from.size())
            continue;
        bool asWritten = true;
        for (size_t j = 0; j < size_t(p->length) && asWritten; ++j)
            asWritten = step.from[k + j] == p->start + qsizetype(j) && step.to[k + j] == p->start + qsizetype(j) + 1;
        const qsizetype start = qsizetype(k);
        const bool overlaps = std::any_of(out.begin(), out.end(), [&](const Pronunciation &q) {
            return start < q.start + q.length && q.start < start + p->length;
        });
        if (asWritten && !overlaps)
            out.append(Pronunciation{start, p->length, p->ipa, p->alias});
    }
    std::sort(out.begin(), out.end(), [](const Pronunciation &a, const Pronunciation &b) { return a.start < b.start; });
    return out;
}

const QList<SsmlStep> &SsmlPlan::steps() const
{
    return m_steps;
}

int SsmlPlan::trailingBreakMs() const
{
    return m_pendingBreak ? m_breakMs : 0;
}

bool SsmlPlan::trimsTail(qsizetype step) const
{
    if (step + 1 < m_steps.size()) {
        const SsmlStep::Gap g = m_steps.at(step + 1).gap;
        return g == SsmlStep::Gap::Break || g == SsmlStep::Gap::Join;
    }
    return m_pendingBreak;
}
