#include "workerpool.h"

#include "synthesistask.h"
#include "workerprocess.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>
#include <QTimer>
#include <QtEndian>

WorkerPool::WorkerPool(Options options, QObject *parent)
    : QObject(parent)
    , m_options(normalized(std::move(options)))
    , m_workers(m_options.workerProgram, m_options.inactivityTimeoutMs, m_options.workers)
{
    connect(&m_workers, &WorkerSet::workerReady, this, [this] {
        emit workerReady();
        dispatch();
    });
    connect(&m_workers, &WorkerSet::frameReceived, this, &WorkerPool::onFrame);
    connect(&m_workers, &WorkerSet::workerDied, this, &WorkerPool::onDied);
    connect(&m_workers, &WorkerSet::unavailable, this, &WorkerPool::failQueued);
    if (m_options.maxWorkers > m_options.workers) {
        m_retireTimer.setInterval(qBound(100, m_options.idleRetireMs / 4, 15000));
        connect(&m_retireTimer, &QTimer::timeout, this, &WorkerPool::retireIdle);
        m_retireTimer.start();
        m_growTimer.setSingleShot(true);
        m_growTimer.setInterval(m_options.growAfterMs);
        connect(&m_growTimer, &QTimer::timeout, this, &WorkerPool::grow);
    }
}

WorkerPool::~WorkerPool()
{
    m_workers.clear();
}

WorkerPool::Options WorkerPool::normalized(Options options)
{
    if (options.workers <= 0)
        options.workers = qMax(1, QThread::idealThreadCount());
    if (options.workerProgram.isEmpty())
        options.workerProgram = defaultWorkerProgram();
    return options;
}

QString WorkerPool::defaultWorkerProgram()
{
    const QString env = qEnvironmentVariable("TTS_STUDIO_WORKER");
    if (!env.isEmpty())
        return env;
    // Beside the executable in a build tree; installed, in PREFIX/libexec/tts-studio (the
    // worker and its zygote are helpers, not commands on the PATH).
    const QDir bin(QCoreApplication::applicationDirPath());
    const QString beside = bin.filePath(QStringLiteral("tts-worker"));
    const QString libexec = bin.filePath(QStringLiteral("../libexec/tts-studio/tts-worker"));
    if (!QFileInfo::exists(beside) && QFileInfo::exists(libexec))
        return QDir::cleanPath(libexec);
    return beside;
}

int WorkerPool::readyWorkers() const
{
    return m_workers.readyCount();
}

int WorkerPool::busyWorkers() const
{
    int n = 0;
    for (WorkerProcess *w : m_workers.list())
        n += w->task() ? 1 : 0;
    return n;
}

QList<qint64> WorkerPool::workerPids() const
{
    return m_workers.pids();
}

bool WorkerPool::waitUntilReady(int timeoutMs)
{
    return m_workers.waitUntilReady(timeoutMs);
}

SynthesisTask *WorkerPool::submit(const SynthesisJob &job)
{
    auto *task = new SynthesisTask(this, job);
    task->setParent(this);
    m_queue.enqueue(task);
    // Dispatch from the event loop so callers can connect to the task's signals first.
    QMetaObject::invokeMethod(this, &WorkerPool::dispatch, Qt::QueuedConnection);
    return task;
}

SynthesisTask *WorkerPool::newTask(const SynthesisJob &job)
{
    return new SynthesisTask(this, job);
}

void WorkerPool::post(SynthesisTask *task)
{
    task->moveToThread(thread());
    QMetaObject::invokeMethod(this, [this, task = QPointer<SynthesisTask>(task)] {
        if (!task)
            return;
        task->setParent(this);
        m_queue.enqueue(task);
        dispatch(); // the caller connected already: no second trip through the event loop
    }, Qt::QueuedConnection);
}

void WorkerPool::dispatch()
{
    assignTasks();
    if (!m_queue.isEmpty() && m_options.maxWorkers > m_options.workers && !m_growTimer.isActive())
        m_growTimer.start();
}

