#include "webassets.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>

namespace
{
// Everything the page loads comes from this server: no inline script or style, no
// other origin. connect-src 'self' covers the same-origin WebSocket.
const QByteArray kPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "media-src 'self' blob:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
                           "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

bool matchesEtag(const QByteArray &ifNoneMatch, const QByteArray &etag)
{
    for (QByteArray tag : ifNoneMatch.split(',')) {
        tag = tag.trimmed();
        if (tag.startsWith("W/")) // weak comparison, as RFC 9110 13.1.2 asks for GET
            tag = tag.mid(2);
        if (tag == "*" || tag == etag)
            return true;
    }
    return false;
}
}

const WebAssets &WebAssets::builtIn()
{
    static const WebAssets assets = [] {
        WebAssets a;
        a.load(QStringLiteral(":/web"));
        return a;
    }();
    return assets;
}

void WebAssets::load(const QString &dir)
{
    const QDir folder(dir);
    for (const QString &name : folder.entryList(QDir::Files)) {
        QFile f(folder.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        File file;
        file.body = f.readAll();
        file.contentType = contentTypeFor(name);
        file.etag = '"' + QCryptographicHash::hash(file.body, QCryptographicHash::Sha256).toHex().left(20) + '"';
        m_files.insert(name, file);
    }
}

const WebAssets::File *WebAssets::find(const QString &name) const
{
    const auto it = m_files.constFind(name);
    return it == m_files.cend() ? nullptr : &it.value();
}

QByteArray WebAssets::contentTypeFor(const QString &name)
{
    static const QList<QPair<QString, QByteArray>> types = {
        {".html", "text/html; charset=utf-8"},  {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},    {".svg", "image/svg+xml"},
        {".json", "application/json"},          {".webmanifest", "application/manifest+json"},
    };
    for (const auto &t : types)
        if (name.endsWith(t.first))
            return t.second;
    return "application/octet-stream";
}

HttpReply WebAssets::reply(const File &file, const RequestContext &ctx)
{
    HttpReply r;
    if (matchesEtag(ctx.header("if-none-match"), file.etag)) {
        r.status = 304;
        r.contentType.clear();
    } else {
        r.body = file.body;
        r.contentType = file.contentType;
    }
    // Revalidated on every load (a cheap 304): a new build's files are seen at once.
    r.header("ETag", file.etag)
        .header("Cache-Control", "no-cache")
        .header("Content-Security-Policy", kPolicy)
        .header("X-Content-Type-Options", "nosniff")
        .header("Referrer-Policy", "no-referrer")
        .header("Cross-Origin-Opener-Policy", "same-origin");
    return r;
}
