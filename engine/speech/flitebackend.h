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
    QString speak(const QString &sentence, const SynthesisParams &params, const PcmSink &sink,
                  const MarkSink &marks = {}, const QList<PhonemeSpan> &phonemes = {}) override;
    bool canSay(const QString &ipa) const override;

    static bool isKnownVoice(const QString &name);
    // rms ignores flite's F0 targets (measured: median F0 stays put); its pitch is
    // changed afterwards with sonic, and its pitch spread cannot be changed.
    static bool honorsPitchTargets(const QString &name);

private:
    struct VoiceState
    {
        cst_voice_struct *voice = nullptr;
        float f0Mean = 0;
        float f0Stddev = 0;
        int rate = 16000;
    };
    VoiceState *voice(const QString &name);
    QString speakWithMarks(VoiceState *s, const QString &sentence, const PcmSink &sink, const MarkSink &marks);
    QString synthesize(VoiceState *s, const QString &text, const PcmSink &sink, const MarkSink &marks);

    QHash<QString, VoiceState> m_voices;
};
