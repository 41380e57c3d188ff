#include "wyomingsession.h"

#include "ssmldocument.h"
#include "storetask.h"
#include "textsegmenter.h"
#include "voicecatalog.h"
#include "voicedirectory.h"
#include "wyominginfo.h"
#include "wyomingspeaker.h"

#ifdef Q_OS_LINUX
#include <linux/sockios.h>
#include <sys/ioctl.h>
#endif

namespace
{
// What the socket reads ahead of the events handled: the rest waits in the kernel, so a
// client sending faster than it is answered is slowed by TCP.
constexpr qint64 kReadAhead = 64 * 1024;
// No event is handled while more than this waits to be sent: answers a client does not
// read are not made (the same mark as the audio's flow control).
constexpr qint64 kPauseAbove = 256 * 1024;
}

WyomingSession::WyomingSession(QTcpSocket *socket, const WyomingContext &context, QObject *parent)
    : QObject(parent)
    , m_socket(socket)
    , m_context(context)
    , m_reader(context.limits)
    , m_speaker(new WyomingSpeaker(*context.live, context.account, socket, this))
{
    socket->setParent(this);
    socket->setReadBufferSize(kReadAhead);
    connect(socket, &QTcpSocket::readyRead, this, [this] {
        if (m_failed)
            m_socket->readAll(); // read and dropped: the connection closes after its error
        else
            pump();
    });
    connect(socket, &QTcpSocket::bytesWritten, this, &WyomingSession::onBytesWritten);
    connect(socket, &QTcpSocket::disconnected, this, &QObject::deleteLater);
    connect(m_speaker, &WyomingSpeaker::failed, this, &WyomingSession::fail);
    connect(m_speaker, &WyomingSpeaker::wrote, this, [this] { watchOutput(false); });
    m_idle.setSingleShot(true);
    m_idle.setInterval(context.limits.idleTimeoutMs);
    connect(&m_idle, &QTimer::timeout, this, &WyomingSession::onIdle);
    m_idle.start();
    m_eventDeadline.setSingleShot(true);
    m_eventDeadline.setInterval(context.limits.eventTimeoutMs);
    connect(&m_eventDeadline, &QTimer::timeout, this,
            [this] { fail(QStringLiteral("An event was begun and not completed"), QStringLiteral("timeout")); });
    m_stall.setSingleShot(true);
    m_stall.setInterval(context.limits.stallMs);
    connect(&m_stall, &QTimer::timeout, this, &WyomingSession::onStall);
    if (socket->state() != QAbstractSocket::ConnectedState)
        deleteLater();
}

// Events are handled one at a time, and none while answers back up or an info answer is
// read from the store: a client that sends and never reads costs at most kPauseAbove
// bytes and one answer here, whatever it sends.
void WyomingSession::pump()
{
    bool completed = false;
    while (!m_failed && !backedUp()) {
        if (const auto event = m_reader.next()) {
            completed = true;
            handle(*event);
            continue;
        }
        if (!m_reader.failure().isEmpty())
            return fail(m_reader.failure(), QStringLiteral("bad_event"));
        if (m_socket->bytesAvailable() == 0)
            break;
        m_reader.feed(m_socket->readAll());
        m_idle.start();
    }
    if (m_failed)
        return;
    watchEvent(completed);
    watchOutput(false);
}

bool WyomingSession::backedUp() const
{
    return m_describing || m_socket->bytesToWrite() > kPauseAbove;
}

// An event begun must be whole within the deadline (a client trickling bytes); each event
// completed starts it anew. While answers back up, events wait on the client's reading,
// which the stall timer watches.
void WyomingSession::watchEvent(bool completed)
{
    if (backedUp() || !m_reader.midEvent())
        m_eventDeadline.stop();
    else if (completed || !m_eventDeadline.isActive())
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
    m_describing = true;
    // The account's custom voices are in the store: read on a store thread.
    runOnStore(m_context.storePool, m_context.home, this, [voices, accountId] { return voices->list(accountId); },
               [this, &context](const QList<Voice> &list) {
                   m_describing = false;
                   if (m_failed)
                       return;
                   write(WyomingInfo::event(list.isEmpty() ? context.catalog->systemVoices() : list, context.version));
                   pump();
               });
}

void WyomingSession::synthesize(const QJsonObject &data)
{
    if (m_streaming)
        return; // sent for servers that do not stream text: this one already has the text
    const auto request = WyomingRequest::parse(data, *m_context.catalog, true);
    if (!request)
        return fail(request.error().errors.value(0).message, QStringLiteral("invalid_request"));
    if (WyomingRequest::charactersOf(request->text) > m_context.limits.maxTextChars)
        return fail(QStringLiteral("text is longer than %1 characters").arg(m_context.limits.maxTextChars),
                    QStringLiteral("too_large"));
    if (hasRoomFor(*request))
        m_speaker->say(*request, WyomingSpeaker::End::Utterance);
}

// A second synthesize-start in another voice: the text sent so far is spoken in the
// voice it was sent under, the rest in the new one.
void WyomingSession::startStream(const QJsonObject &data)
{
    const auto request = WyomingRequest::parse(data, *m_context.catalog, false);
    if (!request)
        return fail(request.error().errors.value(0).message, QStringLiteral("invalid_request"));
    if (m_streaming && request->voiceId != m_streamVoice && !m_unsettled.trimmed().isEmpty()) {
        const WyomingRequest earlier{m_unsettled.trimmed(), m_streamVoice};
        if (!hasRoomFor(earlier))
            return;
        m_speaker->say(earlier, WyomingSpeaker::End::None);
        m_unsettled.clear();
        m_unsettledChars = 0;
        m_streamSpoken = true;
        m_streamDocument = false;
    }
    m_streaming = true;
    m_streamVoice = request->voiceId;
}

