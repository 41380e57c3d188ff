#include "opsapi.h"

#include "engine.h"

namespace
{
HttpReply readiness(Engine &engine)
{
    // The store answers a write-free query and at least one worker is warm.
    const bool store = engine.database().connection().isOpen() && engine.generations().queuedCount() >= 0;
    const int workers = engine.readyWorkers();
    const bool ready = store && workers > 0;
    return HttpReply::json(ready ? 200 : 503, QJsonObject{{"status", ready ? "ready" : "not ready"},
                                                          {"store", store ? "ok" : "unavailable"},
                                                          {"workers_ready", workers}});
}

HttpReply metrics(Engine &engine)
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
    s.addRoute("GET", "/healthz", A::None,
               [](const RequestContext &, const AuthContext *) { return HttpReply::json(200, QJsonObject{{"status", "ok"}}); });
    s.addRoute("GET", "/readyz", A::None, [&s](const RequestContext &, const AuthContext *) { return readiness(s.engine()); });
    s.addRoute("GET", "/metrics", metricsOpen ? A::None : A::OpenAi,
               [&s](const RequestContext &, const AuthContext *) { return metrics(s.engine()); });
}
