#include "audiodecoder.h"

#include "audioformat.h"

#include <QFile>
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

AudioDecoder::Decoded AudioDecoder::decodeWav(const QByteArray &bytes)
{
    if (bytes.size() < 12 || !bytes.startsWith("RIFF") || bytes.mid(8, 4) != "WAVE")
        return failure(Problem::NotWav);
    const char *p = bytes.constData();
    qsizetype pos = 12;
    quint16 formatTag = 0, channels = 0, bits = 0;
    quint32 rate = 0;
    while (pos + 8 <= bytes.size()) {
        const QByteArray id(p + pos, 4);
        const qsizetype size = qFromLittleEndian<quint32>(p + pos + 4);
        const qsizetype body = pos + 8;
        if (id == "fmt " && size >= 16 && body + 16 <= bytes.size()) {
            formatTag = qFromLittleEndian<quint16>(p + body);
            channels = qFromLittleEndian<quint16>(p + body + 2);
            rate = qFromLittleEndian<quint32>(p + body + 4);
            bits = qFromLittleEndian<quint16>(p + body + 14);
        } else if (id == "data") {
            if (formatTag != 1 || channels != 1 || bits != 16 || rate != quint32(AudioFormats::kSampleRate))
                return failure(Problem::NotEngineWav);
            // A file cut short gives what is there.
            const qsizetype n = qMin(size, bytes.size() - body) / 2;
            Decoded out;
            out.float32.resize(n * qsizetype(sizeof(float)));
            auto *dst = reinterpret_cast<float *>(out.float32.data());
            for (qsizetype i = 0; i < n; ++i)
                dst[i] = float(qFromLittleEndian<qint16>(p + body + 2 * i)) / 32768.0f;
            return out;
        }
        pos = body + size + (size & 1); // chunks are word-aligned
    }
    return failure(Problem::NoAudio);
}

AudioDecoder::Decoded AudioDecoder::decodeMp3(const QByteArray &bytes)
{
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
