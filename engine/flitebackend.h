#pragma once

#include "speechbackend.h"

#include <QHash>

struct cst_voice_struct;

// flite: the English voices (clustergen slt, rms, awb and diphone kal16), far more
// intelligible than espeak-ng's English.
class FliteBackend final : public SpeechBackend
{
public:
    FliteBackend();

    int sampleRate(const SynthesisParams &params) override;
    QString speak(const QString &sentence, const SynthesisParams &params, const PcmSink &sink) override;

    static bool isKnownVoice(const QString &name);

private:
    struct VoiceState
    {
        cst_voice_struct *voice = nullptr;
        float f0Mean = 0;
        float f0Stddev = 0;
        int rate = 16000;
    };
    VoiceState *voice(const QString &name);

    QHash<QString, VoiceState> m_voices;
};
