#include "workerprocess.h"

#include "synthesistask.h"

#include <QCoreApplication>
#include <QScopeGuard>

namespace
{
constexpr int kWarmUpBoundMs = 30000;
}

WorkerProcess::WorkerProcess(const QString &program, int inactivityTimeoutMs, QObject *parent)
    : QObject(parent)
    , m_program(program)
{
    m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_process.setProcessEnvironment(workerEnvironment());
    m_watchdog.setSingleShot(true);
    m_watchdog.setInterval(inactivityTimeoutMs);
    m_inactivityTimeoutMs = inactivityTimeoutMs;
    // A worker that is busy but silent for too long is hung: kill it, the pool replaces
    // it. One that waits for a slow consumer's flow-control credit is not hung.
    connect(&m_watchdog, &QTimer::timeout, this, [this] {
        if (m_task && m_task->isWaitingForCredit()) {
            m_watchdog.start();
            return;
        }
        kill();
    });
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &WorkerProcess::onReadyRead);
    connect(&m_process, &QProcess::finished, this, &WorkerProcess::onFinished);
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            onFinished();
    });
}

QProcessEnvironment WorkerProcess::workerEnvironment()
{
    // The speech libraries read untrusted text: the process that runs them gets none of the
    // store's secrets (libpq's PG* variables, the database URL).
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QStringList names = env.keys();
    for (const QString &name : names)
        if (name.startsWith(QLatin1String("PG")) || name == QLatin1String("TTS_STUDIO_DATABASE"))
            env.remove(name);
    // The worker watches this process: once it is gone the worker exits at once, even in
    // the middle of a long library call (runWorkerLoop).
    env.insert(QStringLiteral("TTS_STUDIO_HOST_PID"), QString::number(QCoreApplication::applicationPid()));
    // Every symbol bound when the worker loads, not at first use: the process each
    // espeak-ng call is forked into (EspeakCall) otherwise looked up again, and copied the
    // pages of, every library function the call used. Measured (bench-stream --capacity,
    // bursts of 256 espeak-ng listeners, three interleaved pairs): listeners with an
    // underrun 61/36/9 lazily, 4/3/1 bound at load; first frame p99 ~30 ms lower.
    env.insert(QStringLiteral("LD_BIND_NOW"), QStringLiteral("1"));
    return env;
}

WorkerProcess::~WorkerProcess()
{
    m_process.disconnect(this);
    if (m_process.state() != QProcess::NotRunning) {
        m_process.closeWriteChannel(); // the worker exits on EOF
        if (!m_process.waitForFinished(200)) {
            m_process.kill();
            m_process.waitForFinished(1000);
        }
    }
}

void WorkerProcess::start()
{
    m_process.start(m_program, {}, QIODevice::ReadWrite | QIODevice::Unbuffered);
    // Warm-up (loading voices, measuring their loudness) takes seconds on a busy machine: a
    // short inactivity timeout must not kill a worker that has not answered Ready yet.
    m_watchdog.start(qMax(m_inactivityTimeoutMs, kWarmUpBoundMs));
}

void WorkerProcess::setTask(SynthesisTask *task)
{
    m_task = task;
    setBusy(task != nullptr);
}

void WorkerProcess::setBusy(bool busy)
{
    const bool wasBusy = m_busy;
    m_busy = busy;
    if (busy) {
        // From idle only: a busy worker's bound runs from its last frame (onReadyRead), so
        // one that has gone quiet is still found stuck while more work is handed to it
        // (the stream scheduler hands a worker units while it holds others).
        if (!wasBusy)
            m_watchdog.start();
        m_idle.invalidate();
    } else {
        m_watchdog.stop();
        m_idle.start();
    }
}

qint64 WorkerProcess::idleMs() const
{
    return m_ready && !m_busy && m_idle.isValid() ? m_idle.elapsed() : 0;
}

void WorkerProcess::retire()
{
    m_dead = true;
    m_ready = false;
    m_watchdog.stop();
    m_process.disconnect(this);
    connect(&m_process, &QProcess::finished, this, &QObject::deleteLater);
    m_process.closeWriteChannel(); // the worker exits on EOF
    QTimer::singleShot(2000, this, [this] { m_process.kill(); });
}

void WorkerProcess::send(WorkerProtocol::Type type, const QByteArray &payload)
{
    if (m_process.state() == QProcess::Running)
        m_process.write(WorkerProtocol::encode(type, payload));
}

void WorkerProcess::kill()
{
    if (m_process.state() != QProcess::NotRunning)
        m_process.kill();
}

void WorkerProcess::onReadyRead()
{
    // Frames are taken at an offset and removed once: removing each from the front moved
    // the rest of a read along with it, frame by frame.
    // Read into the buffer's end at its known size: readAll grew a new array by steps,
    // copying it at each.
    const qsizetype had = m_buffer.size();
    const qint64 available = m_process.bytesAvailable();
    m_buffer.resize(had + qsizetype(available));
    const qint64 got = available > 0 ? m_process.read(m_buffer.data() + had, available) : 0;
    m_buffer.resize(had + qsizetype(qMax<qint64>(0, got)));
    const QByteArray buffer = m_buffer; // what a frame's receiver does cannot touch these bytes
    qsizetype offset = 0;
    const auto consumed = qScopeGuard([&] { m_buffer.remove(0, qMin(offset, m_buffer.size())); });
    for (;;) {
        bool corrupt = false;
        auto frame = WorkerProtocol::take(buffer, &offset, &corrupt);
        if (corrupt) {
            kill();
            return;
        }
        if (!frame)
            break;
        if (m_busy || !m_ready)
            m_watchdog.start();
        if (frame->type == WorkerProtocol::Type::Ready) {
            m_ready = true;
            m_watchdog.stop();
            m_watchdog.setInterval(m_inactivityTimeoutMs);
            m_idle.start();
            emit ready();
            continue;
        }
        emit frameReceived(*frame);
    }
}

void WorkerProcess::onFinished()
{
    if (m_dead)
        return;
    m_dead = true;
    m_ready = false;
    m_watchdog.stop();
    emit died();
}
