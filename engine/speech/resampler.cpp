#include "resampler.h"

#include "vectorstate.h"

#include <soxr.h>

#include <utility>

Resampler::Resampler(int inputRate, int outputRate, Quality quality)
    : m_ratio(double(outputRate) / double(inputRate))
{
    if (inputRate == outputRate) {
        m_passThrough = true;
        return;
    }
    unsigned long recipe = SOXR_HQ;
    switch (quality) {
    case Quality::Best: recipe = SOXR_VHQ; break;
    case Quality::Medium: recipe = SOXR_HQ; break;
    case Quality::Fastest: recipe = SOXR_MQ; break;
    case Quality::Linear: recipe = SOXR_QQ; break;
    }
    const soxr_quality_spec_t q = soxr_quality_spec(recipe, 0);
    const soxr_io_spec_t io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I);
    // One thread: soxr would otherwise use OpenMP threads, in workers that fork per call.
    const soxr_runtime_spec_t rt = soxr_runtime_spec(1);
    soxr_error_t error = nullptr;
    // soxr is built for SSE; entered with dirty upper halves of the AVX registers (the
    // worker's own code leaves them so), its filter design took ~550 µs of CPU per unit
    // instead of ~60 (measured in a worker during a burst of 256 espeak-ng streams).
    VectorState::clearUpperHalves();
    m_state = soxr_create(inputRate, outputRate, 1, &error, &io, &q, &rt);
    if (error)
        m_state = nullptr;
}

Resampler::~Resampler()
{
    if (m_state)
        soxr_delete(m_state);
}

void Resampler::process(const float *in, qsizetype count, bool endOfInput, std::vector<float> &out)
{
    if (m_passThrough) {
        if (in)
            out.insert(out.end(), in, in + count);
        return;
    }
    if (!m_state)
        return;
    if (std::exchange(m_ended, false)) {
        VectorState::clearUpperHalves(); // soxr_clear designs the filter: as in the constructor
        soxr_clear(m_state);
    }
    // soxr takes all input it is given when there is room for the output; loop until it has.
    size_t left = in ? size_t(qMax<qsizetype>(0, count)) : 0;
    const float *at = in;
    while (left > 0) {
        const size_t base = out.size();
        const size_t room = size_t(double(left) * m_ratio) + 1024;
        out.resize(base + room);
        size_t used = 0;
        size_t made = 0;
        VectorState::clearUpperHalves(); // as above
        if (soxr_process(m_state, at, left, &used, out.data() + base, room, &made)) {
            out.resize(base);
            return;
        }
        out.resize(base + made);
        at += used;
        left -= used;
    }
    if (!endOfInput)
        return;
    // A null input is soxr's end of input: it hands out its filter's tail.
    for (;;) {
        const size_t base = out.size();
        const size_t room = 4096;
        out.resize(base + room);
        size_t made = 0;
        if (soxr_process(m_state, nullptr, 0, nullptr, out.data() + base, room, &made)) {
            out.resize(base);
            return;
        }
        out.resize(base + made);
        if (made == 0)
            break;
    }
    // Cleared when it is used again, not now: soxr_clear designs the filter anew (as
    // soxr_create does), and a stream's unit ends its converter and drops it; clearing
    // here took ~1 % of the machine's CPU with 850 espeak-ng listeners.
    m_ended = true;
}
