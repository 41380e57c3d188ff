#pragma once

#include <QByteArray>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrlQuery>

#include <functional>

class QHttpServerRequest;
class QTcpSocket;

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
    QString pathParam; // the segment a route's trailing "/*" matched
    QUrlQuery query;
    QList<QPair<QByteArray, QByteArray>> headers; // names lower-cased
    QByteArray body;
    QHostAddress remoteAddress;

    static RequestContext from(const QHttpServerRequest &request);
    QByteArray header(const QByteArray &lowerName) const;
    bool hasQuery(const QString &key) const { return query.hasQueryItem(key); }
    QString queryValue(const QString &key) const;
};

// How a reply is written on its connection.
struct WriteOptions
{
    bool headOnly = false;   // HEAD: the headers GET would send, no body
    bool closeAfter = false; // the connection closes after it: say so
};

// The status line and headers (Content-Length included) of a reply of that body length.
QByteArray replyHead(int status, const QByteArray &contentType, qint64 length,
                     const QList<QPair<QByteArray, QByteArray>> &headers, bool closeAfter);
// Writes the reply on the socket. A file is sent over time, a chunk whenever the
// client has taken the last; done() runs once everything is queued on the socket
// (at once for a body, later for a file), or when the client is gone.
void writeReply(QTcpSocket *socket, const HttpReply &reply, const WriteOptions &options, std::function<void()> done);
