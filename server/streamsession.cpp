#include "streamsession.h"

#include "captions.h"

#include "apiserver.h"
#include "services.h"
#include "ratelimiter.h"
#include "livegenerations.h"
#include "errormapping.h"
#include "pricing.h"
#include "storetask.h"
#include "v3json.h"

#include <tuple>

#include <QAtomicInt>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkRequest>

#include <utility>

namespace
{
// The first quarter second goes out as it comes (latency); after that frames of
// at least 0.2 s (fewer, larger messages).
constexpr qint64 kLowLatencySamples = 6000;
constexpr qint64 kFrameBytes = 4800 * 4;
// Bytes queued in the socket before the worker is made to wait.
constexpr qint64 kHighWater = 256 * 1024;
constexpr int kCloseGraceMs = 10000;
QAtomicInt g_open;
}

int StreamSession::openCount()
{
    return g_open.loadRelaxed();
}

StreamSession::StreamSession(ApiServer &server, std::unique_ptr<QWebSocket> socket)
    : QObject(&server)
    , m_server(server)
    , m_ws(std::move(socket))
{
    g_open.fetchAndAddRelaxed(1);
    m_since.start();
    m_ws->setMaxAllowedIncomingFrameSize(kMaxIncomingBytes);
    m_ws->setMaxAllowedIncomingMessageSize(kMaxIncomingBytes);
    const QByteArray host = m_ws->request().rawHeader("Host");
    RequestContext ctx;
    if (!host.isEmpty())
        ctx.headers.append({"host", host});
    m_baseUrl = server.baseUrlFor(ctx);

    connect(m_ws.get(), &QWebSocket::disconnected, this, &StreamSession::onDisconnected);
    connect(m_ws.get(), &QWebSocket::textMessageReceived, this, &StreamSession::onTextMessage);
    connect(m_ws.get(), &QWebSocket::binaryMessageReceived, this, [this] {
        sendError(ServiceError::invalid("message", QStringLiteral("Send the request as one JSON text message")));
        closeWith(QWebSocketProtocol::CloseCodeDatatypeNotSupported, QStringLiteral("Invalid payload"));
    });
    connect(m_ws.get(), &QWebSocket::bytesWritten, this, [this] {
        watchStall(true);
        creditIfDrained();
    });
    m_stall.setSingleShot(true);
    m_stall.setInterval(server.limits().streamStallMs);
    connect(&m_stall, &QTimer::timeout, this, &StreamSession::onStalled);
    m_requestTimeout.setSingleShot(true);
    m_requestTimeout.setInterval(30000);
    connect(&m_requestTimeout, &QTimer::timeout, this, [this] {
        if (!m_gotRequest)
            closeWith(QWebSocketProtocol::CloseCodePolicyViolated, QStringLiteral("No request received"));
    });
    m_requestTimeout.start();
    // Shutdown: a session with a stream closes when its stream ends (onFailed); one
    // without closes now.
    connect(&server.services().live(), &LiveGenerations::ending, this, [this] {
        if (!m_live)
            closeWith(QWebSocketProtocol::CloseCodeGoingAway, QStringLiteral("Server shutting down"));
    });

    const QString key = QUrlQuery(m_ws->requestUrl()).queryItemValue(QStringLiteral("api_key"), QUrl::FullyDecoded);
    const Services *engine = &server.services();
    // A key seen lately is answered from memory: the request is then handled the moment
    // it arrives, and the store threads are left to the generation's commit.
    if (const auto cached = engine->keys().authenticateCached(key)) {
        onAuthenticated(cached, engine->rateLimiter().acquire(cached->keyId));
        return;
    }
    // Otherwise the key check reads the store: off the server thread. The answer goes
    // through the server, which outlives this session (a client may leave first).
    using Checked = std::tuple<std::optional<AuthContext>, std::optional<int>, bool>;
    runOnStore(engine->storePool(), &m_server, this, [engine, key]() -> Checked {
        bool storeFailed = false;
        auto auth = engine->keys().authenticate(key, &storeFailed);
        std::optional<int> retry;
        if (auth)
            retry = engine->rateLimiter().acquire(auth->keyId);
        return {auth, retry, storeFailed};
    }, [this](const Checked &checked) {
        onAuthenticated(std::get<0>(checked), std::get<1>(checked), std::get<2>(checked));
    });
}

StreamSession::~StreamSession()
{
    g_open.fetchAndSubRelaxed(1);
}

