#pragma once

#include "workerprotocol.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QTimer>

class SynthesisTask;

// Host side of one synthesis worker process: starts it, frames its pipes, and
// notices when it dies or stops answering.
class WorkerProcess : public QObject
{
    Q_OBJECT

public:
    WorkerProcess(const QString &program, int inactivityTimeoutMs, QObject *parent = nullptr);
    ~WorkerProcess() override;

    void start();
    bool isReady() const { return m_ready; }
    qint64 pid() const { return m_process.processId(); }
    SynthesisTask *task() const { return m_task; }
    void setTask(SynthesisTask *task);
    // Busy without a SynthesisTask: a stream scheduler's unit (the watchdog runs, the
    // idle clock stops). setTask() sets it too.
    void setBusy(bool busy);
    bool isBusy() const { return m_busy; }
    void send(WorkerProtocol::Type type, const QByteArray &payload);
    void kill();
    // How long it has been warm and without a task (0 while busy or warming up).
    qint64 idleMs() const;
    // Lets the process end (EOF on its input) and deletes this object when it has;
    // no died() follows. The pool must have forgotten it already.
    void retire();

signals:
    void ready();
    void frameReceived(const WorkerProtocol::Frame &frame);
    void died();

private:
    static QProcessEnvironment workerEnvironment();
    void onReadyRead();
    void onFinished();

    QProcess m_process;
    QString m_program;
    QByteArray m_buffer;
    QTimer m_watchdog;
    int m_inactivityTimeoutMs = 0;
    QElapsedTimer m_idle;
    QPointer<SynthesisTask> m_task;
    bool m_ready = false;
    bool m_dead = false;
    bool m_busy = false;
};
