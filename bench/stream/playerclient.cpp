#include "playerclient.h"

#include <QJsonDocument>
#include <QJsonObject>

PlayerClient::PlayerClient(const QUrl &url, const QByteArray &request, QObject *parent)
    : Listener(parent)
    , m_url(url)
    , m_request(request)
{
    connect(&m_ws, &QWebSocket::connected, this, [this] {
        requestSent();
        m_ws.sendTextMessage(QString::fromUtf8(m_request));
    });
    connect(&m_ws, &QWebSocket::binaryMessageReceived, this, [this](const QByteArray &frame) { onAudio(frame.size()); });
    connect(&m_ws, &QWebSocket::textMessageReceived, this, &PlayerClient::onText);
    connect(&m_ws, &QWebSocket::disconnected, this, &PlayerClient::finish);
}

void PlayerClient::start() { m_ws.open(m_url); }

void PlayerClient::abort()
{
    if (finished())
        return;
    m_ws.abort();
    finish(); // abort() may not emit disconnected when the socket never connected
}

void PlayerClient::onText(const QString &message)
{
    const QJsonObject o = QJsonDocument::fromJson(message.toUtf8()).object();
    const QString type = o.value("type").toString();
    if (type == QLatin1String("completed"))
        setCompleted();
    else if (type == QLatin1String("error"))
        setError(o.value("detail").toString());
}
