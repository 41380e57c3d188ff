#pragma once

#include "resampler.h"

#include <QtGlobal>

#include <functional>
#include <memory>
#include <vector>

struct SynthesisExcerpt;

// Where a synthesis run's samples go, for plain text and SSML alike: levelled and
// soft-limited, resampled to 24 kHz and handed to the sink, with the clocks that place
// word timings and an excerpt's end. Once the sink says stop the run is stopped.
class SynthesisOutput
{
public:
    using Sink = std::function<bool(const float *samples, qsizetype count)>;

    SynthesisOutput(const Sink &sink, Resampler::Quality quality);
    ~SynthesisOutput();

    // Samples come at this rate from here on. Another rate (a <lang> on the other
    // backend) drains the resampler before: the output stays one 24 kHz stream.
    void useRate(int rate);
    // Puts an excerpt on the whole run's output grid (SynthesisExcerpt). Needs the rate.
    void startExcerpt(const SynthesisExcerpt &excerpt);
    // Hands n samples times gain on; end drains the resampler. False once stopped.
    bool push(const qint16 *pcm, qsizetype n, float gain, bool end = false);
    // n samples of silence, unless stopped.
    void pushSilence(qsizetype n);
    // Drains the resampler, unless stopped.
    void finish();

    void stop() { m_stopped = true; }
    bool stopped() const { return m_stopped; }
    int rate() const { return m_rate; }
    // Samples at the rate pushed so far: the output clock of a plain text (of the whole
    // text when the run is an excerpt of it).
    qint64 pushed() const { return m_pushed; }
    // Output samples (24 kHz) of everything pushed, across rates.
    double clock() const { return m_clock; }

private:
    Sink m_sink;
    Resampler::Quality m_quality;
    std::unique_ptr<Resampler> m_resampler;
    int m_rate = 0;
    qint64 m_pushed = 0;
    double m_clock = 0;
    qint64 m_emitted = 0; // output samples handed to the sink
    bool m_excerpt = false;
    qint64 m_outputOffset = 0; // an excerpt's: output samples of the units before
    qint64 m_drop = 0;         // output samples still to drop before the excerpt's start
    bool m_stopped = false;
    std::vector<float> m_in;
    std::vector<float> m_out;
    std::vector<qint16> m_zeros;
};
