#pragma once

#include "synthesisparams.h"

#include <QString>

#include <functional>

// One speech library behind a small facade. Implementations live only in worker
// processes (espeak-ng is not thread-safe) and in the one-shot `say` command.
class SpeechBackend
{
public:
    // Receives 16-bit mono PCM at sampleRate(); returns false to stop synthesis.
    using PcmSink = std::function<bool(const qint16 *samples, int count)>;

    virtual ~SpeechBackend() = default;

    virtual int sampleRate(const SynthesisParams &params) = 0;
    // Speaks one sentence. Returns an error text, or an empty string on success
    // (also when the sink stopped it).
    virtual QString speak(const QString &sentence, const SynthesisParams &params, const PcmSink &sink) = 0;
};
