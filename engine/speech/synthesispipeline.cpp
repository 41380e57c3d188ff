#include "synthesispipeline.h"

#include "audioformat.h"
#include "espeakbackend.h"
#include "flitebackend.h"
#include "kanaconverter.h"
#include "speedchanger.h"

#include <cmath>
#include <vector>

SynthesisPipeline::SynthesisPipeline(Resampler::Quality quality)
    : m_quality(quality)
{
}

SynthesisPipeline::~SynthesisPipeline() = default;

void SynthesisPipeline::warmUp()
{
    SynthesisParams p;
    p.backend = SpeechBackendKind::Espeak;
    backendFor(p);
    p.backend = SpeechBackendKind::Flite;
    for (const char *v : {"slt", "rms", "awb", "kal16"}) {
        p.fliteVoice = QString::fromLatin1(v);
        backendFor(p)->sampleRate(p);
        m_levels.gainFor(backendFor(p), p);
    }
    if (!m_kana)
        m_kana = std::make_unique<KanaConverter>();
}

SpeechBackend *SynthesisPipeline::backendFor(const SynthesisParams &params)
{
    if (params.backend == SpeechBackendKind::Flite) {
        if (!m_flite)
            m_flite = std::make_unique<FliteBackend>();
        return m_flite.get();
    }
    if (!m_espeak)
        m_espeak = std::make_unique<EspeakBackend>();
    return m_espeak.get();
}

QString SynthesisPipeline::run(const SynthesisParams &params, const ChunkSink &sink, Progress *progress)
{
    SpeechBackend *backend = backendFor(params);
    const int rate = backend->sampleRate(params);
    if (rate <= 0)
        return QStringLiteral("speech backend is not available");

    QString text = params.text;
    if (params.kana) {
        if (!m_kana)
            m_kana = std::make_unique<KanaConverter>();
        text = m_kana->toKana(text);
    }
    const QStringList sentences = m_segmenter.split(text);
    if (sentences.isEmpty())
        return QStringLiteral("text has nothing to speak");
    Progress ignored;
    Progress &done = progress ? *progress : ignored;
    done = Progress{};
    for (const QString &s : sentences)
        done.total += s.size();

    Resampler resampler(rate, AudioFormats::kSampleRate, m_quality);
    // espeak-ng has a native rate; flite gets its speed from sonic.
    std::unique_ptr<SpeedChanger> speed;
    if (params.backend == SpeechBackendKind::Flite) {
        const double sonicPitch = FliteBackend::honorsPitchTargets(params.fliteVoice) ? 1.0 : params.pitch;
        if (std::abs(params.speed - 1.0) > 1e-3 || std::abs(sonicPitch - 1.0) > 1e-3)
            speed = std::make_unique<SpeedChanger>(rate, params.speed, sonicPitch);
    }

    const float level = m_levels.gainFor(backend, params) / 32768.0f;
    bool stopped = false;
    std::vector<float> in;
    std::vector<float> out;
    std::vector<qint16> sped;
    auto push = [&](const qint16 *pcm, qsizetype n, bool end) {
        in.resize(size_t(n));
        for (qsizetype i = 0; i < n; ++i)
            in[size_t(i)] = VoiceLevels::softLimit(float(pcm[i]) * level);
        out.clear();
        resampler.process(in.data(), n, end, out);
        if (!out.empty() && !sink(out.data(), qsizetype(out.size())))
            stopped = true;
        return !stopped;
    };
    const SpeechBackend::PcmSink pcmSink = [&](const qint16 *pcm, int n) {
        if (!speed)
            return push(pcm, n, false);
        sped.clear();
        speed->process(pcm, n, sped);
        return sped.empty() || push(sped.data(), qsizetype(sped.size()), false);
    };

    const std::vector<qint16> pause(size_t(rate) * size_t(qMax(0, params.sentencePauseMs)) / 1000, 0);
    for (qsizetype i = 0; i < sentences.size() && !stopped; ++i) {
        // Its pause and the resampler's tail of it count with it.
        done.throughCurrentSentence += sentences.at(i).size();
        if (QString err = backend->speak(sentences.at(i), params, pcmSink); !err.isEmpty())
            return err;
        if (speed && !stopped) {
            sped.clear();
            speed->flush(sped);
            if (!sped.empty())
                push(sped.data(), qsizetype(sped.size()), false);
        }
        if (i + 1 < sentences.size() && !pause.empty() && !stopped)
            push(pause.data(), qsizetype(pause.size()), false);
    }
    if (!stopped)
        push(nullptr, 0, true);
    return {};
}
