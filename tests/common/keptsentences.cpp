#include "keptsentences.h"

namespace
{
const QString kSentence = QStringLiteral("The river runs past the old mill and on to the sea. ");
constexpr qsizetype kWordsPerSentence = 12;
}

QString KeptSentences::text(int characters)
{
    return kSentence.repeated((characters + kSentence.size() - 1) / kSentence.size());
}

qsizetype KeptSentences::sentenceLength()
{
    return kSentence.size();
}

qsizetype KeptSentences::count(const QList<WordTiming> &words)
{
    return words.size() % kWordsPerSentence ? -1 : words.size() / kWordsPerSentence;
}
