#pragma once

#include "wyomingcontext.h"

#include <QHostAddress>
#include <QObject>
#include <QTcpServer>

#include <optional>

class AccountService;

// The Wyoming listener (Home Assistant's protocol for speech services): accepts up to
// limits.maxConnections clients, each a WyomingSession, all billed to one account.
class WyomingServer : public QObject
{
    Q_OBJECT

public:
    // context.home is set to this server.
    explicit WyomingServer(WyomingContext context, QObject *parent = nullptr);

    // The account named on the command line, as every request will be billed to it;
    // nullopt when there is none of that name. A store call: at startup only.
    static std::optional<AuthContext> accountNamed(AccountService &accounts, const QString &name);

    bool listen(const QHostAddress &host, quint16 port);
    void close();
    // tcp://HOST:PORT (IPv6 in brackets).
    QString url() const;
    QString errorString() const;

private:
    void onNewConnection();

    WyomingContext m_context;
    QTcpServer m_tcp;
    int m_open = 0;
};
