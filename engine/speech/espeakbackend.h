#pragma once

#include "speechbackend.h"

// espeak-ng: every language except English. Process-wide state, so one per process.
class EspeakBackend final : public SpeechBackend
{
public:
    EspeakBackend();
    ~EspeakBackend() override;

    bool isReady() const { return m_rate > 0; }
    int sampleRate(const SynthesisParams &params) override;
    QString speak(const QString &sentence, const SynthesisParams &params, const PcmSink &sink,
                  const MarkSink &marks = {}) override;

private:
    QString selectVoice(const SynthesisParams &params);

    int m_rate = 0;
    QString m_currentVoice;
};
