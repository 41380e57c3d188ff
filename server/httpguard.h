#pragma once

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QTimer>

#include "httpheadparser.h"

class QTcpSocket;

// Watches one connection: feeds the bytes that arrive (peeked before QHttpServer
// reads them) to an HttpHeadParser, answers violations itself and closes the
// connection; runs the request and idle timers. Also answers "Expect: 100-continue".
class ConnectionGuard : public QObject
{
    Q_OBJECT

public:
    ConnectionGuard(QTcpSocket *socket, const HttpLimits &limits, const HostCheck &hostCheck);

    // When the request now arriving started, or the connection opened if it has sent
    // nothing yet (ms since epoch); 0 while a request is answered or between requests.
    qint64 incompleteSinceMs() const { return m_incompleteSinceMs; }
    void evict();

private:
    void onReadyRead();
    void onRejected(const HttpHeadParser::Rejection &r);

    QTcpSocket *m_socket;
    qint64 m_incompleteSinceMs = 0;
    HttpHeadParser m_parser;
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
    QList<QPointer<ConnectionGuard>> m_guards;
};
