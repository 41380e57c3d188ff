#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrlQuery>

class QHttpServerRequest;
class QHttpServerResponder;

// What a handler answers, built off the server thread and written on it.
struct HttpReply
{
    int status = 200;
    QByteArray body;
    QByteArray contentType = "application/json";
    QList<QPair<QByteArray, QByteArray>> headers;
    QString filePath;       // stream this file instead of body
    QByteArray fileMime;

    static HttpReply json(int status, const QJsonObject &object);
    static HttpReply json(int status, const QJsonArray &array);
    static HttpReply detail(int status, const QString &detail);
    HttpReply &header(const QByteArray &name, const QByteArray &value);
};

// The parts of a request a handler needs, copied so they outlive the request
// (handlers run on a store thread after the server thread has moved on).
struct RequestContext
{
    QByteArray method;
    QString path;
    QUrlQuery query;
    QList<QPair<QByteArray, QByteArray>> headers; // names lower-cased
    QByteArray body;
    QHostAddress remoteAddress;

    static RequestContext from(const QHttpServerRequest &request);
    QByteArray header(const QByteArray &lowerName) const;
    bool hasQuery(const QString &key) const { return query.hasQueryItem(key); }
    QString queryValue(const QString &key) const;
};

// Writes the reply, with Content-Length and the common headers.
void writeReply(QHttpServerResponder &responder, const HttpReply &reply);
