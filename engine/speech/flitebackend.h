#pragma once

#include "speechbackend.h"

#include <QHash>

struct cst_voice_struct;
struct cst_utterance_struct;
struct cst_audio_streaming_info_struct;
class QByteArray;

// flite: the English voices (clustergen slt, rms, awb and diphone kal16), far more
// intelligible than espeak-ng's English.
class FliteBackend final : public SpeechBackend
{
public:
    FliteBackend();

    int sampleRate(const SynthesisParams &params) override;
    QString speak(const QString &sentence, const SynthesisParams &params, const PcmSink &sink,
                  const MarkSink &marks = {}, const QList<PhonemeSpan> &phonemes = {},
                  LeadingSilence lead = LeadingSilence::Heard) override;
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
        char ***addenda = nullptr; // the lexicon's own (PhonemeAddenda)
    };
    struct Targets // flite's intonation targets for one sentence
    {
        float f0Mean = 0;
        float f0Stddev = 0;
    };
    VoiceState *voice(const QString &name);
    // skippedSeconds (when given): how much of its leading pause was left out
    // (LeadingSilence::Trimmed).
    static cst_utterance_struct *utterance(VoiceState *s, const Targets &targets, const QByteArray &text,
                                           cst_audio_streaming_info_struct *asi, LeadingSilence lead,
                                           float *skippedSeconds);
    QString synthesize(VoiceState *s, const Targets &targets, const QString &text, const PcmSink &sink,
                       const MarkSink &marks, LeadingSilence lead);

    QHash<QString, VoiceState> m_voices;
};