void StreamSession::onAuthenticated(const std::optional<AuthContext> &auth, const std::optional<int> &retryAfter,
                                    bool storeFailed)
{
    if (m_closing)
        return;
    if (!auth && storeFailed) {
        // The key could not be checked: not a wrong key (nothing counted against the address).
        const ServiceError e = ServiceError::storeUnavailable();
        sendError(e);
        closeWith(e);
        return;
    }
    if (!auth) {
        // Counted with the REST failures of the address: guessing keys over WebSocket
        // is throttled the same way.
        const ServiceError e = m_server.failedAuthentication(m_ws->peerAddress(), ApiServer::Auth::V3);
        if (e.kind == ServiceError::Kind::RateLimited)
            sendError(e);
        closeWith(e);
        return;
    }
    if (retryAfter) {
        ServiceError e = ServiceError::make(ServiceError::Kind::RateLimited,
                                            QStringLiteral("Rate limit exceeded. Please retry after 30 seconds."));
        e.retryAfterSeconds = *retryAfter;
        sendError(e);
        closeWith(QWebSocketProtocol::CloseCodePolicyViolated, QStringLiteral("Rate limit exceeded"));
        return;
    }
    m_auth = auth;
    // Moved out first: handleRequest() must not read a string it is about to reset.
    if (std::optional<QString> held = std::exchange(m_heldRequest, std::nullopt))
        handleRequest(*held);
}

void StreamSession::onTextMessage(const QString &message)
{
    // One request per connection; later messages are ignored.
    if (m_closing || m_live || m_gotRequest)
        return;
    m_gotRequest = true;
    if (!m_auth) {
        m_heldRequest = message; // answered once the key is checked
        return;
    }
    handleRequest(message);
}

void StreamSession::handleRequest(const QString &message)
{
    m_requestTimeout.stop();
    auto request = V3Json::parseCreate(message.toUtf8());
    if (!request) {
        sendError(request.error());
        closeWith(request.error());
        return;
    }
    m_text.emplace(request->speech.text);
    m_live = std::make_unique<LiveStream>(m_server.services().live(), sinkRef(),
                                          QStringLiteral("Client disconnected before the stream completed"));
    m_live->start(*m_auth, request.value());
}

void StreamSession::liveStarted(const Generation &g)
{
    // Sent alone, "started" would be unacknowledged when the first audio is written, and
    // Nagle's algorithm would hold that audio until the client's delayed ACK (40 ms on
    // Linux, 200 ms on Windows). Written together, both leave in one segment.
    m_heldStartedId = g.id;
}

void StreamSession::sendHeldStarted()
{
    if (m_heldStartedId.isEmpty())
        return;
    sendJson({{"type", "started"}, {"generation_id", std::exchange(m_heldStartedId, QString())}});
}

void StreamSession::liveAudio(const QByteArray &samples)
{
    sendHeldStarted();
    m_pending.append(samples);
    flushAudio(false);
}

// A unit's last audio goes now, whatever its size: held for a fuller frame it would wait
// for the next unit, which the scheduler starts only when this listener runs short (up
// to 0.2 s of its jitter buffer spent before the audio even left).
void StreamSession::liveCaughtUp()
{
    flushAudio(true);
}

// Extension ("timestamps": true): the words of the audio that follows, sent before it.
void StreamSession::liveWords(const QList<WordTiming> &words)
{
    sendHeldStarted();
    flushAudio(true);
    sendJson({{"type", "words"}, {"words", m_text ? Captions::wordsJson(*m_text, words) : QJsonArray()}});
}

void StreamSession::flushAudio(bool force)
{
    if (m_pending.isEmpty())
        return;
    if (!force && m_sentSamples >= kLowLatencySamples && m_pending.size() < kFrameBytes)
        return;
    m_ws->sendBinaryMessage(m_pending);
    // The first frames leave now rather than on the next pass of the event loop.
    if (m_sentSamples < kLowLatencySamples)
        m_ws->flush();
    m_sentSamples += m_pending.size() / 4;
    m_uncredited += m_pending.size();
    m_pending.clear();
    watchStall(false);
    creditIfDrained();
}

void StreamSession::watchStall(bool progress)
{
    if (!m_live || m_ws->bytesToWrite() == 0) {
        m_stall.stop(); // the client has everything: any wait is the synthesis's
        return;
    }
    if (progress || !m_stall.isActive())
        m_stall.start();
}

// The client keeps the connection but has taken nothing for --stream-stall seconds
// (flow control holds its worker meanwhile, and its slot and audio stay taken): the
// stream ends as if the client had gone, by the same money rule (charged in full if
// audio was delivered, else released; the task's part file goes). The client hears of
// it after the audio it still has to read, if it ever reads again.
void StreamSession::onStalled()
{
    if (!m_live || m_ws->bytesToWrite() == 0)
        return;
    const QString id = m_live->generationId();
    const int seconds = m_stall.interval() / 1000;
    m_live->abandon(QStringLiteral("Client read none of the stream for %1 s").arg(seconds));
    m_live.reset();
    m_pending.clear();
    QJsonObject o{{"type", "error"},
                  {"detail", QStringLiteral("Stream stalled: the client read none of its audio for %1 s").arg(seconds)},
                  {"status", 408}};
    if (!id.isEmpty())
        o.insert("generation_id", id);
    sendJson(o);
    closeWith(QWebSocketProtocol::CloseCodePolicyViolated, QStringLiteral("Stream stalled"));
}

