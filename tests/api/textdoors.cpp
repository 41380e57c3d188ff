#include "textdoors.h"

#include "testserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QUrl>
#include <QWebSocket>

namespace
{
void collectFields(const QJsonObject &o, DoorAnswer &a)
{
    for (const QJsonValue &e : o.value("errors").toArray())
        a.fields << e.toObject().value("field").toString();
}

DoorAnswer sendThroughWebSocket(TestServer &server, const QByteArray &textJson, const QByteArray &key, int timeoutMs)
{
    DoorAnswer a;
    QWebSocket ws;
    QSignalSpy closed(&ws, &QWebSocket::disconnected);
    QString first;
    QObject::connect(&ws, &QWebSocket::textMessageReceived, &ws, [&](const QString &m) {
        if (first.isEmpty())
            first = m;
        const QJsonObject o = QJsonDocument::fromJson(m.toUtf8()).object();
        if (o.value("type").toString() == QLatin1String("completed"))
            a.completed = o;
    });
    QObject::connect(&ws, &QWebSocket::binaryMessageReceived, &ws, [&](const QByteArray &b) {
        const auto *f = reinterpret_cast<const float *>(b.constData());
        a.audio.insert(a.audio.end(), f, f + b.size() / 4);
    });
    const QUrl url = server.streamUrl(key);
    QSignalSpy connected(&ws, &QWebSocket::connected);
    ws.open(url);
    if (!connected.wait(10000))
        return a;
    // sendTextMessage takes a QString: JSON escapes are ASCII and survive; a raw NUL does too.
    ws.sendTextMessage(QString::fromUtf8("{\"text\":" + textJson + ",\"voice_id\":\"af_sarah\"}"));
    if (!closed.wait(timeoutMs))
        return a;
    const QJsonObject o = QJsonDocument::fromJson(first.toUtf8()).object();
    a.raw = first.toUtf8();
    a.detail = o.value("detail").toString();
    // An error message is followed by close 1003; a stream would have started instead.
    a.status = o.value("type").toString() == QLatin1String("error") ? o.value("status").toInt() : 200;
    collectFields(o, a);
    if (a.status == 400 && ws.closeCode() != QWebSocketProtocol::CloseCodeDatatypeNotSupported)
        a.status = -int(ws.closeCode());
    return a;
}
}

DoorAnswer sendThroughDoor(TestServer &server, const QString &door, const QByteArray &textJson, const QByteArray &key, int timeoutMs)
{
    if (door == QLatin1String("ws"))
        return sendThroughWebSocket(server, textJson, key, timeoutMs);
    HttpRequest r;
    r.method = "POST";
    r.apiKey = key;
    if (door == QLatin1String("v3")) {
        r.path = QStringLiteral("/v3/tts");
        r.body = "{\"text\":" + textJson + ",\"voice_id\":\"af_sarah\"}";
    } else if (door == QLatin1String("v2")) {
        r.path = QStringLiteral("/v2/tts");
        r.body = "{\"text\":" + textJson + ",\"voice\":\"af_sarah\"}";
    } else {
        r.path = QStringLiteral("/v1/audio/speech");
        r.apiKeyHeader = "Authorization";
        r.apiKey = "Bearer " + key;
        r.body = "{\"input\":" + textJson + ",\"voice\":\"alloy\",\"model\":\"tts-1\",\"response_format\":\"wav\"}";
    }
    r.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    const HttpResponse resp = server.request(r, timeoutMs);
    DoorAnswer a;
    a.status = resp.status;
    a.raw = resp.body;
    a.detail = resp.detail();
    collectFields(resp.json, a);
    if (door == QLatin1String("v1")) { // OpenAI's error shape: {"error": {"message", "param"}}
        const QJsonObject e = resp.json.value("error").toObject();
        a.detail = e.value("message").toString();
        if (!e.value("param").toString().isEmpty())
            a.fields << e.value("param").toString();
    }
    return a;
}
