#include "workerprotocol.h"

#include <QtEndian>

QByteArray WorkerProtocol::encode(Type type, const QByteArray &payload)
{
    QByteArray out;
    out.reserve(payload.size() + 5);
    out.append(char(type));
    char len[4];
    qToLittleEndian<quint32>(quint32(payload.size()), len);
    out.append(len, 4);
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
    if (corrupt)
        *corrupt = false;
    if (buffer.size() < 5)
        return std::nullopt;
    const quint32 len = qFromLittleEndian<quint32>(buffer.constData() + 1);
    if (len > kMaxPayload) {
        if (corrupt)
            *corrupt = true;
        return std::nullopt;
    }
    if (buffer.size() < qsizetype(5 + len))
        return std::nullopt;
    Frame f{Type(buffer.at(0)), buffer.mid(5, qsizetype(len))};
    buffer.remove(0, qsizetype(5 + len));
    return f;
}
