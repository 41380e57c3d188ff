#pragma once

#include "accountservice.h"
#include "database.h"
#include "generationservice.h"
#include "keyservice.h"
#include "livegenerations.h"
#include "metrics.h"
#include "ratelimiter.h"
#include "services.h"
#include "sharedcounter.h"
#include "urlsigner.h"
#include "voiceanalysisservice.h"
#include "voicecatalog.h"
#include "voicedirectory.h"

#include <QObject>
#include <QThread>
#include <QThreadPool>

#include <atomic>
#include <memory>

class JobRunner;
class StoreWatch;
class StreamScheduler;
class WorkerPool;

// One per process: the store, the services, and (when running) the worker pool and
// job runner on their own thread. Shared by the HTTP server, WebSocket and GUI.
class Engine : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        QString dataDir;
        // postgresql://USER@HOST:PORT/DB (docs/scale-out.md); empty: SQLite in dataDir.
        QString database;
        QString audioDir;             // empty: dataDir/audio
        qint64 leaseMs = 30000;       // how long a claimed job is held without a renewal
        int workers = 0;              // 0: one per core
        qint64 generationTtlSec = 86400;
        int rateLimitPerMinute = 600;
        int maxQueued = 1000;
        int inactivityTimeoutMs = 30000;
        int maxStreams = 64;          // concurrent live (WebSocket/GUI) generations
        int streamWorkers = 2;        // warm workers for live streams, however many run (StreamScheduler)
        int streamFirstUnitsPerWorker = 0; // 0: StreamScheduler::kFirstUnitsPerWorker (tests set fewer)
    };

    explicit Engine(Options options, QObject *parent = nullptr);
    ~Engine() override;

    // Opens the store. Returns an error text or empty.
    QString open();
    // Starts workers and the job runner (server and GUI modes; not CLI commands).
    void startRuntime();
    // Stops claiming jobs, gives running ones graceMs, requeues the rest. Blocks.
    void shutdown(int graceMs);
    // Before shutdown(), on the thread the live generations live on (server/GUI): see
    // LiveGenerations::endAll(). Their store work is then done before any store thread
    // goes away (which would leave them GENERATING with money reserved).
    void endLiveGenerations(int waitMs) { m_live->endAll(waitMs); }

    const Options &options() const { return m_options; }
    // This engine among the nodes on the store: holds its claimed jobs' leases.
    QString nodeId() const { return m_nodeId; }
    // What the adapters are given (server/, ui/): the services, not the Engine.
    Services services();
    const Database &database() const { return *m_db; }
    const VoiceCatalog &catalog() const { return m_catalog; }
    VoiceDirectory &voices() { return *m_voices; }
    AccountService &accounts() { return *m_accounts; }
    KeyService &keys() { return *m_keys; }
    GenerationService &generations() { return *m_generations; }
    // What live generations (WebSocket, /v1, the studio) are made with.
    LiveGenerations &live() { return *m_live; }
    RateLimiter &rateLimiter() { return m_rateLimiter; }
    const UrlSigner &urlSigner() const { return m_signer; }
    // Lives on the engine thread: call it through QMetaObject::invokeMethod.
    WorkerPool *pool() const { return m_pool; }
    // Synthesis for live streams (WebSocket, /v1, the studio) on warm workers of their
    // own, so a stream never waits behind queued file jobs. Also on the engine thread.
    StreamScheduler *streamScheduler() const { return m_streamScheduler; }
    JobRunner *runner() const { return m_runner; }
    QThread *engineThread() { return &m_thread; }
    // Threads for store work, so neither the server nor the GUI thread touches the disk.
    QThreadPool *storePool() { return &m_storePool; }
    // Threads of their own for voice analyses (which wait for a synthesis worker), so
    // they never hold the store pool; bounded; results come back on the thread the
    // Engine was made on (the server or GUI thread).
    VoiceAnalysisService &voiceAnalysis() { return m_voiceAnalysis; }
    Metrics &metrics() { return m_metrics; }
    // Workers warm and ready to take a job (updated from the engine thread).
    int readyWorkers() const { return m_readyWorkers.loadRelaxed(); }

private:
    Options m_options;
    QString m_nodeId;
    std::unique_ptr<Database> m_db;
    VoiceCatalog m_catalog;
    std::unique_ptr<VoiceDirectory> m_voices;
    std::unique_ptr<SharedCounter> m_authRevision;
    std::unique_ptr<SharedCounter> m_deletions; // generations deleted, in any process on the data dir
    std::unique_ptr<AccountService> m_accounts;
    std::unique_ptr<KeyService> m_keys;
    std::unique_ptr<GenerationService> m_generations;
    std::unique_ptr<LiveGenerations> m_live;
    RateLimiter m_rateLimiter;
    UrlSigner m_signer;
    QThread m_thread;
    QThreadPool m_storePool;
    VoiceAnalysisService m_voiceAnalysis;
    Metrics m_metrics;
    QAtomicInt m_readyWorkers;
    int m_runtimeLock = -1; // runtime.lock in the data dir, held shared while running
    WorkerPool *m_pool = nullptr;
    StreamScheduler *m_streamScheduler = nullptr;
    JobRunner *m_runner = nullptr;
    StoreWatch *m_watch = nullptr; // shared stores only; on the engine thread
    // When m_watch last read the auth revision (AuthCache::steadyNowMs()): cached keys
    // are trusted only shortly after (a node waking from a stall may have missed a revocation).
    std::atomic<qint64> m_authConfirmedMs{0};
};
