#include "voicelevels.h"

#include "loudnessmeter.h"
#include "speechbackend.h"

#include <cmath>
#include <vector>

namespace
{
// What each backend reads for the measurement. espeak-ng voices speak dozens of
// languages: numbers are read natively in every one of them (and need no kana).
const char *const kFliteReference =
    "The old lighthouse keeper climbed the stairs every evening. "
    "He watched the ships pass by, counting them one after another, until the morning came.";
const char *const kEspeakReference = "Maria, Roma, Berlin, Lima, Sofia, Nina, Omar. 12, 47, 385, 2024, 19, 63, 8, 571, 96, 1300, 44, 7.";
}

QString VoiceLevels::keyOf(const SynthesisParams &p)
{
    return QStringLiteral("%1|%2|%3|%4|%5|%6|%7|%8")
        .arg(p.backend == SpeechBackendKind::Flite ? QLatin1String("flite") : QLatin1String("espeak"),
             p.fliteVoice, p.espeakVoice, p.espeakLanguage, p.espeakVariant)
        .arg(p.gender)
        .arg(p.pitch, 0, 'f', 3)
        .arg(p.pitchRange, 0, 'f', 3);
}

const VoiceLevels::Level &VoiceLevels::levelFor(SpeechBackend *backend, const SynthesisParams &params)
{
    const QString key = keyOf(params);
    auto it = m_levels.constFind(key);
    if (it != m_levels.constEnd())
        return *it;

    SynthesisParams ref = params;
    ref.speed = 1.0;
    ref.kana = false;
    ref.wordGapMs = 0;
    const bool flite = params.backend == SpeechBackendKind::Flite;
    ref.text = QString::fromLatin1(flite ? kFliteReference : kEspeakReference);
    LoudnessMeter meter(backend->sampleRate(ref));
    std::vector<float> chunk;
    const QString err = backend->speak(ref.text, ref, [&](const qint16 *pcm, int n) {
        chunk.resize(size_t(n));
        for (int i = 0; i < n; ++i)
            chunk[size_t(i)] = float(pcm[i]) / 32768.0f;
        meter.add(chunk.data(), n);
        return true;
    });
    Level level;
    level.lufs = meter.integratedLufs();
    // A voice that cannot be measured keeps its own level rather than a wild gain.
    if (err.isEmpty() && std::isfinite(level.lufs) && level.lufs > -70.0)
        level.gain = float(LoudnessMeter::dbToGain(qMin(kMaxGainDb, kTargetLufs - level.lufs)));
    return *m_levels.insert(key, level);
}

float VoiceLevels::softLimit(float x)
{
    const float a = std::abs(x);
    if (a <= kKnee)
        return x;
    // Continuous in value and slope at the knee, never reaching 1.
    const float bent = kKnee + (1.0f - kKnee) * std::tanh((a - kKnee) / (1.0f - kKnee));
    return x < 0 ? -bent : bent;
}

float VoiceLevels::gainFor(SpeechBackend *backend, const SynthesisParams &params)
{
    return levelFor(backend, params).gain;
}

double VoiceLevels::measuredLufs(SpeechBackend *backend, const SynthesisParams &params)
{
    return levelFor(backend, params).lufs;
}
