#pragma once

#include <QString>
#include <QStringList>

// Splits text into sentences so that the first audio comes after the first sentence,
// and caps unpunctuated runs so that no piece keeps a synthesizer busy for long.
class TextSegmenter
{
public:
    // A piece and where it starts in the text (UTF-16 index): pieces are trimmed
    // substrings, so word timings can point back into the text.
    struct Piece
    {
        qsizetype start = 0;
        QString text;
    };

    explicit TextSegmenter(int maxPieceLength = 240);

    QStringList split(const QString &text) const;
    QList<Piece> pieces(const QString &text) const;

private:
    void appendCapped(const QString &text, qsizetype start, qsizetype end, QList<Piece> &out) const;

    int m_maxPieceLength;
};
