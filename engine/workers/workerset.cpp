#include "workerset.h"

#include "synthesistask.h"
#include "workerprocess.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QTimer>

WorkerSet::WorkerSet(QString program, int inactivityTimeoutMs, int size)
    : m_program(std::move(program))
    , m_inactivityTimeoutMs(inactivityTimeoutMs)
    , m_size(size)
{
    for (int i = 0; i < m_size; ++i)
        add();
}

WorkerSet::~WorkerSet()
{
    clear();
}

void WorkerSet::clear()
{
    for (WorkerProcess *w : std::as_const(m_workers))
        delete w;
    m_workers.clear();
}

WorkerProcess *WorkerSet::spawn()
{
    auto *w = new WorkerProcess(m_program, m_inactivityTimeoutMs);
    connect(w, &WorkerProcess::ready, this, [this] {
        m_recentDeaths = 0;
        emit workerReady();
    });
    connect(w, &WorkerProcess::frameReceived, this, [this, w](const WorkerProtocol::Frame &f) { emit frameReceived(w, f); });
    connect(w, &WorkerProcess::died, this, [this, w] { emit workerDied(w); }, Qt::QueuedConnection);
    w->start();
    return w;
}

void WorkerSet::add()
{
    m_workers << spawn();
}

int WorkerSet::readyCount() const
{
    int n = 0;
    for (WorkerProcess *w : m_workers)
        n += w->isReady() ? 1 : 0;
    return n;
}

QList<qint64> WorkerSet::pids() const
{
    QList<qint64> pids;
    for (WorkerProcess *w : m_workers)
        pids << w->pid();
    return pids;
}

bool WorkerSet::waitUntilReady(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (readyCount() < size() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    return readyCount() == size();
}

void WorkerSet::retire(WorkerProcess *worker)
{
    m_workers.removeOne(worker);
    worker->setParent(this); // deleted with the set if it has not ended by then
    worker->retire();
}

void WorkerSet::forget(WorkerProcess *worker)
{
    m_workers.removeOne(worker);
    worker->deleteLater();
}

void WorkerSet::replaceDead(bool deliberate)
{
    if (!deliberate)
        ++m_recentDeaths;
    if (m_recentDeaths >= 5 && readyCount() == 0)
        emit unavailable();
    const int delay = keepDying() ? qMin(5000, 250 * m_recentDeaths) : 0;
    QTimer::singleShot(delay, this, [this] {
        if (size() < m_size)
            add();
    });
}
