#include "apiserver.h"

#include "services.h"
#include "ratelimiter.h"
#include "metrics.h"
#include "errormapping.h"
#include "replyorder.h"
#include "streamsession.h"

#include <QHttpServerResponder>
#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>

#include <algorithm>

Q_LOGGING_CATEGORY(lcRequest, "tts.request", QtInfoMsg)

void ApiServer::logRequest(const QByteArray &method, const QString &path, const QString &route, int status, double seconds,
                           qint64 accountId, const QHostAddress &remote) const
{
    if (!lcRequest().isInfoEnabled())
        return;
    QJsonObject line{{"time", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)},
                     {"method", QString::fromLatin1(method)},
                     {"path", path.left(200)},
                     {"route", route},
                     {"status", status},
                     {"duration_ms", qRound(seconds * 10000.0) / 10.0},
                     {"remote", remote.toString()}};
    if (accountId)
        line.insert("account_id", accountId);
    qCInfo(lcRequest).noquote() << QJsonDocument(line).toJson(QJsonDocument::Compact);
}

void ApiServer::logWebSocket(double seconds, qint64 accountId, const QHostAddress &remote) const
{
    const QString path = QStringLiteral("/v3/tts/stream"); // never the query: it holds the key
    logRequest("GET", path, path, 101, seconds, accountId, remote);
}

ApiServer::ApiServer(const Services &services, QObject *parent)
    : QObject(parent)
    , m_services(services)
    , m_http(std::make_unique<QHttpServer>())
{
    m_http->setMissingHandler([this](const QHttpServerRequest &req, QHttpServerResponder &&resp) {
        dispatch(req, std::move(resp));
    });
    // WebSocket upgrades need a matching route that writes nothing (notes/qt64-pitfalls.md).
    // Host and Origin of upgrades are checked by the connection guard before this runs.
    // Qt upgrades only when Connection mentions "upgrade" as well; anything else is an
    // ordinary request, answered 426 in its turn.
    m_http->route(QStringLiteral("/v3/tts/stream"), [this](const QHttpServerRequest &req, QHttpServerResponder &&resp) {
        if (req.value("upgrade").compare("websocket", Qt::CaseInsensitive) == 0
            && req.value("connection").toLower().contains("upgrade"))
            return;
        dispatch(req, std::move(resp));
    });
    connect(m_http.get(), &QAbstractHttpServer::newWebSocketConnection, this, [this] {
        while (m_http->hasPendingWebSocketConnections()) {
            std::unique_ptr<QWebSocket> ws = m_http->nextPendingWebSocketConnection();
            if (m_tcp)
                m_tcp->attachAfterWebSocket(ws->peerAddress(), ws->peerPort());
            new StreamSession(*this, std::move(ws));
        }
    });
}

ApiServer::~ApiServer()
{
    close();
    m_services.storePool()->waitForDone();
}

bool ApiServer::listen(const QHostAddress &address, quint16 port)
{
    // Our own listening socket, so every connection is guarded before Qt reads it.
    const OriginRules rules{[this](const QByteArray &host, const QByteArray &origin) { return hostRefusal(host, origin); },
                            [this](const QByteArray &host, const QByteArray &origin) { return m_origins.corsHeadersFor(host, origin); }};
    auto *tcp = new GuardedTcpServer(m_limits, rules, m_http.get());
    if (!tcp->listen(address, port)) {
        delete tcp;
        return false;
    }
    tcp->applyListenOptions(); // at once, not after the first event-loop pass
    m_http->bind(tcp);
    // After QHttpServer's own slot (connected by bind()), so it runs once Qt has taken
    // the new connections and connected to them.
    connect(tcp, &QTcpServer::pendingConnectionAvailable, tcp, &GuardedTcpServer::attachAfterServer);
    m_tcp = tcp;
    m_address = address;
    m_port = tcp->serverPort();
    m_listening = true;
    return true;
}

void ApiServer::close()
{
    if (!m_listening)
        return;
    // QHttpServer has no close(): stop our listening socket from accepting.
    if (m_tcp)
        m_tcp->close();
    m_listening = false;
}

