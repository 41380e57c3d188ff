#include "opsapi.h"

#include "audioencoder.h"
#include "services.h"
#include "metrics.h"
#include "generationservice.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

// Outside any namespace, as Q_INIT_RESOURCE requires.
static void initResources()
{
    Q_INIT_RESOURCE(resources);
}

namespace
{
// resources/openapi.json, read once; the servers entry and version are filled in per request.
const QJsonObject &openApiTemplate()
{
    static const QJsonObject doc = [] {
        initResources();
        QFile f(QStringLiteral(":/tts/openapi.json"));
        if (!f.open(QIODevice::ReadOnly))
            return QJsonObject();
        return QJsonDocument::fromJson(f.readAll()).object();
    }();
    return doc;
}

HttpReply openApi(ApiServer &server, const RequestContext &ctx)
{
    QJsonObject doc = openApiTemplate();
    if (doc.isEmpty())
        return HttpReply::detail(500, QStringLiteral("The OpenAPI document is missing from this build"));
    doc.insert("servers", QJsonArray{QJsonObject{{"url", server.baseUrlFor(ctx)}, {"description", "This server"}}});
    const QString version = QCoreApplication::applicationVersion();
    if (!version.isEmpty()) {
        QJsonObject info = doc.value("info").toObject();
        info.insert("version", version);
        doc.insert("info", info);
    }
    return HttpReply::json(200, doc);
}

HttpReply readiness(const Services &engine)
{
    // The store answers a query from the file it opened, audio can be written, and at
    // least one worker is warm. Runs on the store pool: the probes touch the disk.
    const QString lost = engine.database().fileProblem();
    const bool store = lost.isEmpty() && engine.database().ping();
    const QString audio = AudioEncoder::probeStorage(engine.generations().options().audioDir);
    const int workers = engine.readyWorkers();
    const bool ready = store && audio.isEmpty() && workers > 0;
    QJsonObject o{{"status", ready ? "ready" : "not ready"},
                  {"store", store ? QStringLiteral("ok") : lost.isEmpty() ? QStringLiteral("unavailable") : lost},
                  {"audio_storage", audio.isEmpty() ? QStringLiteral("ok") : audio},
                  {"workers_ready", workers}};
    if (!ready) {
        QStringList why;
        if (!store)
            why << (lost.isEmpty() ? QStringLiteral("store unavailable") : lost);
        if (!audio.isEmpty())
            why << audio;
        if (workers == 0)
            why << QStringLiteral("no synthesis worker ready");
        o.insert("reason", why.join(QStringLiteral("; ")));
    }
    return HttpReply::json(ready ? 200 : 503, o);
}

HttpReply metrics(const Services &engine)
{
    const QString text = engine.metrics().exposition(engine.generations().queuedCount(), engine.generations().countsByStatus());
    HttpReply r;
    r.body = text.toUtf8();
    r.contentType = "text/plain; version=0.0.4; charset=utf-8";
    return r;
}
}

void OpsApi::registerRoutes(ApiServer &s, bool metricsOpen)
{
    using A = ApiServer::Auth;
    // Liveness is answered on the server thread: it must not wait behind store work.
    const auto alive = [](const RequestContext &, const AuthContext *) { return HttpReply::json(200, QJsonObject{{"status", "ok"}}); };
    s.addRoute("GET", "/healthz", A::None, alive, [alive](const RequestContext &c, const AuthContext *a) -> std::optional<HttpReply> {
        return alive(c, a);
    });
    s.addRoute("GET", "/readyz", A::None, [&s](const RequestContext &, const AuthContext *) { return readiness(s.services()); });
    s.addRoute("GET", "/metrics", metricsOpen ? A::None : A::OpenAi,
               [&s](const RequestContext &, const AuthContext *) { return metrics(s.services()); });
    s.addRoute("GET", "/openapi.json", A::None, [&s](const RequestContext &c, const AuthContext *) { return openApi(s, c); });
}
