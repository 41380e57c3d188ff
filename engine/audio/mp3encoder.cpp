#include "mp3encoder.h"

#include <lame/lame.h>

QString Mp3Encoder::begin()
{
    m_lame = std::make_unique<LameSession>();
    if (!m_lame->isValid())
        return QStringLiteral("cannot start the MP3 encoder");
    return {};
}

QString Mp3Encoder::write(const float *samples, qsizetype count)
{
    QString error;
    const QByteArray bytes = m_lame->encode(samples, count, &error);
    if (!error.isEmpty())
        return error;
    return writeBytes(bytes.constData(), bytes.size());
}

QString Mp3Encoder::end()
{
    QString error;
    const QByteArray tail = m_lame->flush(&error);
    if (!error.isEmpty())
        return error;
    if (QString err = writeBytes(tail.constData(), tail.size()); !err.isEmpty())
        return err;
    // The first frame was left empty for the tag; fill it now.
    unsigned char tag[2880];
    const size_t tagBytes = lame_get_lametag_frame(m_lame->handle(), tag, sizeof tag);
    if (tagBytes > 0 && tagBytes <= sizeof tag) {
        return writeAt(0, reinterpret_cast<const char *>(tag), qsizetype(tagBytes));
    }
    return {};
}
