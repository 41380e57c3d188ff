#include "wyomingclient.h"

#include <QDeadlineTimer>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QtEndian>

#include <cmath>

bool WyomingClient::connectTo(const QString &host, quint16 port, int timeoutMs)
{
    m_socket.connectToHost(host, port);
    return m_socket.waitForConnected(timeoutMs);
}

void WyomingClient::send(const QString &type, const QJsonObject &data, DataIn where, const QByteArray &payload)
{
    QJsonObject header{{"type", type}};
    QByteArray block;
    if (!data.isEmpty() && where == DataIn::Inline)
        header.insert("data", data);
    if (!data.isEmpty() && where == DataIn::Block) {
        block = QJsonDocument(data).toJson(QJsonDocument::Compact);
        header.insert("data_length", block.size());
    }
    if (!payload.isEmpty())
        header.insert("payload_length", payload.size());
    sendRaw(QJsonDocument(header).toJson(QJsonDocument::Compact) + '\n' + block + payload);
}

void WyomingClient::sendRaw(const QByteArray &bytes)
{
    m_socket.write(bytes);
    m_socket.flush();
}

int WyomingClient::sendRepeatedly(const QByteArray &bytes, int times, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    int sent = 0;
    while (sent < times && isOpen() && !deadline.hasExpired()) {
        m_socket.write(bytes);
        ++sent;
        while (m_socket.bytesToWrite() > 1024 * 1024 && isOpen() && !deadline.hasExpired())
            m_socket.waitForBytesWritten(int(qMax<qint64>(1, deadline.remainingTime())));
    }
    m_socket.flush();
    return sent;
}

void WyomingClient::holdReading()
{
    m_socket.setSocketOption(QAbstractSocket::ReceiveBufferSizeSocketOption, 4096);
    m_socket.setReadBufferSize(4096);
}

bool WyomingClient::fill(qsizetype need, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (m_buffer.size() < need) {
        m_buffer += m_socket.readAll();
        if (m_buffer.size() >= need)
            break;
        if (m_socket.state() != QAbstractSocket::ConnectedState || deadline.hasExpired())
            return false;
        m_socket.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime())));
    }
    return true;
}

std::optional<QByteArray> WyomingClient::line(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    qsizetype eol;
    while ((eol = m_buffer.indexOf('\n')) < 0) {
        if (!fill(m_buffer.size() + 1, int(qMax<qint64>(1, deadline.remainingTime()))))
            return std::nullopt;
    }
    const QByteArray l = m_buffer.left(eol);
    m_buffer.remove(0, eol + 1);
    return l;
}

std::optional<ClientEvent> WyomingClient::next(int timeoutMs)
{
    m_socket.setReadBufferSize(0);
    QDeadlineTimer deadline(timeoutMs);
    const auto header = line(timeoutMs);
    if (!header)
        return std::nullopt;
    const QJsonObject h = QJsonDocument::fromJson(*header).object();
    ClientEvent e{h.value("type").toString(), h.value("data").toObject(), {}};
    if (e.type.isEmpty())
        m_error = QStringLiteral("header without a type: ") + QString::fromUtf8(header->left(200));
    const qsizetype dataLength = h.value("data_length").toInteger();
    const qsizetype payloadLength = h.value("payload_length").toInteger();
    if (!fill(dataLength + payloadLength, int(qMax<qint64>(1, deadline.remainingTime()))))
        return std::nullopt;
    const QJsonObject block = QJsonDocument::fromJson(m_buffer.left(dataLength)).object();
    for (auto it = block.begin(); it != block.end(); ++it)
        e.data.insert(it.key(), it.value());
    e.payload = m_buffer.mid(dataLength, payloadLength);
    m_buffer.remove(0, dataLength + payloadLength);
    return e;
}

QList<ClientEvent> WyomingClient::until(const QString &last, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    QList<ClientEvent> events;
    while (const auto e = next(int(qMax<qint64>(1, deadline.remainingTime())))) {
        events.append(*e);
        if (e->type == last)
            return events;
    }
    return events;
}

bool WyomingClient::closedWithin(int timeoutMs)
{
    m_socket.setReadBufferSize(0);
    QDeadlineTimer deadline(timeoutMs);
    while (m_socket.state() == QAbstractSocket::ConnectedState && !deadline.hasExpired()) {
        m_socket.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime())));
        m_buffer += m_socket.readAll();
    }
    return m_socket.state() != QAbstractSocket::ConnectedState;
}

quint16 wyomingPortIn(const QByteArray &serverOutput)
{
    static const QRegularExpression line(QStringLiteral("wyoming on tcp://\\S+:(\\d+)"));
    const auto m = line.match(QString::fromUtf8(serverOutput));
    return m.hasMatch() ? quint16(m.captured(1).toUInt()) : 0;
}

QList<qint16> samplesOf(const QByteArray &pcm)
{
    QList<qint16> out;
    out.reserve(pcm.size() / 2);
    for (qsizetype i = 0; i + 1 < pcm.size(); i += 2)
        out.append(qFromLittleEndian<qint16>(pcm.constData() + i));
    return out;
}

double rmsOf(const QByteArray &pcm)
{
    const QList<qint16> s = samplesOf(pcm);
    double sum = 0;
    for (qint16 v : s)
        sum += double(v) * v;
    return s.isEmpty() ? 0 : std::sqrt(sum / s.size());
}
