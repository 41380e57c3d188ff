#include "peaklimiter.h"

#include <cmath>

PeakLimiter::PeakLimiter(float ceiling, int sampleRate, double lookaheadMs, double releaseMs)
    : m_ceiling(ceiling)
    , m_window(qMax(1, int(std::lround(sampleRate * lookaheadMs / 1000.0))))
    , m_release(float(1.0 - std::exp(-1.0 / (sampleRate * releaseMs / 1000.0))))
{
}

// Gain g[n] = mean over the last W samples of m[k], where m[k] is the minimum gain the
// next W input samples from k need (then released slowly). Every k averaged for sample
// n has n inside its window, so g[n] <= the gain sample n needs: the ceiling holds.
void PeakLimiter::push(float x, std::vector<float> &out)
{
    const float a = std::abs(x);
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
    for (int n = 0; n < m_window - 1; ++n)
        push(0.0f, out);
}