void WorkerPool::assignTasks()
{
    for (WorkerProcess *w : m_workers.list()) {
        if (m_queue.isEmpty())
            return;
        if (!w->isReady() || w->task())
            continue;
        QPointer<SynthesisTask> task;
        while (!m_queue.isEmpty() && !task)
            task = m_queue.dequeue();
        if (!task)
            return;
        ++task->m_attempts;
        w->setTask(task);
        w->send(WorkerProtocol::Type::Job, QJsonDocument(task->m_job.toJson()).toJson(QJsonDocument::Compact));
    }
}

// Tasks that have waited growAfterMs for a worker would otherwise wait for whole jobs
// (a live stream holds its worker to the end). Not sooner: short jobs free workers
// within milliseconds, and a worker started for nothing costs 25-100 ms of CPU, from
// the streams being served. One warm-up per core at a time, for the same reason.
void WorkerPool::grow()
{
    if (m_queue.isEmpty() || m_workers.keepDying())
        return; // nothing waits, or workers die young: onDied() replaces them with a backoff
    int warming = 0;
    for (WorkerProcess *w : m_workers.list())
        warming += w->isReady() ? 0 : 1;
    const int maxWarming = qMax(1, QThread::idealThreadCount());
    for (qsizetype need = m_queue.size() - warming;
         need > 0 && warming < maxWarming && m_workers.size() < m_options.maxWorkers; --need, ++warming)
        m_workers.add();
    m_growTimer.start(); // again, while tasks still wait
}

void WorkerPool::retireIdle()
{
    int idle = 0;
    for (WorkerProcess *w : m_workers.list())
        idle += w->idleMs() > 0 ? 1 : 0;
    for (WorkerProcess *w : QList<WorkerProcess *>(m_workers.list())) {
        if (m_workers.size() <= m_options.workers || idle <= m_options.workers)
            return;
        if (w->idleMs() < m_options.idleRetireMs)
            continue;
        --idle;
        m_workers.retire(w);
    }
}

WorkerProcess *WorkerPool::workerOf(SynthesisTask *task) const
{
    for (WorkerProcess *w : m_workers.list())
        if (w->task() == task)
            return w;
    return nullptr;
}

void WorkerPool::cancel(SynthesisTask *task)
{
    task->m_cancelled = true;
    if (WorkerProcess *w = workerOf(task)) {
        w->kill(); // onDied reports the cancellation and replaces the worker
        return;
    }
    m_queue.removeAll(QPointer<SynthesisTask>(task));
    finishTask(task, false, QStringLiteral("Cancelled"));
}

void WorkerPool::stop(SynthesisTask *task)
{
    if (task->m_cancelled)
        return; // already stopping
    WorkerProcess *w = workerOf(task);
    if (!w) {
        cancel(task);
        return;
    }
    // Killing would cost a new worker's warm-up, on the CPU that serves other streams.
    task->m_cancelled = true;
    w->send(WorkerProtocol::Type::Stop, {});
    QTimer::singleShot(kStopGraceMs, w, [w, task = QPointer<SynthesisTask>(task)] {
        if (task && w->task() == task)
            w->kill(); // busy in one long stretch of synthesis: onDied replaces it
    });
}

void WorkerPool::finishEarly(SynthesisTask *task)
{
    if (task->m_cancelled || task->m_finishing)
        return;
    WorkerProcess *w = workerOf(task);
    if (!w) {
        cancel(task); // still queued: nothing was made
        return;
    }
    task->m_finishing = true;
    w->send(WorkerProtocol::Type::Finish, {});
    QTimer::singleShot(kFinishGraceMs, w, [w, task = QPointer<SynthesisTask>(task)] {
        if (task && w->task() == task)
            w->kill(); // stuck: onDied fails the task, nothing is kept
    });
}

void WorkerPool::credit(SynthesisTask *task, qint64 bytes)
{
    task->m_outstanding = qMax<qint64>(0, task->m_outstanding - bytes);
    if (WorkerProcess *w = workerOf(task)) {
        char le[4];
        qToLittleEndian<quint32>(quint32(qMin<qint64>(bytes, 0x7fffffff)), le);
        w->send(WorkerProtocol::Type::Credit, QByteArray(le, 4));
    }
}

