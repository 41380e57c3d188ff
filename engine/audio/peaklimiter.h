#pragma once

#include <QtGlobal>

#include <deque>
#include <vector>

// A look-ahead peak limiter for exports: neither an output sample nor the signal a player
// reconstructs between two samples (true peak, 4x oversampled) exceeds the ceiling, and
// the gain is lowered gradually before a peak (over the look-ahead) and raised again
// slowly after it, so that limiting does not click. Output lags input by lookahead
// samples and kInterpolationHalf - 1 more; flush() hands out the rest.
class PeakLimiter
{
public:
    // Samples on each side of an inter-sample point that its interpolation reads.
    static constexpr int kInterpolationHalf = 8;

    PeakLimiter(float ceiling, int sampleRate, double lookaheadMs = 5.0, double releaseMs = 80.0);

    void process(const float *in, qsizetype count, std::vector<float> &out);
    void flush(std::vector<float> &out);
    // How many samples were lowered (for reports).
    qint64 limitedSamples() const { return m_limited; }

private:
    void push(float x, std::vector<float> &out);
    void limit(float x, float peak, std::vector<float> &out);

    float m_ceiling;
    int m_window;
    float m_release; // per sample, towards unity gain
    // Input delayed by the look-ahead, and the gain each input sample needs.
    std::deque<float> m_delay;
    std::deque<std::pair<qint64, float>> m_minQueue; // sliding minimum of the needed gain
    std::deque<float> m_smoothed;                    // the last window of released minima
    double m_smoothedSum = 0;
    float m_released = 1.0f;
    qint64 m_index = 0;  // samples limited
    qint64 m_pushed = 0; // samples in
    std::deque<float> m_history; // input not yet limited, and the kInterpolationHalf before it
    float m_lastSegment = 0;     // the inter-sample peak before the next sample to limit
    qint64 m_limited = 0;
};
