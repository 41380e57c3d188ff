#include "speechsession.h"

#include "errormapping.h"
#include "services.h"
#include "speechevents.h"

SpeechSession::SpeechSession(const Services &engine, const AuthContext &auth, const OpenAiSpeechRequest &req,
                             std::shared_ptr<StreamReply> reply, int stallMs)
    : m_reply(std::move(reply))
    , m_mime(req.sse ? SpeechEvents::contentType() : req.mime)
    , m_sse(req.sse)
    , m_live(std::make_unique<LiveStream>(engine.live(), sinkRef(),
                                          QStringLiteral("Client disconnected before the audio was complete")))
{
    connect(m_reply.get(), &StreamReply::bytesWritten, this, [this] {
        watchStall(true);
        credit();
    });
    // A client that keeps the connection but takes none of the audio for --stream-stall
    // seconds: ended as a client gone (the money rule) and the connection cut.
    m_stall.setSingleShot(true);
    m_stall.setInterval(stallMs);
    connect(&m_stall, &QTimer::timeout, this, &SpeechSession::onStall);
    connect(m_reply.get(), &StreamReply::clientGone, this, [this] {
        m_live.reset(); // stops the generation
        deleteLater();
    });
    m_live->start(auth, req.create, req.streamFormat);
}

HttpReply SpeechSession::errorReply(ServiceError error)
{
    for (FieldError &f : error.errors) {
        if (f.field == QLatin1String("voice_id"))
            f.field = QStringLiteral("voice");
        else if (f.field == QLatin1String("text"))
            f.field = QStringLiteral("input");
    }
    return ErrorMapping::openAiReply(error);
}

void SpeechSession::liveStarted(const Generation &g)
{
    m_tokens = g.tokens;
    QList<QPair<QByteArray, QByteArray>> headers{{"X-Generation-Id", g.id.toLatin1()}};
    if (m_sse)
        headers.append(qMakePair(QByteArray("Cache-Control"), QByteArray("no-cache")));
    m_reply->begin(200, m_mime, headers);
}

void SpeechSession::liveAudio(const QByteArray &bytes)
{
    m_reply->write(m_sse ? SpeechEvents::delta(bytes) : bytes);
    m_uncredited += bytes.size(); // the stream's own bytes: its window counts those
    watchStall(false);
    credit();
}

// Runs while audio waits for the client; restarted whenever the client takes some.
void SpeechSession::watchStall(bool progress)
{
    if (!m_live || m_reply->bytesToWrite() == 0)
        m_stall.stop();
    else if (progress || !m_stall.isActive())
        m_stall.start();
}

void SpeechSession::onStall()
{
    if (!m_live || m_reply->bytesToWrite() == 0)
        return;
    m_live->abandon(QStringLiteral("Client read none of the audio for %1 s").arg(m_stall.interval() / 1000));
    m_live.reset();
    m_reply->abort();
    deleteLater();
}

void SpeechSession::liveEnded(const LiveStream::Outcome &out)
{
    m_live.reset();
    m_stall.stop();
    deleteLater();
    if (out.kind == LiveStream::Outcome::Kind::Completed) {
        if (m_sse)
            m_reply->write(SpeechEvents::done(m_tokens, 0)); // only the text is billed
        m_reply->end();
    } else if (m_reply->hasBegun()) {
        // After the 200 the only honest end is a cut connection (an incomplete
        // chunked body, never a file that looks whole): faults, cancels, shutdown.
        m_reply->abort();
    } else {
        m_reply->send(errorReply(out.error));
    }
}

void SpeechSession::credit()
{
    if (m_live && m_uncredited > 0 && m_reply->bytesToWrite() <= 256 * 1024) {
        m_live->acknowledge(m_uncredited);
        m_uncredited = 0;
    }
}
