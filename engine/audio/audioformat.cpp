#include "audioformat.h"

std::optional<AudioFormat> AudioFormats::parse(const QString &name)
{
    if (name == QLatin1String("wav"))
        return AudioFormat::Wav;
    if (name == QLatin1String("mp3"))
        return AudioFormat::Mp3;
    return std::nullopt;
}

QString AudioFormats::name(AudioFormat format)
{
    return format == AudioFormat::Mp3 ? QStringLiteral("mp3") : QStringLiteral("wav");
}

QString AudioFormats::mimeType(AudioFormat format)
{
    return format == AudioFormat::Mp3 ? QStringLiteral("audio/mpeg") : QStringLiteral("audio/wav");
}
