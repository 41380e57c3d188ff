#include "aacstream.h"

#include "audioformat.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavutil/channel_layout.h>
#include <libavutil/frame.h>
}

#include <cstring>

namespace
{
constexpr int kBitrate = 64000;
constexpr int kSampleRateIndex = 6; // 24000 Hz in the MPEG-4 sampling frequency table

// The 7-byte ADTS header (ISO/IEC 13818-7) of one AAC-LC mono frame of `payload` bytes.
QByteArray adtsHeader(int payload)
{
    const int length = payload + 7;
    QByteArray h(7, '\0');
    auto *p = reinterpret_cast<unsigned char *>(h.data());
    p[0] = 0xFF;
    p[1] = 0xF1; // MPEG-4, layer 0, no CRC
    p[2] = (1 << 6) | (kSampleRateIndex << 2); // profile LC (object type 2, minus 1), channel bits high 0
    p[3] = (1 << 6) | ((length >> 11) & 0x03);  // one channel
    p[4] = (length >> 3) & 0xFF;
    p[5] = ((length & 0x07) << 5) | 0x1F; // buffer fullness 0x7FF: variable rate
    p[6] = 0xFC;
    return h;
}
}

AacStream::AacStream()
{
    const AVCodec *codec = avcodec_find_encoder(AV_CODEC_ID_AAC);
    if (!codec)
        return;
    m_context = avcodec_alloc_context3(codec);
    m_frame = av_frame_alloc();
    m_packet = av_packet_alloc();
    if (!m_context || !m_frame || !m_packet)
        return;
    m_context->sample_fmt = AV_SAMPLE_FMT_FLTP;
    m_context->sample_rate = AudioFormats::kSampleRate;
    av_channel_layout_default(&m_context->ch_layout, 1);
    m_context->bit_rate = kBitrate;
    m_context->profile = FF_PROFILE_AAC_LOW;
    m_context->thread_count = 1; // a stream's encoder runs on the scheduler's thread
    if (avcodec_open2(m_context, codec, nullptr) < 0)
        avcodec_free_context(&m_context);
    m_smallLastFrame = codec->capabilities & AV_CODEC_CAP_SMALL_LAST_FRAME;
}

AacStream::~AacStream()
{
    avcodec_free_context(&m_context);
    av_frame_free(&m_frame);
    av_packet_free(&m_packet);
}

QByteArray AacStream::encode(const float *samples, qsizetype count)
{
    QByteArray out;
    if (!m_context || count <= 0)
        return out;
    m_held.insert(m_held.end(), samples, samples + count);
    const int frame = m_context->frame_size;
    size_t used = 0;
    for (; m_held.size() - used >= size_t(frame); used += size_t(frame))
        send(m_held.data() + used, frame, out);
    m_held.erase(m_held.begin(), m_held.begin() + qsizetype(used));
    return out;
}

QByteArray AacStream::finish()
{
    QByteArray out;
    if (!m_context)
        return out;
    if (!m_held.empty()) {
        if (!m_smallLastFrame)
            m_held.resize(size_t(m_context->frame_size), 0.0f);
        send(m_held.data(), int(m_held.size()), out);
        m_held.clear();
    }
    avcodec_send_frame(m_context, nullptr); // drains the encoder's lookahead
    receive(out);
    return out;
}

void AacStream::send(const float *samples, int count, QByteArray &out)
{
    av_frame_unref(m_frame);
    m_frame->nb_samples = count;
    m_frame->format = AV_SAMPLE_FMT_FLTP;
    m_frame->sample_rate = AudioFormats::kSampleRate;
    av_channel_layout_default(&m_frame->ch_layout, 1);
    if (av_frame_get_buffer(m_frame, 0) < 0)
        return;
    std::memcpy(m_frame->data[0], samples, size_t(count) * sizeof(float));
    m_frame->pts = m_pts;
    m_pts += count;
    if (avcodec_send_frame(m_context, m_frame) == 0)
        receive(out);
}

void AacStream::receive(QByteArray &out)
{
    while (avcodec_receive_packet(m_context, m_packet) == 0) {
        out += adtsHeader(m_packet->size);
        out.append(reinterpret_cast<const char *>(m_packet->data), m_packet->size);
        av_packet_unref(m_packet);
    }
}
