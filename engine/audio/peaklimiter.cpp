#include "peaklimiter.h"

#include <algorithm>
#include <cmath>

PeakLimiter::PeakLimiter(float ceiling, int sampleRate, double lookaheadMs, double releaseMs)
    : m_ceiling(ceiling)
    , m_window(qMax(1, int(std::lround(sampleRate * lookaheadMs / 1000.0))))
    , m_release(float(1.0 - std::exp(-1.0 / (sampleRate * releaseMs / 1000.0))))
    , m_history(size_t(kInterpolationHalf - 1), 0.0f) // silence before the first sample
{
}

namespace
{
// Inter-sample peaks: the signal between two samples, at a quarter, half and three quarters,
// by a Hann-windowed sinc over kHalf samples each side (what a true-peak meter's 4x
// oversampling sees; a DAC's reconstruction can pass a sample ceiling by over 1 dB).
constexpr int kHalf = PeakLimiter::kInterpolationHalf;

float interpolationTap(int t, double fraction)
{
    const double d = double(t) - fraction; // distance from the interpolated point
    const double sinc = std::abs(d) < 1e-12 ? 1.0 : std::sin(M_PI * d) / (M_PI * d);
    const double window = 0.5 + 0.5 * std::cos(M_PI * d / (kHalf + 1));
    return float(sinc * window);
}

struct Taps
{
    float phase[3][2 * kHalf];
    Taps()
    {
        for (int p = 0; p < 3; ++p)
            for (int t = -kHalf + 1; t <= kHalf; ++t)
                phase[p][t + kHalf - 1] = interpolationTap(t, (p + 1) / 4.0);
    }
};
}

// The next input sample: its peak (itself and the reconstructed signal on either side of
// it) is known kHalf samples later, when the samples the interpolation reads have come.
void PeakLimiter::push(float x, std::vector<float> &out)
{
    static const Taps taps;
    ++m_pushed;
    m_history.push_back(x);
    if (int(m_history.size()) < 2 * kHalf)
        return;
    // The segment between history[kHalf - 1] and history[kHalf].
    float segment = 0;
    for (const float *h : taps.phase) {
        float y = 0;
        for (int t = 0; t < 2 * kHalf; ++t)
            y += h[t] * m_history[size_t(t)];
        segment = qMax(segment, std::abs(y));
    }
    const float sample = m_history[size_t(kHalf - 1)];
    limit(sample, std::max({std::abs(sample), segment, m_lastSegment}), out);
    m_lastSegment = segment;
    m_history.pop_front();
}

// Gain g[n] = mean over the last W samples of m[k], where m[k] is the minimum gain the
// next W input samples from k need (then released slowly). Every k averaged for sample
// n has n inside its window, so g[n] <= the gain sample n needs: the ceiling holds.
void PeakLimiter::limit(float x, float a, std::vector<float> &out)
{
    const float need = a > m_ceiling ? m_ceiling / a : 1.0f;
    const qint64 i = m_index++;
    while (!m_minQueue.empty() && m_minQueue.back().second >= need)
        m_minQueue.pop_back();
    m_minQueue.emplace_back(i, need);
    m_delay.push_back(x);
    // m for the window starting at k = i - W + 1 is known once sample i has arrived.
    const qint64 k = i - m_window + 1;
    if (k < 0)
        return;
    while (m_minQueue.front().first < k)
        m_minQueue.pop_front();
    const float windowMin = m_minQueue.front().second;
    m_released = qMin(windowMin, m_released + (1.0f - m_released) * m_release);
    m_smoothed.push_back(m_released);
    m_smoothedSum += m_released;
    if (int(m_smoothed.size()) > m_window) {
        m_smoothedSum -= m_smoothed.front();
        m_smoothed.pop_front();
    }
    // Before W values exist, the mean over fewer of them still only averages windows
    // that contain sample k.
    const float gain = float(m_smoothedSum / double(m_smoothed.size()));
    const float y = m_delay.front() * gain;
    m_delay.pop_front();
    if (gain < 0.9999f)
        ++m_limited;
    out.push_back(y);
}

void PeakLimiter::process(const float *in, qsizetype count, std::vector<float> &out)
{
    for (qsizetype n = 0; n < count; ++n)
        push(in[n], out);
}

void PeakLimiter::flush(std::vector<float> &out)
{
    // The input samples the interpolation still waits for, then the look-ahead.
    const qint64 inputs = m_pushed;
    while (m_index < inputs)
        push(0.0f, out);
    for (int n = 0; n < m_window - 1; ++n)
        limit(0.0f, 0.0f, out);
}
