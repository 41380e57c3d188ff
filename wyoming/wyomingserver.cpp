#include "wyomingserver.h"

#include "accountservice.h"
#include "wyomingevent.h"
#include "wyomingsession.h"

WyomingServer::WyomingServer(WyomingContext context, QObject *parent)
    : QObject(parent)
    , m_context(std::move(context))
{
    m_context.home = this;
    connect(&m_tcp, &QTcpServer::newConnection, this, &WyomingServer::onNewConnection);
}

std::optional<AuthContext> WyomingServer::accountNamed(AccountService &accounts, const QString &name)
{
    const auto account = accounts.findByName(name);
    if (!account)
        return std::nullopt;
    return AuthContext{account->id, 0, account->plan};
}

bool WyomingServer::listen(const QHostAddress &host, quint16 port)
{
    return m_tcp.listen(host, port);
}

void WyomingServer::close()
{
    m_tcp.close();
}

QString WyomingServer::url() const
{
    const QHostAddress a = m_tcp.serverAddress();
    const QString host = a.protocol() == QAbstractSocket::IPv6Protocol ? u'[' + a.toString() + u']' : a.toString();
    return QStringLiteral("tcp://%1:%2").arg(host).arg(m_tcp.serverPort());
}

QString WyomingServer::errorString() const
{
    return m_tcp.errorString();
}

void WyomingServer::onNewConnection()
{
    while (QTcpSocket *socket = m_tcp.nextPendingConnection()) {
        if (m_open >= m_context.limits.maxConnections) {
            socket->write(WyomingEvent::error(QStringLiteral("Too many connections"), QStringLiteral("unavailable")).encode());
            socket->disconnectFromHost();
            connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
            continue;
        }
        ++m_open;
        auto *session = new WyomingSession(socket, m_context, this);
        connect(session, &QObject::destroyed, this, [this] { --m_open; });
    }
}
