#pragma once

#include <QString>

#include <optional>

enum class AudioFormat { Wav, Mp3 };

namespace AudioFormats
{
constexpr int kSampleRate = 24000;

std::optional<AudioFormat> parse(const QString &name);
QString name(AudioFormat format);
QString mimeType(AudioFormat format);
}
