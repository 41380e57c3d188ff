#pragma once

#include "generationservice.h"
#include "serviceerror.h"
#include "streamencoder.h"

#include <QPointer>
#include <QString>

class LiveGeneration;
class LiveGenerations;

// The one way to consume a live generation (the WebSocket session, a /v1 answer, the
// studio's Generate and Voices pages): a generation synthesized while someone listens,
// created and billed like any other, streamed straight from a worker.
//
// The owner holds the LiveStream and hears everything through its Sink, on the owner's
// thread. Destroying the LiveStream before the end stops the generation (the money
// rule, docs/api.md "Streams that end early": charged in full if audio was delivered,
// else released) and nothing more is heard. It may be destroyed inside any Sink call.
class LiveStream
{
public:
    enum class State {
        Idle,      // start() not called
        Starting,  // admitted; the generation row is being written
        Streaming, // the row is in (liveStarted() was called); audio flows
        Ended      // liveEnded() was called; nothing more happens
    };

    struct Outcome
    {
        enum class Kind {
            Completed,    // the whole text; generation is COMPLETED
            Rejected,     // nothing was created (validation, money, capacity): error says why
            Failed,       // synthesis or storage fault: FAILED, released
            Cancelled,    // DELETE of the generation: FAILED, charged if audio was delivered
            ShuttingDown, // the server is stopping: FAILED, released
            Stopped       // the owner's stop(): generation.stopped; COMPLETED with the audio made
                          // so far, or FAILED and released when none had been delivered
        };
        Kind kind = Kind::Failed;
        // For every kind but Completed and Stopped: the error a REST client would get (Rejected:
        // the create's error; Failed: Internal; Cancelled: Conflict; ShuttingDown:
        // Unavailable with a retry).
        ServiceError error;
        // The row as recorded (empty for Rejected).
        Generation generation;
        // Stopped: the samples of audio kept (its file's), 0 when none.
        qint64 keptSamples = 0;
    };

    class Sink
    {
    public:
        virtual void liveStarted(const Generation &generation) = 0;
        // Pass the bytes on, then acknowledge() them when the consumer has room for
        // more (flow control: the worker waits while too much is unacknowledged).
        virtual void liveAudio(const QByteArray &bytes) = 0;
        // All the audio made so far has been passed on; more comes when the next piece is
        // made. A consumer that gathers audio into bigger frames sends what it holds: the
        // scheduler counts it as the listener's (its playback deadline), and the next
        // piece is made when that runs short, not before.
        virtual void liveCaughtUp() {}
        // Sentence `index` of the text (SentenceSpans) starts at sample `startSample` of
        // the audio; may come before liveStarted(). For players that follow the text.
        virtual void liveSentence(int index, qint64 startSample) { Q_UNUSED(index) Q_UNUSED(startSample) }
        // With timestamps: word timings, each before the audio it describes.
        virtual void liveWords(const QList<WordTiming> &words) { Q_UNUSED(words); }
        // Exactly once, last.
        virtual void liveEnded(const Outcome &outcome) = 0;

    protected:
        ~Sink() = default;
        // For owners that inherit privately: the reference to hand to LiveStream.
        Sink &sinkRef() { return *this; }
    };

    // stopReason: the generation's error message when the owner ends it early by
    // destroying this object ("Client disconnected", "Stopped in the studio"), or by
    // stop() before any audio.
    LiveStream(LiveGenerations &hub, Sink &sink, const QString &stopReason);
    ~LiveStream();
    LiveStream(const LiveStream &) = delete;
    LiveStream &operator=(const LiveStream &) = delete;

    // The byte form of the audio: float32 by default (WebSocket, studio).
    void start(const AuthContext &auth, const CreateGeneration &request, StreamFormat format = StreamFormat::Float32);
    void acknowledge(qint64 bytes);
    // Before start(): the owner plays the audio itself and says with heard() how far its
    // listener is. Synthesis then keeps at most a few seconds (StreamTask::kPacedLeadSamples,
    // and the sentence being made) ahead of the listener, and stop() keeps the audio
    // through the end of the sentence being heard and bills its text only.
    void followPlayhead();
    // The listener has heard this many samples of the stream (its playhead).
    void heard(qint64 samples);
    // The whole is wanted now (a file to save): the rest is made at full speed, and
    // stop() keeps all that was made.
    void stopFollowingPlayhead();
    // Ends the generation early and keeps what was synthesized (the studio's Stop): the
    // worker finishes the audio file where it is (followed playhead: at the end of the
    // sentence being heard); audio already on its way is still handed over, then
    // liveEnded() with Kind::Stopped. The generation is COMPLETED and stopped,
    // billed for the part of the text its audio reaches (docs/api.md "Streams that end
    // early"); FAILED, stopped and released if no audio had been delivered yet. An end
    // that comes first (a cancel, shutdown, the whole text done) is reported as itself.
    void stop();
    // Ends the generation as destroying this object would (the money rule: charged in
    // full if audio was delivered, else released), with reason as its error message
    // instead of the stopReason given at construction: a server that gives up on a
    // client that stopped reading says so. Nothing more is heard.
    void abandon(const QString &reason);
    State state() const { return m_state; }
    QString generationId() const { return m_generationId; }

private:
    friend class LiveGeneration;
    void onStarted(const Generation &generation);
    void onAudio(const QByteArray &bytes);
    void onCaughtUp();
    void onSentence(int index, qint64 startSample);
    void onWords(const QList<WordTiming> &words);
    void onEnded(const Outcome &outcome);

    LiveGenerations &m_hub;
    Sink &m_sink;
    QString m_stopReason;
    State m_state = State::Idle;
    bool m_paced = false;
    QString m_generationId;
    QPointer<LiveGeneration> m_generation; // deletes itself once its end is recorded
};
