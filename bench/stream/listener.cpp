#include "listener.h"

void Listener::onAudio(qsizetype bytes)
{
    const double now = double(m_clock.nsecsElapsed()) / 1e6;
    if (m_firstMs < 0) {
        m_firstMs = now;
        m_playStartMs = now + kJitterMs;
    }
    // Only the frame's first sample matters: the rest are due later still.
    const double due = playbackEndMs();
    if (now > due) {
        if (m_underruns == 0) {
            m_firstUnderrunMs = now;
            m_firstUnderrunAudioS = double(m_samples) / kSampleRate;
        }
        ++m_underruns;
        m_lateMs += now - due;
        m_stallMs += now - due;
    }
    m_samples += bytes / qsizetype(sizeof(float));
}

double Listener::playbackLeftMs() const
{
    if (m_firstMs < 0)
        return 0;
    const double now = double(m_clock.nsecsElapsed()) / 1e6;
    return qMax(0.0, playbackEndMs() - now);
}

double Listener::playbackEndMs() const
{
    return m_playStartMs + m_stallMs + double(m_samples) * 1000.0 / kSampleRate;
}

void Listener::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    emit done();
}
