#pragma once

#include <QJsonArray>
#include <QList>
#include <QString>

#include <vector>

// When one word of the text is spoken: its span in the text (code points, the word's
// punctuation attached) and its place in the output audio (24 kHz samples).
struct WordTiming
{
    qint64 charStart = 0;
    qint64 charEnd = 0;
    qint64 startSample = 0;
    qint64 endSample = 0;

    bool operator==(const WordTiming &o) const
    {
        return charStart == o.charStart && charEnd == o.charEnd && startSample == o.startSample
               && endSample == o.endSample;
    }
};

namespace WordTimings
{
// Compact form for the worker pipe and the file beside the audio: [[cs, ce, s, e], ...].
QJsonArray toJson(const QList<WordTiming> &words);
// nullopt-free: malformed entries are skipped.
QList<WordTiming> fromJson(const QJsonArray &array);

// The words of a piece of text: whitespace-separated tokens; a token without a letter
// or digit (a dash, a lone quote) joins the word before it (or after it, when first).
// Spans are UTF-16 indices [start, end) relative to the piece.
struct Span
{
    qsizetype start = 0;
    qsizetype end = 0;
};
QList<Span> split(const QString &piece);
// Code point index of every UTF-16 index of text (and of its end).
std::vector<qint64> codePointIndex(const QString &text);
}
