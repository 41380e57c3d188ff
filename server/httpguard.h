#pragma once

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QTimer>

#include "httpheadparser.h"
#include "replyorder.h"
#include "websocketframecheck.h"

#include <QHostAddress>

#include <QHash>
#include <QQueue>

class QTcpSocket;

// What the guard asks of the server's origin rules: whether a Host and Origin are
// refused (HostCheck), and the CORS headers its own early refusals (413, 408, 429, 503)
// carry for a request's Host and Origin, so that a page of an allowed origin can read
// them (empty for any other origin).
using CorsHeaders = std::function<QList<QPair<QByteArray, QByteArray>>(const QByteArray &host, const QByteArray &origin)>;
struct OriginRules
{
    HostCheck hostCheck;
    CorsHeaders cors;
};

// Watches one connection: feeds the bytes that arrive (peeked before QHttpServer
// reads them) to an HttpHeadParser, answers violations itself and closes the
// connection; runs the request and idle timers. Also answers "Expect: 100-continue".
class ConnectionGuard : public QObject
{
    Q_OBJECT

public:
    ConnectionGuard(QTcpSocket *socket, const HttpLimits &limits, const OriginRules &rules);
    ~ConnectionGuard() override;

    // The guard of a socket, if it has one.
    static ConnectionGuard *of(QTcpSocket *socket);
    // The connection's reply order (made with the guard).
    ReplyOrder *order() const { return m_order; }
    // The next request Qt hands over: its place in the connection's ReplyOrder and
    // whether it closes the connection (requests reach QHttpServer in the order the
    // guard saw their heads).
    struct Request
    {
        quint64 ticket = 0;
        bool closeAfter = false;
        bool complete = false; // its body has arrived too
    };
    Request takeRequest();
    // Connects the half of the guard that runs after QHttpServer has read (see
    // m_seen); called once QHttpServer has connected its own slots.
    void attachAfterServer();
    // The connection will be closed by us: keep it open past Qt's close until the
    // client has read everything and closed its side (see LingeringClose).
    void lingerOnClose();
    // The WebSocket of this connection exists now and has connected to the socket:
    // the guard's second half follows it (frames are checked for their mask).
    void attachAfterWebSocket();
    bool hasPeer(const QHostAddress &address, quint16 port) const;

    // When the request now arriving started, or the connection opened if it has sent
    // nothing yet (ms since epoch); 0 while a request is answered or between requests.
    qint64 incompleteSinceMs() const { return m_incompleteSinceMs; }

    // What the connection cap weighs when it must drop a connection to make room.
    enum class Standing {
        Unproven,  // has not completed a request on this connection yet, or was refused
        Proven,    // completed a request before; the next one is arriving
        Idle,      // served, nothing arriving and nothing to answer, or a WebSocket that has
                   // sent no request (pings aside): closing it loses nothing
        Protected, // being answered, or a WebSocket whose request came: never dropped
    };
    Standing standing() const;
    // When request bytes last arrived, or the connection opened (ms since epoch); for a
    // connection with answers waiting to be sent or an idle one, also when bytes last
    // went out (an idle connection is idle since its last answer left).
    qint64 lastProgressMs() const;
    // Counts bytes the kernel holds but nobody has read yet as progress at nowMs (when
    // many connections are accepted in one go, none of them has been read yet).
    bool refreshProgressFromKernel(qint64 nowMs);
    void evict();

private:
    void onReadyRead();
    void onServerHasRead();
    void onRejected(const HttpHeadParser::Rejection &r);
    void answerRejection();
    void watchFrames(const char *data, qsizetype size);
    // Ends a WebSocket from the guard: a close frame, then the lingering close.
    void closeWebSocket(int code, const QByteArray &reason);
    void reattachAfterUpgrade();
    void onCloseRequested();
    // Answers are waiting in the socket's buffer (the kernel's is full).
    bool writeStalled() const;

    QTcpSocket *m_socket;
    qint64 m_incompleteSinceMs = 0;
    qint64 m_lastProgressMs = 0;
    qint64 m_lastWriteMs = 0; // when bytes last went out
    HttpHeadParser m_parser;
    QTimer m_requestTimer;
    QTimer m_idleTimer;
    // Bytes still buffered in the socket that the parser has already seen. QHttpServer
    // reads one request per pass and leaves the rest; this tells new bytes from seen ones.
    qint64 m_seen = 0;
    bool m_attachedAfterServer = false;
    ReplyOrder *m_order;
    QQueue<Request> m_requests; // accepted, not yet handed to QHttpServer's handler
    // A refused request is answered after the answers of the requests before it.
    HttpHeadParser::Rejection m_rejection;
    CorsHeaders m_cors;
    quint64 m_rejectionTicket = 0;
    bool m_rejectionPending = false;
    int m_lingerFd = -1;
    WebSocketFrameCheck m_frames;
    bool m_webSocketAttached = false;
    bool m_earlyFrames = false; // frames arrived before Qt read the handshake
};

