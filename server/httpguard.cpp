#include "httpguard.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>

namespace
{
QByteArray errorResponse(int status, const QByteArray &reason, const QString &detail)
{
    const QByteArray body = QJsonDocument(QJsonObject{{"detail", detail}}).toJson(QJsonDocument::Compact);
    return "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\nContent-Type: application/json\r\nContent-Length: "
           + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

QByteArray headerValue(const QList<QByteArray> &lines, const QByteArray &lowerName)
{
    for (const QByteArray &line : lines) {
        const int colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == lowerName)
            return line.mid(colon + 1).trimmed();
    }
    return {};
}
}

ConnectionGuard::ConnectionGuard(QTcpSocket *socket, const HttpLimits &limits, const HostCheck &hostCheck)
    : QObject(socket)
    , m_socket(socket)
    , m_limits(limits)
    , m_hostCheck(hostCheck)
{
    // Connected before QHttpServer connects its own slot, so this runs first and sees
    // every byte before the server's parser does.
    connect(socket, &QTcpSocket::readyRead, this, &ConnectionGuard::onReadyRead);
    connect(socket, &QTcpSocket::bytesWritten, this, [this] {
        if (m_phase != Phase::Passthrough)
            m_idleTimer.start(); // a long download is activity too
    });
    m_requestTimer.setSingleShot(true);
    m_requestTimer.setInterval(limits.requestTimeoutMs);
    connect(&m_requestTimer, &QTimer::timeout, this, [this] {
        reject(408, "Request Timeout", QStringLiteral("Request not completed within %1 s").arg(m_limits.requestTimeoutMs / 1000));
    });
    m_idleTimer.setSingleShot(true);
    m_idleTimer.setInterval(limits.idleTimeoutMs);
    connect(&m_idleTimer, &QTimer::timeout, this, [this] {
        if (m_phase == Phase::Passthrough)
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
    if (m_phase == Phase::Passthrough)
        return;
    if (m_phase == Phase::Rejected) {
        m_socket->readAll(); // nothing more reaches the server's parser
        return;
    }
    // QHttpServer reads everything available in its slot, so what is buffered now is new.
    consume(m_socket->peek(m_socket->bytesAvailable()));
}

void ConnectionGuard::consume(const QByteArray &data)
{
    m_idleTimer.start();
    qsizetype pos = 0;
    while (pos < data.size() && m_phase != Phase::Rejected && m_phase != Phase::Passthrough) {
        if (m_phase == Phase::Head) {
            if (m_head.isEmpty() && !m_requestTimer.isActive())
                m_requestTimer.start();
            // Search from 3 bytes back so a terminator split across reads is found.
            const qsizetype old = m_head.size();
            m_head.append(data.constData() + pos, data.size() - pos);
            const qsizetype end = m_head.indexOf("\r\n\r\n", qMax<qsizetype>(0, old - 3));
            if (end >= 0) {
                const qsizetype extra = m_head.size() - (end + 4);
                m_head.truncate(end + 4);
                pos = data.size() - extra;
            } else {
                pos = data.size();
            }
            const qsizetype lineEnd = m_head.indexOf("\r\n");
            if ((lineEnd < 0 ? m_head.size() : lineEnd) > m_limits.maxRequestLineBytes) {
                reject(414, "URI Too Long", QStringLiteral("Request line longer than %1 bytes").arg(m_limits.maxRequestLineBytes));
                return;
            }
            if (m_head.size() - (lineEnd < 0 ? m_head.size() : lineEnd) > m_limits.maxHeaderBytes) {
                reject(431, "Request Header Fields Too Large",
                       QStringLiteral("Request headers larger than %1 bytes").arg(m_limits.maxHeaderBytes));
                return;
            }
            if (m_head.count('\n') > m_limits.maxHeaderCount + 2) {
                reject(431, "Request Header Fields Too Large",
                       QStringLiteral("More than %1 request headers").arg(m_limits.maxHeaderCount));
                return;
            }
            if (end >= 0 && !finishHead())
                return;
        } else if (m_phase == Phase::Body) {
            const qint64 take = qMin<qint64>(m_bodyLeft, data.size() - pos);
            m_bodyLeft -= take;
            pos += take;
            if (m_bodyLeft == 0) {
                m_phase = Phase::Head;
                m_requestTimer.stop();
            }
        } else if (m_phase == Phase::Chunked) {
            // Counts raw chunked bytes (framing included) and finds the final chunk.
            const QByteArray rest = data.mid(pos);
            m_chunkedBytes += rest.size();
            pos = data.size();
            if (m_chunkedBytes > m_limits.maxBodyBytes + 64 * 1024) {
                reject(413, "Payload Too Large", QStringLiteral("Request body too large: at most 1 MiB allowed"));
                return;
            }
            m_chunkTail = (m_chunkTail + rest).right(7);
            if (m_chunkTail.endsWith("0\r\n\r\n")) {
                m_phase = Phase::Head;
                m_chunkedBytes = 0;
                m_chunkTail.clear();
                m_requestTimer.stop();
            }
        }
    }
}

bool ConnectionGuard::finishHead()
{
    const QList<QByteArray> lines = m_head.split('\n');
    m_head.clear();
    const QByteArray upgrade = headerValue(lines, "upgrade");
    if (upgrade.compare("websocket", Qt::CaseInsensitive) == 0) {
        // Refused here, before Qt sees it: once QHttpServer has the request it upgrades
        // whatever its route answers (writing a 403 there crashes Qt 6.4).
        if (m_hostCheck) {
            const QString refusal = m_hostCheck(headerValue(lines, "host"), headerValue(lines, "origin"));
            if (!refusal.isEmpty()) {
                reject(403, "Forbidden", refusal);
                return false;
            }
        }
        // The WebSocket takes the connection over; it has its own message limits.
        m_phase = Phase::Passthrough;
        m_requestTimer.stop();
        m_idleTimer.stop();
        return true;
    }
    const QByteArray te = headerValue(lines, "transfer-encoding").toLower();
    const QByteArray cl = headerValue(lines, "content-length");
    bool ok = true;
    const qint64 length = cl.isEmpty() ? 0 : cl.toLongLong(&ok);
    if (!ok || length < 0) {
        reject(400, "Bad Request", QStringLiteral("Invalid Content-Length"));
        return false;
    }
    if (length > m_limits.maxBodyBytes) {
        reject(413, "Payload Too Large", QStringLiteral("Request body too large: at most 1 MiB allowed"));
        return false;
    }
    if (headerValue(lines, "expect").compare("100-continue", Qt::CaseInsensitive) == 0)
        m_socket->write("HTTP/1.1 100 Continue\r\n\r\n"); // answered at once: curl would stall 1 s
    if (te.contains("chunked")) {
        m_phase = Phase::Chunked;
        m_chunkedBytes = 0;
        m_chunkTail.clear();
    } else if (length > 0) {
        m_phase = Phase::Body;
        m_bodyLeft = length;
    } else {
        m_requestTimer.stop();
    }
    return true;
}

void ConnectionGuard::reject(int status, const QByteArray &reason, const QString &detail)
{
    if (m_phase == Phase::Rejected)
        return;
    m_phase = Phase::Rejected;
    m_requestTimer.stop();
    m_socket->readAll();
    m_socket->write(errorResponse(status, reason, detail));
    m_socket->disconnectFromHost();
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
        // Refused without touching the connections being served.
        socket->write(errorResponse(503, "Service Unavailable", QStringLiteral("Too many open connections")));
        socket->disconnectFromHost();
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        QTimer::singleShot(1000, socket, &QObject::deleteLater);
        return;
    }
    ++m_open;
    connect(socket, &QObject::destroyed, this, [this] { --m_open; });
    new ConnectionGuard(socket, m_limits, m_hostCheck);
    addPendingConnection(socket); // QTcpServer emits newConnection after this returns
}
