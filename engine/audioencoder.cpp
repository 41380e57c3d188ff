#include "audioencoder.h"

#include "mp3encoder.h"

#include <QtEndian>

#include <cmath>
#include <unistd.h>
#include <vector>

std::unique_ptr<AudioEncoder> AudioEncoder::create(AudioFormat format)
{
    if (format == AudioFormat::Mp3)
        return std::make_unique<Mp3Encoder>();
    return std::make_unique<WavEncoder>();
}

QString AudioEncoder::open(const QString &path)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return QStringLiteral("cannot write audio file: %1").arg(m_file.errorString());
    return begin();
}

QString AudioEncoder::finish()
{
    if (QString err = end(); !err.isEmpty())
        return err;
    if (!m_file.flush())
        return QStringLiteral("cannot write audio file: %1").arg(m_file.errorString());
    // The file is renamed into place only after it is durable (no partial audio after a crash).
    ::fsync(m_file.handle());
    m_file.close();
    return {};
}

QString AudioEncoder::writeBytes(const char *data, qsizetype size)
{
    if (m_file.write(data, size) != size)
        return QStringLiteral("cannot write audio file: %1").arg(m_file.errorString());
    return {};
}

namespace
{
void putLe32(char *p, quint32 v) { qToLittleEndian<quint32>(v, p); }
void putLe16(char *p, quint16 v) { qToLittleEndian<quint16>(v, p); }

QByteArray wavHeader(quint32 dataBytes)
{
    QByteArray h(44, '\0');
    char *p = h.data();
    memcpy(p, "RIFF", 4);
    putLe32(p + 4, 36 + dataBytes);
    memcpy(p + 8, "WAVEfmt ", 8);
    putLe32(p + 16, 16);
    putLe16(p + 20, 1); // PCM
    putLe16(p + 22, 1); // mono
    putLe32(p + 24, AudioFormats::kSampleRate);
    putLe32(p + 28, AudioFormats::kSampleRate * 2);
    putLe16(p + 32, 2);
    putLe16(p + 34, 16);
    memcpy(p + 36, "data", 4);
    putLe32(p + 40, dataBytes);
    return h;
}
}

QString WavEncoder::begin()
{
    // Sizes are patched at the end; a reader of a crashed file sees an empty data chunk.
    const QByteArray h = wavHeader(0);
    return writeBytes(h.constData(), h.size());
}

QString WavEncoder::write(const float *samples, qsizetype count)
{
    std::vector<qint16> pcm(static_cast<size_t>(count));
    for (qsizetype i = 0; i < count; ++i) {
        const float s = qBound(-1.0f, samples[i], 1.0f);
        pcm[size_t(i)] = qToLittleEndian<qint16>(qint16(std::lrintf(s * 32767.0f)));
    }
    m_dataBytes += count * 2;
    return writeBytes(reinterpret_cast<const char *>(pcm.data()), count * 2);
}

QString WavEncoder::end()
{
    if (!m_file.seek(0))
        return QStringLiteral("cannot write audio file: %1").arg(m_file.errorString());
    const QByteArray h = wavHeader(quint32(m_dataBytes));
    return writeBytes(h.constData(), h.size());
}
