#pragma once

#include <QtGlobal>

#include <vector>

struct sonicStreamStruct;

// libsonic: changes the speed of speech without changing its pitch, for backends
// without a native rate control (flite).
class SpeedChanger
{
public:
    SpeedChanger(int sampleRate, double speed);
    ~SpeedChanger();
    SpeedChanger(const SpeedChanger &) = delete;
    SpeedChanger &operator=(const SpeedChanger &) = delete;

    // Appends processed samples to out; flush at a sentence end releases the tail.
    void process(const qint16 *in, int count, std::vector<qint16> &out);
    void flush(std::vector<qint16> &out);

private:
    void drain(std::vector<qint16> &out);

    sonicStreamStruct *m_stream = nullptr;
};
