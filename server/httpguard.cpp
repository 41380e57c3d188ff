#include "httpguard.h"

#include "lingeringclose.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QDateTime>
#include <QTcpSocket>

#include <cstring>
#include <optional>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace
{
using Headers = QList<QPair<QByteArray, QByteArray>>;

QByteArray errorResponse(int status, const QByteArray &reason, const QString &detail, const Headers &extra = {})
{
    const QByteArray body = QJsonDocument(QJsonObject{{"detail", detail}}).toJson(QJsonDocument::Compact);
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\nContent-Type: application/json\r\n";
    for (const auto &[name, value] : extra)
        head += name + ": " + value + "\r\n";
    return head + "Content-Length: " + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

// A header's value in the start of a request head (what a refused newcomer sent), or
// empty; the head need not be complete.
QByteArray headerIn(const QByteArray &head, const QByteArray &name)
{
    const qsizetype end = head.indexOf("\r\n\r\n");
    const QList<QByteArray> lines = (end < 0 ? head : head.left(end)).split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray &line = lines.at(i);
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && line.left(colon).trimmed().toLower() == name)
            return line.mid(colon + 1).trimmed();
    }
    return {};
}

constexpr int maxPending = 1024;

// Whether a whole request line already waits in the kernel: a real client sends its
// request head at once, a slowloris socket a byte at a time.
bool requestLineWaiting(qintptr fd)
{
    char head[2048];
    const ssize_t n = ::recv(int(fd), head, sizeof head, MSG_PEEK | MSG_DONTWAIT);
    return n > 0 && std::memchr(head, '\n', size_t(n));
}

// The address a connection's slots are counted under: IPv4 as is, IPv6 by its /64 (an
// IPv6 client usually has a whole /64 to connect from).
QHostAddress addressKey(qintptr fd)
{
    sockaddr_storage peer{};
    socklen_t length = sizeof peer;
    if (::getpeername(int(fd), reinterpret_cast<sockaddr *>(&peer), &length) != 0)
        return {};
    const QHostAddress address(reinterpret_cast<const sockaddr *>(&peer));
    bool isIpv4 = false;
    const quint32 ipv4 = address.toIPv4Address(&isIpv4); // IPv4-mapped too
    if (isIpv4)
        return QHostAddress(ipv4);
    Q_IPV6ADDR prefix = address.toIPv6Address();
    std::memset(&prefix[8], 0, 8);
    return QHostAddress(prefix);
}

// Answers 503 on a connection over the cap and closes it, without the cost of a
// QTcpSocket (under a flood most connections end here). What the client sent is read
// first, so the close is not a reset that could destroy the answer.
void refuse(qintptr fd, bool perAddress, const CorsHeaders &cors)
{
    char sink[4096];
    QByteArray head; // its first part: where Host and Origin are
    ssize_t n = 0;
    for (int i = 0; i < 16 && (n = ::recv(int(fd), sink, sizeof sink, MSG_DONTWAIT)) > 0; ++i) {
        if (i == 0)
            head = QByteArray(sink, n);
    }
    const Headers extra = cors ? cors(headerIn(head, "host"), headerIn(head, "origin")) : Headers();
    // A new connection's send buffer is empty: the answer fits.
    const QByteArray text = errorResponse(503, "Service Unavailable",
                                          perAddress ? QStringLiteral("Too many open connections from this address")
                                                     : QStringLiteral("Too many open connections"),
                                          extra);
    [[maybe_unused]] const ssize_t sent = ::send(int(fd), text.constData(), size_t(text.size()), MSG_DONTWAIT | MSG_NOSIGNAL);
    ::close(int(fd));
}
}

