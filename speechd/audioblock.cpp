#include "audioblock.h"

QByteArray AudioBlock::escape(const QByteArray &raw)
{
    QByteArray out;
    out.reserve(raw.size() + raw.size() / 64 + 8);
    for (const char c : raw) {
        if (c == '\n' || c == kEscape) {
            out.append(kEscape);
            out.append(char(c ^ kInvert));
        } else {
            out.append(c);
        }
    }
    return out;
}

QByteArray AudioBlock::unescape(const QByteArray &escaped)
{
    QByteArray out;
    out.reserve(escaped.size());
    for (qsizetype i = 0; i < escaped.size(); ++i) {
        if (escaped.at(i) == kEscape && i + 1 < escaped.size())
            out.append(char(escaped.at(++i) ^ kInvert));
        else
            out.append(escaped.at(i));
    }
    return out;
}

QByteArray AudioBlock::encode(const qint16 *samples, qsizetype count, int sampleRate)
{
    // Little-endian on the wire whatever the host: big_endian=0 says so.
    QByteArray raw(count * 2, Qt::Uninitialized);
    for (qsizetype i = 0; i < count; ++i) {
        const auto v = quint16(samples[i]);
        raw[2 * i] = char(v & 0xff);
        raw[2 * i + 1] = char(v >> 8);
    }
    QByteArray out = QByteArrayLiteral("705-bits=16\n705-num_channels=1\n705-sample_rate=");
    out += QByteArray::number(sampleRate) + "\n705-num_samples=" + QByteArray::number(count)
           + "\n705-big_endian=0\n705-AUDIO";
    out.append('\0');
    out += escape(raw);
    out += "\n705 AUDIO\n";
    return out;
}
