#include "streamencoder.h"

#include "aacstream.h"
#include "audioformat.h"
#include "flacstream.h"
#include "opusstream.h"
#include "pcm16.h"

#include <QtEndian>

#include <lame/lame.h>

#include <cmath>

std::optional<StreamFormat> StreamFormats::parse(const QString &name)
{
    if (name == QLatin1String("f32"))
        return StreamFormat::Float32;
    if (name == QLatin1String("pcm16"))
        return StreamFormat::Pcm16;
    if (name == QLatin1String("wav"))
        return StreamFormat::Wav;
    if (name == QLatin1String("mp3"))
        return StreamFormat::Mp3;
    if (name == QLatin1String("opus"))
        return StreamFormat::Opus;
    if (name == QLatin1String("flac"))
        return StreamFormat::Flac;
    if (name == QLatin1String("aac"))
        return StreamFormat::Aac;
    return std::nullopt;
}

QString StreamFormats::name(StreamFormat format)
{
    switch (format) {
    case StreamFormat::Float32: return QStringLiteral("f32");
    case StreamFormat::Pcm16: return QStringLiteral("pcm16");
    case StreamFormat::Wav: return QStringLiteral("wav");
    case StreamFormat::Mp3: return QStringLiteral("mp3");
    case StreamFormat::Opus: return QStringLiteral("opus");
    case StreamFormat::Flac: return QStringLiteral("flac");
    case StreamFormat::Aac: return QStringLiteral("aac");
    }
    return QStringLiteral("f32");
}

LameSession::LameSession()
{
    m_lame = lame_init();
    if (!m_lame)
        return;
    lame_set_in_samplerate(m_lame, AudioFormats::kSampleRate);
    lame_set_out_samplerate(m_lame, AudioFormats::kSampleRate);
    lame_set_num_channels(m_lame, 1);
    lame_set_mode(m_lame, MONO);
    lame_set_brate(m_lame, 64);
    lame_set_quality(m_lame, 5);
    lame_set_bWriteVbrTag(m_lame, 1);
    lame_set_write_id3tag_automatic(m_lame, 0);
    if (lame_init_params(m_lame) < 0) {
        lame_close(m_lame);
        m_lame = nullptr;
    }
}

LameSession::~LameSession()
{
    if (m_lame)
        lame_close(m_lame);
}

QByteArray LameSession::encode(const float *samples, qsizetype count, QString *error)
{
    QByteArray out;
    const qsizetype step = 8192;
    for (qsizetype off = 0; off < count; off += step) {
        const int n = int(qMin(step, count - off));
        QByteArray buf(n * 5 / 4 + 7200, Qt::Uninitialized);
        const int bytes = lame_encode_buffer_ieee_float(m_lame, samples + off, samples + off, n,
                                                        reinterpret_cast<unsigned char *>(buf.data()), int(buf.size()));
        if (bytes < 0) {
            if (error)
                *error = QStringLiteral("MP3 encoding failed (%1)").arg(bytes);
            return out;
        }
        out.append(buf.constData(), bytes);
    }
    return out;
}

QByteArray LameSession::flush(QString *error)
{
    QByteArray buf(7200, Qt::Uninitialized);
    const int bytes = lame_encode_flush(m_lame, reinterpret_cast<unsigned char *>(buf.data()), int(buf.size()));
    if (bytes < 0) {
        if (error)
            *error = QStringLiteral("MP3 encoding failed (%1)").arg(bytes);
        return {};
    }
    buf.truncate(bytes);
    return buf;
}

QByteArray StreamEncoder::encodeFloat32(const QByteArray &float32)
{
    // Worker frames are LE; as native floats this reads them right on LE hosts only, as
    // StreamTask does.
    return encode(reinterpret_cast<const float *>(float32.constData()), float32.size() / qsizetype(sizeof(float)));
}

namespace
{
QByteArray toPcm16(const float *samples, qsizetype count)
{
    QByteArray out(count * 2, Qt::Uninitialized);
    Pcm16::fromFloat(samples, reinterpret_cast<qint16 *>(out.data()), count);
    return out;
}

class Float32Stream final : public StreamEncoder
{
public:
    QByteArray encodeFloat32(const QByteArray &float32) override
    {
        if (QSysInfo::ByteOrder == QSysInfo::LittleEndian)
            return float32;
        return StreamEncoder::encodeFloat32(float32);
    }
    QByteArray encode(const float *samples, qsizetype count) override
    {
        QByteArray out(reinterpret_cast<const char *>(samples), count * qsizetype(sizeof(float)));
        if (QSysInfo::ByteOrder == QSysInfo::BigEndian)
            qToLittleEndian<float>(samples, count, out.data());
        return out;
    }
};

class Pcm16Stream final : public StreamEncoder
{
public:
    QByteArray encode(const float *samples, qsizetype count) override { return toPcm16(samples, count); }
};

class WavStream final : public StreamEncoder
{
public:
    QByteArray encode(const float *samples, qsizetype count) override
    {
        QByteArray out;
        if (!m_headerSent) {
            out = header();
            m_headerSent = true;
        }
        return out + toPcm16(samples, count);
    }

private:
    static QByteArray header()
    {
        // Sizes unknown while streaming: 0xFFFFFFFF, which players read as "until the end".
        QByteArray h(44, '\0');
        char *p = h.data();
        memcpy(p, "RIFF", 4);
        qToLittleEndian<quint32>(0xFFFFFFFFu, p + 4);
        memcpy(p + 8, "WAVEfmt ", 8);
        qToLittleEndian<quint32>(16, p + 16);
        qToLittleEndian<quint16>(1, p + 20);
        qToLittleEndian<quint16>(1, p + 22);
        qToLittleEndian<quint32>(AudioFormats::kSampleRate, p + 24);
        qToLittleEndian<quint32>(AudioFormats::kSampleRate * 2, p + 28);
        qToLittleEndian<quint16>(2, p + 32);
        qToLittleEndian<quint16>(16, p + 34);
        memcpy(p + 36, "data", 4);
        qToLittleEndian<quint32>(0xFFFFFFFFu, p + 40);
        return h;
    }
    bool m_headerSent = false;
};

class Mp3Stream final : public StreamEncoder
{
public:
    QByteArray encode(const float *samples, qsizetype count) override { return m_lame.encode(samples, count); }
    QByteArray finish() override { return m_lame.flush(); }

private:
    LameSession m_lame;
};
}

std::unique_ptr<StreamEncoder> StreamEncoder::create(StreamFormat format)
{
    switch (format) {
    case StreamFormat::Pcm16: return std::make_unique<Pcm16Stream>();
    case StreamFormat::Wav: return std::make_unique<WavStream>();
    case StreamFormat::Mp3: return std::make_unique<Mp3Stream>();
    case StreamFormat::Opus: return std::make_unique<OpusStream>();
    case StreamFormat::Flac: return std::make_unique<FlacStream>();
    case StreamFormat::Aac: return std::make_unique<AacStream>();
    case StreamFormat::Float32: break;
    }
    return std::make_unique<Float32Stream>();
}
