#pragma once

#include <QtGlobal>

#include <vector>

struct SRC_STATE_tag;

// Stateful libsamplerate converter for one stream: chunked calls with carried state
// give the same output as one call on the whole signal.
class Resampler
{
public:
    enum class Quality { Best, Medium, Fastest, Linear };

    Resampler(int inputRate, int outputRate, Quality quality = Quality::Medium);
    ~Resampler();
    Resampler(const Resampler &) = delete;
    Resampler &operator=(const Resampler &) = delete;

    bool isValid() const { return m_state != nullptr || m_passThrough; }
    // Appends converted samples to out. endOfInput flushes what the filter still holds.
    void process(const float *in, qsizetype count, bool endOfInput, std::vector<float> &out);

private:
    SRC_STATE_tag *m_state = nullptr;
    double m_ratio = 1.0;
    bool m_passThrough = false;
};
