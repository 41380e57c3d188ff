#include "httpreply.h"

#include <QFile>
#include <QHttpServerRequest>
#include <QJsonDocument>
#include <QPointer>
#include <QTcpSocket>

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

namespace
{
QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 304: return "Not Modified";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 402: return "Payment Required";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 409: return "Conflict";
    case 413: return "Payload Too Large";
    case 422: return "Unprocessable Entity";
    case 426: return "Upgrade Required";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return status < 400 ? "OK" : "Error";
    }
}

// Sends a file a chunk at a time, topping the socket up whenever it has written some:
// flat memory for any file size, and a slow client holds back only its own download.
class FileSender : public QObject
{
public:
    static constexpr qint64 kChunk = 64 * 1024;
    static constexpr qint64 kHighWater = 256 * 1024;

    FileSender(QTcpSocket *socket, QFile *file, qint64 length, std::function<void()> done)
        : QObject(socket)
        , m_socket(socket)
        , m_file(file)
        , m_left(length)
        , m_done(std::move(done))
    {
        m_file->setParent(this);
        connect(socket, &QTcpSocket::bytesWritten, this, &FileSender::pump);
        pump();
        // Made inside another answer's bytesWritten (a pipelined download), what the
        // caller flushes now emits no bytesWritten (Qt does not re-enter it): look
        // again on the next pass in any case.
        schedulePump();
    }



private:
    void schedulePump()
    {
        if (m_scheduled)
            return;
        m_scheduled = true;
        QMetaObject::invokeMethod(this, [this] {
            m_scheduled = false;
            pump();
        }, Qt::QueuedConnection);
    }

    void pump()
    {
        while (m_left > 0 && m_socket->bytesToWrite() < kHighWater) {
            const QByteArray chunk = m_file->read(qMin(kChunk, m_left));
            if (chunk.isEmpty()) {
                // The file came short of its Content-Length: closing is the only honest
                // end (a shorter body would frame the next answer wrongly).
                m_socket->abort();
                break;
            }
            m_socket->write(chunk);
            m_left -= chunk.size();
        }
        if (m_left > 0 && m_socket->state() == QAbstractSocket::ConnectedState) {
            // With nothing queued no bytesWritten will come (see the constructor).
            if (m_socket->bytesToWrite() == 0)
                schedulePump();
            return;
        }
        disconnect(m_socket, nullptr, this, nullptr);
        const auto done = std::move(m_done);
        deleteLater();
        if (done)
            done();
    }

    QTcpSocket *m_socket;
    QFile *m_file;
    qint64 m_left;
    bool m_scheduled = false;
    std::function<void()> m_done;
};
}

QByteArray replyHead(int status, const QByteArray &contentType, qint64 length,
                     const QList<QPair<QByteArray, QByteArray>> &headers, bool closeAfter)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n";
    if (!contentType.isEmpty())
        head += "Content-Type: " + contentType + "\r\n";
    if (length >= 0 && status != 304 && status != 204) // no body by definition (RFC 9110 8.6)
        head += "Content-Length: " + QByteArray::number(length) + "\r\n";
    for (const auto &h : headers)
        head += h.first + ": " + h.second + "\r\n";
    if (closeAfter)
        head += "Connection: close\r\n";
    return head + "\r\n";
}

void writeReply(QTcpSocket *socket, const HttpReply &reply, const WriteOptions &options, std::function<void()> done)
{
    if (!socket || socket->state() != QAbstractSocket::ConnectedState) {
        if (done)
            done();
        return;
    }
    if (!reply.filePath.isEmpty()) {
        auto *file = new QFile(reply.filePath);
        if (!file->open(QIODevice::ReadOnly)) {
            delete file;
            writeReply(socket, HttpReply::detail(404, QStringLiteral("Audio not found")), options, std::move(done));
            return;
        }
        const qint64 length = file->size();
        socket->write(replyHead(reply.status, reply.fileMime, length, reply.headers, options.closeAfter));
        if (options.headOnly || length == 0) {
            delete file;
            if (done)
                done();
            return;
        }
        new FileSender(socket, file, length, std::move(done));
        return;
    }
    socket->write(replyHead(reply.status, reply.contentType, reply.body.size(), reply.headers, options.closeAfter));
    if (!options.headOnly)
        socket->write(reply.body);
    if (done)
        done();
}
