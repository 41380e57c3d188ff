#pragma once

#include "wordtiming.h"

#include <QList>
#include <QString>

// A text for stopping mid-speech: sentences of one length and twelve words each, so
// that how many sentences a stop kept is read off the kept audio's captions, and what
// it should bill is that many sentences' characters.
namespace KeptSentences
{
// About `characters` long (whole sentences).
QString text(int characters);
qsizetype sentenceLength();
// The whole sentences the word timings hold; -1 when they end inside a sentence.
qsizetype count(const QList<WordTiming> &words);
}
