#include "wyomingsession.h"

#include "storetask.h"
#include "textsegmenter.h"
#include "voicecatalog.h"
#include "voicedirectory.h"
#include "wyominginfo.h"
#include "wyomingspeaker.h"

WyomingSession::WyomingSession(QTcpSocket *socket, const WyomingContext &context, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_context(context)
    , m_reader(context.limits)
    , m_speaker(new WyomingSpeaker(*context.live, context.account, socket, context.limits.stallMs, this))
{
    socket->setParent(this);
    connect(socket, &QTcpSocket::readyRead, this, &WyomingSession::onReadyRead);
    connect(socket, &QTcpSocket::disconnected, this, &QObject::deleteLater);
    connect(m_speaker, &WyomingSpeaker::failed, this, &WyomingSession::fail);
    m_idle.setSingleShot(true);
    m_idle.setInterval(context.limits.idleTimeoutMs);
    connect(&m_idle, &QTimer::timeout, this, &WyomingSession::onIdle);
    m_idle.start();
    // An event begun must be whole within the deadline (a client trickling bytes).
    m_eventDeadline.setSingleShot(true);
    m_eventDeadline.setInterval(context.limits.eventTimeoutMs);
    connect(&m_eventDeadline, &QTimer::timeout, this,
            [this] { fail(QStringLiteral("An event was begun and not completed"), QStringLiteral("timeout")); });
    if (socket->state() != QAbstractSocket::ConnectedState)
        deleteLater();
}

void WyomingSession::onReadyRead()
{
    const QByteArray bytes = m_socket->readAll();
    if (m_failed)
        return;
    m_reader.feed(bytes);
    while (!m_failed) {
        const auto event = m_reader.next();
        if (!event)
            break;
        handle(*event);
    }
    if (m_failed)
        return;
    if (!m_reader.failure().isEmpty())
        return fail(m_reader.failure(), QStringLiteral("bad_event"));
    m_idle.start();
    if (!m_reader.midEvent())
        m_eventDeadline.stop();
    else if (!m_eventDeadline.isActive())
        m_eventDeadline.start();
}

void WyomingSession::handle(const WyomingEvent &event)
{
    const QString &type = event.type;
    if (type == QLatin1String("describe"))
        describe();
    else if (type == QLatin1String("synthesize"))
        synthesize(event.data);
    else if (type == QLatin1String("synthesize-start"))
        startStream(event.data);
    else if (type == QLatin1String("synthesize-chunk"))
        streamChunk(event.data);
    else if (type == QLatin1String("synthesize-stop"))
        stopStream();
    else if (type == QLatin1String("ping")) // a client checking the connection
        write(WyomingEvent{QStringLiteral("pong"), QJsonObject{{"text", event.data.value("text")}}, {}});
    // Anything else is ignored: clients send events meant for other services.
}

void WyomingSession::describe()
{
    VoiceDirectory *voices = m_context.voices;
    const qint64 accountId = m_context.account.accountId;
    const WyomingContext &context = m_context;
    // The account's custom voices are in the store: read on a store thread.
    runOnStore(m_context.storePool, m_context.home, this, [voices, accountId] { return voices->list(accountId); },
               [this, &context](const QList<Voice> &list) {
                   write(WyomingInfo::event(list.isEmpty() ? context.catalog->systemVoices() : list, context.version));
               });
}

void WyomingSession::synthesize(const QJsonObject &data)
{
    if (m_streaming)
        return; // sent for servers that do not stream text: this one already has the text
    const auto request = WyomingRequest::parse(data, *m_context.catalog, true);
    if (!request)
        return fail(request.error().errors.value(0).message, QStringLiteral("invalid_request"));
    if (request->text.size() > m_context.limits.maxTextChars)
        return fail(QStringLiteral("text is longer than %1 characters").arg(m_context.limits.maxTextChars),
                    QStringLiteral("too_large"));
    if (m_speaker->queuedRequests() >= m_context.limits.maxQueuedRequests)
        return fail(QStringLiteral("more than %1 synthesize events wait").arg(m_context.limits.maxQueuedRequests),
                    QStringLiteral("too_many_requests"));
    m_speaker->say(*request, WyomingSpeaker::End::Utterance);
}

void WyomingSession::startStream(const QJsonObject &data)
{
    const auto request = WyomingRequest::parse(data, *m_context.catalog, false);
    if (!request)
        return fail(request.error().errors.value(0).message, QStringLiteral("invalid_request"));
    m_streaming = true;
    m_streamVoice = request->voiceId;
}

// Each sentence is spoken once the text after it shows it complete; chunks are cut
// anywhere, mid-word too.
void WyomingSession::streamChunk(const QJsonObject &data)
{
    if (!m_streaming)
        return;
    m_unsettled += data.value("text").toString();
    if (m_unsettled.size() + m_speaker->pendingText() > m_context.limits.maxTextChars)
        return fail(QStringLiteral("more than %1 characters of text wait to be spoken").arg(m_context.limits.maxTextChars),
                    QStringLiteral("too_large"));
    const qsizetype settled = TextSegmenter::settledLength(m_unsettled);
    if (settled == 0)
        return;
    // Trimmed: every character of a generation's text is billed.
    m_speaker->say(WyomingRequest{m_unsettled.left(settled).trimmed(), m_streamVoice}, WyomingSpeaker::End::None);
    m_unsettled.remove(0, settled);
}

void WyomingSession::stopStream()
{
    if (!m_streaming)
        return;
    m_speaker->say(WyomingRequest{std::exchange(m_unsettled, QString()).trimmed(), m_streamVoice}, WyomingSpeaker::End::Stream);
    m_streaming = false;
}

// Refused input or a failed generation: the error, then the connection closes once
// the error is written. A generation still running ends as a client gone.
void WyomingSession::fail(const QString &text, const QString &code)
{
    if (std::exchange(m_failed, true))
        return;
    write(WyomingEvent::error(text, code));
    // Handed to the kernel now: at shutdown the event loop may not run again to send it.
    m_socket->flush();
    // May be inside the speaker's own signal: stopped now, deleted later.
    m_speaker->stop();
    m_speaker->deleteLater();
    m_speaker = nullptr;
    m_idle.stop();
    m_eventDeadline.stop();
    m_socket->disconnectFromHost();
}

void WyomingSession::write(const WyomingEvent &event)
{
    if (m_socket->state() == QAbstractSocket::ConnectedState)
        m_socket->write(event.encode());
}

void WyomingSession::onIdle()
{
    if ((m_speaker && m_speaker->isBusy()) || m_socket->bytesToWrite() > 0)
        return m_idle.start();
    m_socket->disconnectFromHost();
}
