#include "httpreply.h"

#include <QFile>
#include <QHttpServerRequest>
#include <QHttpServerResponder>
#include <QJsonDocument>

HttpReply HttpReply::json(int status, const QJsonObject &object)
{
    HttpReply r;
    r.status = status;
    r.body = QJsonDocument(object).toJson(QJsonDocument::Compact);
    return r;
}

HttpReply HttpReply::json(int status, const QJsonArray &array)
{
    HttpReply r;
    r.status = status;
    r.body = QJsonDocument(array).toJson(QJsonDocument::Compact);
    return r;
}

HttpReply HttpReply::detail(int status, const QString &detail)
{
    return json(status, QJsonObject{{"detail", detail}});
}

HttpReply &HttpReply::header(const QByteArray &name, const QByteArray &value)
{
    headers.append({name, value});
    return *this;
}

RequestContext RequestContext::from(const QHttpServerRequest &request)
{
    RequestContext c;
    switch (request.method()) {
    case QHttpServerRequest::Method::Get: c.method = "GET"; break;
    case QHttpServerRequest::Method::Post: c.method = "POST"; break;
    case QHttpServerRequest::Method::Put: c.method = "PUT"; break;
    case QHttpServerRequest::Method::Delete: c.method = "DELETE"; break;
    case QHttpServerRequest::Method::Patch: c.method = "PATCH"; break;
    case QHttpServerRequest::Method::Head: c.method = "HEAD"; break;
    case QHttpServerRequest::Method::Options: c.method = "OPTIONS"; break;
    default: c.method = "OTHER"; break;
    }
    c.path = request.url().path();
    c.query = request.query();
    for (const auto &h : request.headers())
        c.headers.append({h.first.toLower(), h.second});
    c.body = request.body();
    c.remoteAddress = request.remoteAddress();
    return c;
}

QByteArray RequestContext::header(const QByteArray &lowerName) const
{
    for (const auto &h : headers)
        if (h.first == lowerName)
            return h.second;
    return {};
}

QString RequestContext::queryValue(const QString &key) const
{
    return query.queryItemValue(key, QUrl::FullyDecoded);
}

void writeReply(QHttpServerResponder &responder, const HttpReply &reply)
{
    const auto status = static_cast<QHttpServerResponder::StatusCode>(reply.status);
    if (!reply.filePath.isEmpty()) {
        // Streams from disk in chunks with flat memory (QHttpServerResponse::fromFile would load it all).
        auto *file = new QFile(reply.filePath);
        if (file->open(QIODevice::ReadOnly)) {
            responder.write(file, reply.fileMime, status);
            return;
        }
        delete file;
        writeReply(responder, HttpReply::detail(404, QStringLiteral("Audio not found")));
        return;
    }
    responder.writeStatusLine(status);
    responder.writeHeader("Content-Type", reply.contentType);
    responder.writeHeader("Content-Length", QByteArray::number(reply.body.size()));
    for (const auto &h : reply.headers)
        responder.writeHeader(h.first, h.second);
    responder.writeBody(reply.body);
}
