#include "opusstream.h"

#include "audioformat.h"

#include <opusenc.h>

namespace
{
constexpr int kBitrate = 32000;
// In 48 kHz samples: a page at least every 100 ms (libopusenc's default waits a second).
constexpr int kMuxingDelay = 4800;
}

OpusStream::OpusStream()
{
    m_comments = ope_comments_create();
    OpusEncCallbacks callbacks{&OpusStream::onWrite, &OpusStream::onClose};
    int error = OPE_OK;
    m_encoder = ope_encoder_create_callbacks(&callbacks, this, m_comments, AudioFormats::kSampleRate, 1, 0, &error);
    if (!m_encoder)
        return;
    ope_encoder_ctl(m_encoder, OPUS_SET_BITRATE(kBitrate));
    ope_encoder_ctl(m_encoder, OPE_SET_MUXING_DELAY(kMuxingDelay));
    // The headers at once: a client knows the format before the first sentence is made.
    ope_encoder_flush_header(m_encoder);
}

OpusStream::~OpusStream()
{
    if (m_encoder)
        ope_encoder_destroy(m_encoder);
    if (m_comments)
        ope_comments_destroy(m_comments);
}

QByteArray OpusStream::encode(const float *samples, qsizetype count)
{
    if (m_encoder && count > 0)
        ope_encoder_write_float(m_encoder, samples, int(count));
    return takePending();
}

QByteArray OpusStream::finish()
{
    if (m_encoder)
        ope_encoder_drain(m_encoder); // the last page, with the end's granule position
    return takePending();
}

int OpusStream::onWrite(void *self, const unsigned char *data, int length)
{
    static_cast<OpusStream *>(self)->m_pending.append(reinterpret_cast<const char *>(data), length);
    return 0;
}

int OpusStream::onClose(void *)
{
    return 0;
}

QByteArray OpusStream::takePending()
{
    return std::exchange(m_pending, QByteArray());
}
