#include "streamscheduler.h"

#include "workerpool.h"
#include "workerprocess.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>

StreamScheduler::StreamScheduler(Options options, QObject *parent)
    : QObject(parent)
    , m_options(normalized(std::move(options)))
    , m_workers(m_options.workerProgram, m_options.inactivityTimeoutMs, m_options.workers)
{
    m_clock.start();
    m_files.setMaxThreadCount(1);
    m_syncs.setMaxThreadCount(2);
    connect(&m_workers, &WorkerSet::workerReady, this, &StreamScheduler::dispatch);
    connect(&m_workers, &WorkerSet::frameReceived, this, &StreamScheduler::onFrame);
    connect(&m_workers, &WorkerSet::workerDied, this, &StreamScheduler::onDied);
    connect(&m_workers, &WorkerSet::unavailable, this, &StreamScheduler::failAll);
}

StreamScheduler::~StreamScheduler()
{
    m_files.waitForDone(); // what they post back to this object is dropped with it
    m_syncs.waitForDone(); // (after the file thread: it hands closes over to these)
    m_workers.clear();
}

StreamScheduler::Options StreamScheduler::normalized(Options options)
{
    options.workers = qMax(1, options.workers);
    options.firstUnitsPerWorker = qMax(1, options.firstUnitsPerWorker);
    if (options.workerProgram.isEmpty())
        options.workerProgram = WorkerPool::defaultWorkerProgram();
    return options;
}

int StreamScheduler::readyWorkers() const
{
    return m_workers.readyCount();
}

int StreamScheduler::busyWorkers() const
{
    return int(m_units.size()); // busy workers only
}

qsizetype StreamScheduler::indexOf(const QList<Unit> &units, quint32 tag)
{
    for (qsizetype i = 0; i < units.size(); ++i)
        if (units.at(i).tag == tag)
            return i;
    return -1;
}

bool StreamScheduler::holds(const QList<Unit> &units, quint32 tag)
{
    return indexOf(units, tag) >= 0;
}

int StreamScheduler::heldUnits() const
{
    int n = 0;
    for (const QList<Unit> &units : m_units)
        n += int(units.size());
    return n;
}

int StreamScheduler::activeStreams() const
{
    int n = 0;
    for (const QPointer<StreamTask> &t : m_tasks)
        n += t && !t->isDone() ? 1 : 0;
    return n;
}

QList<qint64> StreamScheduler::workerPids() const
{
    return m_workers.pids();
}

bool StreamScheduler::waitUntilReady(int timeoutMs)
{
    return m_workers.waitUntilReady(timeoutMs);
}

StreamTask *StreamScheduler::newTask(const SynthesisJob &job)
{
    return new StreamTask(this, job);
}

void StreamScheduler::post(StreamTask *task)
{
    task->moveToThread(thread());
    QMetaObject::invokeMethod(this, [this, task = QPointer<StreamTask>(task)] {
        if (!task)
            return;
        task->setParent(this);
        m_tasks.append(task);
        task->prepare();
        dispatch(); // the caller connected already: no second trip through the event loop
        task->openFile();
    }, Qt::QueuedConnection);
}

int StreamScheduler::firstUnits(const QList<Unit> &units)
{
    int n = 0;
    for (const Unit &u : units)
        n += u.first ? 1 : 0;
    return n;
}

void StreamScheduler::dispatch()
{
    m_tasks.removeIf([](const QPointer<StreamTask> &t) { return !t || t->isDone(); });
    for (;;) {
        // The worker holding the fewest units (a worker runs its units by turns, the one
        // due first going on: the load is spread, not queued behind a long unit); for a
        // new stream's first unit, the one among those with room for one.
        WorkerProcess *any = nullptr, *forFirst = nullptr;
        qsizetype anyHolds = 0, forFirstHolds = 0;
        for (WorkerProcess *candidate : m_workers.list()) {
            if (!candidate->isReady())
                continue;
            const QList<Unit> units = m_units.value(candidate);
            const qsizetype holds = units.size();
            if (holds >= kUnitsPerWorker)
                continue;
            if (!any || holds < anyHolds) {
                any = candidate;
                anyHolds = holds;
            }
            if (firstUnits(units) < m_options.firstUnitsPerWorker && (!forFirst || holds < forFirstHolds)) {
                forFirst = candidate;
                forFirstHolds = holds;
            }
        }
        if (!any)
            return;
        // Earliest playback deadline first; among equals, the stream that came first.
        // (Newcomers waiting for a first-unit place go in the order they came: the worker
        // alone lets heard listeners ahead of the late ones, HeldJob::due.)
        StreamTask *next = nullptr;
        qint64 due = 0;
        for (const QPointer<StreamTask> &t : std::as_const(m_tasks)) {
            if (!t->isRunnable() || (!forFirst && t->awaitsFirstUnit()))
                continue;
            const qint64 d = t->deadlineMs();
            if (!next || d < due) {
                next = t;
                due = d;
            }
        }
        if (!next)
            return;
        const bool first = next->awaitsFirstUnit();
        WorkerProcess *w = first ? forFirst : any;
        SynthesisJob unit = next->nextUnit();
        unit.tag = ++m_lastTag == 0 ? ++m_lastTag : m_lastTag; // 0 means none
        unit.dueMs = m_clock.msecsSinceReference() + due; // the steady clock, as the worker reads it
        next->m_unitTag = unit.tag;
        next->m_unitRunning = false;
        m_units[w].append({unit.tag, next, first});
        w->setBusy(true);
        w->send(WorkerProtocol::Type::Job, QJsonDocument(unit.toJson()).toJson(QJsonDocument::Compact));
    }
}