ConnectionGuard::ConnectionGuard(QTcpSocket *socket, const HttpLimits &limits, const OriginRules &rules)
    : QObject(socket)
    , m_socket(socket)
    , m_incompleteSinceMs(QDateTime::currentMSecsSinceEpoch())
    , m_lastProgressMs(m_incompleteSinceMs)
    , m_parser(limits, rules.hostCheck,
               {
                   [this] {
                       m_requestTimer.start();
                       m_incompleteSinceMs = QDateTime::currentMSecsSinceEpoch();
                   },
                   [this] {
                       m_requestTimer.stop();
                       m_incompleteSinceMs = 0;
                       if (!m_requests.isEmpty())
                           m_requests.last().complete = true;
                   },
                   [this] { m_socket->write("HTTP/1.1 100 Continue\r\n\r\n"); },
                   [this] {
                       m_requestTimer.stop();
                       m_idleTimer.stop();
                       m_incompleteSinceMs = 0;
                       // Qt's WebSocket server writes its 101 at once, outside the
                       // connection's order: behind unanswered requests it would land
                       // before their answers. Refused instead (after them, in order).
                       if (!m_order->idle()) {
                           m_parser.reject(400, "Bad Request",
                                           QStringLiteral("WebSocket upgrade sent before earlier requests were answered"));
                           return;
                       }
                       // The WebSocket's close must not reset a client still sending.
                       lingerOnClose();
                   },
                   [this](const HttpHeadParser::Rejection &r) { onRejected(r); },
                   [this, maxUnanswered = limits.maxUnanswered](const HttpHeadParser::RequestMeta &meta) {
                       if (m_order->unanswered() >= quint64(maxUnanswered)) {
                           m_parser.reject(429, "Too Many Requests",
                                           QStringLiteral("Too many pipelined requests: at most %1 unanswered requests per connection")
                                               .arg(maxUnanswered));
                           return;
                       }
                       m_requests.enqueue({m_order->open(meta.closeAfter), meta.closeAfter, false});
                   },
               })
{
    m_cors = rules.cors;
    m_order = ReplyOrder::of(socket);
    connect(m_order, &ReplyOrder::closeRequested, this, &ConnectionGuard::onCloseRequested);
    // Connected before QHttpServer connects its own slot, so this runs first and sees
    // every byte before the server's parser does.
    connect(socket, &QTcpSocket::readyRead, this, &ConnectionGuard::onReadyRead);
    connect(socket, &QTcpSocket::bytesWritten, this, [this] {
        m_lastWriteMs = QDateTime::currentMSecsSinceEpoch();
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
        // Answers wait to be sent and none went out for a whole idle period (every
        // write restarts this timer): the client does not read. Its connection and the
        // answers held for it are given up.
        if (writeStalled()) {
            m_socket->abort();
            return;
        }
        // Not idle: a request is arriving, or a complete request is still being worked
        // on (its answer not yet written).
        if (m_requestTimer.isActive() || !m_order->idle()) {
            m_idleTimer.start();
            return;
        }
        m_socket->disconnectFromHost();
    });
    m_idleTimer.start();
}

ConnectionGuard::~ConnectionGuard()
{
    // The socket is going (its descriptor closed by Qt already, or now): the duplicate
    // finishes the close politely.
    if (m_lingerFd >= 0)
        (new LingeringClose(std::exchange(m_lingerFd, -1)))->start();
}

ConnectionGuard *ConnectionGuard::of(QTcpSocket *socket)
{
    return socket ? socket->findChild<ConnectionGuard *>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
}

ConnectionGuard::Request ConnectionGuard::takeRequest()
{
    if (m_requests.isEmpty()) // not seen as a request by the guard (a failed upgrade)
        return {m_order->open(false), false};
    const Request r = m_requests.dequeue();
    if (m_rejectionPending && m_requests.isEmpty()) {
        // Every request before the refused one is with the server now.
        QMetaObject::invokeMethod(this, &ConnectionGuard::answerRejection, Qt::QueuedConnection);
    }
    return r;
}

void ConnectionGuard::onCloseRequested()
{
    if (m_parser.phase() == HttpHeadParser::Phase::Rejected)
        return; // answerRejection() closes its own way
    lingerOnClose();
    m_socket->disconnectFromHost(); // after the answer's last byte
}

void ConnectionGuard::attachAfterServer()
{
    if (m_attachedAfterServer)
        return;
    m_attachedAfterServer = true;
    connect(m_socket, &QTcpSocket::readyRead, this, &ConnectionGuard::onServerHasRead);
}

void ConnectionGuard::onServerHasRead()
{
    // Whatever QHttpServer left in the buffer, the parser has seen.
    m_seen = m_socket->bytesAvailable();
}

void ConnectionGuard::reattachAfterUpgrade()
{
    // Everything buffered now (the handshake Qt put back, frames after it) has been seen.
    m_seen = m_socket->bytesAvailable();
    m_attachedAfterServer = false;
    connect(m_socket, &QTcpSocket::readyRead, this, &ConnectionGuard::onReadyRead);
}

void ConnectionGuard::attachAfterWebSocket()
{
    // The handshake has been read off the socket since: what is left, the guard has seen.
    m_seen = m_socket->bytesAvailable();
    attachAfterServer();
    m_webSocketAttached = true;
    // Frames that came before Qt read the handshake were swallowed by its handshake
    // reader: the request would wait unseen until the 30 s timeout. Say so instead.
    if (m_earlyFrames)
        closeWebSocket(1002, "Frames sent before the handshake completed");
}

