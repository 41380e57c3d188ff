#pragma once

#include "markclock.h"

#include <QtGlobal>

#include <atomic>
#include <vector>

class ModuleOutput;

// One message's audio on its way to Speech Dispatcher: 24 kHz float chunks scaled by the
// volume, cut into `705` blocks at the marks (each mark goes out between the audio before
// and after it), the message's pause honoured at Speech Dispatcher's own marks. Every call
// says whether the message goes on (false: stopped or paused).
class AudioFeed
{
public:
    AudioFeed(ModuleOutput &output, quint64 id, const MarkClock &marks, float gain, std::atomic<bool> &pauseRequested)
        : m_output(output), m_id(id), m_marks(marks), m_gain(gain), m_pauseRequested(pauseRequested)
    {
    }

    // Samples in one `705` block at most: 0.1 s, so that a STOP leaves little queued.
    static constexpr qsizetype kBlockSamples = 2400;

    bool push(const float *samples, qsizetype count);
    void addWords(const QList<WordTiming> &words) { m_marks.addWords(words); }
    // The marks after the last word, once the audio is all out.
    bool finish();
    qint64 samplesSent() const { return m_sent; }

private:
    bool marksDue(bool all);
    bool sendBlock(const float *samples, qsizetype count);

    ModuleOutput &m_output;
    quint64 m_id;
    MarkClock m_marks;
    float m_gain;
    std::atomic<bool> &m_pauseRequested;
    qint64 m_sent = 0;
    std::vector<float> m_scaled;
    std::vector<qint16> m_pcm;
};
