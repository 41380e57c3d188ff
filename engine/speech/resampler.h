#pragma once

#include <QtGlobal>

#include <vector>

struct soxr;

// Stateful soxr converter for one stream: chunked calls give the same output as one call
// on the whole signal (soxr's output does not depend on how the input is cut).
// soxr, not libsamplerate: at 22,050 → 24,000 Hz its HQ setting is ~25× faster than
// SINC_MEDIUM with a wider passband, and with libsamplerate resampling was most of an
// espeak-ng voice's CPU (docs/decisions.md, "Resampling with soxr").
class Resampler
{
public:
    // Best: soxr VHQ · Medium: HQ (what the engine uses) · Fastest: MQ · Linear: QQ.
    enum class Quality { Best, Medium, Fastest, Linear };

    Resampler(int inputRate, int outputRate, Quality quality = Quality::Medium);
    ~Resampler();
    Resampler(const Resampler &) = delete;
    Resampler &operator=(const Resampler &) = delete;

    bool isValid() const { return m_state != nullptr || m_passThrough; }
    // Appends converted samples to out. endOfInput flushes what the filter still holds
    // and makes the converter ready for a new signal.
    void process(const float *in, qsizetype count, bool endOfInput, std::vector<float> &out);

private:
    soxr *m_state = nullptr;
    double m_ratio = 1.0;
    bool m_passThrough = false;
    bool m_ended = false; // flushed: soxr_clear before the next signal
};
