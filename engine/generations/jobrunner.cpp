#include "jobrunner.h"

#include "audioencoder.h"
#include "generationservice.h"
#include "metrics.h"
#include "synthesistask.h"
#include "timestamps.h"
#include "workerpool.h"

#include <QFile>
#include <QJsonDocument>

#include <cerrno>
#include <cstdio>

namespace
{
// Stores a job's outcome (complete when audioPath is set, else fail with message, charged
// when charge: the job reached its bound on audio). When
// the store cannot take it now (a full disk, a locked or lost database) the job would
// stay GENERATING with its money reserved until a restart: try again, backing off,
// until it sticks or the row has moved on (cancelled meanwhile).
// recording: the jobs whose outcome is being retried; their leases are renewed meanwhile,
// so that a database that comes back in time finds them still this node's.
void storeOutcome(GenerationService &generations, QObject *context, QSet<QString> *recording, const QString &id,
                  qint64 claim, const QString &audioPath, const QString &message, bool charge = false, int delayMs = 500)
{
    recording->remove(id);
    const bool ok = audioPath.isEmpty() ? generations.failClaimed(id, claim, message, charge)
                                        : generations.complete(id, audioPath, claim);
    if (ok)
        return;
    const auto g = generations.findForDownload(id);
    if (!g && generations.storeAnswers()) {
        // Deleted meanwhile (cancelled, then deleted in the studio): nothing to record.
        if (!audioPath.isEmpty())
            QFile::remove(audioPath);
        QFile::remove(generations.captionsPathFor(id));
        return;
    }
    // Still ours to record; a job whose lease ran out and that another node (or this one,
    // under a later claim) took over is not (it completes there: this audio is dropped,
    // nothing is charged twice).
    const bool pending = g && ((g->status == GenerationStatus::Generating && generations.holds(*g, claim))
                               || (audioPath.isEmpty() && g->status == GenerationStatus::InQueue));
    if (g && !pending) {
        if (!audioPath.isEmpty())
            QFile::remove(audioPath); // cancelled meanwhile
        // The captions file is per generation: the claim that completes it (this node's
        // later one, or another node's) needs it.
        if (g->status == GenerationStatus::Failed)
            QFile::remove(generations.captionsPathFor(id));
        return;
    }
    qWarning("could not store the outcome of generation %s; retrying", qPrintable(id));
    recording->insert(id);
    QTimer::singleShot(delayMs, context, [&generations, context, recording, id, claim, audioPath, message, charge, delayMs] {
        storeOutcome(generations, context, recording, id, claim, audioPath, message, charge, qMin(delayMs * 2, 30000));
    });
}
}

JobRunner::JobRunner(GenerationService &generations, WorkerPool &pool, Metrics *metrics, QObject *parent)
    : QObject(parent)
    , m_generations(generations)
    , m_pool(pool)
    , m_metrics(metrics)
{
    // Polling covers jobs queued by another process sharing the store, and on a shared
    // store (nodes) jobs whose holder's lease ran out (a node that died): back to the
    // queue, then claimed. On SQLite, one machine, start() recovers instead: a write per
    // second would only wait on a busy file and hold up the engine thread.
    const bool nodes = generations.sharedStore();
    m_poll.setInterval(1000);
    connect(&m_poll, &QTimer::timeout, this, [this, nodes] {
        if (nodes)
            m_generations.requeueExpired();
        pump();
    });
    m_sweep.setInterval(int(qBound(qint64(1000), generations.options().ttlMs / 4, qint64(60000))));
    connect(&m_sweep, &QTimer::timeout, this, [this, nodes] {
        m_generations.sweepExpired();
        // Streams of a node that died (its lease ran out): failed and released here;
        // and the .part files it left behind.
        if (nodes) {
            m_generations.failOrphanedStreams(Timestamps::nowMs());
            m_generations.sweepStaleParts();
        }
    });
    // Leases of this node's jobs and streams, renewed well before they run out.
    m_renew.setInterval(int(qMax(qint64(100), generations.options().leaseMs / 3)));
    connect(&m_renew, &QTimer::timeout, this, [this] {
        QStringList ids;
        for (auto it = m_running.cbegin(); it != m_running.cend(); ++it)
            ids << it.key().first;
        ids += m_recording.values();
        ids.removeDuplicates();
        m_generations.renewLeases(ids);
    });
    m_renewLeases = nodes;
}

void JobRunner::start(bool recover)
{
    // Whatever was GENERATING when the last process stopped runs again; a stream
    // cannot (its client is gone), so it fails and its money is released.
    if (recover) {
        m_generations.requeueAll();
        m_generations.failOrphanedStreams();
    }
    m_generations.sweepExpired();
    m_poll.start();
    m_sweep.start();
    if (m_renewLeases)
        m_renew.start();
    pump();
}

