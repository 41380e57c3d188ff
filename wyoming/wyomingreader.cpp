#include "wyomingreader.h"

#include <QJsonDocument>
#include <QJsonParseError>

namespace
{
std::optional<QJsonObject> parseObject(const QByteArray &bytes)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    return doc.object();
}

// A length field: absent is 0; anything but a whole number from 0 to max is refused.
std::optional<qint64> lengthField(const QJsonObject &header, const char *name, qint64 max)
{
    const QJsonValue v = header.value(QLatin1String(name));
    if (v.isUndefined() || v.isNull())
        return 0;
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d < 0 || d > double(max) || d != double(qint64(d)))
        return std::nullopt;
    return qint64(d);
}
}

WyomingReader::WyomingReader(const WyomingLimits &limits)
    : m_limits(limits)
{
}

void WyomingReader::feed(const QByteArray &bytes)
{
    if (m_failure.isEmpty())
        m_buffer.append(bytes);
}

std::optional<WyomingEvent> WyomingReader::next()
{
    while (m_failure.isEmpty()) {
        const bool progressed = m_stage == Stage::Header ? readHeader()
                                : m_stage == Stage::Data ? readData()
                                                         : skipPayload();
        if (!m_failure.isEmpty() || !progressed)
            return std::nullopt;
        if (m_stage == Stage::Header)
            return std::exchange(m_event, WyomingEvent{});
    }
    return std::nullopt;
}

bool WyomingReader::midEvent() const
{
    return m_stage != Stage::Header || !m_buffer.isEmpty();
}

bool WyomingReader::readHeader()
{
    // Bytes already searched are not searched again (a header sent a byte at a time).
    const qsizetype eol = m_buffer.indexOf('\n', m_scanned);
    if (eol < 0) {
        m_scanned = m_buffer.size();
        if (m_buffer.size() > m_limits.maxHeaderBytes)
            fail(QStringLiteral("event header longer than %1 bytes").arg(m_limits.maxHeaderBytes));
        return false;
    }
    if (eol > m_limits.maxHeaderBytes) {
        fail(QStringLiteral("event header longer than %1 bytes").arg(m_limits.maxHeaderBytes));
        return false;
    }
    const auto header = parseObject(m_buffer.left(eol));
    m_buffer.remove(0, eol + 1);
    m_scanned = 0;
    const QJsonValue type = header ? header->value("type") : QJsonValue();
    const QJsonValue data = header ? header->value("data") : QJsonValue();
    const auto dataLength = header ? lengthField(*header, "data_length", m_limits.maxDataBytes) : std::nullopt;
    const auto payloadLength = header ? lengthField(*header, "payload_length", m_limits.maxPayloadBytes) : std::nullopt;
    if (!header || !type.isString() || type.toString().isEmpty() || !(data.isUndefined() || data.isNull() || data.isObject())) {
        fail(QStringLiteral("an event header must be a JSON object with a type and an object as data"));
        return false;
    }
    if (!dataLength || !payloadLength) {
        fail(QStringLiteral("data_length must be 0 to %1 and payload_length 0 to %2")
                 .arg(m_limits.maxDataBytes).arg(m_limits.maxPayloadBytes));
        return false;
    }
    m_event = WyomingEvent{type.toString(), data.toObject(), {}};
    m_dataLength = *dataLength;
    m_payloadLeft = *payloadLength;
    m_stage = Stage::Data;
    return true;
}

bool WyomingReader::readData()
{
    if (m_dataLength > 0) {
        if (m_buffer.size() < m_dataLength)
            return false;
        const auto data = parseObject(m_buffer.left(m_dataLength));
        m_buffer.remove(0, m_dataLength);
        if (!data) {
            fail(QStringLiteral("the data block must be a JSON object"));
            return false;
        }
        for (auto it = data->begin(); it != data->end(); ++it)
            m_event.data.insert(it.key(), it.value());
    }
    m_stage = Stage::Payload;
    return true;
}

// Payloads are dropped as they arrive: nothing a client sends here carries audio.
bool WyomingReader::skipPayload()
{
    const qint64 n = qMin<qint64>(m_payloadLeft, m_buffer.size());
    m_buffer.remove(0, n);
    m_payloadLeft -= n;
    if (m_payloadLeft > 0)
        return false;
    m_stage = Stage::Header;
    return true;
}

void WyomingReader::fail(const QString &why)
{
    m_failure = why;
    m_buffer.clear();
}
