#pragma once

#include "wordtiming.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>

class GenerationService;
class Metrics;
class SynthesisTask;
class WorkerPool;

// Feeds queued generations from the store to the worker pool and records their
// outcome. Lives on the engine thread (never the server thread): claiming and
// completing touch the disk.
class JobRunner : public QObject
{
    Q_OBJECT

public:
    JobRunner(GenerationService &generations, WorkerPool &pool, Metrics *metrics = nullptr, QObject *parent = nullptr);

    int running() const { return int(m_running.size()); }

public slots:
    // recover: nobody else runs on this store, so what is GENERATING has no owner.
    void start(bool recover = true);
    void pump();
    // Stops claiming; running jobs get up to graceMs, the rest go back to the queue.
    void shutdown(int graceMs);
    void cancelGeneration(const QString &id);

signals:
    void drained();

private:
    // A job under one claim: the same node may run an earlier claim of a job (it stalled
    // past its lease) beside a later one, and each records only its own outcome.
    using Attempt = QPair<QString, qint64>;

    // words: the job's word timings when it was made with timestamps.
    void onFinished(const Attempt &attempt, const QString &tmpPath, const QString &finalPath, qint64 samples,
                    const QList<WordTiming> *words);
    void onFailed(const Attempt &attempt, const QString &message, bool reachedAudioBound);

    GenerationService &m_generations;
    WorkerPool &m_pool;
    Metrics *m_metrics;
    QHash<Attempt, QPointer<SynthesisTask>> m_running;
    QSet<QString> m_recording; // finished, their outcome being retried (storeOutcome)
    QTimer m_poll;
    QTimer m_sweep;
    QTimer m_renew;
    bool m_renewLeases = false; // shared store only (GenerationService::sharedStore())
    bool m_stopping = false;
};
