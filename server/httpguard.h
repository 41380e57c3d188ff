#pragma once

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QTimer>

#include <functional>

class QTcpSocket;

// Returns why a request with this Host and Origin is refused, or an empty string.
using HostCheck = std::function<QString(const QByteArray &host, const QByteArray &origin)>;

// Limits Qt 6.4's HTTP server does not enforce (notes/qt64-pitfalls.md), checked on
// the raw bytes before QHttpServer buffers them.
struct HttpLimits
{
    qint64 maxBodyBytes = 1024 * 1024;   // 413
    int maxRequestLineBytes = 8 * 1024;  // 414
    int maxHeaderBytes = 64 * 1024;      // 431
    int maxHeaderCount = 100;            // 431
    int requestTimeoutMs = 15000;        // a started request must complete within this (408)
    int idleTimeoutMs = 15000;           // keep-alive connections without a request are closed
    int maxConnections = 512;            // beyond this, new connections are refused
};

// Watches one connection: parses request heads and body lengths incrementally from
// the bytes that arrive (peeked before QHttpServer reads them), answers violations
// itself and closes the connection. Also answers "Expect: 100-continue".
class ConnectionGuard : public QObject
{
    Q_OBJECT

public:
    ConnectionGuard(QTcpSocket *socket, const HttpLimits &limits, const HostCheck &hostCheck);

private:
    void onReadyRead();
    void consume(const QByteArray &data);
    bool finishHead();
    void reject(int status, const QByteArray &reason, const QString &detail);
    void armTimers();

    QTcpSocket *m_socket;
    const HttpLimits &m_limits;
    const HostCheck &m_hostCheck;
    enum class Phase { Head, Body, Chunked, Passthrough, Rejected } m_phase = Phase::Head;
    QByteArray m_head;
    qint64 m_bodyLeft = 0;
    qint64 m_chunkedBytes = 0;
    QByteArray m_chunkTail;
    QTimer m_requestTimer;
    QTimer m_idleTimer;
};

// The listening socket QHttpServer is bound to: counts connections, refuses those
// over the cap, and puts a ConnectionGuard on each accepted one.
class GuardedTcpServer : public QTcpServer
{
    Q_OBJECT

public:
    GuardedTcpServer(const HttpLimits &limits, HostCheck hostCheck, QObject *parent = nullptr);

    int openConnections() const { return m_open; }

protected:
    void incomingConnection(qintptr handle) override;

private:
    const HttpLimits &m_limits;
    HostCheck m_hostCheck;
    int m_open = 0;
};
