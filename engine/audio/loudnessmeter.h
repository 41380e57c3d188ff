#pragma once

#include <QtGlobal>

#include <memory>

// EBU R128 measurement (libebur128) of mono float samples (24 kHz unless told):
// integrated loudness and true peak, fed chunk by chunk.
class LoudnessMeter
{
public:
    explicit LoudnessMeter(int sampleRate = 24000);
    ~LoudnessMeter();
    LoudnessMeter(const LoudnessMeter &) = delete;
    LoudnessMeter &operator=(const LoudnessMeter &) = delete;

    void add(const float *samples, qsizetype count);
    // LUFS; -HUGE_VAL (or below -70) when there was nothing above the gate.
    double integratedLufs() const;
    // dBTP (4x oversampled); -HUGE_VAL for silence.
    double truePeakDb() const;
    qint64 samples() const { return m_samples; }

    static double dbToGain(double db);

private:
    struct State; // libebur128's state (an anonymous struct: it cannot be declared here)
    std::unique_ptr<State> m_state;
    qint64 m_samples = 0;
};
