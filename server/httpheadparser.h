#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

// Returns why a request with this Host and Origin is refused, or an empty string.
using HostCheck = std::function<QString(const QByteArray &host, const QByteArray &origin)>;

// Limits Qt 6.4's HTTP server does not enforce (notes/qt64-pitfalls.md), checked on
// the raw bytes before QHttpServer buffers them.
struct HttpLimits
{
    qint64 maxBodyBytes = 1024 * 1024;   // 413
    int maxRequestLineBytes = 8 * 1024;  // 414
    int maxHeaderBytes = 64 * 1024;      // 431
    int maxHeaderCount = 100;            // 431
    int requestTimeoutMs = 15000;        // a started request must complete within this (408)
    int idleTimeoutMs = 15000;           // keep-alive connections without a request are closed
    int maxConnections = 512;            // beyond this, new connections are refused
    // Open connections one client address (an IPv6 /64) may hold, so that one client
    // cannot take most of the cap (--max-connections-per-address, a quarter by default).
    int maxConnectionsPerAddress = 128;
    // Requests one connection may have waiting for their answers (pipelined and not yet
    // answered, or answered but not read by the client): the next one is refused (429)
    // and the connection closed, so a client cannot make the server hold its answers.
    int maxUnanswered = 32;
    // A live stream (WebSocket, /v1/audio/speech) whose client has taken none of the
    // audio waiting for it this long ends as if the client had gone (--stream-stall):
    // otherwise it would hold a stream slot and its held audio for as long as the
    // client keeps the connection open.
    int streamStallMs = 30000;
};

// The byte-consuming core of ConnectionGuard, without a socket (so it can be unit
// tested and fuzzed): follows the framing of HTTP/1.1 requests on one connection
// (heads, Content-Length and chunked bodies, pipelining, WebSocket upgrades) and
// reports the first limit a request breaks. It frames requests the way Qt's parser
// does (a bare LF ends a line too), so it never loses track of where a request ends.
class HttpHeadParser
{
public:
    enum class Phase { Head, Body, Chunked, Passthrough, Rejected };

    struct Rejection
    {
        int status = 0;
        QByteArray reason;
        QString detail;
        // The refused request's Host and Origin, when its head was read (a timeout
        // before the head ended, or a head refused before them, leaves them empty).
        QByteArray host;
        QByteArray origin;
    };

    // What a request's head asks of the connection, told before the request completes.
    struct RequestMeta
    {
        bool closeAfter = false; // "Connection: close" or HTTP/1.0: close once answered
    };

    struct Events
    {
        std::function<void()> requestStarted;  // first byte of a request (blank lines before it excluded)
        std::function<void()> requestComplete; // head and body of a request have been seen
        std::function<void()> expectContinue;  // an accepted head asked for "Expect: 100-continue"
        std::function<void()> upgraded;        // a WebSocket upgrade passed: later bytes are not HTTP
        std::function<void(const Rejection &)> rejected;
        std::function<void(const RequestMeta &)> requestHead; // an accepted head (not an upgrade)
    };

    HttpHeadParser(const HttpLimits &limits, HostCheck hostCheck = {}, Events events = {});

    // Feeds the next bytes of the connection. Returns true when they carried request
    // data (not only blank lines between requests, which keep nothing alive).
    bool consume(const char *data, qsizetype size);
    bool consume(const QByteArray &data) { return consume(data.constData(), data.size()); }

    // Refuses the connection from outside (a timeout); ignored once rejected.
    void reject(int status, const QByteArray &reason, const QString &detail);

    Phase phase() const { return m_phase; }
    // Bytes of the last consume() that were HTTP: after an upgrade, the rest are frames.
    qsizetype usedInLastCall() const { return m_usedInLastCall; }
    const Rejection &rejection() const { return m_rejection; }
    qint64 requestsCompleted() const { return m_requests; }
    qint64 bodyBytesInRequest() const { return m_bodyBytes; }

private:
    enum class Chunk { Size, Data, DataEnd, Trailer };

    bool consumeHead(const char *data, qsizetype size, qsizetype &pos);
    void consumeChunked(const char *data, qsizetype size, qsizetype &pos);
    bool finishHead();
    // The fields that decide framing and the WebSocket hand-over.
    struct HeadFields
    {
        QByteArray upgrade, host, origin, expect, length, encoding;
        QByteArray connection; // every Connection field's value, lowercased, each ending in ','
        QList<QByteArray> connectionTokens;
        bool hasLength = false;
        bool hasEncoding = false;
    };
    // Each false refuses the request (reject() was called).
    bool readFields(const QList<QByteArray> &lines, HeadFields &fields);
    bool readField(const QByteArray &line, HeadFields &fields);
    // A WebSocket upgrade: nullopt when the request is none (or stays HTTP), else what
    // finishHead returns.
    std::optional<bool> upgradeToWebSocket(const HeadFields &fields);
    bool checkFraming(const HeadFields &fields, bool &chunked, qint64 &bodyLength);
    void startBody(bool chunked, qint64 bodyLength);
    bool checkRequestLine(const QByteArray &line, RequestMeta &meta, QByteArray &target);
    bool checkHost(const QByteArray &target, bool http11, const QByteArray &host);
    void completeRequest();

    HttpLimits m_limits;
    HostCheck m_hostCheck;
    Events m_events;
    Phase m_phase = Phase::Head;
    Rejection m_rejection;
    // Head: complete lines (CR stripped), the partial line, and byte counts.
    QList<QByteArray> m_lines;
    QByteArray m_line;
    qint64 m_headerBytes = 0; // bytes after the request line, line endings included
    // Bodies.
    qint64 m_bodyLeft = 0;
    qint64 m_bodyBytes = 0;   // decoded body bytes of the current request
    Chunk m_chunk = Chunk::Size;
    qint64 m_trailerBytes = 0;
    qint64 m_requests = 0;
    qsizetype m_usedInLastCall = 0;
    QByteArray m_host;   // the current request's, once its head is read
    QByteArray m_origin;
};
