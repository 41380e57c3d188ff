#include "httpguard.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QDateTime>
#include <QTcpSocket>

#include <sys/socket.h>

namespace
{
QByteArray errorResponse(int status, const QByteArray &reason, const QString &detail)
{
    const QByteArray body = QJsonDocument(QJsonObject{{"detail", detail}}).toJson(QJsonDocument::Compact);
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\nContent-Type: application/json\r\nContent-Length: "
           + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}
}

ConnectionGuard::ConnectionGuard(QTcpSocket *socket, const HttpLimits &limits, const HostCheck &hostCheck)
    : QObject(socket)
    , m_socket(socket)
    , m_incompleteSinceMs(QDateTime::currentMSecsSinceEpoch())
    , m_parser(limits, hostCheck,
               {
                   [this] {
                       m_requestTimer.start();
                       m_incompleteSinceMs = QDateTime::currentMSecsSinceEpoch();
                   },
                   [this] {
                       m_requestTimer.stop();
                       m_incompleteSinceMs = 0;
                   },
                   [this] { m_socket->write("HTTP/1.1 100 Continue\r\n\r\n"); },
                   [this] {
                       m_requestTimer.stop();
                       m_idleTimer.stop();
                       m_incompleteSinceMs = 0;
                   },
                   [this](const HttpHeadParser::Rejection &r) { onRejected(r); },
               })
{
    // Connected before QHttpServer connects its own slot, so this runs first and sees
    // every byte before the server's parser does.
    connect(socket, &QTcpSocket::readyRead, this, &ConnectionGuard::onReadyRead);
    connect(socket, &QTcpSocket::bytesWritten, this, [this] {
        if (m_parser.phase() != HttpHeadParser::Phase::Passthrough)
            m_idleTimer.start(); // a long download is activity too
    });
    m_requestTimer.setSingleShot(true);
    m_requestTimer.setInterval(limits.requestTimeoutMs);
    connect(&m_requestTimer, &QTimer::timeout, this, [this, seconds = limits.requestTimeoutMs / 1000] {
        m_parser.reject(408, "Request Timeout", QStringLiteral("Request not completed within %1 s").arg(seconds));
    });
    m_idleTimer.setSingleShot(true);
    m_idleTimer.setInterval(limits.idleTimeoutMs);
    connect(&m_idleTimer, &QTimer::timeout, this, [this] {
        if (m_parser.phase() == HttpHeadParser::Phase::Passthrough)
            return;
        if (m_socket->bytesToWrite() > 0 || m_requestTimer.isActive()) {
            m_idleTimer.start();
            return;
        }
        m_socket->disconnectFromHost();
    });
    m_idleTimer.start();
}

void ConnectionGuard::onReadyRead()
{
    const auto phase = m_parser.phase();
    if (phase == HttpHeadParser::Phase::Passthrough)
        return;
    if (phase == HttpHeadParser::Phase::Rejected) {
        m_socket->readAll(); // nothing more reaches the server's parser
        return;
    }
    // QHttpServer reads everything available in its slot, so what is buffered now is new.
    // Blank lines between requests are no activity: they do not keep a connection alive.
    if (m_parser.consume(m_socket->peek(m_socket->bytesAvailable())))
        m_idleTimer.start();
}

void ConnectionGuard::evict()
{
    m_incompleteSinceMs = 0;
    m_socket->abort();
}

void ConnectionGuard::onRejected(const HttpHeadParser::Rejection &r)
{
    m_requestTimer.stop();
    m_socket->readAll();
    m_socket->write(errorResponse(r.status, r.reason, r.detail));
    // Lingering close (RFC 9112 9.6): closing while the client still uploads makes the
    // kernel reset the connection and the client loses the answer. So: send it, shut
    // down our side only, and keep discarding input until the client closes.
    const auto halfClose = [s = QPointer<QTcpSocket>(m_socket)] {
        if (s && s->bytesToWrite() == 0 && s->socketDescriptor() != -1)
            ::shutdown(int(s->socketDescriptor()), SHUT_WR);
    };
    connect(m_socket, &QTcpSocket::bytesWritten, this, halfClose);
    m_socket->flush();
    halfClose();
    // A client that does not read its answer is dropped soon after.
    QTimer::singleShot(2000, m_socket, [s = QPointer<QTcpSocket>(m_socket)] {
        if (s)
            s->abort();
    });
}

GuardedTcpServer::GuardedTcpServer(const HttpLimits &limits, HostCheck hostCheck, QObject *parent)
    : QTcpServer(parent)
    , m_limits(limits)
    , m_hostCheck(std::move(hostCheck))
{
    setMaxPendingConnections(1024);
}

void GuardedTcpServer::incomingConnection(qintptr handle)
{
    auto *socket = new QTcpSocket;
    if (!socket->setSocketDescriptor(handle)) {
        delete socket;
        return;
    }
    if (m_open >= m_limits.maxConnections) {
        // Slow clients must not starve new ones: make room by dropping the connection
        // whose request has been arriving the longest (over a second: a slowloris),
        // never one that is being answered or is idle between requests.
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        ConnectionGuard *oldest = nullptr;
        for (const QPointer<ConnectionGuard> &g : std::as_const(m_guards)) {
            const qint64 since = g ? g->incompleteSinceMs() : 0;
            if (since && now - since > 1000 && (!oldest || since < oldest->incompleteSinceMs()))
                oldest = g;
        }
        if (oldest) {
            m_guards.removeAll(QPointer<ConnectionGuard>(oldest));
            oldest->evict();
            --m_open; // its socket is deleted later; the slot is free now
        }
    }
    if (m_open >= m_limits.maxConnections) {
        // Refused without touching the connections being served.
        socket->write(errorResponse(503, "Service Unavailable", QStringLiteral("Too many open connections")));
        socket->disconnectFromHost();
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        QTimer::singleShot(1000, socket, &QObject::deleteLater);
        return;
    }
    ++m_open;
    auto *guard = new ConnectionGuard(socket, m_limits, m_hostCheck);
    m_guards.append(guard);
    connect(socket, &QObject::destroyed, this, [this, g = QPointer<ConnectionGuard>(guard)] {
        // An evicted connection was already taken off the count.
        if (m_guards.removeAll(g) > 0)
            --m_open;
    });
    addPendingConnection(socket); // QTcpServer emits newConnection after this returns
}
