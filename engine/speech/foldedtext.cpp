#include "foldedtext.h"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>

namespace
{
const icu::Normalizer2 *normalizerFor(FoldedText::Mode mode)
{
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2 *n = mode == FoldedText::Mode::Canonical ? icu::Normalizer2::getNFCInstance(status)
                                                                    : icu::Normalizer2::getNFKCCasefoldInstance(status);
    return U_SUCCESS(status) ? n : nullptr;
}

QString normalized(const icu::Normalizer2 *n, const QChar *text, qsizetype length)
{
    if (!n)
        return QString(text, length);
    // A read-only alias: no copy of the input.
    const icu::UnicodeString in(false, reinterpret_cast<const UChar *>(text), int32_t(length));
    UErrorCode status = U_ZERO_ERROR;
    const icu::UnicodeString out = n->normalize(in, status);
    if (U_FAILURE(status))
        return QString(text, length);
    return QString(reinterpret_cast<const QChar *>(out.getBuffer()), out.length());
}
}

QString FoldedText::fold(const QString &text, Mode mode)
{
    return normalized(normalizerFor(mode), text.constData(), text.size());
}

FoldedText::FoldedText(const QString &text, Mode mode)
{
    const icu::Normalizer2 *n = normalizerFor(mode);
    m_folded.reserve(text.size());
    m_startAt.assign(size_t(text.size()) + 1, -1);
    m_endAt.assign(size_t(text.size()) + 1, -1);
    auto codePointAt = [&](qsizetype i, qsizetype *length) -> char32_t {
        const QChar c = text.at(i);
        if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            *length = 2;
            return QChar::surrogateToUcs4(c, text.at(i + 1));
        }
        *length = 1;
        return c.unicode();
    };
    // Segments that normalize independently of each other (ICU's boundaries: a base
    // letter with the marks that follow it, a Hangul syllable's jamo...), folded one by
    // one so that each folded unit knows the segment it came from.
    qsizetype i = 0;
    while (i < text.size()) {
        const qsizetype start = i;
        qsizetype length = 0;
        codePointAt(i, &length);
        i += length;
        while (i < text.size()) {
            const char32_t c = codePointAt(i, &length);
            if (!n || n->hasBoundaryBefore(UChar32(c)))
                break;
            i += length;
        }
        const QString part = normalized(n, text.constData() + start, i - start);
        if (part.isEmpty())
            continue; // a soft hyphen, a joiner: folded away, inside whatever surrounds it
        const qsizetype at = m_folded.size();
        m_folded += part;
        if (size_t(m_folded.size()) >= m_startAt.size()) {
            // Folding may lengthen the text ("ß" is "ss", "ﬃ" is "ffi").
            m_startAt.resize(size_t(m_folded.size()) + 1, -1);
            m_endAt.resize(size_t(m_folded.size()) + 1, -1);
        }
        m_startAt[size_t(at)] = start;
        m_endAt[size_t(m_folded.size())] = i;
    }
    m_startAt.resize(size_t(m_folded.size()) + 1);
    m_endAt.resize(size_t(m_folded.size()) + 1);
}

const QString &FoldedText::folded() const
{
    return m_folded;
}

std::optional<std::pair<qsizetype, qsizetype>> FoldedText::original(qsizetype from, qsizetype to) const
{
    if (from < 0 || to <= from || to > m_folded.size())
        return std::nullopt;
    const qsizetype start = m_startAt[size_t(from)];
    const qsizetype end = m_endAt[size_t(to)];
    if (start < 0 || end < 0)
        return std::nullopt;
    return std::make_pair(start, end);
}
