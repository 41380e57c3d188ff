#include "resampler.h"

#include <samplerate.h>

Resampler::Resampler(int inputRate, int outputRate, Quality quality)
    : m_ratio(double(outputRate) / double(inputRate))
{
    if (inputRate == outputRate) {
        m_passThrough = true;
        return;
    }
    int type = SRC_SINC_MEDIUM_QUALITY;
    switch (quality) {
    case Quality::Best: type = SRC_SINC_BEST_QUALITY; break;
    case Quality::Medium: type = SRC_SINC_MEDIUM_QUALITY; break;
    case Quality::Fastest: type = SRC_SINC_FASTEST; break;
    case Quality::Linear: type = SRC_LINEAR; break;
    }
    int error = 0;
    m_state = src_new(type, 1, &error);
}

Resampler::~Resampler()
{
    if (m_state)
        src_delete(m_state);
}

void Resampler::process(const float *in, qsizetype count, bool endOfInput, std::vector<float> &out)
{
    if (m_passThrough) {
        out.insert(out.end(), in, in + count);
        return;
    }
    if (!m_state)
        return;
    // libsamplerate silently produces nothing for a null input, even at the end of input.
    static const float kNone = 0.0f;
    SRC_DATA data{};
    data.data_in = in ? in : &kNone;
    data.input_frames = long(count);
    data.src_ratio = m_ratio;
    data.end_of_input = endOfInput ? 1 : 0;
    // Loop until all input is consumed (and, at the end, all output drained).
    for (;;) {
        const size_t base = out.size();
        const long room = long(double(data.input_frames) * m_ratio) + 256;
        out.resize(base + size_t(room));
        data.data_out = out.data() + base;
        data.output_frames = room;
        if (src_process(m_state, &data) != 0) {
            out.resize(base);
            return;
        }
        out.resize(base + size_t(data.output_frames_gen));
        data.data_in += data.input_frames_used;
        data.input_frames -= data.input_frames_used;
        if (data.input_frames > 0)
            continue;
        if (endOfInput && data.output_frames_gen > 0)
            continue;
        break;
    }
    if (endOfInput)
        src_reset(m_state);
}
