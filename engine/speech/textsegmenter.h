#pragma once

#include <QString>
#include <QStringList>

// Splits text into sentences so that the first audio comes after the first sentence,
// and caps unpunctuated runs so that no piece keeps a synthesizer busy for long.
class TextSegmenter
{
public:
    explicit TextSegmenter(int maxPieceLength = 240);

    QStringList split(const QString &text) const;

private:
    void appendCapped(const QString &sentence, QStringList &out) const;

    int m_maxPieceLength;
};
