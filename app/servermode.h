#pragma once

#include "httpguard.h"

#include <QByteArray>
#include <QHostAddress>
#include <QList>
#include <QString>

#include <optional>

struct ServerSettings
{
    QHostAddress host = QHostAddress::LocalHost;
    quint16 port = 8722;
    HttpLimits limits;
    bool metricsOpen = true;
    QString publicUrl; // base of links in answers (audio_url); empty: the Host the client used
    QList<QByteArray> allowedOrigins; // --allow-origin, normalized
    std::optional<quint16> wyomingPort; // --wyoming-port: Home Assistant's protocol (docs/wyoming.md)
    QString wyomingAccount;             // --wyoming-account: whom Wyoming's speech is billed to
};

class Engine;

// Headless: serve until SIGTERM/SIGINT, then stop accepting, end live streams (close
// 1001, FAILED and released), let running jobs finish (up to 10 s), requeue the rest
// and return 0.
int runHeadless(Engine &engine, const ServerSettings &settings);
// Shutdown's first step (headless and GUI), on the server's thread.
void endLiveStreams(Engine &engine);
