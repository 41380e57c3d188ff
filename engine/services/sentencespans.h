#pragma once

#include "wordtiming.h"

#include <QList>
#include <QString>

// Where each sentence of a text lies, in the order the synthesis speaks them: the
// sentence index a live stream reports (LiveStream::Sink::liveSentence) is an index
// into this list. Lets a player mark the sentence being heard in the original text.
namespace SentenceSpans
{
struct Span
{
    qsizetype start = 0;  // in the text given, in UTF-16 units
    qsizetype length = 0;
};

QList<Span> of(const QString &text);

// Where each timed word lies in text, in UTF-16 units (word timings count code points,
// an editor counts UTF-16 units: they differ after an emoji or a rare CJK character).
QList<Span> words(const QString &text, const QList<WordTiming> &timings);
}
