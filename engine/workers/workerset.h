#pragma once

#include "workerprotocol.h"

#include <QList>
#include <QObject>
#include <QString>

class WorkerProcess;

// The warm worker processes (tts-worker) of one owner, the WorkerPool or the
// StreamScheduler: starts them, tells which are warm, and puts a new one in the place of
// one that died, backing off while workers keep dying before they get warm. The owner
// gives them work and handles what they held.
class WorkerSet : public QObject
{
    Q_OBJECT

public:
    // size workers start at once; program: the worker executable.
    WorkerSet(QString program, int inactivityTimeoutMs, int size);
    ~WorkerSet() override;

    const QList<WorkerProcess *> &list() const { return m_workers; }
    int size() const { return int(m_workers.size()); }
    int readyCount() const;
    QList<qint64> pids() const;
    // Waits (running the event loop) until every worker is warm; for tests and benchmarks.
    bool waitUntilReady(int timeoutMs);
    // Starts one more (a pool that grows past its size).
    void add();
    // Lets an idle worker go: it ends once its input closes (WorkerProcess::retire).
    void retire(WorkerProcess *worker);
    // Ends every worker now (the owner's destructor).
    void clear();

    // After workerDied(): forget() drops the worker at once (its owner then handles what it
    // held), replaceDead() starts another in its place. A death that was not deliberate (a
    // worker killed for not heeding a Stop in time is) counts towards the back-off.
    void forget(WorkerProcess *worker);
    void replaceDead(bool deliberate);
    // Workers died young more than three times in a row: the replacements back off, and
    // a pool does not grow.
    bool keepDying() const { return m_recentDeaths > 3; }

signals:
    void workerReady();
    void frameReceived(WorkerProcess *worker, const WorkerProtocol::Frame &frame);
    void workerDied(WorkerProcess *worker);
    // Workers keep dying and none is warm: none can start (a missing program, a broken
    // install). The owner fails its work instead of letting it wait forever.
    void unavailable();

private:
    WorkerProcess *spawn();

    QString m_program;
    int m_inactivityTimeoutMs;
    int m_size;
    QList<WorkerProcess *> m_workers;
    int m_recentDeaths = 0; // deaths since a worker last got warm
};
