#include "servercontroller.h"

#include "apiroutes.h"
#include "apiserver.h"
#include "engine.h"

ServerController::ServerController(Engine &engine, const ServerSettings &settings, QObject *parent)
    : ServerControl(parent)
    , m_server(std::make_unique<ApiServer>(engine.services()))
{
    registerApiRoutes(*m_server, settings.metricsOpen);
    m_server->limits() = settings.limits;
    m_server->setPublicUrl(settings.publicUrl);
    for (const QByteArray &origin : settings.allowedOrigins)
        m_server->origins().allow(origin);
}

ServerController::~ServerController() = default;

bool ServerController::isRunning() const
{
    return m_server->isListening();
}

QString ServerController::baseUrl() const
{
    return m_server->baseUrl();
}

bool ServerController::start(const QHostAddress &host, quint16 port)
{
    m_host = host;
    m_port = port;
    if (!m_server->listen(host, port)) {
        m_error = tr("cannot listen on %1:%2 (in use or not allowed)").arg(host.toString()).arg(port);
        emit stateChanged();
        return false;
    }
    m_error.clear();
    m_port = m_server->port();
    emit stateChanged();
    return true;
}

void ServerController::stop()
{
    m_server->close();
    emit stateChanged();
}
