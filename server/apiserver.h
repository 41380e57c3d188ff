#pragma once

#include "services.h"

#include "auththrottle.h"
#include "httpguard.h"
#include "httpreply.h"
#include "streamreply.h"
#include "keyservice.h"
#include "originpolicy.h"
#include "replycache.h"

#include <QHttpServer>
#include <QHttpServerRequest>
#include <QObject>
#include <QPointer>
#include <QThreadPool>

#include <functional>
#include <memory>
#include <optional>


// The HTTP front: routes, authentication, rate limits and the async hand-off.
// Handlers run on a store thread (a FastHandler may answer from memory first); replies are written back on the server
// thread only while the client is still connected (Qt 6.4 crashes otherwise).
class ApiServer : public QObject
{
    Q_OBJECT

public:
    // OpenAiOptional: a key is not needed, but one that is given must be valid (the
    // handler then sees its account; without one it gets no AuthContext).
    enum class Auth { None, V3, V2, OpenAi, OpenAiOptional };
    using Handler = std::function<HttpReply(const RequestContext &ctx, const AuthContext *auth)>;
    // Runs on the server thread and may only read memory: a reply, or nullopt to hand
    // the request to the route's Handler on a store thread. Called only when the key is
    // known without the store (or the route needs none).
    using FastHandler = std::function<std::optional<HttpReply>(const RequestContext &ctx, const AuthContext *auth)>;
    // Runs on the server thread after authentication; answers over time through reply.
    using StreamHandler = std::function<void(const RequestContext &ctx, const AuthContext &auth,
                                             const std::shared_ptr<StreamReply> &reply)>;

    static constexpr qsizetype kMaxBodyBytes = 1024 * 1024;

    // Set before listen().
    HttpLimits &limits() { return m_limits; }
    int openConnections() const;

    explicit ApiServer(const Services &services, QObject *parent = nullptr);
    ~ApiServer() override;

    bool listen(const QHostAddress &address, quint16 port);
    void close();
    bool isListening() const;
    quint16 port() const { return m_port; }
    QHostAddress address() const { return m_address; }
    QString baseUrl() const;
    // The URL a reply should point at: --public-url when set (nodes behind a load
    // balancer), else the Host the client used, else the listen address.
    QString baseUrlFor(const RequestContext &ctx) const;
    // The request log's line of a WebSocket stream, written when its connection ends
    // (status 101; the duration is the connection's).
    void logWebSocket(double seconds, qint64 accountId, const QHostAddress &remote) const;
    void setPublicUrl(const QString &url);
    // Browser origins besides the server's own (--allow-origin); set before listen().
    OriginPolicy &origins() { return m_origins; }

    const Services &services() const { return m_services; }
    ReplyCache &replyCache() { return m_replyCache; }
    QHttpServer &http() { return *m_http; }

    // Registers method+path (a trailing "/*" matches one more segment).
    void addRoute(const QByteArray &method, const QString &path, Auth auth, Handler handler, FastHandler fast = {});
    void addStreamingRoute(const QByteArray &method, const QString &path, Auth auth, StreamHandler handler);
    // The route table as registered (the OpenAPI document is checked against it), plus
    // the WebSocket upgrade route GET /v3/tts/stream (key in the api_key query parameter).
    struct RouteInfo
    {
        QByteArray method;
        QString path; // a trailing "/*" matches one more segment
        Auth auth;
        bool streaming = false;
        bool webSocket = false;
    };
    QList<RouteInfo> routes() const;
    // DNS-rebinding and cross-site guards: the Host a loopback server answers to, and
    // a browser Origin that must be the server's own. Returns the refusal, if any.
    std::optional<HttpReply> checkHostAndOrigin(const QByteArray &host, const QByteArray &origin) const;
    QString hostRefusal(const QByteArray &host, const QByteArray &origin) const;
    // A failed key check from this address (REST and WebSocket alike): the refusal to
    // send, 429 once the address has failed too often within a minute, else 401.
    ServiceError failedAuthentication(const QHostAddress &address, Auth mode);

private:
    struct Exchange;
    struct Route;

    void dispatch(const QHttpServerRequest &request, QHttpServerResponder &&responder);
    std::shared_ptr<Exchange> openExchange(RequestContext &ctx, QTcpSocket *socket);
    std::optional<HttpReply> refuseBeforeRouting(const RequestContext &ctx) const;
    // The route for the request (its path parameter set in ctx), or null.
    const Route *findRoute(RequestContext &ctx) const;
    HttpReply noRoute(const RequestContext &ctx) const;
    QList<QByteArray> methodsFor(const QString &path) const;
    // A CORS preflight from an allowed origin (OPTIONS with Access-Control-Request-Method).
    std::optional<HttpReply> preflight(const RequestContext &ctx, const Exchange &x) const;
    void answer(const std::shared_ptr<Exchange> &x, const HttpReply &reply, qint64 accountId = 0);
    void observe(const Exchange &x, int status, qint64 accountId) const;
    void runHandler(const std::shared_ptr<Exchange> &x, RequestContext ctx, const Route &route);
    void startStream(const std::shared_ptr<Exchange> &x, RequestContext ctx, const Route &route);
    void logRequest(const QByteArray &method, const QString &path, const QString &route, int status, double seconds,
                    qint64 accountId, const QHostAddress &remote) const;
    std::optional<HttpReply> authenticate(const RequestContext &ctx, Auth mode, AuthContext &out);
    std::optional<HttpReply> rateLimited(const AuthContext &auth, Auth mode);
    static QString presentedKey(const RequestContext &ctx, Auth mode);

    struct Route
    {
        QByteArray method;
        QString path;
        Auth auth;
        Handler handler;
        StreamHandler streamHandler;
        FastHandler fast;
    };
    // A reply (and the caller's account) from memory, or nullopt when the store is needed.
    std::optional<std::pair<HttpReply, qint64>> answerFromMemory(const RequestContext &ctx, const Route &route);

    Services m_services;
    std::unique_ptr<QHttpServer> m_http;
    HttpLimits m_limits;
    AuthThrottle m_throttle;
    ReplyCache m_replyCache;
    QPointer<GuardedTcpServer> m_tcp;
    QList<Route> m_routes;
    QHostAddress m_address;
    quint16 m_port = 0;
    QString m_publicUrl;
    OriginPolicy m_origins;
    bool m_listening = false;
};
