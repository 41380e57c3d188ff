#include "flacstream.h"

#include "audioformat.h"
#include "pcm16.h"

#include <vector>

namespace
{
constexpr unsigned kBlockSize = 1152;
}

FlacStream::FlacStream()
{
    m_encoder = FLAC__stream_encoder_new();
    if (!m_encoder)
        return;
    FLAC__stream_encoder_set_channels(m_encoder, 1);
    FLAC__stream_encoder_set_bits_per_sample(m_encoder, 16);
    FLAC__stream_encoder_set_sample_rate(m_encoder, AudioFormats::kSampleRate);
    FLAC__stream_encoder_set_compression_level(m_encoder, 5);
    FLAC__stream_encoder_set_blocksize(m_encoder, kBlockSize); // after the level, which sets 4096
    m_ready = FLAC__stream_encoder_init_stream(m_encoder, &FlacStream::onWrite, nullptr, nullptr, nullptr, this)
              == FLAC__STREAM_ENCODER_INIT_STATUS_OK;
}

FlacStream::~FlacStream()
{
    if (m_encoder)
        FLAC__stream_encoder_delete(m_encoder);
}

QByteArray FlacStream::encode(const float *samples, qsizetype count)
{
    if (!m_ready || count <= 0)
        return takePending();
    std::vector<qint16> pcm(static_cast<size_t>(count));
    Pcm16::fromFloat(samples, pcm.data(), count);
    const std::vector<FLAC__int32> wide(pcm.begin(), pcm.end());
    FLAC__stream_encoder_process_interleaved(m_encoder, wide.data(), unsigned(count));
    return takePending();
}

QByteArray FlacStream::finish()
{
    if (m_ready)
        FLAC__stream_encoder_finish(m_encoder); // the last, shorter frame
    m_ready = false;
    return takePending();
}

FLAC__StreamEncoderWriteStatus FlacStream::onWrite(const FLAC__StreamEncoder *, const FLAC__byte buffer[], size_t bytes,
                                                   uint32_t, uint32_t, void *self)
{
    static_cast<FlacStream *>(self)->m_pending.append(reinterpret_cast<const char *>(buffer), qsizetype(bytes));
    return FLAC__STREAM_ENCODER_WRITE_STATUS_OK;
}

QByteArray FlacStream::takePending()
{
    return std::exchange(m_pending, QByteArray());
}
