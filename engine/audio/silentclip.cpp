#include "silentclip.h"

#include "audioformat.h"

#include <QtEndian>

#include <vector>

QByteArray SilentClip::bytes(StreamFormat format, int durationMs)
{
    const std::vector<float> zeros(size_t(AudioFormats::kSampleRate) * size_t(durationMs) / 1000, 0.0f);
    const auto encoder = StreamEncoder::create(format);
    QByteArray out = encoder->encode(zeros.data(), qsizetype(zeros.size()));
    out += encoder->finish();
    if (format == StreamFormat::Wav && out.size() >= 44) {
        // The whole file is known here: real sizes instead of a stream's open-ended ones.
        qToLittleEndian<quint32>(quint32(out.size() - 8), out.data() + 4);
        qToLittleEndian<quint32>(quint32(out.size() - 44), out.data() + 40);
    }
    return out;
}
