#pragma once

#include "httpreply.h"

#include <QObject>
#include <QPointer>
#include <QTcpSocket>

#include <functional>
#include <memory>

class ReplyOrder;

// A response written over time with chunked transfer encoding (audio streamed while
// it is synthesized). Lives on the server thread; every write checks that the client
// is still there (Qt 6.4 crashes when writing to a gone client).
class StreamReply : public QObject
{
    Q_OBJECT

public:
    // Written when `ticket` is the connection's turn (ReplyOrder); ends the ticket.
    StreamReply(QPointer<QTcpSocket> socket, QPointer<ReplyOrder> order, quint64 ticket, bool closeAfter);
    ~StreamReply() override;

    bool isConnected() const;
    qint64 bytesToWrite() const;
    bool hasBegun() const { return m_begun; }
    // Told the status once, when the reply starts (for metrics and the request log).
    void setStatusObserver(std::function<void(int status)> observer) { m_statusObserver = std::move(observer); }
    // Headers every answer on it carries besides its own (CORS for an allowed origin).
    void setCommonHeaders(const QList<QPair<QByteArray, QByteArray>> &headers) { m_commonHeaders = headers; }

    // A complete, ordinary reply (errors before streaming starts).
    void send(const HttpReply &reply);
    void begin(int status, const QByteArray &contentType, const QList<QPair<QByteArray, QByteArray>> &headers = {});
    void write(const QByteArray &bytes);
    void end();
    // Cuts the connection: after a 200 has gone out, the only honest way to fail.
    void abort();

signals:
    void clientGone();
    void bytesWritten();

private:
    void endTicket();

    QPointer<QTcpSocket> m_socket;
    QPointer<ReplyOrder> m_order;
    quint64 m_ticket;
    bool m_closeAfter;
    std::function<void(int)> m_statusObserver;
    QList<QPair<QByteArray, QByteArray>> m_commonHeaders;
    bool m_begun = false;
    bool m_done = false;
};