void WorkerPool::onFrame(WorkerProcess *worker, const WorkerProtocol::Frame &frame)
{
    SynthesisTask *task = worker->task();
    if (!task)
        return;
    switch (frame.type) {
    case WorkerProtocol::Type::Started:
        if (task->m_attempts == 1)
            emit task->started();
        break;
    case WorkerProtocol::Type::Audio:
        if (task->m_cancelled)
            break; // sent before the worker saw the stop
        task->m_samples += frame.payload.size() / qsizetype(sizeof(float));
        task->m_audioSent = true;
        task->m_outstanding += frame.payload.size();
        emit task->audio(frame.payload);
        if (!task->m_manualCredit)
            credit(task, frame.payload.size());
        break;
    case WorkerProtocol::Type::Sentence:
        if (!task->m_cancelled) {
            const QJsonObject o = QJsonDocument::fromJson(frame.payload).object();
            emit task->sentence(o.value("index").toInt(), qint64(o.value("samples").toDouble()));
        }
        break;
    case WorkerProtocol::Type::Words: {
        if (task->m_cancelled)
            break;
        const auto words = WordTimings::fromJson(QJsonDocument::fromJson(frame.payload).object().value("words").toArray());
        task->m_words += words;
        task->m_audioSent = true; // handed out: a retry would repeat them
        emit task->words(words);
        break;
    }
    case WorkerProtocol::Type::Done: {
        const QJsonObject o = QJsonDocument::fromJson(frame.payload).object();
        task->m_samples = qint64(o.value("samples").toDouble());
        task->m_textTotal = qint64(o.value("text_total").toDouble());
        task->m_textSpoken = qint64(o.value("text_spoken").toDouble(double(task->m_textTotal)));
        worker->setTask(nullptr);
        if (task->m_cancelled) { // finished before it saw the stop: drop it all the same
            if (!task->m_job.outputPath.isEmpty())
                QFile::remove(task->m_job.outputPath);
            finishTask(task, false, QStringLiteral("Cancelled"));
        } else {
            finishTask(task, true, {});
        }
        dispatch();
        break;
    }
    case WorkerProtocol::Type::Error: {
        const QJsonObject o = QJsonDocument::fromJson(frame.payload).object();
        worker->setTask(nullptr);
        task->m_reachedAudioBound = !task->m_cancelled && o.value("over_bound").toBool();
        finishTask(task, false, task->m_cancelled ? QStringLiteral("Cancelled")
                                                  : o.value("message").toString(QStringLiteral("synthesis failed")));
        dispatch();
        break;
    }
    default:
        break;
    }
}

void WorkerPool::onDied(WorkerProcess *worker)
{
    QPointer<SynthesisTask> task = worker->task();
    worker->setTask(nullptr);
    m_workers.forget(worker);

    // A worker killed because it did not heed a Stop in time was not a failure to start:
    // it does not count toward "workers keep dying" (which fails every queued stream).
    const bool deliberate = task && (task->m_cancelled || task->m_finishing);
    if (task) {
        if (!task->m_job.outputPath.isEmpty())
            QFile::remove(task->m_job.outputPath);
        if (task->m_cancelled || task->m_finishing) {
            finishTask(task, false, QStringLiteral("Cancelled"));
        } else if (!task->m_audioSent && task->m_attempts < m_options.maxAttempts) {
            m_queue.prepend(task); // its samples never left the pool: safe to run again
        } else {
            finishTask(task, false, QStringLiteral("synthesis worker crashed"));
        }
    }
    m_workers.replaceDead(deliberate);
    dispatch(); // a task to run again may find another warm worker (a grown pool replaces none)
}

void WorkerPool::failQueued()
{
    while (!m_queue.isEmpty())
        if (QPointer<SynthesisTask> t = m_queue.dequeue())
            finishTask(t, false, QStringLiteral("synthesis workers are unavailable"));
}

void WorkerPool::finishTask(SynthesisTask *task, bool ok, const QString &message)
{
    if (task->m_done)
        return;
    task->m_done = true;
    if (ok)
        emit task->finished(task->m_samples, task->m_textSpoken, task->m_textTotal);
    else
        emit task->failed(message);
    task->deleteLater();
}