int ApiServer::openConnections() const
{
    return m_tcp ? m_tcp->openConnections() : 0;
}

bool ApiServer::isListening() const
{
    return m_listening;
}

QString ApiServer::baseUrl() const
{
    QString host = m_address.toString();
    if (m_address.protocol() == QAbstractSocket::IPv6Protocol)
        host = u'[' + host + u']';
    return QStringLiteral("http://%1:%2").arg(host).arg(m_port);
}

QString ApiServer::baseUrlFor(const RequestContext &ctx) const
{
    if (!m_publicUrl.isEmpty())
        return m_publicUrl;
    // Only a plain host[:port] is echoed into links (no scheme, path or userinfo tricks).
    const QByteArray host = ctx.header("host");
    const bool plain = !host.isEmpty() && host.size() <= 255 && std::all_of(host.cbegin(), host.cend(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-'
               || c == '[' || c == ']' || c == ':';
    });
    return plain ? QStringLiteral("http://") + QString::fromLatin1(host) : baseUrl();
}

std::optional<HttpReply> ApiServer::checkHostAndOrigin(const QByteArray &host, const QByteArray &origin) const
{
    const QString refusal = hostRefusal(host, origin);
    if (refusal.isEmpty())
        return std::nullopt;
    return HttpReply::detail(403, refusal);
}

QString ApiServer::hostRefusal(const QByteArray &host, const QByteArray &origin) const
{
    // Host without its port; IPv6 literals keep their brackets.
    QByteArray name = host.toLower();
    if (name.startsWith('[')) {
        name = name.left(name.indexOf(']') + 1);
    } else if (name.contains(':')) {
        name = name.left(name.lastIndexOf(':'));
    }
    if (m_address.isLoopback() && !host.isEmpty() && name != "localhost" && name != "127.0.0.1" && name != "[::1]"
        && !m_origins.isPublicHost(host))
        return QStringLiteral("Host not allowed: this server only answers to localhost");
    if (!origin.isEmpty() && !m_origins.isSameOrigin(origin, host) && !m_origins.isAllowedCrossOrigin(origin))
        return QStringLiteral("Origin not allowed");
    return {};
}

void ApiServer::setPublicUrl(const QString &url)
{
    m_publicUrl = url;
    m_origins.setPublicUrl(url);
}

void ApiServer::addRoute(const QByteArray &method, const QString &path, Auth auth, Handler handler, FastHandler fast)
{
    m_routes.append({method, path, auth, std::move(handler), {}, std::move(fast)});
}

void ApiServer::addStreamingRoute(const QByteArray &method, const QString &path, Auth auth, StreamHandler handler)
{
    m_routes.append({method, path, auth, {}, std::move(handler), {}});
}

QList<ApiServer::RouteInfo> ApiServer::routes() const
{
    QList<RouteInfo> out;
    for (const Route &r : m_routes)
        out.append({r.method, r.path, r.auth, bool(r.streamHandler), false});
    out.append({"GET", QStringLiteral("/v3/tts/stream"), Auth::V3, true, true});
    return out;
}

namespace
{
// A route's path against a request's: nullopt when they differ, else the segment a
// trailing "/*" matched (empty for exact routes).
std::optional<QString> matchPath(const QString &pattern, const QString &path)
{
    if (pattern.endsWith(QLatin1String("/*"))) {
        const QString prefix = pattern.chopped(1);
        if (!path.startsWith(prefix) || path.size() == prefix.size())
            return std::nullopt;
        const QString tail = path.sliced(prefix.size());
        if (tail.contains(u'/'))
            return std::nullopt;
        return tail;
    }
    if (pattern == path)
        return QString();
    return std::nullopt;
}
}

// One request's way back to its client: its turn on the connection, how it is
// written (HEAD, close), and what its count and log line say.
struct ApiServer::Exchange
{
    QPointer<QTcpSocket> socket;
    QPointer<ReplyOrder> order;
    quint64 ticket = 0;
    bool headOnly = false;
    bool closeAfter = false;
    QByteArray method; // as the client sent it (HEAD stays HEAD)
    QString path;
    QHostAddress remote;
    QString route = QStringLiteral("unmatched");
    QByteArray corsOrigin; // an allowed cross origin: its answers carry CORS headers
    QElapsedTimer timer;
};

