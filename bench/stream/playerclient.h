#pragma once

#include "listener.h"

#include <QUrl>
#include <QWebSocket>

// A listener over the server's WebSocket (docs/api.md "WebSocket stream"): sends the
// request when connected; completed at {"type":"completed"}.
class PlayerClient : public Listener
{
    Q_OBJECT

public:
    PlayerClient(const QUrl &url, const QByteArray &request, QObject *parent = nullptr);

    void start() override;
    void abort() override;

private:
    void onText(const QString &message);

    QWebSocket m_ws;
    QUrl m_url;
    QByteArray m_request;
};