void WyomingSession::streamChunk(const QJsonObject &data)
{
    if (!m_streaming)
        return;
    const QString text = data.value("text").toString();
    m_unsettled += text;
    m_unsettledChars += WyomingRequest::charactersOf(text);
    if (m_unsettledChars + m_speaker->pendingText() > m_context.limits.maxTextChars)
        return fail(QStringLiteral("more than %1 characters of text wait to be spoken").arg(m_context.limits.maxTextChars),
                    QStringLiteral("too_large"));
    settleStream();
}

// Each sentence is spoken once the text after it shows it complete (chunks are cut
// anywhere, mid-word too). A stream whose text is an SSML document is spoken whole at
// its end: a document cut into sentences is no document.
void WyomingSession::settleStream()
{
    if (!m_streamSpoken && !m_streamDocument)
        m_streamDocument = SsmlDocument::isSsml(m_unsettled);
    if (m_streamDocument)
        return;
    const qsizetype settled = TextSegmenter::settledLength(m_unsettled);
    if (settled == 0)
        return;
    // Trimmed: every character of a generation's text is billed.
    const WyomingRequest request{m_unsettled.left(settled).trimmed(), m_streamVoice};
    if (!hasRoomFor(request))
        return;
    m_speaker->say(request, WyomingSpeaker::End::None);
    m_streamSpoken = true;
    m_unsettled.remove(0, settled);
    m_unsettledChars = WyomingRequest::charactersOf(m_unsettled);
}

void WyomingSession::stopStream()
{
    if (!m_streaming)
        return;
    const WyomingRequest request{m_unsettled.trimmed(), m_streamVoice};
    if (!hasRoomFor(request))
        return;
    m_speaker->say(request, WyomingSpeaker::End::Stream);
    m_streaming = m_streamSpoken = m_streamDocument = false;
    m_unsettled.clear();
    m_unsettledChars = 0;
}

// Every request that waits counts against the cap: a synthesize, the end of a stream of
// text, a stream's sentences in another voice. Text joined to the request waiting last
// adds none.
bool WyomingSession::hasRoomFor(const WyomingRequest &request)
{
    if (m_speaker->joins(request) || m_speaker->queuedRequests() < m_context.limits.maxQueuedRequests)
        return true;
    fail(QStringLiteral("more than %1 requests wait to be spoken").arg(m_context.limits.maxQueuedRequests),
         QStringLiteral("too_many_requests"));
    return false;
}

// Refused input or a failed generation: the error, then the connection closes once
// the error is written (or is cut if the client takes none of it). A generation still
// running ends as a client gone.
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
    watchOutput(false);
    m_socket->disconnectFromHost();
}

void WyomingSession::write(const WyomingEvent &event)
{
    if (m_socket->state() == QAbstractSocket::ConnectedState)
        m_socket->write(event.encode());
}

// Bytes the kernel holds that the client has not taken (Linux: SIOCOUTQ): answers it
// accepted from the socket while the client reads nothing are pending too.
qint64 WyomingSession::inKernel() const
{
#ifdef Q_OS_LINUX
    int n = 0;
    if (m_socket->socketDescriptor() >= 0 && ::ioctl(int(m_socket->socketDescriptor()), SIOCOUTQ, &n) == 0)
        return n;
#endif
    return 0;
}

// While anything waits to be sent the client must take some of it within --stream-stall.
void WyomingSession::watchOutput(bool progress)
{
    if (progress || !m_stall.isActive()) {
        m_stallMark = inKernel();
        if (m_socket->bytesToWrite() == 0 && m_stallMark == 0)
            return m_stall.stop();
        m_stall.start();
    }
}

// The client takes what is sent: the connection is not idle, and events held back
// while the answers backed up are read again.
void WyomingSession::onBytesWritten()
{
    watchOutput(true);
    if (m_failed)
        return;
    m_idle.start();
    pump();
}

// A client that keeps the connection but takes none of its answers or audio: cut, as on
// the other stream routes (a generation running ends as a client gone, charged if audio
// was delivered). The kernel's queue shrinking is the client taking some.
void WyomingSession::onStall()
{
    const qint64 held = inKernel();
    if (held < m_stallMark || (held == 0 && m_socket->bytesToWrite() == 0)) {
        if (!m_failed && held < m_stallMark)
            m_idle.start();
        return watchOutput(true);
    }
    cut(QStringLiteral("Client read none of the audio for %1 s").arg(m_stall.interval() / 1000));
}

// Nothing received or taken for the idle limit. Answers waiting for the client do not
// keep the connection; a generation making its audio does.
void WyomingSession::onIdle()
{
    if (m_socket->bytesToWrite() > 0 || inKernel() > 0)
        return cut(QStringLiteral("Client took nothing for %1 s").arg(m_idle.interval() / 1000));
    if (m_speaker && m_speaker->isBusy())
        return m_idle.start();
    m_socket->disconnectFromHost();
}

void WyomingSession::cut(const QString &why)
{
    m_failed = true;
    if (m_speaker) {
        m_speaker->abandon(why);
        m_speaker->deleteLater();
        m_speaker = nullptr;
    }
    m_idle.stop();
    m_eventDeadline.stop();
    m_stall.stop();
    m_socket->abort();
}