bool ConnectionGuard::hasPeer(const QHostAddress &address, quint16 port) const
{
    return m_socket->peerPort() == port && m_socket->peerAddress() == address;
}

void ConnectionGuard::watchFrames(const char *data, qsizetype size)
{
    if (size <= 0 || m_frames.violated() || m_frames.consume(data, size))
        return;
    // RFC 6455 5.1: a server closes the connection on an unmasked client frame. The
    // frame is dropped before the WebSocket reads it; the close frame says why.
    closeWebSocket(1002, "Client frames must be masked");
}

void ConnectionGuard::closeWebSocket(int code, const QByteArray &reason)
{
    m_socket->readAll();
    QByteArray frame;
    frame.append(char(0x88)).append(char(2 + reason.size())).append(char(code >> 8)).append(char(code & 0xff)).append(reason);
    m_socket->write(frame);
    m_socket->flush();
    lingerOnClose();
    m_socket->abort();
}

void ConnectionGuard::lingerOnClose()
{
    const qintptr fd = m_socket->socketDescriptor();
    if (m_lingerFd < 0 && fd != -1)
        m_lingerFd = ::dup(int(fd));
}

void ConnectionGuard::onReadyRead()
{
    const auto phase = m_parser.phase();
    if (phase == HttpHeadParser::Phase::Rejected) {
        // Requests before the refused one are still buffered for the server's parser,
        // which takes one per pass: they go first, then the refusal is answered.
        if (m_rejectionPending) {
            if (!m_requests.isEmpty())
                return;
            answerRejection();
        }
        // Nothing more reaches the server's parser. A client still uploading is not
        // stalled: dropping it to make room would reset it before it reads its answer.
        if (!m_socket->readAll().isEmpty())
            m_lastProgressMs = QDateTime::currentMSecsSinceEpoch();
        return;
    }
    // QHttpServer reads one request per pass (and passes again while bytes remain):
    // the first m_seen bytes buffered were fed to the parser before.
    // Blank lines between requests are no activity: they do not keep a connection alive.
    // Peeked into one buffer per thread: no allocation per read on the hot path.
    static thread_local QByteArray scratch;
    const qint64 available = m_socket->bytesAvailable();
    if (available <= m_seen) {
        m_seen = available;
        return;
    }
    if (scratch.size() < available)
        scratch.resize(available);
    const qint64 got = m_socket->peek(scratch.data(), available);
    const qint64 seen = std::exchange(m_seen, qMax<qint64>(got, 0));
    if (got <= seen)
        return;
    if (phase == HttpHeadParser::Phase::Passthrough) {
        if (!m_webSocketAttached)
            m_earlyFrames = true; // before Qt has read the handshake: it will not see them
        watchFrames(scratch.constData() + seen, got - seen);
        return;
    }
    const bool requestData = m_parser.consume(scratch.constData() + seen, got - seen);
    if (m_parser.phase() == HttpHeadParser::Phase::Passthrough) {
        // Upgraded: what followed the head in these bytes are the client's first frames.
        const qsizetype used = m_parser.usedInLastCall();
        // Not yet a WebSocket (no 101 sent, Qt has not read the head): frames here
        // refuse the upgrade request itself. A client must wait for the 101 (RFC 6455
        // 4.1), and Qt 6.4's handshake reader would swallow them unread.
        const qint64 early = got - seen - used;
        if (early > 0) {
            m_parser.reject(400, "Bad Request",
                            m_frames.consume(scratch.constData() + seen + used, early)
                                ? QStringLiteral("WebSocket frames sent before the handshake completed: wait for 101 Switching Protocols")
                                : QStringLiteral("Client frames must be masked"));
            return;
        }
        // QHttpServer is about to cut the socket's connections, this guard's too.
        QMetaObject::invokeMethod(this, &ConnectionGuard::reattachAfterUpgrade, Qt::QueuedConnection);
    }
    if (requestData) {
        m_idleTimer.start();
        m_lastProgressMs = QDateTime::currentMSecsSinceEpoch();
    }
}

bool ConnectionGuard::writeStalled() const
{
    return m_parser.phase() != HttpHeadParser::Phase::Passthrough && m_socket->bytesToWrite() > 0;
}

qint64 ConnectionGuard::lastProgressMs() const
{
    return writeStalled() || standing() == Standing::Idle ? qMax(m_lastProgressMs, m_lastWriteMs) : m_lastProgressMs;
}

