#include "speedchanger.h"

#include <sonic.h>

SpeedChanger::SpeedChanger(int sampleRate, double speed, double pitch)
{
    m_stream = sonicCreateStream(sampleRate, 1);
    sonicSetSpeed(m_stream, float(speed));
    sonicSetPitch(m_stream, float(pitch));
}

SpeedChanger::~SpeedChanger()
{
    sonicDestroyStream(m_stream);
}

void SpeedChanger::process(const qint16 *in, int count, std::vector<qint16> &out)
{
    sonicWriteShortToStream(m_stream, const_cast<short *>(in), count);
    drain(out);
}

void SpeedChanger::flush(std::vector<qint16> &out)
{
    sonicFlushStream(m_stream);
    drain(out);
}

void SpeedChanger::drain(std::vector<qint16> &out)
{
    int available = sonicSamplesAvailable(m_stream);
    while (available > 0) {
        const size_t base = out.size();
        out.resize(base + size_t(available));
        const int got = sonicReadShortFromStream(m_stream, out.data() + base, available);
        out.resize(base + size_t(qMax(0, got)));
        if (got <= 0)
            break;
        available = sonicSamplesAvailable(m_stream);
    }
}
