#pragma once

#include <QString>
#include <QStringList>

// Splits text into sentences so that the first audio comes after the first sentence,
// and caps unpunctuated runs so that no piece keeps a synthesizer busy for long.
//
// With the ramp (asked for: SynthesisPipeline::segmenterFor says for which backends), the
// first pieces of a text are shorter than sentences, cut only at clause ends: the first is
// its first clause, and each later one may be about rampGrowth times the text before it,
// until pieces are whole sentences. A live stream makes one unit per piece, so its first audio
// costs a few words of synthesis, and the audio it has buffered grows faster than the
// units of other streams take to run (many listeners arriving together all start fast
// and none of them runs dry). Every route (file jobs, streams, the studio, `say`) cuts a
// backend's texts the same way, so a stream's audio equals the file of the same request.
// Without it, pieces are sentences (what word and sentence marks, billing and the
// benches count in).
class TextSegmenter
{
public:
    // A piece and where it starts in the text (UTF-16 index): pieces are trimmed
    // substrings, so word timings can point back into the text.
    struct Piece
    {
        qsizetype start = 0;
        QString text;
        // The ramp cut the sentence after this piece: the next piece goes on with it,
        // and the two are joined like a clause, not like two sentences.
        bool joinsNext = false;
    };

    // The first piece's size aimed at, in weighted characters (weight()): ~1 s of English
    // speech. The clause end nearest below half again this ends it, else the first after.
    static constexpr int kRampFirst = 16;
    // A later piece is at most this many times the weighted text before it: for a backend
    // whose first audio comes at once (espeak-ng)...
    static constexpr int kRampGrowth = 2;
    // ... and for one that works out a whole utterance before its first audio (flite,
    // about 30 % of an utterance's work): a listener's next piece has to be that far
    // along when the audio before it ends, so with many listeners in step a piece twice
    // the audio before it came too late (SynthesisPipeline::segmenterFor).
    static constexpr int kSlowStartRampGrowth = 1;

    explicit TextSegmenter(int maxPieceLength = 240, bool ramp = false, int rampGrowth = kRampGrowth);

    QStringList split(const QString &text) const;
    QList<Piece> pieces(const QString &text) const;

    // True for the characters after which the ramp may cut (comma, colon, dash and their
    // CJK and Arabic forms): the pause a reader makes there anyway.
    static bool isClauseEnd(QChar c);
    // Where the sentence whose end mark is at i ends (closing quotes and marks
    // included), or -1 when the character at i ends no sentence ("3.5").
    static qsizetype sentenceEndAfter(const QString &text, qsizetype i);
    // For text that arrives in pieces cut anywhere: the length of its leading
    // sentences that more text can no longer change (each end followed by more text).
    static qsizetype settledLength(const QString &text);

private:
    void appendCapped(const QString &text, qsizetype start, qsizetype end, QList<Piece> &out) const;
    QList<Piece> ramped(const QString &text, const QList<Piece> &pieces) const;

    int m_maxPieceLength;
    bool m_ramp;
    int m_rampGrowth;
};
