#include "webstudio.h"

#include "webassets.h"

namespace
{
HttpReply notFound()
{
    return HttpReply::detail(404, QStringLiteral("Not Found"));
}

// The q value an Accept header gives to exactly that media type (0 when not named:
// a wildcard does not count as asking for it).
double quality(const QByteArray &accept, const QByteArray &type)
{
    for (const QByteArray &part : accept.split(',')) {
        const QList<QByteArray> params = part.split(';');
        if (params.first().trimmed().toLower() != type)
            continue;
        for (qsizetype i = 1; i < params.size(); ++i) {
            const QByteArray p = params.at(i).trimmed().toLower();
            if (p.startsWith("q="))
                return p.mid(2).toDouble();
        }
        return 1.0;
    }
    return 0.0;
}

HttpReply asset(const RequestContext &ctx)
{
    // index.html is the page at /, not a file of its own.
    const QString name = ctx.pathParam;
    const WebAssets::File *file = name == QLatin1String("index.html") ? nullptr : WebAssets::builtIn().find(name);
    if (!file)
        return notFound();
    return WebAssets::reply(*file, ctx);
}
}

bool WebStudio::wantsHtml(const QByteArray &accept)
{
    // Browsers name text/html when they navigate; programs send */*, nothing, or
    // application/json. HTML only when it is preferred to JSON (q=0 refuses it).
    const double html = quality(accept, "text/html");
    return html > 0.0 && html > quality(accept, "application/json");
}

std::optional<HttpReply> WebStudio::page(const RequestContext &ctx)
{
    if (!wantsHtml(ctx.header("accept")))
        return std::nullopt;
    const WebAssets::File *index = WebAssets::builtIn().find(QStringLiteral("index.html"));
    if (!index)
        return std::nullopt;
    return WebAssets::reply(*index, ctx).header("Vary", "Accept");
}

void WebStudio::registerRoutes(ApiServer &s)
{
    // Answered from memory on the server thread; the store-thread handler is never needed.
    s.addRoute("GET", "/web/*", ApiServer::Auth::None,
               [](const RequestContext &c, const AuthContext *) { return asset(c); },
               [](const RequestContext &c, const AuthContext *) -> std::optional<HttpReply> { return asset(c); });
}
