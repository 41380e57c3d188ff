#include "mp3encoder.h"

#include <lame/lame.h>

Mp3Encoder::~Mp3Encoder()
{
    if (m_lame)
        lame_close(m_lame);
}

QString Mp3Encoder::begin()
{
    m_lame = lame_init();
    if (!m_lame)
        return QStringLiteral("cannot start the MP3 encoder");
    lame_set_in_samplerate(m_lame, AudioFormats::kSampleRate);
    lame_set_out_samplerate(m_lame, AudioFormats::kSampleRate);
    lame_set_num_channels(m_lame, 1);
    lame_set_mode(m_lame, MONO);
    lame_set_brate(m_lame, 64);
    lame_set_quality(m_lame, 5);
    lame_set_bWriteVbrTag(m_lame, 1);
    lame_set_write_id3tag_automatic(m_lame, 0);
    if (lame_init_params(m_lame) < 0)
        return QStringLiteral("cannot configure the MP3 encoder");
    return {};
}

QString Mp3Encoder::write(const float *samples, qsizetype count)
{
    const qsizetype step = 8192;
    for (qsizetype off = 0; off < count; off += step) {
        const int n = int(qMin(step, count - off));
        m_buffer.resize(size_t(n) * 5 / 4 + 7200);
        const int bytes = lame_encode_buffer_ieee_float(m_lame, samples + off, samples + off, n,
                                                        m_buffer.data(), int(m_buffer.size()));
        if (bytes < 0)
            return QStringLiteral("MP3 encoding failed (%1)").arg(bytes);
        if (QString err = writeBytes(reinterpret_cast<const char *>(m_buffer.data()), bytes); !err.isEmpty())
            return err;
    }
    return {};
}

QString Mp3Encoder::end()
{
    m_buffer.resize(7200);
    const int bytes = lame_encode_flush(m_lame, m_buffer.data(), int(m_buffer.size()));
    if (bytes < 0)
        return QStringLiteral("MP3 encoding failed (%1)").arg(bytes);
    if (QString err = writeBytes(reinterpret_cast<const char *>(m_buffer.data()), bytes); !err.isEmpty())
        return err;
    // The first frame was left empty for the tag; fill it now.
    unsigned char tag[2880];
    const size_t tagBytes = lame_get_lametag_frame(m_lame, tag, sizeof tag);
    if (tagBytes > 0 && tagBytes <= sizeof tag) {
        if (!m_file.seek(0))
            return QStringLiteral("cannot write audio file: %1").arg(m_file.errorString());
        return writeBytes(reinterpret_cast<const char *>(tag), qsizetype(tagBytes));
    }
    return {};
}
