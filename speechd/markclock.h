#pragma once

#include "ssmlmarks.h"
#include "wordtiming.h"

#include <QList>

#include <optional>

// When each mark of a message is reached in its audio: at the first sample of the first
// word after it. Word timings come piece by piece before the piece's audio, so a mark is
// placed once the word after it is known; marks after the last word fall due at the end.
class MarkClock
{
public:
    explicit MarkClock(const QList<SsmlMark> &marks) : m_marks(marks) {}

    void addWords(const QList<WordTiming> &words);
    // The output sample the next mark falls due at, once known.
    std::optional<qint64> nextDue() const;
    // The next mark, taken off the list.
    QString takeNext();
    bool isEmpty() const { return m_next >= m_marks.size(); }

private:
    QList<SsmlMark> m_marks;
    QList<qint64> m_due; // samples of m_marks' first entries
    qsizetype m_next = 0;
};
