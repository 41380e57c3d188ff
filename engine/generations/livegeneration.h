#pragma once

#include "generationservice.h"
#include "streamencoder.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QPointer>

#include <optional>

class LiveGenerations;
class SynthesisTask;

// A generation synthesized while someone listens (WebSocket stream, GUI preview):
// created and billed like any other, but streamed straight from a worker.
// Lives on the caller's thread; store work runs on the engine's store pool and the
// synthesis task on the engine thread. With a catalog voice, synthesis starts while
// the generation row is committed and its audio is held until the row is in (the
// first frame then costs max(commit, synthesis) instead of their sum).
// Delete it only through abandon(), or after rejected(), completed() or failed().
//
// Ending early (docs/api.md "Streams that end early"): a cancel (DELETE, through
// GenerationService::cancelRequested), the engine ending live generations (shutdown)
// or abandon() stop synthesis within one pass of the event loop. The money rule: once
// audio has been delivered (emitted by audio()), an end the client chose (cancel,
// abandon) is charged in full; otherwise, and for ends the server chose (shutdown,
// synthesis fault), the reservation is released.
class LiveGeneration : public QObject
{
    Q_OBJECT

public:
    enum class Failure { Fault, Cancelled, ShuttingDown };
    Q_ENUM(Failure)

    LiveGeneration(LiveGenerations &hub, const AuthContext &auth, const CreateGeneration &request, QObject *parent = nullptr);
    ~LiveGeneration() override;

    // The byte form of audio(): float32 by default (WebSocket, GUI).
    void setStreamFormat(StreamFormat format) { m_streamFormat = format; }
    void start();
    // Flow control: the consumer has passed these audio bytes on.
    void acknowledge(qint64 bytes);
    // The owner is gone (client disconnected, studio stopped): stops synthesis, fails
    // the generation with reason (charged if audio was delivered, else released) and
    // deletes this object once its store work is done. No signal is emitted after it.
    void abandon(const QString &reason);
    QString generationId() const { return m_generation.id; }
    bool isActive() const { return m_active; }

signals:
    void rejected(const ServiceError &error);
    void started(const Generation &generation);
    void audio(const QByteArray &float32Samples);
    void completed(const Generation &generation);
    // Any other end once the row exists; generation is the row as recorded (FAILED,
    // charged or not).
    void failed(const QString &message, LiveGeneration::Failure why, const Generation &generation);

private:
    struct TaskEnd
    {
        bool ok = false;
        qint64 samples = 0;
        QString message;
    };

    enum class End { Completed, Fault, Cancelled, ShuttingDown, ClientGone };

    std::optional<SynthesisParams> planFromCatalog() const;
    void launch(const SynthesisParams &params, AudioFormat format);
    void onCreated(const Result<Generation> &created);
    void onTaskAudio(const QByteArray &bytes);
    void deliver(const QByteArray &bytes);
    void onTaskEnd(const TaskEnd &end);
    void stopTask();
    void end(End how, const QString &message);
    void finishStore();
    void onFinished(const std::optional<Generation> &row);

    LiveGenerations &m_hub;
    AuthContext m_auth;
    CreateGeneration m_request;
    Generation m_generation;
    QString m_partPath;              // the worker's file; renamed to m_finalPath on success
    QString m_finalPath;
    QByteArray m_plannedSynthesis;   // the task's params as the row stores them (JSON)
    StreamFormat m_streamFormat = StreamFormat::Float32;
    QElapsedTimer m_sinceStart;
    bool m_firstAudio = false;
    QPointer<SynthesisTask> m_task;  // lives on the engine thread: only dereferenced there
    int m_taskSerial = 0;            // signals of a replaced task are ignored
    QList<QByteArray> m_held;        // audio that came before the row was committed
    std::optional<TaskEnd> m_heldEnd; // the task ended before the row was committed
    bool m_launched = false;
    bool m_committed = false;
    bool m_abandoned = false;
    bool m_active = false;     // counted by the hub until its end is recorded
    bool m_delivered = false;  // audio() has been emitted
    bool m_ending = false;     // end() has run: nothing more is synthesized or emitted
    End m_end = End::Fault;
    QString m_endMessage;
};
