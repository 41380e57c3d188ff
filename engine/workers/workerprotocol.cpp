#include "workerprotocol.h"

#include <QtEndian>

std::array<char, WorkerProtocol::kHeaderSize> WorkerProtocol::header(Type type, qsizetype payloadSize)
{
    std::array<char, kHeaderSize> h{};
    h[0] = char(type);
    qToLittleEndian<quint32>(quint32(payloadSize), h.data() + 1);
    return h;
}

QByteArray WorkerProtocol::encode(Type type, const QByteArray &payload)
{
    const auto h = header(type, payload.size());
    QByteArray out;
    out.reserve(payload.size() + kHeaderSize);
    out.append(h.data(), kHeaderSize);
    out.append(payload);
    return out;
}

QByteArray WorkerProtocol::tagPayload(quint32 tag)
{
    char bytes[4];
    qToLittleEndian<quint32>(tag, bytes);
    return QByteArray(bytes, 4);
}

quint32 WorkerProtocol::tagOf(const Frame &frame)
{
    return frame.payload.size() == 4 ? qFromLittleEndian<quint32>(frame.payload.constData()) : 0;
}

std::optional<WorkerProtocol::Frame> WorkerProtocol::take(QByteArray &buffer, bool *corrupt)
{
    qsizetype offset = 0;
    auto f = take(std::as_const(buffer), &offset, corrupt);
    if (f)
        buffer.remove(0, offset);
    return f;
}

std::optional<WorkerProtocol::Frame> WorkerProtocol::take(const QByteArray &buffer, qsizetype *offset, bool *corrupt)
{
    if (corrupt)
        *corrupt = false;
    const qsizetype at = *offset;
    if (buffer.size() - at < kHeaderSize)
        return std::nullopt;
    const quint32 len = qFromLittleEndian<quint32>(buffer.constData() + at + 1);
    if (len > kMaxPayload) {
        if (corrupt)
            *corrupt = true;
        return std::nullopt;
    }
    if (buffer.size() - at < kHeaderSize + qsizetype(len))
        return std::nullopt;
    Frame f{Type(buffer.at(at)), buffer.mid(at + kHeaderSize, qsizetype(len))};
    *offset = at + kHeaderSize + qsizetype(len);
    return f;
}
