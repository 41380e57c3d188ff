#pragma once

#include "httpreply.h"

#include <QObject>
#include <QPointer>
#include <QTcpSocket>

#include <functional>
#include <memory>

class QHttpServerResponder;

// A response written over time with chunked transfer encoding (audio streamed while
// it is synthesized). Lives on the server thread; every write checks that the client
// is still there (Qt 6.4 crashes when writing to a gone client).
class StreamReply : public QObject
{
    Q_OBJECT

public:
    StreamReply(std::shared_ptr<QHttpServerResponder> responder, QPointer<QTcpSocket> socket);

    bool isConnected() const;
    qint64 bytesToWrite() const;
    bool hasBegun() const { return m_begun; }
    // Told the status once, when the reply starts (for metrics and the request log).
    void setStatusObserver(std::function<void(int status)> observer) { m_statusObserver = std::move(observer); }

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
    std::shared_ptr<QHttpServerResponder> m_responder;
    QPointer<QTcpSocket> m_socket;
    std::function<void(int)> m_statusObserver;
    bool m_begun = false;
    bool m_done = false;
};