ConnectionGuard::Standing ConnectionGuard::standing() const
{
    const auto phase = m_parser.phase();
    if (phase == HttpHeadParser::Phase::Rejected)
        return Standing::Unproven;
    // Answers wait for a client that may not read them: weighed like a kept-alive
    // client's next request (dropped at the cap only when no write went out lately).
    if (writeStalled())
        return Standing::Proven;
    // A WebSocket that has not sent its whole request (pings aside) holds no stream: it
    // gives way like a connection idle between requests, or idle WebSockets (or ones
    // trickling an unfinished message) lock others out.
    if (m_webSocketAttached && !m_frames.sawWholeMessage())
        return Standing::Idle;
    if (phase == HttpHeadParser::Phase::Passthrough)
        return Standing::Protected;
    if (m_incompleteSinceMs)
        return m_parser.requestsCompleted() > 0 ? Standing::Proven : Standing::Unproven;
    // Every request answered and sent (a live /v1 stream holds its ticket until it ends).
    return m_order->idle() && m_requests.isEmpty() ? Standing::Idle : Standing::Protected;
}

bool ConnectionGuard::refreshProgressFromKernel(qint64 nowMs)
{
    int unread = 0;
    const qintptr fd = m_socket->socketDescriptor();
    // A WebSocket's unfinished message waits in Qt's buffer until it is whole: bytes the
    // guard has seen already (watchFrames), no progress.
    const bool buffered = m_socket->bytesAvailable() > 0 && !(m_webSocketAttached && !m_frames.sawWholeMessage());
    if (buffered || (fd != -1 && ::ioctl(int(fd), FIONREAD, &unread) == 0 && unread > 0)) {
        m_lastProgressMs = nowMs;
        return true;
    }
    return false;
}

void ConnectionGuard::evict()
{
    m_incompleteSinceMs = 0;
    m_socket->abort();
}

void ConnectionGuard::onRejected(const HttpHeadParser::Rejection &r)
{
    m_requestTimer.stop();
    m_rejection = r;
    // A request refused while its body arrives is answered in its own place.
    if (!m_requests.isEmpty() && !m_requests.last().complete)
        m_rejectionTicket = m_requests.takeLast().ticket;
    else
        m_rejectionTicket = m_order->open(true);
    m_rejectionPending = true;
    if (m_requests.isEmpty())
        answerRejection();
}

void ConnectionGuard::answerRejection()
{
    if (!m_rejectionPending)
        return;
    m_rejectionPending = false;
    m_socket->readAll();
    m_order->deliver(m_rejectionTicket, [this] {
        const Headers cors = m_cors ? m_cors(m_rejection.host, m_rejection.origin) : Headers();
        m_socket->write(errorResponse(m_rejection.status, m_rejection.reason, m_rejection.detail, cors));
        // Lingering close (RFC 9112 9.6): closing while the client still uploads makes the
        // kernel reset the connection and the client loses the answer. So once the answer
        // is with the kernel, the close goes to a LingeringClose, as every close does.
        const auto closeWhenSent = [this] {
            if (m_socket->bytesToWrite() == 0 && m_socket->state() == QAbstractSocket::ConnectedState) {
                lingerOnClose();
                m_socket->abort();
            }
        };
        connect(m_socket, &QTcpSocket::bytesWritten, this, closeWhenSent);
        m_socket->flush();
        closeWhenSent();
        // A client that does not read its answer is dropped soon after.
        QTimer::singleShot(2000, m_socket, [s = QPointer<QTcpSocket>(m_socket)] {
            if (s)
                s->abort();
        });
    });
}

GuardedTcpServer::GuardedTcpServer(const HttpLimits &limits, OriginRules rules, QObject *parent)
    : QTcpServer(parent)
    , m_limits(limits)
    , m_rules(std::move(rules))
{
    setMaxPendingConnections(maxPending);
    setListenBacklogSize(listenBacklog); // used by listen(), which ApiServer calls next
    QMetaObject::invokeMethod(this, &GuardedTcpServer::applyListenOptions, Qt::QueuedConnection);
}

qint64 GuardedTcpServer::stalledMs() const
{
    return qMin<qint64>(2000, m_limits.requestTimeoutMs / 2);
}

void GuardedTcpServer::applyListenOptions()
{
#ifdef TCP_DEFER_ACCEPT
    if (isListening()) {
        const int seconds = deferAcceptSeconds;
        ::setsockopt(int(socketDescriptor()), IPPROTO_TCP, TCP_DEFER_ACCEPT, &seconds, sizeof seconds);
    }
#endif
}

