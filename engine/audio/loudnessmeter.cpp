#include "loudnessmeter.h"

#include <ebur128.h>

#include <cmath>

struct LoudnessMeter::State
{
    ebur128_state *meter = nullptr;
};

LoudnessMeter::LoudnessMeter(int sampleRate)
    : m_state(std::make_unique<State>())
{
    m_state->meter = ebur128_init(1, unsigned(sampleRate), EBUR128_MODE_I | EBUR128_MODE_TRUE_PEAK);
}

LoudnessMeter::~LoudnessMeter()
{
    if (m_state->meter)
        ebur128_destroy(&m_state->meter);
}

void LoudnessMeter::add(const float *samples, qsizetype count)
{
    if (m_state->meter && count > 0) {
        ebur128_add_frames_float(m_state->meter, samples, size_t(count));
        m_samples += count;
    }
}

double LoudnessMeter::integratedLufs() const
{
    double lufs = -HUGE_VAL;
    if (m_state->meter && m_samples > 0)
        ebur128_loudness_global(m_state->meter, &lufs);
    return lufs;
}

double LoudnessMeter::truePeakDb() const
{
    double peak = 0.0;
    if (!m_state->meter || m_samples == 0 || ebur128_true_peak(m_state->meter, 0, &peak) != EBUR128_SUCCESS || peak <= 0.0)
        return -HUGE_VAL;
    return 20.0 * std::log10(peak);
}

double LoudnessMeter::dbToGain(double db)
{
    return std::pow(10.0, db / 20.0);
}
