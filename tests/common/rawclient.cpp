#include "rawclient.h"

#include <QElapsedTimer>
#include <QUrl>

RawClient::RawClient(const QString &baseUrl)
{
    const QUrl u(baseUrl);
    m_socket.connectToHost(u.host(), quint16(u.port()));
    m_socket.waitForConnected(5000);
}

void RawClient::send(const QByteArray &bytes)
{
    m_socket.write(bytes);
    m_socket.waitForBytesWritten(5000);
}

QByteArray RawClient::readAll(int timeoutMs)
{
    QByteArray out;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs) {
        if (m_socket.bytesAvailable() || m_socket.waitForReadyRead(50))
            out += m_socket.readAll();
        if (m_socket.state() == QAbstractSocket::UnconnectedState)
            break;
    }
    return out + m_socket.readAll();
}

int RawClient::status(int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < timeoutMs && !m_buffer.contains("\r\n")) {
        if (m_socket.bytesAvailable() || m_socket.waitForReadyRead(50))
            m_buffer += m_socket.readAll();
        if (m_socket.state() == QAbstractSocket::UnconnectedState) {
            m_buffer += m_socket.readAll();
            break;
        }
    }
    return m_buffer.startsWith("HTTP/1.1 ") ? m_buffer.mid(9, 3).toInt() : 0;
}

QByteArray hostHeader(const QString &baseUrl)
{
    const QUrl u(baseUrl);
    return "Host: " + u.host().toUtf8() + ":" + QByteArray::number(u.port()) + "\r\n";
}

QByteArray RawAnswer::header(const QByteArray &lowerName) const
{
    for (const QByteArray &line : head.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == lowerName)
            return line.mid(colon + 1).trimmed();
    }
    return {};
}

QList<RawAnswer> splitAnswers(const QByteArray &bytes, QByteArray *rest)
{
    QList<RawAnswer> out;
    qsizetype pos = 0;
    for (;;) {
        const qsizetype end = bytes.indexOf("\r\n\r\n", pos);
        if (end < 0)
            break;
        RawAnswer a;
        a.head = bytes.mid(pos, end - pos);
        a.status = a.head.startsWith("HTTP/1.1 ") ? a.head.mid(9, 3).toInt() : 0;
        const qsizetype length = a.header("content-length").toLongLong();
        if (bytes.size() < end + 4 + length)
            break;
        a.body = bytes.mid(end + 4, length);
        pos = end + 4 + length;
        out.append(a);
    }
    if (rest)
        *rest = bytes.mid(pos);
    return out;
}

QByteArray maskedTextFrame(const QByteArray &payload)
{
    QByteArray frame;
    frame.append(char(0x81));
    frame.append(char(0x80 | 126));
    frame.append(char((payload.size() >> 8) & 0xff));
    frame.append(char(payload.size() & 0xff));
    const char mask[4] = {1, 2, 3, 4};
    frame.append(mask, 4);
    for (qsizetype i = 0; i < payload.size(); ++i)
        frame.append(char(payload.at(i) ^ mask[i % 4]));
    return frame;
}
