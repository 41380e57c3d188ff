#pragma once

#include "captiontext.h"
#include "keyservice.h"
#include "livestream.h"
#include "serviceerror.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QWebSocket>

#include <memory>
#include <optional>

class ApiServer;

// One WebSocket connection on /v3/tts/stream: authenticate, read one request, stream
// the audio as raw float32 frames, report completion, close (docs/api.md "WebSocket stream").
class StreamSession : public QObject, private LiveStream::Sink
{
    Q_OBJECT

public:
    static constexpr qint64 kMaxIncomingBytes = 64 * 1024;

    // Close codes of our own (docs/api.md "WebSocket stream").
    static constexpr int kCloseCancelled = 4000;

    StreamSession(ApiServer &server, std::unique_ptr<QWebSocket> socket);
    ~StreamSession() override;

    // Sessions not yet gone: shutdown waits for their closes to reach the clients.
    static int openCount();

private:
    // storeFailed: the key could not be checked (the store did not answer).
    void onAuthenticated(const std::optional<AuthContext> &auth, const std::optional<int> &retryAfter,
                         bool storeFailed = false);
    void onTextMessage(const QString &message);
    void handleRequest(const QString &message);
    void liveStarted(const Generation &g) override;
    void liveAudio(const QByteArray &samples) override;
    void liveWords(const QList<WordTiming> &words) override;
    void liveCaughtUp() override;
    void liveEnded(const LiveStream::Outcome &outcome) override;
    void sendHeldStarted();
    void sendCompleted(const Generation &g);
    void flushAudio(bool force);
    void creditIfDrained();
    // The client took bytes, or more audio waits for it: watch for a stall (--stream-stall).
    void watchStall(bool progress);
    void onStalled();
    void sendJson(const QJsonObject &o);
    void sendError(const ServiceError &e);
    void closeWith(int code, const QString &reason);
    // The close the error vocabulary maps e to (ErrorMapping::webSocketClose).
    void closeWith(const ServiceError &e);
    void onDisconnected();

    ApiServer &m_server;
    std::unique_ptr<QWebSocket> m_ws;
    QString m_baseUrl;
    std::optional<AuthContext> m_auth;
    std::unique_ptr<LiveStream> m_live; // reset when it ends or the client goes
    QTimer m_requestTimeout;
    QTimer m_stall;           // runs while audio waits for a client that takes none of it
    QByteArray m_pending;     // coalesced audio not yet sent
    qint64 m_uncredited = 0;  // audio bytes sent but not yet credited to the worker
    qint64 m_sentSamples = 0;
    std::optional<QString> m_heldRequest; // arrived before the key check finished
    QString m_heldStartedId;   // "started" waits to leave with the first audio
    // The request's text: words point into it; read once (an SSML document is parsed
    // once for all the words messages of the stream).
    std::optional<CaptionText> m_text;
    QElapsedTimer m_since;    // the connection's age, for the request log
    bool m_gotRequest = false;
    bool m_closing = false;
};
