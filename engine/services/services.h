#pragma once

#include "studiosettings.h"

#include <functional>

class AccountService;
class Database;
class GenerationService;
class KeyService;
class LexiconService;
class LiveGenerations;
class Metrics;
class QThreadPool;
class RateLimiter;
class UrlSigner;
class VoiceAnalysisService;
class VoiceCatalog;
class VoiceDirectory;
class WorkerPool;

// What the adapters (server/, ui/) are given: the engine's services, not the Engine.
// They cannot start, stop or reconfigure the engine, and they do not link tts_engine
// (CMake keeps engine.h out of their reach). Cheap to copy: it only points at services
// that the Engine owns and that outlive every adapter.
class Services
{
public:
    struct Parts
    {
        AccountService *accounts = nullptr;
        KeyService *keys = nullptr;
        GenerationService *generations = nullptr;
        LexiconService *lexicons = nullptr;
        VoiceDirectory *voices = nullptr;
        const VoiceCatalog *catalog = nullptr;
        LiveGenerations *live = nullptr;
        RateLimiter *rateLimiter = nullptr;
        const UrlSigner *urlSigner = nullptr;
        Metrics *metrics = nullptr;
        QThreadPool *storePool = nullptr;
        VoiceAnalysisService *voiceAnalysis = nullptr;
        std::function<WorkerPool *()> pool;    // on the engine thread (voice analysis); null before the runtime starts
        const Database *database = nullptr;    // health checks only (no SQL outside the store)
        std::function<int()> readyWorkers;     // warm workers, for readiness
    };

    explicit Services(Parts parts);

    AccountService &accounts() const { return *m_parts.accounts; }
    KeyService &keys() const { return *m_parts.keys; }
    GenerationService &generations() const { return *m_parts.generations; }
    // Pronunciation lexicons per account (store calls: on a store thread).
    LexiconService &lexicons() const { return *m_parts.lexicons; }
    VoiceDirectory &voices() const { return *m_parts.voices; }
    const VoiceCatalog &catalog() const { return *m_parts.catalog; }
    // What live generations (WebSocket, /v1, the studio) are made with.
    LiveGenerations &live() const { return *m_parts.live; }
    RateLimiter &rateLimiter() const { return *m_parts.rateLimiter; }
    const UrlSigner &urlSigner() const { return *m_parts.urlSigner; }
    Metrics &metrics() const { return *m_parts.metrics; }
    // Threads for store work: neither the server nor the GUI thread touches the disk.
    QThreadPool *storePool() const { return m_parts.storePool; }
    // Threads of their own for voice analyses, which may wait for a synthesis worker:
    // never on the store pool. Bounded; results come back on the server or GUI thread.
    VoiceAnalysisService &voiceAnalysis() const { return *m_parts.voiceAnalysis; }
    WorkerPool *pool() const;
    const Database &database() const { return *m_parts.database; }
    // The studio's last model and voice, kept with the data dir (store calls).
    StudioSettings studioSettings() const;
    int readyWorkers() const;

private:
    Parts m_parts;
};
