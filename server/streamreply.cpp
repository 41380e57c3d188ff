#include "streamreply.h"

#include "replyorder.h"

#include <QThread>

#include <utility>

StreamReply::StreamReply(QPointer<QTcpSocket> socket, QPointer<ReplyOrder> order, quint64 ticket, bool closeAfter)
    : m_socket(std::move(socket))
    , m_order(std::move(order))
    , m_ticket(ticket)
    , m_closeAfter(closeAfter)
{
    if (m_socket) {
        connect(m_socket, &QTcpSocket::disconnected, this, &StreamReply::clientGone);
        connect(m_socket, &QObject::destroyed, this, &StreamReply::clientGone);
        connect(m_socket, &QTcpSocket::bytesWritten, this, &StreamReply::bytesWritten);
    }
}

StreamReply::~StreamReply()
{
    endTicket(); // a handler that dropped its reply must not hold up the connection
}

void StreamReply::endTicket()
{
    m_done = true;
    QPointer<ReplyOrder> order = std::exchange(m_order, nullptr);
    if (!order)
        return;
    // The last owner may drop the reply on a store thread; the order lives on the server's.
    if (order->thread() == QThread::currentThread())
        order->finish(m_ticket);
    else
        QMetaObject::invokeMethod(order, [order, ticket = m_ticket] {
            if (order)
                order->finish(ticket);
        }, Qt::QueuedConnection);
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
    if (m_statusObserver)
        m_statusObserver(reply.status);
    HttpReply withCommon = reply;
    withCommon.headers += m_commonHeaders;
    writeReply(m_socket, withCommon, {false, m_closeAfter}, {});
    endTicket();
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
    for (const auto &h : headers + m_commonHeaders)
        head += h.first + ": " + h.second + "\r\n";
    if (m_closeAfter)
        head += "Connection: close\r\n";
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
    m_socket->write("0\r\n\r\n");
    endTicket();
}

void StreamReply::abort()
{
    m_done = true;
    if (m_socket)
        m_socket->abort();
    endTicket();
}
