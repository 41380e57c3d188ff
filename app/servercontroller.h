#pragma once

#include "httpguard.h"
#include "servermode.h"
#include "servercontrol.h"

#include <memory>

class ApiServer;
class Engine;

// The embedded API server as the window sees it: start, stop, move to another port.
class ServerController : public ServerControl
{
    Q_OBJECT

public:
    ServerController(Engine &engine, const ServerSettings &settings, QObject *parent = nullptr);
    ~ServerController() override;

    bool isRunning() const override;
    QString baseUrl() const override;
    QHostAddress host() const override { return m_host; }
    quint16 port() const override { return m_port; }
    QString lastError() const override { return m_error; }
    bool start(const QHostAddress &host, quint16 port) override;
    void stop() override;

private:
    std::unique_ptr<ApiServer> m_server;
    QHostAddress m_host = QHostAddress::LocalHost;
    quint16 m_port = 8722;
    QString m_error;
};
