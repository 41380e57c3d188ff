#pragma once

#include "httpreply.h"

#include <QByteArray>
#include <QList>
#include <QString>

// Which browser origins may use the API: the server's own (http://HOST for the Host
// the client used, or the origin of --public-url behind a proxy) and those allowed
// with --allow-origin, which get CORS answers (preflights, Access-Control-* headers).
class OriginPolicy
{
public:
    // "scheme://host[:port]" with http or https and nothing after it; the normalized
    // origin, or empty when it is not one.
    static QByteArray normalize(const QString &origin);

    void allow(const QByteArray &origin) { m_allowed.append(origin); }
    void setPublicUrl(const QString &url);
    QList<QByteArray> allowed() const { return m_allowed; }

    // The Host a proxy forwards (--public-url's host[:port]) besides localhost.
    bool isPublicHost(const QByteArray &host) const;
    bool isSameOrigin(const QByteArray &origin, const QByteArray &host) const;
    bool isAllowedCrossOrigin(const QByteArray &origin) const;
    // An allowed origin other than the server's own: its answers carry CORS headers.
    bool isCrossOriginWithCors(const QByteArray &origin, const QByteArray &host) const;
    // corsHeaders() for a request of that Host and Origin, or none.
    QList<QPair<QByteArray, QByteArray>> corsHeadersFor(const QByteArray &host, const QByteArray &origin) const;

    // The headers every answer to an allowed cross origin carries.
    static QList<QPair<QByteArray, QByteArray>> corsHeaders(const QByteArray &origin);
    // 204 for a preflight of a path answering `methods` (corsHeaders() are added to it
    // like to any answer to that origin); privateNetwork answers Chromium's
    // Access-Control-Request-Private-Network.
    static HttpReply preflight(const QList<QByteArray> &methods, bool privateNetwork);

private:
    QList<QByteArray> m_allowed;
    QByteArray m_publicOrigin; // e.g. https://tts.example.com
    QByteArray m_publicHost;   // tts.example.com (with a port when it names one)
};
