#include "streamreply.h"

#include <QHttpServerResponder>

StreamReply::StreamReply(std::shared_ptr<QHttpServerResponder> responder, QPointer<QTcpSocket> socket)
    : m_responder(std::move(responder))
    , m_socket(std::move(socket))
{
    if (m_socket) {
        connect(m_socket, &QTcpSocket::disconnected, this, &StreamReply::clientGone);
        connect(m_socket, &QObject::destroyed, this, &StreamReply::clientGone);
        connect(m_socket, &QTcpSocket::bytesWritten, this, &StreamReply::bytesWritten);
    }
}

bool StreamReply::isConnected() const
{
    return m_socket && m_socket->state() == QAbstractSocket::ConnectedState;
}

qint64 StreamReply::bytesToWrite() const
{
    return m_socket ? m_socket->bytesToWrite() : 0;
}

void StreamReply::send(const HttpReply &reply)
{
    if (m_done || m_begun || !isConnected())
        return;
    m_done = true;
    if (m_statusObserver)
        m_statusObserver(reply.status);
    writeReply(*m_responder, reply);
}

void StreamReply::begin(int status, const QByteArray &contentType, const QList<QPair<QByteArray, QByteArray>> &headers)
{
    if (m_done || m_begun || !isConnected())
        return;
    m_begun = true;
    if (m_statusObserver)
        m_statusObserver(status);
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + (status == 200 ? " OK" : "") + "\r\nContent-Type: " + contentType
                      + "\r\nTransfer-Encoding: chunked\r\n";
    for (const auto &h : headers)
        head += h.first + ": " + h.second + "\r\n";
    m_socket->write(head + "\r\n");
}

void StreamReply::write(const QByteArray &bytes)
{
    if (!m_begun || m_done || bytes.isEmpty() || !isConnected())
        return;
    m_socket->write(QByteArray::number(bytes.size(), 16) + "\r\n" + bytes + "\r\n");
}

void StreamReply::end()
{
    if (!m_begun || m_done || !isConnected())
        return;
    m_done = true;
    m_socket->write("0\r\n\r\n");
}

void StreamReply::abort()
{
    m_done = true;
    if (m_socket)
        m_socket->abort();
}
