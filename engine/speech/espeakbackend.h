#pragma once

#include "espeakcall.h"
#include "speechbackend.h"

#include <QHash>

// espeak-ng: every language except English. Process-wide state, so one per process.
class EspeakBackend final : public SpeechBackend
{
public:
    EspeakBackend();
    ~EspeakBackend() override;

    bool isReady() const { return m_rate > 0; }
    int sampleRate(const SynthesisParams &params) override;
    QString speak(const QString &sentence, const SynthesisParams &params, const PcmSink &sink,
                  const MarkSink &marks = {}, const QList<PhonemeSpan> &phonemes = {},
                  LeadingSilence lead = LeadingSilence::Heard) override;
    bool canSay(const QString &ipa) const override;

private:
    static QString voiceKey(const SynthesisParams &params);
    static EspeakCall::Setup setupFor(const SynthesisParams &params, bool prosody);
    static QString noVoice(const SynthesisParams &params);
    // Whether the voice's phoneme table has this mnemonic: an unknown one is skipped by
    // espeak-ng (and spoils its word), so [[X]] is as quiet as [[]]. Measured once per
    // voice and mnemonic.
    bool hasPhoneme(const QString &mnemonic, const SynthesisParams &params);
    static qint64 loudSamplesOf(const QByteArray &phonemeInput, const SynthesisParams &params);

    int m_rate = 0;
    QHash<QString, bool> m_phonemes; // voice key + '|' + mnemonic
};