// The listening socket QHttpServer is bound to: counts connections, keeps them under
// the cap, and puts a ConnectionGuard on each accepted one.
//
// At the cap a newcomer is let in when it can take the place of an unfinished or idle
// connection, always the one that has gone longest without progress:
//  - a newcomer whose request line is already waiting may displace any connection that
//    has not completed a request yet (a slowloris socket, or one that sent nothing);
//  - any other newcomer may displace only a stalled one (no request bytes for
//    stalledMs()): under a flood of reconnecting sockets it could otherwise displace a
//    client that has just connected, and be displaced in turn at once;
//  - a kept-alive client's next request is displaced only when stalled, and only when
//    no connection without a completed request can make room;
//  - then a served connection idle between requests, the one idle longest: its client
//    loses no request (HTTP clients expect a kept-alive connection to close), and
//    clients that merely keep connections open cannot lock newcomers out.
// Connections being answered or upgraded (WebSocket streams) are never dropped, nor
// those whose bytes are waiting to be read. A newcomer that finds no place gets a 503
// at once (clients may retry).
//
// One address (an IPv6 /64) holds at most maxConnectionsPerAddress connections: a
// newcomer beyond that takes the place of one of its own address's connections by the
// same rules, or gets a 503 (one client cannot hold most of the cap; clients behind one
// address still reuse their own slots).
//
// On Linux the kernel holds back connections until their first bytes arrive
// (TCP_DEFER_ACCEPT): a socket that connects and waits costs nothing, and a real
// client's request is there when it is accepted.
class GuardedTcpServer : public QTcpServer
{
    Q_OBJECT

public:
    // Qt listens with a backlog of 50: under a connection flood the kernel then drops
    // the SYNs of new clients, which try again only a second or more later. The kernel
    // caps this at net.core.somaxconn.
    static constexpr int listenBacklog = 4096;
    // QTcpServer accepts until the kernel's queue is empty. Under a flood that is never,
    // and no accepted connection is read meanwhile (a newcomer's request neither), so
    // this many are accepted before the event loop gets its turn.
    static constexpr int acceptBurst = 32;
    // Seconds the kernel holds back a connection that has sent nothing.
    static constexpr int deferAcceptSeconds = 1;

    GuardedTcpServer(const HttpLimits &limits, OriginRules rules, QObject *parent = nullptr);

    int openConnections() const { return m_open; }
    // Gives the guards of connections QHttpServer has just taken their second half.
    void attachAfterServer();
    // The WebSocket server made a WebSocket of the connection from this peer.
    void attachAfterWebSocket(const QHostAddress &address, quint16 port);
    // Request bytes keep coming while a client sends a request; a slowloris trickles a
    // byte every few seconds. 2 s, or half the request timeout when that is shorter.
    qint64 stalledMs() const;
    // Socket options only a listening socket takes; called by itself once listen() has
    // returned (listen() is not virtual), harmless to call again.
    void applyListenOptions();

protected:
    void incomingConnection(qintptr handle) override;

private:
    // Drops a connection so that the newcomer fits; only one from `from` unless null.
    bool makeRoom(bool newcomerHasRequest, const QHostAddress &from);
    // Whether the newcomer on handle may stay (room made for it if need be).
    bool admit(qintptr handle, const QHostAddress &from);
    // Takes a guard off the books (its slot is free); false when it was not on them.
    bool forget(ConnectionGuard *guard);
    void endAcceptBurst();

    const HttpLimits &m_limits;
    OriginRules m_rules;
    int m_open = 0;
    int m_acceptedInBurst = 0;
    // Removed when a guard is destroyed (with its socket) or evicted: all alive.
    QList<ConnectionGuard *> m_guards;
    QHash<ConnectionGuard *, QHostAddress> m_addressOf;
    QHash<QHostAddress, int> m_openFrom;
    QList<QPointer<ConnectionGuard>> m_unattached;
};
