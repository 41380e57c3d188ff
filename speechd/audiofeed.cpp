#include "audiofeed.h"

#include "audioblock.h"
#include "audioformat.h"
#include "moduleoutput.h"
#include "pcm16.h"

bool AudioFeed::marksDue(bool all)
{
    while (!m_marks.isEmpty()) {
        const auto due = m_marks.nextDue();
        if (!all && (!due || *due > m_sent))
            return true;
        const QString name = m_marks.takeNext();
        if (!m_output.mark(m_id, name.toUtf8()))
            return false;
        // Speech Dispatcher pauses at its own marks and resumes from the one reported.
        if (name.startsWith(QLatin1String("__spd_")) && m_pauseRequested.exchange(false)) {
            m_output.paused(m_id);
            return false;
        }
    }
    return true;
}

bool AudioFeed::sendBlock(const float *samples, qsizetype count)
{
    m_scaled.resize(size_t(count));
    for (qsizetype i = 0; i < count; ++i)
        m_scaled[size_t(i)] = samples[i] * m_gain;
    m_pcm.resize(size_t(count));
    Pcm16::fromFloat(m_scaled.data(), m_pcm.data(), count);
    if (!m_output.send(m_id, AudioBlock::encode(m_pcm.data(), count, AudioFormats::kSampleRate)))
        return false;
    m_sent += count;
    return true;
}

bool AudioFeed::push(const float *samples, qsizetype count)
{
    qsizetype done = 0;
    while (done < count) {
        if (!marksDue(false))
            return false;
        qsizetype take = qMin(count - done, kBlockSamples);
        if (const auto due = m_marks.nextDue(); due && *due > m_sent)
            take = qMin(take, *due - m_sent);
        if (!sendBlock(samples + done, take))
            return false;
        done += take;
    }
    return marksDue(false);
}

bool AudioFeed::finish()
{
    return marksDue(true);
}
