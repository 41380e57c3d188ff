#pragma once

#include "authcache.h"
#include "livestream.h"
#include "wyomingrequest.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QTcpSocket>

#include <memory>

class LiveGenerations;
struct WyomingEvent;

// Speaks a connection's texts in order, one live generation at a time (billed to the
// configured account like any stream), and writes what a Wyoming client hears:
// audio-start, audio-chunks of 16-bit PCM, audio-stop, and synthesize-stopped after a
// stream of text. Texts that come while one is spoken wait and are joined, so a
// stream's sentences go out as one generation whenever the one before ends.
class WyomingSpeaker : public QObject, private LiveStream::Sink
{
    Q_OBJECT

public:
    // How a text ends: an utterance (audio-stop after it) and a stream of text
    // (synthesize-stopped after that).
    enum class End { None, Utterance, Stream };

    WyomingSpeaker(LiveGenerations &hub, const AuthContext &account, QTcpSocket *socket, QObject *parent);
    ~WyomingSpeaker() override;

    void say(const WyomingRequest &request, End end);
    // Whether say(request) would add to the text waiting last rather than queue a job.
    bool joins(const WyomingRequest &request) const;
    // Nothing more is spoken; a generation still running ends as a client gone.
    void stop();
    // The client takes none of its audio: a generation still running ends as a client
    // gone (charged if audio was delivered), for `reason`; nothing more is spoken.
    void abandon(const QString &reason);
    bool isBusy() const { return m_live || !m_queue.isEmpty(); }
    // Text waiting or being spoken, in characters (code points, as billed).
    qint64 pendingText() const;
    int queuedRequests() const { return m_queue.size(); }

signals:
    // A generation was refused or failed: nothing more is spoken.
    void failed(const QString &text, const QString &code);
    // Bytes were handed to the socket.
    void wrote();

private:
    struct Job
    {
        WyomingRequest request;
        End end = End::None;
        qint64 chars = 0; // of request.text
    };

    void next();
    void finish(const Job &job);
    void write(const WyomingEvent &event);
    void liveStarted(const Generation &generation) override;
    void liveAudio(const QByteArray &bytes) override;
    void liveEnded(const LiveStream::Outcome &outcome) override;
    void credit();

    LiveGenerations &m_hub;
    const AuthContext m_account;
    QPointer<QTcpSocket> m_socket;
    QList<Job> m_queue;
    Job m_current;
    std::unique_ptr<LiveStream> m_live;
    bool m_audioOpen = false; // audio-start written, audio-stop not yet
    qint64 m_uncredited = 0;
    qint64 m_queuedChars = 0; // of the jobs in m_queue
};
