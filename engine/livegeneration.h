#pragma once

#include "generationservice.h"
#include "streamencoder.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>

class Engine;
class SynthesisTask;

// A generation synthesized while someone listens (WebSocket stream, GUI preview):
// created and billed like any other, but streamed straight from a worker.
// Lives on the caller's thread; store work runs on the engine's store pool and the
// synthesis task on the engine thread. Delete it only through abandon().
class LiveGeneration : public QObject
{
    Q_OBJECT

public:
    LiveGeneration(Engine &engine, const AuthContext &auth, const CreateGeneration &request, QObject *parent = nullptr);

    // The byte form of audio(): float32 by default (WebSocket, GUI).
    void setStreamFormat(StreamFormat format) { m_streamFormat = format; }
    void start();
    // Flow control: the consumer has passed these audio bytes on.
    void acknowledge(qint64 bytes);
    // Stops synthesis (if running), fails the generation with reason (releasing its
    // money) and deletes this object once the engine thread lets go of it.
    void abandon(const QString &reason);
    QString generationId() const { return m_generation.id; }
    bool isActive() const { return m_active; }

    static int activeCount();

signals:
    void rejected(const ServiceError &error);
    void started(const Generation &generation);
    void audio(const QByteArray &float32Samples);
    void completed(const Generation &generation);
    void failed(const QString &message);

private:
    void submit();
    void attach(SynthesisTask *task);
    void onFinished(qint64 samples);
    void onFailed(const QString &message);
    void finishStore(bool ok, const QString &message);

    Engine &m_engine;
    AuthContext m_auth;
    CreateGeneration m_request;
    Generation m_generation;
    QString m_finalPath;
    StreamFormat m_streamFormat = StreamFormat::Float32;
    QElapsedTimer m_sinceStart;
    bool m_firstAudio = false;
    QPointer<SynthesisTask> m_task;
    bool m_attaching = false;
    bool m_abandoned = false;
    bool m_active = false;
    bool m_done = false;
    QString m_abandonReason;
};