void ApiServer::dispatch(const QHttpServerRequest &request, QHttpServerResponder &&responder)
{
    RequestContext ctx = RequestContext::from(request);
    const auto x = openExchange(ctx, responder.socket());
    if (auto refused = refuseBeforeRouting(ctx)) {
        answer(x, *refused);
        return;
    }
    if (auto answered = preflight(ctx, *x)) {
        answer(x, *answered);
        return;
    }
    // Routing needs no store: unknown paths and wrong methods are answered here.
    const Route *route = findRoute(ctx);
    if (!route) {
        answer(x, noRoute(ctx));
        return;
    }
    x->route = route->path;
    if (route->streamHandler) {
        startStream(x, std::move(ctx), *route);
        return;
    }
    if (route->fast) {
        if (auto answered = answerFromMemory(ctx, *route)) {
            answer(x, answered->first, answered->second);
            return;
        }
    }
    runHandler(x, std::move(ctx), *route);
}

std::shared_ptr<ApiServer::Exchange> ApiServer::openExchange(RequestContext &ctx, QTcpSocket *socket)
{
    auto x = std::make_shared<Exchange>();
    x->timer.start();
    x->socket = socket;
    // Qt hands requests over in the order they arrived; answers leave in that order too.
    ConnectionGuard *guard = ConnectionGuard::of(socket);
    x->order = guard ? guard->order() : socket ? ReplyOrder::of(socket) : nullptr;
    if (guard) {
        const ConnectionGuard::Request meta = guard->takeRequest();
        x->ticket = meta.ticket;
        x->closeAfter = meta.closeAfter;
    } else if (x->order) {
        x->ticket = x->order->open(false);
    }
    x->method = ctx.method;
    x->path = ctx.path;
    x->remote = ctx.remoteAddress;
    const QByteArray origin = ctx.header("origin");
    if (m_origins.isCrossOriginWithCors(origin, ctx.header("host")))
        x->corsOrigin = origin;
    // HEAD is GET without the body (RFC 9110 9.3.2).
    x->headOnly = ctx.method == "HEAD";
    if (x->headOnly)
        ctx.method = "GET";
    return x;
}

std::optional<HttpReply> ApiServer::refuseBeforeRouting(const RequestContext &ctx) const
{
    if (ctx.path == QLatin1String("/v3/tts/stream"))
        return HttpReply::detail(426, QStringLiteral("Upgrade Required: connect with a WebSocket client"));
    if (auto refused = checkHostAndOrigin(ctx.header("host"), ctx.header("origin")))
        return refused;
    if (ctx.body.size() > kMaxBodyBytes)
        return HttpReply::detail(413, QStringLiteral("Request body too large: at most 1 MiB allowed"));
    return std::nullopt;
}

const ApiServer::Route *ApiServer::findRoute(RequestContext &ctx) const
{
    for (const Route &r : m_routes) {
        if (r.method != ctx.method)
            continue;
        if (const auto param = matchPath(r.path, ctx.path)) {
            ctx.pathParam = *param;
            return &r;
        }
    }
    return nullptr;
}

QList<QByteArray> ApiServer::methodsFor(const QString &path) const
{
    QList<QByteArray> allowed;
    for (const Route &r : m_routes)
        if (matchPath(r.path, path) && !allowed.contains(r.method))
            allowed << r.method;
    if (allowed.contains("GET"))
        allowed << "HEAD";
    return allowed;
}

std::optional<HttpReply> ApiServer::preflight(const RequestContext &ctx, const Exchange &x) const
{
    if (ctx.method != "OPTIONS" || x.corsOrigin.isEmpty() || ctx.header("access-control-request-method").isEmpty())
        return std::nullopt;
    const QList<QByteArray> methods = methodsFor(ctx.path);
    if (methods.isEmpty())
        return std::nullopt; // the router's 404
    return OriginPolicy::preflight(methods, ctx.header("access-control-request-private-network") == "true");
}

