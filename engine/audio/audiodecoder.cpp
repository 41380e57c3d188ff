#include "audiodecoder.h"

#include "audioformat.h"

#include <QFile>
#include <QMutex>
#include <QtEndian>

#include <lame/lame.h>

#include <vector>

namespace
{
AudioDecoder::Decoded failure(AudioDecoder::Problem problem)
{
    AudioDecoder::Decoded out;
    out.problem = problem;
    return out;
}
}

AudioDecoder::WavLayout AudioDecoder::parseWav(const QByteArray &bytes)
{
    WavLayout w;
    const auto *d = reinterpret_cast<const uchar *>(bytes.constData());
    const qsizetype size = bytes.size();
    if (size < 12 || !bytes.startsWith("RIFF") || bytes.mid(8, 4) != "WAVE") {
        w.problem = WavLayout::Problem::NotWav;
        return w;
    }
    bool haveFormat = false;
    qsizetype pos = 12;
    while (pos + 8 <= size) {
        const QByteArray id(bytes.constData() + pos, 4);
        const quint32 chunkSize = qFromLittleEndian<quint32>(d + pos + 4);
        const qsizetype body = pos + 8;
        const qsizetype available = size - body;
        if (id == "fmt ") {
            if (chunkSize < 16 || qsizetype(chunkSize) > available) {
                w.problem = WavLayout::Problem::TruncatedFormat;
                return w;
            }
            w.formatTag = qFromLittleEndian<quint16>(d + body);
            w.channels = qFromLittleEndian<quint16>(d + body + 2);
            w.sampleRate = qFromLittleEndian<quint32>(d + body + 4);
            w.blockAlign = qFromLittleEndian<quint16>(d + body + 12);
            w.bitsPerSample = qFromLittleEndian<quint16>(d + body + 14);
            if (w.formatTag == 0xFFFE && chunkSize >= 40) // WAVE_FORMAT_EXTENSIBLE: sub-format GUID
                w.formatTag = qFromLittleEndian<quint16>(d + body + 24);
            haveFormat = true;
        } else if (id == "data") {
            w.dataOffset = body;
            // Streaming writers leave the size unset (0 or 0xFFFFFFFF), and a file cut
            // short holds less: take what is there.
            w.dataSize = (chunkSize == 0 || qsizetype(chunkSize) > available) ? available : qsizetype(chunkSize);
            if (haveFormat)
                break;
        }
        if (qsizetype(chunkSize) > available)
            break;
        pos = body + qsizetype(chunkSize) + (chunkSize & 1); // chunks are word-aligned
    }
    if (!haveFormat)
        w.problem = WavLayout::Problem::NoFormat;
    else if (w.dataOffset < 0)
        w.problem = WavLayout::Problem::NoData;
    return w;
}

QByteArray AudioDecoder::pcm16ToMonoFloat32(const QByteArray &bytes, const WavLayout &w)
{
    QByteArray out;
    if (w.channels <= 0 || w.blockAlign != w.channels * 2 || w.dataOffset < 0)
        return out;
    const qsizetype frames = w.dataSize / w.blockAlign;
    out.resize(frames * qsizetype(sizeof(float)));
    auto *dst = reinterpret_cast<float *>(out.data());
    const auto *p = reinterpret_cast<const uchar *>(bytes.constData()) + w.dataOffset;
    for (qsizetype i = 0; i < frames; ++i) {
        double v = 0;
        for (int c = 0; c < w.channels; ++c)
            v += qFromLittleEndian<qint16>(p + (i * w.channels + c) * 2);
        dst[i] = float(v / w.channels / 32768.0);
    }
    return out;
}

AudioDecoder::Decoded AudioDecoder::decodeWav(const QByteArray &bytes)
{
    const WavLayout w = parseWav(bytes);
    if (w.problem == WavLayout::Problem::NotWav)
        return failure(Problem::NotWav);
    if (w.problem == WavLayout::Problem::NoData
        || (w.problem == WavLayout::Problem::NoFormat && w.dataOffset < 0))
        return failure(Problem::NoAudio);
    if (w.problem != WavLayout::Problem::None || w.formatTag != 1 || w.channels != 1 || w.bitsPerSample != 16
        || w.sampleRate != quint32(AudioFormats::kSampleRate))
        return failure(Problem::NotEngineWav);
    Decoded out;
    out.float32 = pcm16ToMonoFloat32(bytes, w);
    return out;
}

AudioDecoder::Decoded AudioDecoder::decodeMp3(const QByteArray &bytes)
{
    // LAME's decoder (mpglib) fills process-wide tables in hip_decode_init and reads them
    // while decoding: two decodes at once on different threads crash. One at a time.
    static QMutex decoding;
    const QMutexLocker locked(&decoding);
    hip_t hip = hip_decode_init();
    if (!hip)
        return failure(Problem::NoDecoder);
    Decoded out;
    // One MP3 frame decodes to at most 1152 samples per channel.
    std::vector<short> left(4608), right(4608);
    mp3data_struct info{};
    auto *input = reinterpret_cast<unsigned char *>(const_cast<char *>(bytes.constData()));
    unsigned char none = 0;
    int rate = 0, channels = 0;
    constexpr qsizetype kChunk = 4096;
    for (qsizetype pos = 0; pos < bytes.size() && out.ok(); pos += kChunk) {
        const size_t len = size_t(qMin(kChunk, bytes.size() - pos));
        // Feed a chunk, then drain every frame it completed (len 0 only flushes).
        for (int n = hip_decode1_headers(hip, input + pos, len, left.data(), right.data(), &info); n != 0;
             n = hip_decode1_headers(hip, &none, 0, left.data(), right.data(), &info)) {
            if (n < 0) {
                out.problem = Problem::Damaged;
                break;
            }
            rate = info.samplerate;
            channels = info.stereo;
            const qsizetype at = out.float32.size() / qsizetype(sizeof(float));
            out.float32.resize((at + n) * qsizetype(sizeof(float)));
            auto *dst = reinterpret_cast<float *>(out.float32.data()) + at;
            for (int i = 0; i < n; ++i)
                dst[i] = (channels == 2 ? (float(left[i]) + float(right[i])) / 2.0f : float(left[i])) / 32768.0f;
        }
    }
    hip_decode_exit(hip);
    if (out.ok() && rate != AudioFormats::kSampleRate)
        out.problem = out.float32.isEmpty() ? Problem::NoAudio : Problem::NotEngineRate;
    if (!out.ok())
        out.float32.clear();
    return out;
}

AudioDecoder::Decoded AudioDecoder::decodeFile(const QString &path, const QString &format)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        Decoded out = failure(Problem::Unreadable);
        out.detail = f.errorString();
        return out;
    }
    const QByteArray bytes = f.readAll();
    return format == QLatin1String("mp3") ? decodeMp3(bytes) : decodeWav(bytes);
}

qint64 AudioDecoder::durationMs(const QString &path, const QString &format)
{
    constexpr qint64 kMp3BitsPerSecond = 64000; // the engine's MP3s are CBR (mp3encoder.h)
    constexpr qint64 kHeaderBytes = 4096;       // holds every chunk before the data (the engine's: 44 bytes)
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const qint64 size = f.size();
    if (format == QLatin1String("mp3"))
        return size * 8 * 1000 / kMp3BitsPerSecond;
    const WavLayout layout = parseWav(f.read(kHeaderBytes));
    if (layout.problem != WavLayout::Problem::None || layout.blockAlign <= 0 || layout.sampleRate == 0)
        return -1;
    return (size - layout.dataOffset) / layout.blockAlign * 1000 / qint64(layout.sampleRate);
}
