#include "wyomingspeaker.h"

#include "audioformat.h"
#include "speechrequestcheck.h"
#include "wyomingevent.h"

#include <QLoggingCategory>

#include <algorithm>

Q_LOGGING_CATEGORY(lcWyoming, "tts.wyoming", QtInfoMsg)

namespace
{
// The reference server's chunk: 1,024 samples of 16-bit mono.
constexpr qsizetype kChunkBytes = 1024 * 2;
// Audio credited back to the stream once the socket holds no more than this.
constexpr qint64 kCreditBelowBytes = 256 * 1024;
// An error text's length at most: room for any message of ours.
constexpr qsizetype kMaxErrorText = 1000;

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

// What each field error says, after the detail unless it says the same: "voice_id:
// Unknown voice 'x'". Cut: a message may quote what the client sent.
QString textOf(const ServiceError &error)
{
    QStringList parts;
    for (const FieldError &f : error.errors)
        parts << f.field + QStringLiteral(": ") + f.message;
    const bool repeated = std::any_of(error.errors.begin(), error.errors.end(),
                                      [&error](const FieldError &f) { return f.message == error.detail; });
    if (!repeated && !error.detail.isEmpty())
        parts.prepend(error.detail);
    const QString text = parts.join(QStringLiteral("; "));
    return text.size() > kMaxErrorText ? text.left(kMaxErrorText) + QChar(0x2026) : text;
}
}

WyomingSpeaker::WyomingSpeaker(LiveGenerations &hub, const AuthContext &account, QTcpSocket *socket, QObject *parent)
    : QObject(parent)
    , m_hub(hub)
    , m_account(account)
    , m_socket(socket)
{
    connect(socket, &QTcpSocket::bytesWritten, this, &WyomingSpeaker::credit);
}

// Destroyed with its connection: a generation still running ends as a client gone.
WyomingSpeaker::~WyomingSpeaker() = default;

void WyomingSpeaker::say(const WyomingRequest &request, End end)
{
    const qint64 chars = WyomingRequest::charactersOf(request.text);
    m_queuedChars += chars;
    // Joined to the text still waiting before it when that one ends nothing.
    if (joins(request)) {
        Job &last = m_queue.last();
        if (!request.text.isEmpty()) // a stream's end often brings no text: nothing to bill
            last.request.text += (last.request.text.isEmpty() ? QString() : QStringLiteral(" ")) + request.text;
        last.chars += chars;
        last.end = end;
    } else {
        m_queue.append(Job{request, end, chars});
    }
    if (!m_live)
        next();
}

bool WyomingSpeaker::joins(const WyomingRequest &request) const
{
    return !m_queue.isEmpty() && m_queue.last().end == End::None && m_queue.last().request.voiceId == request.voiceId;
}

void WyomingSpeaker::stop()
{
    m_queue.clear();
    m_queuedChars = 0;
    m_live.reset();
}

void WyomingSpeaker::abandon(const QString &reason)
{
    if (m_live)
        m_live->abandon(reason);
    stop();
}

qint64 WyomingSpeaker::pendingText() const
{
    return (m_live ? m_current.chars : 0) + m_queuedChars;
}

void WyomingSpeaker::next()
{
    while (!m_live && !m_queue.isEmpty()) {
        m_current = m_queue.takeFirst();
        m_queuedChars -= m_current.chars;
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
    if (m_socket && m_socket->state() == QAbstractSocket::ConnectedState) {
        m_socket->write(event.encode());
        emit wrote();
    }
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
    credit();
}

void WyomingSpeaker::liveEnded(const LiveStream::Outcome &outcome)
{
    m_live.reset();
    if (outcome.kind != LiveStream::Outcome::Kind::Completed) {
        qCInfo(lcWyoming).noquote() << "synthesize refused or failed:" << textOf(outcome.error);
        m_queue.clear();
        m_queuedChars = 0;
        emit failed(textOf(outcome.error), codeOf(outcome.error.kind));
        return;
    }
    finish(m_current);
    next();
}

// Flow control: the stream makes more only while little waits in the socket.
void WyomingSpeaker::credit()
{
    if (m_socket && m_live && m_uncredited > 0 && m_socket->bytesToWrite() <= kCreditBelowBytes) {
        m_live->acknowledge(m_uncredited);
        m_uncredited = 0;
    }
}