HttpReply ApiServer::noRoute(const RequestContext &ctx) const
{
    const QList<QByteArray> allowed = methodsFor(ctx.path);
    if (allowed.isEmpty())
        return HttpReply::detail(404, QStringLiteral("Not Found"));
    return HttpReply::detail(405, QStringLiteral("Method Not Allowed")).header("Allow", allowed.join(", "));
}

// Every reply is counted and logged (never the key, never the query string), then
// leaves in its turn on the connection.
void ApiServer::answer(const std::shared_ptr<Exchange> &x, const HttpReply &given, qint64 accountId)
{
    HttpReply reply = given;
    if (!x->corsOrigin.isEmpty())
        reply.headers += OriginPolicy::corsHeaders(x->corsOrigin);
    // Answers carry an account's texts, balance and signed links: no browser or proxy
    // cache keeps them (the key travels in x-api-key, which caches do not look at). The
    // web page's own files say what they need themselves.
    const bool saysCaching = std::any_of(reply.headers.cbegin(), reply.headers.cend(), [](const auto &h) {
        return h.first.compare("Cache-Control", Qt::CaseInsensitive) == 0;
    });
    if (!saysCaching)
        reply.header("Cache-Control", "no-store");
    observe(*x, reply.status, accountId);
    QPointer<ReplyOrder> order = x->order;
    if (!order)
        return;
    const quint64 ticket = x->ticket;
    const bool overTime = !reply.filePath.isEmpty() && !x->headOnly;
    const WriteOptions options{x->headOnly, x->closeAfter};
    QPointer<QTcpSocket> socket = x->socket;
    order->deliver(ticket, [socket, order, ticket, reply, options, overTime] {
        writeReply(socket, reply, options, [order, ticket, overTime] {
            if (overTime && order)
                order->finish(ticket);
        });
        if (socket)
            socket->flush(); // now, not on the next loop turn: saves a poll per request
    }, !overTime);
}

void ApiServer::observe(const Exchange &x, int status, qint64 accountId) const
{
    const double seconds = double(x.timer.nsecsElapsed()) / 1e9;
    m_services.metrics().recordRequest(x.route, QString::fromLatin1(x.method), status, seconds);
    logRequest(x.method, x.path, x.route, status, seconds, accountId, x.remote);
}

// The route's handler on a store thread (authentication included), the answer back here.
void ApiServer::runHandler(const std::shared_ptr<Exchange> &x, RequestContext ctx, const Route &route)
{
    m_services.storePool()->start([this, x, ctx = std::move(ctx), r = route] {
        HttpReply reply;
        AuthContext auth;
        if (auto refused = authenticate(ctx, r.auth, auth))
            reply = *refused;
        else
            reply = r.handler(ctx, auth.keyId == 0 ? nullptr : &auth);
        const qint64 account = auth.accountId;
        QMetaObject::invokeMethod(this, [this, x, reply, account] { answer(x, reply, account); }, Qt::QueuedConnection);
    });
}

// Authenticates off the server thread, then hands the live connection to the route's
// handler in its turn; the stream holds the connection until it ends.
void ApiServer::startStream(const std::shared_ptr<Exchange> &x, RequestContext ctx, const Route &route)
{
    m_services.storePool()->start([this, x, ctx = std::move(ctx), r = route] {
        AuthContext auth;
        const auto refused = authenticate(ctx, r.auth, auth);
        QMetaObject::invokeMethod(this, [this, x, ctx, r, auth, refused] {
            if (refused) {
                answer(x, *refused);
                return;
            }
            if (!x->order)
                return;
            x->order->deliver(x->ticket, [this, x, ctx, r, auth] {
                auto reply = std::make_shared<StreamReply>(x->socket, x->order, x->ticket, x->closeAfter);
                if (!reply->isConnected())
                    return; // the reply's end frees the ticket
                // Counted and logged when the reply starts: an error or the stream's 200.
                reply->setStatusObserver([this, x, account = auth.accountId](int status) { observe(*x, status, account); });
                if (!x->corsOrigin.isEmpty())
                    reply->setCommonHeaders(OriginPolicy::corsHeaders(x->corsOrigin));
                r.streamHandler(ctx, auth, reply);
            }, false);
        }, Qt::QueuedConnection);
    });
}

