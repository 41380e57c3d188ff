#pragma once

#include <QtGlobal>

#include <vector>

struct sonicStreamStruct;

// libsonic: changes the speed of speech without changing its pitch (and the pitch
// without changing the speed), for what a backend cannot do natively.
class SpeedChanger
{
public:
    SpeedChanger(int sampleRate, double speed, double pitch = 1.0);
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
