#include "originpolicy.h"

#include <QUrl>

QByteArray OriginPolicy::normalize(const QString &origin)
{
    const QUrl url(origin, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || (scheme != QLatin1String("http") && scheme != QLatin1String("https")) || url.host().isEmpty()
        || !url.userInfo().isEmpty() || (!url.path().isEmpty() && url.path() != QLatin1String("/")) || url.hasQuery()
        || url.hasFragment())
        return {};
    QByteArray host = url.host(QUrl::FullyEncoded).toLower().toLatin1();
    if (host.contains(':'))
        host = '[' + host + ']'; // an IPv6 literal, as a browser writes it in Origin
    QByteArray out = scheme.toLatin1() + "://" + host;
    const int defaultPort = scheme == QLatin1String("https") ? 443 : 80;
    if (url.port() != -1 && url.port() != defaultPort)
        out += ':' + QByteArray::number(url.port());
    return out;
}

namespace
{
// A Host header naming the scheme's default port names the same server without it
// (a proxy may pass "tts.example.com:443" on).
QByteArray withoutDefaultPort(const QByteArray &host, const QByteArray &scheme)
{
    const QByteArray suffix = scheme == "https" ? ":443" : ":80";
    return host.endsWith(suffix) ? host.chopped(suffix.size()) : host;
}
}

void OriginPolicy::setPublicUrl(const QString &url)
{
    m_publicOrigin = normalize(QUrl(url).adjusted(QUrl::RemovePath | QUrl::RemoveQuery).toString());
    m_publicHost = m_publicOrigin.mid(m_publicOrigin.indexOf("://") + 3);
}

bool OriginPolicy::isPublicHost(const QByteArray &host) const
{
    if (m_publicHost.isEmpty())
        return false;
    const QByteArray scheme = m_publicOrigin.left(m_publicOrigin.indexOf("://"));
    return withoutDefaultPort(host.toLower(), scheme) == m_publicHost;
}

bool OriginPolicy::isSameOrigin(const QByteArray &origin, const QByteArray &host) const
{
    if (origin == "http://" + withoutDefaultPort(host.toLower(), "http"))
        return true;
    // Behind a TLS proxy the browser's origin is --public-url's while the Host is its host.
    return !m_publicOrigin.isEmpty() && origin == m_publicOrigin && isPublicHost(host);
}

bool OriginPolicy::isAllowedCrossOrigin(const QByteArray &origin) const
{
    return !origin.isEmpty() && m_allowed.contains(origin);
}

bool OriginPolicy::isCrossOriginWithCors(const QByteArray &origin, const QByteArray &host) const
{
    return isAllowedCrossOrigin(origin) && !isSameOrigin(origin, host);
}

QList<QPair<QByteArray, QByteArray>> OriginPolicy::corsHeadersFor(const QByteArray &host, const QByteArray &origin) const
{
    if (!isCrossOriginWithCors(origin, host))
        return {};
    return corsHeaders(origin);
}

QList<QPair<QByteArray, QByteArray>> OriginPolicy::corsHeaders(const QByteArray &origin)
{
    return {{"Access-Control-Allow-Origin", origin},
            {"Vary", "Origin"},
            {"Access-Control-Expose-Headers", "Retry-After, Allow, ETag, Content-Disposition"}};
}

HttpReply OriginPolicy::preflight(const QList<QByteArray> &methods, bool privateNetwork)
{
    HttpReply r;
    r.status = 204;
    r.contentType.clear();
    r.header("Access-Control-Allow-Methods", methods.join(", "))
        .header("Access-Control-Allow-Headers", "x-api-key, authorization, content-type, idempotency-key")
        .header("Access-Control-Max-Age", "600");
    // Chromium asks before a public page reaches a loopback or LAN server; an origin the
    // operator allowed may.
    if (privateNetwork)
        r.header("Access-Control-Allow-Private-Network", "true");
    return r;
}