void StreamScheduler::onFileThread(std::function<std::function<void()>()> work)
{
    runThenHere(m_files, std::move(work));
}

void StreamScheduler::onSyncThread(std::function<std::function<void()>()> work)
{
    runThenHere(m_syncs, std::move(work));
}

void StreamScheduler::runThenHere(QThreadPool &pool, std::function<std::function<void()>()> work)
{
    pool.start([this, work = std::move(work)] {
        if (std::function<void()> then = work())
            QMetaObject::invokeMethod(this, std::move(then), Qt::QueuedConnection);
    });
}

bool StreamScheduler::signalUnit(StreamTask *task, WorkerProtocol::Type type, int graceMs)
{
    for (auto it = m_units.cbegin(); it != m_units.cend(); ++it) {
        if (!holds(it.value(), task->m_unitTag))
            continue;
        WorkerProcess *w = it.key();
        w->send(type, WorkerProtocol::tagPayload(task->m_unitTag));
        // One that has not begun is answered at once, without synthesis. One that has:
        // it goes first at the running unit's next chunk. A worker busy with it alone in
        // one long stretch of synthesis is killed (onDied replaces it); one that holds
        // other streams' units is not (they would fail with it): it answers at its next
        // chunk, and its inactivity watchdog still ends it if it is stuck.
        if (!task->m_unitRunning)
            return false;
        QTimer::singleShot(graceMs, w, [this, w, task = QPointer<StreamTask>(task)] {
            const QList<Unit> units = m_units.value(w);
            if (task && units.size() == 1 && units.first().tag == task->m_unitTag)
                w->kill();
        });
        return true;
    }
    return false;
}

void StreamScheduler::onFrame(WorkerProcess *worker, const WorkerProtocol::Frame &frame)
{
    const auto units = m_units.find(worker);
    if (units == m_units.end() || units->isEmpty())
        return;
    if (frame.type == WorkerProtocol::Type::Turn) {
        // The frames that follow are this unit's.
        const quint32 tag = WorkerProtocol::tagOf(frame);
        m_current[worker] = tag;
        for (const Unit &u : std::as_const(*units))
            if (u.tag == tag && u.task)
                u.task->m_unitRunning = true;
        return;
    }
    const quint32 tag = m_current.value(worker);
    const qsizetype at = indexOf(*units, tag);
    if (at < 0)
        return; // no Turn named a unit it holds: nothing to give the frame to
    // The task may be gone (a stream that ended while its unit ran): its frames are dropped.
    const QPointer<StreamTask> task = units->at(at).task;
    const bool ends = frame.type == WorkerProtocol::Type::Done || frame.type == WorkerProtocol::Type::Error;
    if (ends) {
        units->removeAt(at);
        m_current.remove(worker);
        if (units->isEmpty()) {
            m_units.erase(units);
            worker->setBusy(false);
        } // else the others go on: the frame restarted the inactivity bound
    }
    if (task) {
        const QJsonObject o = ends ? QJsonDocument::fromJson(frame.payload).object() : QJsonObject();
        if (frame.type == WorkerProtocol::Type::Done)
            task->onUnitDone(o);
        else if (frame.type == WorkerProtocol::Type::Error)
            task->onUnitError(o.value("message").toString(QStringLiteral("synthesis failed")), o.value("over_bound").toBool());
        else
            task->onUnitFrame(frame);
    }
    if (ends)
        dispatch();
}

void StreamScheduler::onDied(WorkerProcess *worker)
{
    // The unit whose frames it was sending when it died is the one it died on (as far as
    // anyone can tell): it is charged an attempt and tells whether the death was a
    // crash. The others were only waiting for their turn there: tried again uncharged.
    const quint32 culprit = m_current.value(worker);
    const QList<Unit> lost = m_units.take(worker);
    m_current.remove(worker);
    m_workers.forget(worker);
    // A worker killed because it did not heed a Stop in time was not a failure to start.
    bool deliberate = false;
    for (const Unit &u : lost) {
        if (u.tag == culprit || lost.size() == 1)
            deliberate = !u.task || u.task->m_stopping || u.task->m_finishing || u.task->isDone();
    }
    // Its units: those none of whose audio went out are tried again.
    for (const Unit &u : lost) {
        if (u.task)
            u.task->onUnitLost(u.tag == culprit || lost.size() == 1);
    }
    m_workers.replaceDead(deliberate);
    dispatch();
}

void StreamScheduler::failAll()
{
    for (const QPointer<StreamTask> &t : QList<QPointer<StreamTask>>(m_tasks))
        if (t && !t->isDone())
            t->fail(QStringLiteral("synthesis workers are unavailable"));
}
