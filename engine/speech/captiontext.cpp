#include "captiontext.h"

CaptionText::CaptionText(const QString &inputText)
    : m_input(inputText)
{
    m_utf16.reserve(size_t(inputText.size()) + 1);
    for (qsizetype i = 0; i < inputText.size(); ++i) {
        m_utf16.push_back(i);
        if (inputText.at(i).isHighSurrogate() && i + 1 < inputText.size() && inputText.at(i + 1).isLowSurrogate())
            ++i;
    }
    m_utf16.push_back(inputText.size());
    if (SsmlDocument::isSsml(inputText)) {
        // A generation's SSML parsed when it was accepted; one that does not (it never
        // had words) is shown as written.
        auto parsed = SsmlDocument::parse(inputText);
        if (auto *doc = std::get_if<SsmlDocument>(&parsed))
            m_document = std::move(*doc);
    }
}

QString CaptionText::word(qint64 charStart, qint64 charEnd) const
{
    const qint64 last = qint64(m_utf16.size()) - 1;
    const qsizetype from = m_utf16[size_t(qBound<qint64>(0, charStart, last))];
    const qsizetype to = m_utf16[size_t(qBound<qint64>(0, charEnd, last))];
    if (to <= from)
        return {};
    if (m_document)
        return m_document->visibleText(from, to);
    return m_input.mid(from, to - from);
}