namespace
{
// Errors of the OpenAI-compatible routes come in OpenAI's shape.
HttpReply shaped(ApiServer::Auth mode, const ServiceError &e)
{
    const bool openAi = mode == ApiServer::Auth::OpenAi || mode == ApiServer::Auth::OpenAiOptional;
    return openAi ? ErrorMapping::openAiReply(e) : ErrorMapping::reply(e);
}
}

QString ApiServer::presentedKey(const RequestContext &ctx, Auth mode)
{
    QString key = QString::fromLatin1(ctx.header("x-api-key")).trimmed();
    if (mode == Auth::OpenAi || mode == Auth::OpenAiOptional) {
        const QByteArray bearer = ctx.header("authorization");
        if (bearer.startsWith("Bearer ") || bearer.startsWith("bearer "))
            key = QString::fromLatin1(bearer.mid(7)).trimmed();
    }
    return key;
}

std::optional<std::pair<HttpReply, qint64>> ApiServer::answerFromMemory(const RequestContext &ctx, const Route &route)
{
    if (route.auth == Auth::None) {
        if (auto reply = route.fast(ctx, nullptr))
            return std::make_pair(*reply, qint64(0));
        return std::nullopt;
    }
    const auto auth = m_services.keys().authenticateCached(presentedKey(ctx, route.auth));
    if (!auth)
        return std::nullopt;
    auto reply = route.fast(ctx, &*auth);
    if (!reply)
        return std::nullopt;
    // Counted once, and only for a request answered here: a miss is counted on the store path.
    if (auto limited = rateLimited(*auth, route.auth))
        return std::make_pair(*limited, auth->accountId);
    return std::make_pair(*reply, auth->accountId);
}

std::optional<HttpReply> ApiServer::rateLimited(const AuthContext &auth, Auth mode)
{
    const auto wait = m_services.rateLimiter().acquire(auth.keyId);
    if (!wait)
        return std::nullopt;
    ServiceError e = ServiceError::make(ServiceError::Kind::RateLimited,
                                        QStringLiteral("Rate limit exceeded. Please retry after 30 seconds."));
    e.retryAfterSeconds = *wait;
    return shaped(mode, e);
}

ServiceError ApiServer::failedAuthentication(const QHostAddress &address, Auth mode)
{
    if (const auto wait = m_throttle.banned(address)) {
        ServiceError e = ServiceError::make(ServiceError::Kind::RateLimited,
                                            QStringLiteral("Too many failed authentication attempts. Please retry later."));
        e.retryAfterSeconds = *wait;
        return e;
    }
    m_throttle.recordFailure(address);
    return ServiceError::make(ServiceError::Kind::Unauthorized, mode == Auth::V2 ? QStringLiteral("Invalid API Key")
                                                                                 : QStringLiteral("Invalid or missing API key"));
}

std::optional<HttpReply> ApiServer::authenticate(const RequestContext &ctx, Auth mode, AuthContext &out)
{
    if (mode == Auth::None)
        return std::nullopt;
    if (mode == Auth::OpenAiOptional && presentedKey(ctx, mode).isEmpty())
        return std::nullopt; // anonymous: the handler answers what needs no account
    bool storeFailed = false;
    const auto auth = m_services.keys().authenticate(presentedKey(ctx, mode), &storeFailed);
    // A key the store could not check is not a wrong key: 503, and no failure counted
    // against the address (it may be a load balancer's).
    if (!auth && storeFailed)
        return shaped(mode, ServiceError::storeUnavailable());
    if (!auth)
        return shaped(mode, failedAuthentication(ctx.remoteAddress, mode));
    if (auto limited = rateLimited(*auth, mode))
        return limited;
    out = *auth;
    return std::nullopt;
}
