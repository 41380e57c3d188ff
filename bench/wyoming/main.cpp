// bench-wyoming: time from `synthesize` to the first audio-chunk over Wyoming (Home
// Assistant's protocol), for an espeak-ng and a flite voice, on an open connection and
// with the connection made for the request (as Home Assistant does), beside the
// WebSocket stream's first frame and the first body bytes of OpenAI's /v1/audio/speech
// (pcm, mp3, opus) for the same text and voice in the same run. Prints figures, never
// asserts them.
//
//   bench-wyoming [ROUNDS]     (default 15 per row)
#include "streamutil.h"
#include "studioprocess.h"
#include "wyomingclient.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTimer>
#include <QWebSocket>

#include <cstdio>

namespace
{
// What a voice assistant answers: two short sentences.
const QString kText = QStringLiteral("The kitchen lights are on. It is twenty one degrees outside.");

struct Voice
{
    const char *label;
    const char *id;
    double targetMs;
};

QJsonObject synthesizeData(const char *voice)
{
    return QJsonObject{{"text", kText}, {"voice", QJsonObject{{"name", QLatin1String(voice)}}}};
}

// Sends synthesize on `client` and waits for the first audio-chunk; ms, or -1.
double firstChunkMs(WyomingClient &client, const char *voice, const QElapsedTimer &since)
{
    client.send(QStringLiteral("synthesize"), synthesizeData(voice));
    while (const auto e = client.next(10000)) {
        if (e->type == QLatin1String("audio-chunk"))
            return double(since.nsecsElapsed()) / 1e6;
        if (e->type == QLatin1String("error"))
            return -1;
    }
    return -1;
}

// On a connection made before the timer starts; the rest of the audio is read.
double openConnection(quint16 port, const char *voice)
{
    WyomingClient client;
    if (!client.connectTo(QStringLiteral("127.0.0.1"), port))
        return -1;
    QElapsedTimer t;
    t.start();
    const double ms = firstChunkMs(client, voice, t);
    client.until(QStringLiteral("audio-stop"));
    return ms;
}

// Connect, synthesize, first chunk: what Home Assistant waits for.
double newConnection(quint16 port, const char *voice)
{
    QElapsedTimer t;
    t.start();
    WyomingClient client;
    if (!client.connectTo(QStringLiteral("127.0.0.1"), port))
        return -1;
    const double ms = firstChunkMs(client, voice, t);
    client.until(QStringLiteral("audio-stop"));
    return ms;
}

// The WebSocket stream's first binary frame for the same request (connection open).
double webSocketFirstFrame(const StudioProcess &studio, const QString &key, const char *voice)
{
    QWebSocket ws;
    QEventLoop loop;
    QElapsedTimer t;
    double ms = -1;
    QObject::connect(&ws, &QWebSocket::connected, &loop, [&] {
        t.start();
        ws.sendTextMessage(QString::fromUtf8(StreamBench::requestFor(kText, voice, "")));
    });
    QObject::connect(&ws, &QWebSocket::binaryMessageReceived, &loop, [&] {
        if (ms < 0)
            ms = double(t.nsecsElapsed()) / 1e6;
    });
    QObject::connect(&ws, &QWebSocket::disconnected, &loop, &QEventLoop::quit);
    QObject::connect(&ws, &QWebSocket::textMessageReceived, &loop, [&](const QString &m) {
        if (m.contains(QLatin1String("\"completed\"")) || m.contains(QLatin1String("\"error\"")))
            loop.quit();
    });
    QTimer::singleShot(30000, &loop, &QEventLoop::quit);
    ws.open(QUrl(studio.wsUrl(key)));
    loop.exec();
    return ms;
}

// POST /v1/audio/speech until its first body bytes (the connection is kept between calls
// by the manager); the rest of the answer is read.
double openAiFirstBytes(QNetworkAccessManager &http, const StudioProcess &studio, const QString &key, const char *voice,
                        const char *format)
{
    QNetworkRequest req(QUrl(studio.baseUrl() + QStringLiteral("/v1/audio/speech")));
    req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    req.setRawHeader("Authorization", "Bearer " + key.toUtf8());
    const QJsonObject body{{"model", "tts-1"}, {"input", kText}, {"voice", QJsonObject{{"id", QLatin1String(voice)}}},
                           {"response_format", QLatin1String(format)}};
    QElapsedTimer t;
    t.start();
    QNetworkReply *reply = http.post(req, QJsonDocument(body).toJson(QJsonDocument::Compact));
    double ms = -1;
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::readyRead, &loop, [&] {
        if (ms < 0 && reply->bytesAvailable() > 0)
            ms = double(t.nsecsElapsed()) / 1e6;
        reply->readAll();
    });
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(30000, &loop, &QEventLoop::quit);
    loop.exec();
    const bool ok = reply->error() == QNetworkReply::NoError;
    reply->deleteLater();
    return ok ? ms : -1;
}

template <typename F>
QList<double> rounds(int n, F measure)
{
    QList<double> out;
    for (int i = 0; i < n; ++i)
        if (const double ms = measure(); ms >= 0)
            out << ms;
    return out;
}

void row(const char *route, const Voice &v, const QList<double> &ms, double target)
{
    std::printf("%-32s %-22s %8.1f %8.1f %6lld", route, v.label, StreamBench::percentile(ms, 0.5),
                StreamBench::percentile(ms, 0.9), qint64(ms.size()));
    if (target > 0)
        std::printf("   target p50 <= %.0f ms: %s", target, StreamBench::percentile(ms, 0.5) <= target ? "met" : "missed");
    std::printf("\n");
}
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int n = argc > 1 ? qMax(1, QByteArray(argv[1]).toInt()) : 15;
    StudioProcess studio;
    const QString key = studio.createAccountWithKey("bench", {"--credits", "100000000"});
    if (!studio.start({"--workers", "2", "--log-level", "warn", "--wyoming-port", "0", "--wyoming-account", "bench"})) {
        std::printf("could not start the server\n");
        return 0;
    }
    const quint16 port = wyomingPortIn(studio.serverOutput());
    QEventLoop settle; // the stream workers warm up
    QTimer::singleShot(1500, &settle, &QEventLoop::quit);
    settle.exec();

    std::printf("bench-wyoming: \"%s\" (%lld characters), %d requests per row, one at a time\n\n", qPrintable(kText),
                qint64(kText.size()), n);
    std::printf("%-32s %-22s %8s %8s %6s\n", "route (first audio)", "voice", "p50 ms", "p90 ms", "n");
    QNetworkAccessManager http;
    const Voice voices[] = {{"espeak-ng (ef_dora)", "ef_dora", 30}, {"flite (af_sarah)", "af_sarah", 60}};
    for (const Voice &v : voices) {
        rounds(2, [&] { return openConnection(port, v.id); }); // warm-up
        row("wyoming, open connection", v, rounds(n, [&] { return openConnection(port, v.id); }), v.targetMs);
        row("wyoming, connection per request", v, rounds(n, [&] { return newConnection(port, v.id); }), 0);
        row("websocket /v3/tts/stream", v, rounds(n, [&] { return webSocketFirstFrame(studio, key, v.id); }), 0);
        for (const char *format : {"pcm", "mp3", "opus"}) {
            const QByteArray route = QByteArrayLiteral("/v1/audio/speech ") + format;
            row(route.constData(), v, rounds(n, [&] { return openAiFirstBytes(http, studio, key, v.id, format); }), 0);
        }
    }
    studio.stop();
    return 0;
}
