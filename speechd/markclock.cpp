#include "markclock.h"

void MarkClock::addWords(const QList<WordTiming> &words)
{
    for (const WordTiming &w : words)
        while (m_due.size() < m_marks.size() && m_marks.at(m_due.size()).position <= w.charStart)
            m_due.append(w.startSample);
}

std::optional<qint64> MarkClock::nextDue() const
{
    if (m_next < m_due.size())
        return m_due.at(m_next);
    return std::nullopt;
}

QString MarkClock::takeNext()
{
    return m_next < m_marks.size() ? m_marks.at(m_next++).name : QString();
}