bool GuardedTcpServer::makeRoom(bool newcomerHasRequest, const QHostAddress &from)
{
    using Standing = ConnectionGuard::Standing;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 stalledBefore = now - stalledMs();
    for (;;) {
        ConnectionGuard *victim = nullptr;
        auto victimStanding = Standing::Protected;
        for (ConnectionGuard *g : std::as_const(m_guards)) {
            if (!from.isNull() && m_addressOf.value(g) != from)
                continue;
            const auto standing = g->standing();
            const qint64 progress = g->lastProgressMs();
            // Progress this very millisecond (accepted, read or found with bytes waiting
            // just now) spares a connection; it also makes this loop end.
            if (standing == Standing::Protected || progress >= now)
                continue;
            if (progress > stalledBefore && (standing == Standing::Proven || !newcomerHasRequest))
                continue;
            if (!victim || standing < victimStanding || (standing == victimStanding && progress < victim->lastProgressMs())) {
                victim = g;
                victimStanding = standing;
            }
        }
        if (!victim)
            return false;
        // Bytes it sent may be waiting unread in the kernel (many connections accepted in
        // one go have not been read yet): that is progress, so look again.
        if (victim->refreshProgressFromKernel(now))
            continue;
        forget(victim); // its socket is deleted later; the slot is free now
        victim->evict();
        return true;
    }
}

bool GuardedTcpServer::forget(ConnectionGuard *guard)
{
    if (m_guards.removeAll(guard) == 0)
        return false;
    --m_open;
    const QHostAddress from = m_addressOf.take(guard);
    if (--m_openFrom[from] <= 0)
        m_openFrom.remove(from);
    return true;
}

bool GuardedTcpServer::admit(qintptr handle, const QHostAddress &from)
{
    // Slow clients must not starve new ones, nor one address everyone else (see the
    // class comment). A waiting request line is looked for only when it matters.
    std::optional<bool> hasRequest;
    const auto newcomerHasRequest = [&] {
        if (!hasRequest)
            hasRequest = requestLineWaiting(handle);
        return *hasRequest;
    };
    if (m_openFrom.value(from) >= m_limits.maxConnectionsPerAddress && !makeRoom(newcomerHasRequest(), from)) {
        refuse(handle, true, m_rules.cors);
        return false;
    }
    if (m_open >= m_limits.maxConnections && !makeRoom(newcomerHasRequest(), QHostAddress())) {
        refuse(handle, false, m_rules.cors);
        return false;
    }
    return true;
}

void GuardedTcpServer::attachAfterServer()
{
    for (const QPointer<ConnectionGuard> &g : std::exchange(m_unattached, {}))
        if (g)
            g->attachAfterServer();
}

void GuardedTcpServer::attachAfterWebSocket(const QHostAddress &address, quint16 port)
{
    for (ConnectionGuard *g : std::as_const(m_guards)) {
        if (g->standing() == ConnectionGuard::Standing::Protected && g->hasPeer(address, port)) {
            g->attachAfterWebSocket();
            return;
        }
    }
}

void GuardedTcpServer::endAcceptBurst()
{
    m_acceptedInBurst = 0;
    if (maxPendingConnections() == 0) {
        setMaxPendingConnections(maxPending);
        if (isListening()) // resumeAccepting() needs a listening socket
            resumeAccepting();
    }
}

void GuardedTcpServer::incomingConnection(qintptr handle)
{
    // The accept loop stops when as many connections are pending as allowed: at the end
    // of a burst that is set to 0 until the event loop has run once (QHttpServer takes
    // each connection at once, so none stays pending).
    if (m_acceptedInBurst++ == 0)
        QMetaObject::invokeMethod(this, &GuardedTcpServer::endAcceptBurst, Qt::QueuedConnection);
    if (m_acceptedInBurst == acceptBurst)
        setMaxPendingConnections(0);

    const QHostAddress from = addressKey(handle);
    if (!admit(handle, from))
        return;
    auto *socket = new QTcpSocket;
    if (!socket->setSocketDescriptor(handle)) {
        delete socket;
        return;
    }
    // No Nagle: a streamed frame must not wait for the client to acknowledge the last
    // one (a delayed ACK holds it up to 40 ms; Qt writes a large frame in two calls).
    socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    ++m_open;
    auto *guard = new ConnectionGuard(socket, m_limits, m_rules);
    m_guards.append(guard);
    m_addressOf.insert(guard, from);
    ++m_openFrom[from];
    m_unattached.append(guard);
    // The guard dies with its socket, however the connection ends: QHttpServer cuts
    // every connection of the socket's own signals when it hands it to the WebSocket
    // server, so the socket's destroyed() cannot be relied on.
    connect(guard, &QObject::destroyed, this, [this, guard] {
        // An evicted connection was already taken off the count.
        forget(guard);
    });
    addPendingConnection(socket); // QTcpServer emits newConnection after this returns
}