void JobRunner::pump()
{
    if (m_stopping)
        return;
    // Keep each worker busy plus one waiting, so a worker never idles between jobs.
    const int capacity = qMax(1, m_pool.workerCount() * 2);
    while (m_running.size() < capacity) {
        const auto g = m_generations.claimNext();
        if (!g)
            return;
        const auto params = SynthesisParams::fromJson(QJsonDocument::fromJson(g->synthesis).object());
        if (!params) {
            storeOutcome(m_generations, this, &m_recording, g->id, g->claim, {}, QStringLiteral("stored synthesis settings are invalid"));
            continue;
        }
        SynthesisJob job;
        job.params = *params;
        job.format = AudioFormats::parse(g->audioFormat).value_or(AudioFormat::Wav);
        job.wordTimings = g->captions;
        job.boundAudio();
        const QString finalPath = m_generations.claimedAudioPath(*g);
        // The worker writes a temporary file; only a finished, synced file is renamed
        // into place, so a crash never leaves partial audio behind a COMPLETED row.
        job.outputPath = finalPath + QStringLiteral(".part");
        SynthesisTask *task = m_pool.submit(job);
        const Attempt attempt{g->id, g->claim};
        // An earlier claim of this job still running here (this node stalled past its
        // lease and took the job again) can no longer be recorded: free its worker.
        for (auto it = m_running.cbegin(); it != m_running.cend(); ++it)
            if (it.key().first == g->id && it.value())
                it.value()->cancel();
        m_running.insert(attempt, task);
        connect(task, &SynthesisTask::finished, this, [this, attempt, job, finalPath, task](qint64 samples) {
            onFinished(attempt, job.outputPath, finalPath, samples, job.wordTimings ? &task->wordTimings() : nullptr);
        });
        connect(task, &SynthesisTask::failed, this, [this, attempt, task](const QString &msg) {
            onFailed(attempt, msg, task->reachedAudioBound());
        });
    }
}

void JobRunner::onFinished(const Attempt &attempt, const QString &tmpPath, const QString &finalPath, qint64 samples,
                           const QList<WordTiming> *words)
{
    m_running.remove(attempt);
    const QString id = attempt.first;
    const qint64 claim = attempt.second;
    if (m_metrics)
        m_metrics->addAudioSeconds(double(samples) / AudioFormats::kSampleRate);
    QFile::remove(finalPath);
    // The captions are in place before the audio, so a COMPLETED row always has both.
    if (const QString err = words ? m_generations.writeCaptions(id, *words) : QString(); !err.isEmpty()) {
        QFile::remove(tmpPath);
        storeOutcome(m_generations, this, &m_recording, id, claim, {}, QStringLiteral("cannot store the captions: %1").arg(err));
    } else if (std::rename(QFile::encodeName(tmpPath).constData(), QFile::encodeName(finalPath).constData()) != 0) {
        const int err = errno;
        QFile::remove(tmpPath);
        QFile::remove(m_generations.captionsPathFor(id));
        storeOutcome(m_generations, this, &m_recording, id, claim, {}, AudioEncoder::storageError(err));
    } else {
        storeOutcome(m_generations, this, &m_recording, id, claim, finalPath, {});
    }
    if (m_stopping && m_running.isEmpty())
        emit drained();
    pump();
}

void JobRunner::onFailed(const Attempt &attempt, const QString &message, bool reachedAudioBound)
{
    m_running.remove(attempt);
    // During shutdown the job is not failed: it stays GENERATING and is requeued. A job
    // that reached its bound on audio did all the work its text asked for: charged.
    if (!m_stopping)
        storeOutcome(m_generations, this, &m_recording, attempt.first, attempt.second, {}, message, reachedAudioBound);
    if (m_stopping && m_running.isEmpty())
        emit drained();
    pump();
}

void JobRunner::cancelGeneration(const QString &id)
{
    for (auto it = m_running.cbegin(); it != m_running.cend(); ++it)
        if (it.key().first == id && it.value())
            it.value()->cancel();
}

void JobRunner::shutdown(int graceMs)
{
    m_stopping = true;
    m_poll.stop();
    m_sweep.stop();
    // m_renew keeps running: jobs given their grace stay ours until requeued.
    if (m_running.isEmpty()) {
        m_generations.requeueUnfinished();
        emit drained();
        return;
    }
    QTimer::singleShot(graceMs, this, [this] {
        const auto tasks = m_running.values();
        for (const auto &t : tasks)
            if (t)
                t->cancel();
        m_running.clear();
        m_generations.requeueUnfinished();
        emit drained();
    });
}
