#include "synthesisoutput.h"

#include "audioformat.h"
#include "synthesispipeline.h"
#include "voicelevels.h"

#include <cmath>
#include <numeric>

SynthesisOutput::SynthesisOutput(const Sink &sink, Resampler::Quality quality)
    : m_sink(sink)
    , m_quality(quality)
{
}

SynthesisOutput::~SynthesisOutput() = default;

void SynthesisOutput::useRate(int rate)
{
    if (rate == m_rate)
        return;
    if (m_resampler && !m_stopped)
        push(nullptr, 0, 1.0f, true);
    m_resampler = std::make_unique<Resampler>(rate, AudioFormats::kSampleRate, m_quality);
    m_rate = rate;
}

// An excerpt's resampler starts fresh, on the whole run's output grid: a few samples of
// silence before the excerpt put its start where an output sample of the whole run falls
// ((P - pad) * 24000 / rate whole), and the output of that silence before outputOffset is
// dropped. Started at P itself, every sample of the unit would sit up to half a sample off
// the solo run's (correlation 0.7 on espeak's sibilants).
void SynthesisOutput::startExcerpt(const SynthesisExcerpt &excerpt)
{
    m_excerpt = true;
    m_outputOffset = excerpt.outputOffset;
    const qint64 g = std::gcd(qint64(AudioFormats::kSampleRate), qint64(m_rate));
    const qint64 inPeriod = m_rate / g, outPeriod = AudioFormats::kSampleRate / g;
    const qint64 pad = excerpt.inputOffset % inPeriod;
    m_pushed = excerpt.inputOffset - pad;
    m_drop = qMax<qint64>(0, excerpt.outputOffset - m_pushed / inPeriod * outPeriod);
    pushSilence(pad);
}

bool SynthesisOutput::push(const qint16 *pcm, qsizetype n, float gain, bool end)
{
    m_in.resize(size_t(n));
    for (qsizetype i = 0; i < n; ++i)
        m_in[size_t(i)] = VoiceLevels::softLimit(float(pcm[i]) * gain);
    m_pushed += n;
    m_clock += double(n) * AudioFormats::kSampleRate / m_rate;
    m_out.clear();
    m_resampler->process(m_in.data(), n, end, m_out);
    if (m_drop > 0) {
        const qint64 early = qMin<qint64>(m_drop, qint64(m_out.size()));
        m_out.erase(m_out.begin(), m_out.begin() + early);
        m_drop -= early;
    }
    if (end && m_excerpt) {
        // Where a run over the whole text would be now (see SynthesisExcerpt): the tail
        // is the sentence pause or the text's end, silence either way.
        const qint64 target = qint64(std::llround(double(m_pushed) * AudioFormats::kSampleRate / m_rate)) - m_outputOffset;
        m_out.resize(size_t(qMax<qint64>(0, target - m_emitted)), 0.0f);
    }
    m_emitted += qint64(m_out.size());
    if (!m_out.empty() && !m_sink(m_out.data(), qsizetype(m_out.size())))
        m_stopped = true;
    return !m_stopped;
}

void SynthesisOutput::pushSilence(qsizetype n)
{
    if (n <= 0 || m_stopped)
        return;
    m_zeros.assign(size_t(n), 0);
    push(m_zeros.data(), n, 1.0f);
}

void SynthesisOutput::finish()
{
    if (!m_stopped && m_resampler)
        push(nullptr, 0, 1.0f, true);
}
