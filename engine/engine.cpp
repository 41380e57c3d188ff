#include "engine.h"

#include "jobrunner.h"
#include "livegeneration.h"
#include "settingsstore.h"
#include "storewatch.h"
#include "streamscheduler.h"
#include "workerpool.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QRandomGenerator>
#include <QTimer>
#include <QUuid>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

Engine::Engine(Options options, QObject *parent)
    : QObject(parent)
    , m_options(std::move(options))
    , m_nodeId(QUuid::createUuid().toString(QUuid::WithoutBraces))
    , m_rateLimiter(m_options.rateLimitPerMinute)
{
    m_thread.setObjectName(QStringLiteral("engine"));
    // Store work is short; a few threads keep SQLite busy without thrashing 2 cores.
    m_storePool.setMaxThreadCount(4);
    m_storePool.setExpiryTimeout(-1); // threads keep their store connection
}

Engine::~Engine()
{
    // Running analyses wait on the worker pools deleted below.
    m_voiceAnalysis.stop();
    m_storePool.waitForDone();
    if (m_runtimeLock >= 0)
        ::close(m_runtimeLock);
    if (m_thread.isRunning()) {
        QMetaObject::invokeMethod(m_runner, [this] {
            delete m_watch;
            m_watch = nullptr;
            delete m_runner;
            delete m_pool;
            delete m_streamScheduler;
            m_streamScheduler = nullptr;
            m_runner = nullptr;
            m_pool = nullptr;
        }, Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }
}

QString Engine::open()
{
    if (!m_catalog.loadError().isEmpty())
        return QStringLiteral("voice catalog: %1").arg(m_catalog.loadError());
    const QDir dir(m_options.dataDir);
    if (!QDir().mkpath(dir.absolutePath()))
        return QStringLiteral("cannot create data directory %1").arg(dir.absolutePath());
    m_db = std::make_unique<Database>(m_options.database.isEmpty() ? dir.filePath(QStringLiteral("tts-studio.db"))
                                                                    : m_options.database);
    if (QString err = m_db->open(); !err.isEmpty())
        return err;
    // The URL-signing secret is made once and kept, so links survive restarts.
    QByteArray fresh(32, Qt::Uninitialized);
    QRandomGenerator::system()->generate(reinterpret_cast<quint32 *>(fresh.data()),
                                         reinterpret_cast<quint32 *>(fresh.data() + fresh.size()));
    const auto secret = SettingsStore(*m_db).valueOrInsert(QStringLiteral("url_secret"), fresh);
    if (!secret)
        return QStringLiteral("cannot read the server secret from the store");
    m_signer.setSecret(*secret);
    m_voices = std::make_unique<VoiceDirectory>(m_catalog, *m_db);
    m_authRevision = std::make_unique<SharedCounter>(dir.filePath(QStringLiteral("auth-revision")));
    if (!m_authRevision->isShared())
        qWarning("cannot map %s: API keys are checked in the store on every request",
                 qPrintable(dir.filePath(QStringLiteral("auth-revision"))));
    m_accounts = std::make_unique<AccountService>(*m_db, m_authRevision.get());
    m_keys = std::make_unique<KeyService>(*m_db, m_authRevision.get());
    GenerationService::Options go;
    go.ttlMs = m_options.generationTtlSec * 1000;
    go.maxQueued = m_options.maxQueued;
    go.audioDir = m_options.audioDir.isEmpty() ? dir.filePath(QStringLiteral("audio")) : m_options.audioDir;
    go.nodeId = m_nodeId;
    go.leaseMs = m_options.leaseMs;
    m_deletions = std::make_unique<SharedCounter>(dir.filePath(QStringLiteral("deletions")));
    if (!m_deletions->isShared())
        qWarning("cannot map %s: finished generations are read from the store on every poll",
                 qPrintable(dir.filePath(QStringLiteral("deletions"))));
    go.deletions = m_deletions.get();
    m_generations = std::make_unique<GenerationService>(*m_db, *m_voices, go);
    m_live = std::make_unique<LiveGenerations>(
        LiveGenerations::Services{m_generations.get(), &m_catalog, &m_metrics, &m_storePool, m_options.maxStreams});
    connect(m_generations.get(), &GenerationService::generationChanged, this, [this](const QString &, const QString &status) {
        if (status == GenerationStatus::Completed || status == GenerationStatus::Failed)
            m_metrics.recordGenerationFinished(status);
    }, Qt::DirectConnection);
    return {};
}

void Engine::startRuntime()
{
    if (m_thread.isRunning())
        return;
    // What another process left GENERATING is recovered (requeued, or failed if a
    // stream) only if no other process is running on this data dir: the studio and a
    // headless server share the default one. Each holds runtime.lock shared; one that
    // gets it exclusively first is alone. Without a lock file, recover as before.
    m_runtimeLock = ::open(QFile::encodeName(QDir(m_options.dataDir).filePath(QStringLiteral("runtime.lock"))).constData(),
                           O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    // On a shared store (PostgreSQL) never: other nodes' jobs are theirs until their
    // leases run out, and then any node takes them over (JobRunner).
    const bool alone = !m_db->isShared() && (m_runtimeLock < 0 || ::flock(m_runtimeLock, LOCK_EX | LOCK_NB) == 0);
    if (m_runtimeLock >= 0)
        ::flock(m_runtimeLock, LOCK_SH);
    m_thread.start();
    // Pool and runner are created on the engine thread so that their processes,
    // timers and store connections belong to it.
    auto *context = new QObject;
    context->moveToThread(&m_thread);
    QMetaObject::invokeMethod(context, [this, alone] {
        WorkerPool::Options po;
        po.workers = m_options.workers;
        po.inactivityTimeoutMs = m_options.inactivityTimeoutMs;
        m_pool = new WorkerPool(po);
        StreamScheduler::Options so;
        so.workers = qMax(1, m_options.streamWorkers); // fixed: streams share them unit by unit
        so.inactivityTimeoutMs = m_options.inactivityTimeoutMs;
        if (m_options.streamFirstUnitsPerWorker > 0)
            so.firstUnitsPerWorker = m_options.streamFirstUnitsPerWorker;
        m_streamScheduler = new StreamScheduler(so);
        m_runner = new JobRunner(*m_generations, *m_pool, &m_metrics);
        auto *sampler = new QTimer(m_runner);
        sampler->setInterval(250);
        connect(sampler, &QTimer::timeout, m_runner, [this] {
            m_metrics.setWorkers(m_pool->workerCount() + m_streamScheduler->workerCount(),
                                 m_pool->busyWorkers() + m_streamScheduler->busyWorkers());
            m_readyWorkers.storeRelaxed(m_pool->readyWorkers() + m_streamScheduler->readyWorkers());
        });
        sampler->start();
        connect(m_generations.get(), &GenerationService::jobQueued, m_runner, &JobRunner::pump, Qt::QueuedConnection);
        connect(m_generations.get(), &GenerationService::cancelRequested, m_runner, &JobRunner::cancelGeneration,
                Qt::QueuedConnection);
        m_runner->start(alone);
        if (m_db->isShared()) {
            m_keys->setCacheConfirmation(&m_authConfirmedMs);
            m_watch = new StoreWatch({m_db.get(), m_nodeId, m_authRevision.get(), m_deletions.get(), &m_rateLimiter,
                                      &m_authConfirmedMs});
        }
    }, Qt::BlockingQueuedConnection);
    context->deleteLater();
    m_live->setStreamScheduler(m_streamScheduler);
}

void Engine::shutdown(int graceMs)
{
    // Uploads waiting for an analysis are answered (503, Retry-After) while the event
    // loop still runs to write the answers.
    const bool answered = m_voiceAnalysis.beginShutdown() > 0;
    if (m_thread.isRunning() && m_runner) {
        QEventLoop loop;
        connect(m_runner, &JobRunner::drained, &loop, &QEventLoop::quit, Qt::QueuedConnection);
        QMetaObject::invokeMethod(m_runner, [this, graceMs] { m_runner->shutdown(graceMs); }, Qt::QueuedConnection);
        loop.exec();
    }
    if (answered) { // a round for the sockets to write them (drained may come at once)
        QEventLoop loop;
        QTimer::singleShot(50, &loop, &QEventLoop::quit);
        loop.exec();
    }
}

Services Engine::services()
{
    Services::Parts p;
    p.accounts = m_accounts.get();
    p.keys = m_keys.get();
    p.generations = m_generations.get();
    p.lexicons = &m_generations->lexicons();
    p.voices = m_voices.get();
    p.catalog = &m_catalog;
    p.live = m_live.get();
    p.rateLimiter = &m_rateLimiter;
    p.urlSigner = &m_signer;
    p.metrics = &m_metrics;
    p.storePool = &m_storePool;
    p.voiceAnalysis = &m_voiceAnalysis;
    p.pool = [this] { return m_pool; };
    p.database = m_db.get();
    p.readyWorkers = [this] { return readyWorkers(); };
    return Services(std::move(p));
}
