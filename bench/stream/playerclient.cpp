#include "playerclient.h"

#include <QJsonDocument>
#include <QJsonObject>

PlayerClient::PlayerClient(const QUrl &url, const QByteArray &request, QObject *parent)
    : QObject(parent)
    , m_url(url)
    , m_request(request)
{
    connect(&m_ws, &QWebSocket::connected, this, [this] {
        m_clock.start();
        m_ws.sendTextMessage(QString::fromUtf8(m_request));
    });
    connect(&m_ws, &QWebSocket::binaryMessageReceived, this, &PlayerClient::onAudio);
    connect(&m_ws, &QWebSocket::textMessageReceived, this, &PlayerClient::onText);
    connect(&m_ws, &QWebSocket::disconnected, this, &PlayerClient::finish);
}

void PlayerClient::start() { m_ws.open(m_url); }

void PlayerClient::abort()
{
    if (m_finished)
        return;
    m_ws.abort();
    finish(); // abort() may not emit disconnected when the socket never connected
}

void PlayerClient::onAudio(const QByteArray &frame)
{
    const double now = double(m_clock.nsecsElapsed()) / 1e6;
    if (m_firstMs < 0) {
        m_firstMs = now;
        m_playStartMs = now + kJitterMs;
    }
    // Only the frame's first sample matters: the rest are due later still.
    const double due = playbackEndMs();
    if (now > due) {
        if (m_underruns == 0) {
            m_firstUnderrunMs = now;
            m_firstUnderrunAudioS = double(m_samples) / kSampleRate;
        }
        ++m_underruns;
        m_lateMs += now - due;
        m_stallMs += now - due;
    }
    m_samples += frame.size() / qsizetype(sizeof(float));
}

double PlayerClient::playbackLeftMs() const
{
    if (m_firstMs < 0)
        return 0;
    const double now = double(m_clock.nsecsElapsed()) / 1e6;
    return qMax(0.0, playbackEndMs() - now);
}

double PlayerClient::playbackEndMs() const
{
    return m_playStartMs + m_stallMs + double(m_samples) * 1000.0 / kSampleRate;
}

void PlayerClient::onText(const QString &message)
{
    const QJsonObject o = QJsonDocument::fromJson(message.toUtf8()).object();
    const QString type = o.value("type").toString();
    if (type == QLatin1String("completed"))
        m_completed = true;
    else if (type == QLatin1String("error"))
        m_error = o.value("detail").toString();
}

void PlayerClient::finish()
{
    if (m_finished)
        return;
    m_finished = true;
    emit done();
}
