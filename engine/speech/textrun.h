#pragma once

#include "synthesisoutput.h"
#include "synthesispipeline.h"

#include <memory>
#include <vector>

class SpeedChanger;

// One SynthesisPipeline::run over plain text (or an excerpt of one): its pieces one by
// one through the backend, sonic and the trim at ramp cuts into the output.
class TextRun
{
public:
    TextRun(SynthesisPipeline &pipeline, const SynthesisParams &params, int rate, const SynthesisPipeline::ChunkSink &sink,
            SynthesisPipeline::Progress &done, const SynthesisPipeline::WordSink &words,
            const SynthesisPipeline::Excerpt &excerpt);
    ~TextRun();

    // An error text, or empty on success (also when the sink stopped early).
    QString run();

private:
    bool isExcerpt() const { return m_excerpt.inputOffset >= 0; }
    // Counts piece i in the progress (a sentence's first piece counts the sentence).
    void countPiece(qsizetype i);
    QString speakPiece(qsizetype i);
    QString speakStreamed(const SynthesisPipeline::SpokenPiece &spoken);
    QString speakTimed(const TextSegmenter::Piece &piece, const SynthesisPipeline::SpokenPiece &spoken);
    // The words of a piece whose kept samples are sped[first, last).
    QList<WordTiming> timingsOf(const TextSegmenter::Piece &piece, size_t first, size_t last) const;
    // The backend's samples: through sonic (flite), then emitPcm.
    bool backendPcm(const qint16 *pcm, int n);
    // A piece's samples into the output, its edges trimmed at ramp cuts.
    bool emitPcm(const qint16 *pcm, qsizetype n);
    bool push(const qint16 *pcm, qsizetype n) { return m_output.push(pcm, n, m_level); }

    SynthesisPipeline &m_pipeline;
    const SynthesisParams &m_params;
    SynthesisPipeline::Progress &m_done;
    const SynthesisPipeline::WordSink &m_words;
    const SynthesisPipeline::Excerpt &m_excerpt;
    SpeechBackend *m_backend;
    int m_rate;
    float m_level = 0;
    float m_quiet = 1; // below it a sample reads as silence (VoiceLevels::kAudible before the level)
    SynthesisOutput m_output;
    std::unique_ptr<SpeedChanger> m_speed; // flite's speed and pitch; espeak-ng has a native rate
    QList<TextSegmenter::Piece> m_pieces;
    qsizetype m_sentence; // the one the piece being spoken is part of
    // The piece being spoken: its edges are trimmed at a ramp cut (emitPcm).
    bool m_trimLead = false;
    bool m_trimTail = false;
    bool m_heardPiece = false;
    std::vector<qint16> m_held; // quiet samples at its end, until something audible follows
    std::vector<qint16> m_raw;
    std::vector<qint16> m_sped;
    QList<SpeechBackend::WordMark> m_marks;
    std::vector<qint64> m_cpIndex; // with word timings: code point of every UTF-16 index of the text
};
