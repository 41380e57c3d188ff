#pragma once

#include "httpreply.h"

#include <QHash>
#include <QString>

// The web studio's files (the web/ folder, built in as Qt resources under :/web),
// held in memory with their type and ETag: the server thread answers them without
// touching the disk.
class WebAssets
{
public:
    struct File
    {
        QByteArray body;
        QByteArray contentType;
        QByteArray etag; // a strong validator: a hash of the body, quoted
    };

    // The files of this build, loaded once.
    static const WebAssets &builtIn();
    // The file of that name (no folders), or null.
    const File *find(const QString &name) const;
    int count() const { return int(m_files.size()); }

    // 200 with the file, or 304 when If-None-Match names its ETag; with the page's
    // security and caching headers either way.
    static HttpReply reply(const File &file, const RequestContext &ctx);
    static QByteArray contentTypeFor(const QString &name);

private:
    void load(const QString &dir);

    QHash<QString, File> m_files;
};
