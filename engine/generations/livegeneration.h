#pragma once

#include "generationservice.h"
#include "livestream.h"
#include "streamencoder.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

class LiveGenerations;
class StreamTask;

// The engine side of a LiveStream (consumers use LiveStream, never this class).
// Lives on the owner's thread; store and file work run on the engine's store pool
// (runOnStore), the synthesis task on the engine thread. With a catalog voice,
// synthesis starts while the generation row is committed and its audio is held until
// the row is in (the first frame then costs max(commit, synthesis), not their sum).
//
// Its life is the State below; every end goes through end(), is recorded once by
// record(), reported once by report(), and the object then deletes itself. The hub
// counts it from admission until it is Done.
class LiveGeneration : public QObject
{
    Q_OBJECT

public:
    LiveGeneration(LiveGenerations &hub, LiveStream &client, const AuthContext &auth, const CreateGeneration &request,
                   StreamFormat format);
    ~LiveGeneration() override;

    void start();
    // Flow control: the consumer has passed these audio bytes on.
    void acknowledge(qint64 bytes);
    // The client is gone: stops synthesis and records the end with reason (charged if
    // audio was delivered, else released). Nothing is reported after it.
    void abandon(const QString &reason);
    // The client's stop(): the worker finishes the file where it is and the generation
    // completes as stopped (billed for the text its audio reaches); before any audio
    // was delivered it ends at once, FAILED with reason and released.
    void finishEarly(const QString &reason);
    // LiveStream::followPlayhead() and heard(): synthesis paced by the listener.
    void followPlayhead() { m_paced = true; }
    void stopFollowingPlayhead();
    void heard(qint64 samples);

private:
    // A quarter of the task's flow-control window (WorkerProtocol::kAudioWindowBytes).
    static constexpr qint64 kCreditBatchBytes = 128 * 1024;
    // What a listener has heard reaches the task by the quarter second.
    static constexpr qint64 kHeardBatchSamples = AudioFormats::kSampleRate / 4;
    enum class State {
        New,       // start() not called
        Creating,  // admitted; the row is being written; synthesis may run (its audio and end are held)
        Streaming, // the row is in; audio goes to the client
        Ending,    // the end is decided; synthesis stopped; recorded once the row exists
        Done       // recorded and reported, or rejected: deletes itself
    };

    // OverBound: the synthesis reached the stream's bound on audio (charged).
    enum class End { Completed, Fault, OverBound, Cancelled, ShuttingDown, ClientGone, Stopped };

    struct TaskEnd
    {
        bool ok = false;
        qint64 samples = 0;
        QString message;
        qint64 textSpoken = 0; // of textTotal characters: how far the audio reaches
        qint64 textTotal = 0;
        bool reachedAudioBound = false; // failed at the bound on audio
    };

    bool counted() const { return m_state == State::Creating || m_state == State::Streaming || m_state == State::Ending; }
    bool committed() const { return !m_generation.id.isEmpty(); }
    bool launched() const { return !m_partPath.isEmpty(); }

    std::optional<SynthesisParams> planFromCatalog() const;
    void launch(const SynthesisParams &params, AudioFormat format);
    void onCreated(const Result<Generation> &created);
    void onTaskAudio(const QByteArray &bytes);
    void onTaskWords(const QList<WordTiming> &words);
    void deliverWords(const QList<WordTiming> &words);
    void deliver(const QByteArray &bytes);
    void onTaskEnd(const TaskEnd &end);
    void stopTask();
    void postToTask(std::function<void(StreamTask &)> call) const;
    void dropFinishedPart();
    void end(End how, const QString &message);
    void record();
    void report(const std::optional<Generation> &row);
    void reject(const ServiceError &error);
    void setDone();

    LiveGenerations &m_hub;
    LiveStream *m_client;          // null once abandoned or reported
    AuthContext m_auth;
    CreateGeneration m_request;
    StreamFormat m_streamFormat;
    State m_state = State::New;
    Generation m_generation;       // the row once committed
    QString m_partPath;            // the worker's file; becomes the generation's file on success
    QByteArray m_plannedSynthesis; // the task's params as the row stores them (JSON)
    QElapsedTimer m_sinceStart;
    QPointer<StreamTask> m_task;    // lives on the engine thread: only dereferenced there
    int m_taskSerial = 0;           // signals of a replaced task are ignored
    qint64 m_uncredited = 0;        // acknowledged bytes not yet passed to the task
    struct Held                     // what came before the row was committed, in order
    {
        QByteArray audio;           // or, when empty, word timings
        QList<WordTiming> words;
    };
    QList<Held> m_held;
    QList<WordTiming> m_words;      // every word timing so far (requests with timestamps)
    std::optional<TaskEnd> m_heldEnd; // the task ended before the row was committed
    bool m_delivered = false;       // audio reached the client (the money rule)
    bool m_finishing = false;       // finishEarly(): the worker is finishing the file where it is
    std::optional<TaskEnd> m_kept;  // End::Stopped with a finished part file: how far it reaches
    bool m_paced = false;           // followPlayhead()
    qint64 m_heard = 0;             // samples the listener has heard
    qint64 m_heardPosted = 0;       // of those, what the task was told
    End m_end = End::Fault;
    QString m_endMessage;
};