void StreamSession::creditIfDrained()
{
    // Credits flow back only while the client keeps up: a slow reader pauses the worker.
    if (m_live && m_uncredited > 0 && m_ws->bytesToWrite() <= kHighWater) {
        m_live->acknowledge(m_uncredited);
        m_uncredited = 0;
    }
}

void StreamSession::liveEnded(const LiveStream::Outcome &out)
{
    m_live.reset();
    using Kind = LiveStream::Outcome::Kind;
    if (out.kind != Kind::Rejected)
        sendHeldStarted();
    switch (out.kind) {
    case Kind::Completed:
        sendCompleted(out.generation);
        return;
    case Kind::Rejected:
    case Kind::Failed:
    case Kind::Stopped: // never: only the studio stop()s its streams
        m_pending.clear(); // coalesced audio not yet sent stays unsent
        sendError(out.error);
        closeWith(out.error);
        return;
    case Kind::Cancelled:
    case Kind::ShuttingDown:
        break;
    }
    // Cancelled (DELETE /v3/tts) or shutdown: say so, and whether the stream was charged.
    m_pending.clear();
    const Generation &g = out.generation;
    const bool cancelled = out.kind == Kind::Cancelled;
    QJsonObject o{{"type", "error"},
                  {"detail", cancelled ? QStringLiteral("Cancelled") : QStringLiteral("Server shutting down")},
                  {"generation_id", g.id},
                  {"dollar_cost", g.charged ? QJsonValue(Money::usd(g.dollarCostMicros)) : QJsonValue(QJsonValue::Null)}};
    if (!cancelled)
        o.insert("status", 503);
    sendJson(o);
    if (cancelled)
        closeWith(kCloseCancelled, QStringLiteral("Cancelled"));
    else
        closeWith(QWebSocketProtocol::CloseCodeGoingAway, QStringLiteral("Server shutting down"));
}

void StreamSession::sendCompleted(const Generation &g)
{
    flushAudio(true);
    const Services &engine = m_server.services();
    const V3Json::AudioLink link{m_baseUrl, &engine.urlSigner(), engine.generations().expiresAtMs(g) / 1000};
    QJsonObject completed{{"type", "completed"},
                          {"generation_id", g.id},
                          {"audio_url", V3Json::audioUrl(g, link)},
                          {"tokens", g.tokens},
                          {"dollar_cost", Money::usd(g.dollarCostMicros)},
                          {"samples", m_sentSamples}};
    if (g.captions)
        completed.insert("captions_url", V3Json::captionsUrl(g, link));
    sendJson(completed);
    closeWith(QWebSocketProtocol::CloseCodeNormal, QStringLiteral("completed"));
}

void StreamSession::sendJson(const QJsonObject &o)
{
    if (!m_closing)
        m_ws->sendTextMessage(QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact)));
}

void StreamSession::sendError(const ServiceError &e)
{
    QJsonObject o{{"type", "error"}, {"detail", ErrorMapping::clientText(e.detail)}, {"status", ErrorMapping::status(e.kind)}};
    if (!e.errors.isEmpty()) {
        QJsonArray errors;
        for (const FieldError &f : e.errors)
            errors.append(QJsonObject{{"field", ErrorMapping::clientText(f.field)}, {"message", ErrorMapping::clientText(f.message)}});
        o.insert("errors", errors);
    }
    if (e.retryAfterSeconds > 0)
        o.insert("retry_after", e.retryAfterSeconds);
    sendJson(o);
}

void StreamSession::closeWith(const ServiceError &e)
{
    const auto close = ErrorMapping::webSocketClose(e);
    closeWith(close.code, close.reason);
}

void StreamSession::closeWith(int code, const QString &reason)
{
    if (m_closing)
        return;
    m_closing = true;
    m_requestTimeout.stop();
    m_stall.stop();
    m_ws->close(static_cast<QWebSocketProtocol::CloseCode>(code), reason);
    // A client that reads nothing more keeps the close waiting behind unsent audio:
    // it gets a while, then the connection (and its slot) is taken back.
    QTimer::singleShot(kCloseGraceMs, this, [this] { m_ws->abort(); });
}

void StreamSession::onDisconnected()
{
    // Client gone mid-stream: the worker stops now and the generation fails (charged
    // if audio was delivered, see the money rule).
    m_live.reset();
    m_server.logWebSocket(double(m_since.nsecsElapsed()) / 1e9, m_auth ? m_auth->accountId : 0, m_ws->peerAddress());
    deleteLater();
}
