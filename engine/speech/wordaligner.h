#pragma once

#include "speechbackend.h"
#include "wordtiming.h"

#include <QList>

#include <vector>

// Gives every word of one spoken piece a start and an end in that piece's audio, from
// the backend's word marks: a word takes its first mark; words without one (the
// backend skipped or merged them) are placed between their neighbours in proportion to
// their position in the text. A start from espeak-ng inside a pause moves to where the
// voice resumes (espeak-ng reports a word before the pause that precedes it); starts
// from flite's segment boundaries are exact and kept.
class WordAligner
{
public:
    struct Span
    {
        qint64 start = 0; // samples of the piece's audio, backend rate
        qint64 end = 0;
    };

    // pcm: the piece's audio; marks: text indices relative to the piece.
    WordAligner(const std::vector<qint16> &pcm, int sampleRate);

    std::vector<Span> align(const QList<WordTimings::Span> &words, qsizetype pieceLength,
                            const QList<SpeechBackend::WordMark> &marks) const;

private:
    bool silentFrame(qint64 frame) const;
    qint64 skipPause(qint64 sample, qint64 limit) const;

    std::vector<double> m_frameRms;
    qint64 m_frameLength;
    qint64 m_total;
    double m_silence = 0;
    qint64 m_voicedStart = 0;
    qint64 m_voicedEnd = 0;
};
