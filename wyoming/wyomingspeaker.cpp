#include "wyomingspeaker.h"

#include "audioformat.h"
#include "speechrequestcheck.h"
#include "wyomingevent.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcWyoming, "tts.wyoming", QtInfoMsg)

namespace
{
// The reference server's chunk: 1,024 samples of 16-bit mono.
constexpr qsizetype kChunkBytes = 1024 * 2;
// Audio credited back to the stream once the socket holds no more than this.
constexpr qint64 kCreditBelowBytes = 256 * 1024;

QJsonObject pcmFormat()
{
    return QJsonObject{{"rate", AudioFormats::kSampleRate}, {"width", 2}, {"channels", 1}};
}

QString codeOf(ServiceError::Kind kind)
{
    switch (kind) {
    case ServiceError::Kind::InvalidInput:
    case ServiceError::Kind::WrongType: return QStringLiteral("invalid_request");
    case ServiceError::Kind::InsufficientBalance: return QStringLiteral("insufficient_balance");
    case ServiceError::Kind::NotFound: return QStringLiteral("not_found");
    case ServiceError::Kind::Forbidden:
    case ServiceError::Kind::Unauthorized: return QStringLiteral("forbidden");
    case ServiceError::Kind::PayloadTooLarge: return QStringLiteral("too_large");
    case ServiceError::Kind::RateLimited:
    case ServiceError::Kind::Unavailable:
    case ServiceError::Kind::StoreUnavailable: return QStringLiteral("unavailable");
    default: return QStringLiteral("internal_error");
    }
}

// The detail and what each field error says: "Invalid request: voice_id: Unknown voice".
QString textOf(const ServiceError &error)
{
    QStringList parts{error.detail};
    for (const FieldError &f : error.errors)
        parts << f.field + QStringLiteral(": ") + f.message;
    parts.removeAll(QString());
    return parts.join(QStringLiteral("; "));
}
}

WyomingSpeaker::WyomingSpeaker(LiveGenerations &hub, const AuthContext &account, QTcpSocket *socket, int stallMs,
                               QObject *parent)
    : QObject(parent)
    , m_hub(hub)
    , m_account(account)
    , m_socket(socket)
{
    connect(socket, &QTcpSocket::bytesWritten, this, &WyomingSpeaker::onBytesWritten);
    // A client that keeps the connection but takes none of its audio: ended as a client
    // gone (charged if audio was delivered), as on the other stream routes.
    m_stall.setSingleShot(true);
    m_stall.setInterval(stallMs);
    connect(&m_stall, &QTimer::timeout, this, &WyomingSpeaker::onStall);
}

// Destroyed with its connection: a generation still running ends as a client gone.
WyomingSpeaker::~WyomingSpeaker() = default;

void WyomingSpeaker::say(const WyomingRequest &request, End end)
{
    // Joined to the text still waiting before it when that one ends nothing.
    if (!m_queue.isEmpty() && m_queue.last().end == End::None && m_queue.last().request.voiceId == request.voiceId) {
        QString &text = m_queue.last().request.text;
        if (!request.text.isEmpty()) // a stream's end often brings no text: nothing to bill
            text += (text.isEmpty() ? QString() : QStringLiteral(" ")) + request.text;
        m_queue.last().end = end;
    } else {
        m_queue.append(Job{request, end});
    }
    if (!m_live)
        next();
}

void WyomingSpeaker::stop()
{
    m_queue.clear();
    m_live.reset();
    m_stall.stop();
}

qint64 WyomingSpeaker::pendingText() const
{
    qint64 n = m_live ? m_current.request.text.size() : 0;
    for (const Job &j : m_queue)
        n += j.request.text.size();
    return n;
}

void WyomingSpeaker::next()
{
    while (!m_live && !m_queue.isEmpty()) {
        m_current = m_queue.takeFirst();
        if (!SpeechRequestCheck::hasSomethingToSay(m_current.request.text)) {
            finish(m_current); // "---", an emoji, spaces: nothing to say, nothing billed
            continue;
        }
        CreateGeneration create;
        create.voiceId = m_current.request.voiceId;
        create.speech.text = m_current.request.text;
        create.modelFromVoice = true; // a voice speaks with its own model
        create.apiVersion = QStringLiteral("wyoming");
        m_uncredited = 0;
        m_live = std::make_unique<LiveStream>(m_hub, sinkRef(), QStringLiteral("Client disconnected before the audio was complete"));
        m_live->start(m_account, create, StreamFormat::Pcm16);
    }
}

// After a text's audio: audio-stop when it ends an utterance (audio-start first when
// nothing was said), synthesize-stopped when it ends a stream of text.
void WyomingSpeaker::finish(const Job &job)
{
    if (job.end == End::None)
        return;
    if (!std::exchange(m_audioOpen, false))
        write(WyomingEvent{QStringLiteral("audio-start"), pcmFormat(), {}});
    write(WyomingEvent{QStringLiteral("audio-stop"), {}, {}});
    if (job.end == End::Stream)
        write(WyomingEvent{QStringLiteral("synthesize-stopped"), {}, {}});
}

void WyomingSpeaker::write(const WyomingEvent &event)
{
    if (m_socket && m_socket->state() == QAbstractSocket::ConnectedState)
        m_socket->write(event.encode());
}

void WyomingSpeaker::liveStarted(const Generation &generation)
{
    qCInfo(lcWyoming).noquote() << "synthesize" << generation.id << "voice" << m_current.request.voiceId << generation.tokens
                                << "tokens";
}

void WyomingSpeaker::liveAudio(const QByteArray &bytes)
{
    if (!std::exchange(m_audioOpen, true))
        write(WyomingEvent{QStringLiteral("audio-start"), pcmFormat(), {}});
    for (qsizetype at = 0; at < bytes.size(); at += kChunkBytes)
        write(WyomingEvent{QStringLiteral("audio-chunk"), pcmFormat(), bytes.mid(at, kChunkBytes)});
    m_uncredited += bytes.size();
    if (!m_stall.isActive())
        m_stall.start();
    credit();
}

void WyomingSpeaker::liveEnded(const LiveStream::Outcome &outcome)
{
    m_live.reset();
    if (outcome.kind != LiveStream::Outcome::Kind::Completed) {
        qCInfo(lcWyoming).noquote() << "synthesize refused or failed:" << textOf(outcome.error);
        m_queue.clear();
        emit failed(textOf(outcome.error), codeOf(outcome.error.kind));
        return;
    }
    finish(m_current);
    next();
}

// Some audio left: the client reads. The stall timer runs while audio waits for it.
void WyomingSpeaker::onBytesWritten()
{
    if (!m_socket || m_socket->bytesToWrite() == 0)
        m_stall.stop();
    else
        m_stall.start();
    credit();
}

// Flow control: the stream makes more only while little waits in the socket.
void WyomingSpeaker::credit()
{
    if (m_socket && m_live && m_uncredited > 0 && m_socket->bytesToWrite() <= kCreditBelowBytes) {
        m_live->acknowledge(m_uncredited);
        m_uncredited = 0;
    }
}

void WyomingSpeaker::onStall()
{
    if (!m_live || !m_socket || m_socket->bytesToWrite() == 0)
        return;
    m_live->abandon(QStringLiteral("Client read none of the audio for %1 s").arg(m_stall.interval() / 1000));
    stop();
    m_socket->abort();
}
