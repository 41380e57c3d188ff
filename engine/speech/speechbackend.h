#pragma once

#include "synthesisparams.h"

#include <QList>
#include <QString>

#include <functional>

// One speech library behind a small facade. Implementations live only in worker
// processes (espeak-ng is not thread-safe) and in the one-shot `say` command.
class SpeechBackend
{
public:
    // Receives 16-bit mono PCM at sampleRate(); returns false to stop synthesis.
    using PcmSink = std::function<bool(const qint16 *samples, int count)>;
    // Where a word of the sentence begins in its audio: textIndex is a UTF-16 index into
    // the sentence, start (and end, when the backend knows it; else -1) are samples at
    // sampleRate() from the sentence's first sample.
    struct WordMark
    {
        qsizetype textIndex = 0;
        qint64 start = 0;
        qint64 end = -1;
    };
    using MarkSink = std::function<void(const WordMark &mark)>;
    // A span of the sentence (UTF-16 indices) said with these IPA phonemes instead of
    // its letters; the letters stay in the sentence, so marks still point at them.
    struct PhonemeSpan
    {
        qsizetype start = 0;
        qsizetype length = 0;
        QString ipa;
    };

    // What the caller does with the backend's own silence before a sentence's first
    // audible sample: a piece that the ramp cut off the start of its sentence has it
    // trimmed (SynthesisPipeline), and a backend may then leave most of it unmade.
    enum class LeadingSilence { Heard, Trimmed };

    virtual ~SpeechBackend() = default;

    virtual int sampleRate(const SynthesisParams &params) = 0;
    // Speaks one sentence. Returns an error text, or an empty string on success
    // (also when the sink stopped it). marks, when set, receives the words' places, each
    // before the audio that holds it. phonemes (in order, apart) are said as their IPA;
    // the caller hands only spans the backend can say (canSay()).
    virtual QString speak(const QString &sentence, const SynthesisParams &params, const PcmSink &sink,
                          const MarkSink &marks = {}, const QList<PhonemeSpan> &phonemes = {},
                          LeadingSilence lead = LeadingSilence::Heard) = 0;
    // Whether this backend has phonemes for all of ipa (else the pipeline says the alias).
    virtual bool canSay(const QString &ipa) const = 0;
};
