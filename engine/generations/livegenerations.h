#pragma once

#include <QAtomicInt>
#include <QObject>
#include <QString>

class GenerationService;
class Metrics;
class QThreadPool;
class VoiceCatalog;
class StreamScheduler;

// What every live generation of one engine shares: the services it uses (so it needs
// no Engine), the cap on how many run at once, and the shutdown that ends them all.
// Lives on the thread the live generations live on (server or GUI) and outlives them:
// their store work is handed back through it.
class LiveGenerations : public QObject
{
    Q_OBJECT

public:
    struct Services
    {
        GenerationService *generations = nullptr;
        const VoiceCatalog *catalog = nullptr;
        Metrics *metrics = nullptr;
        QThreadPool *storePool = nullptr;
        int maxStreams = 64;
    };

    explicit LiveGenerations(const Services &services, QObject *parent = nullptr);

    GenerationService &generations() const { return *m_services.generations; }
    const VoiceCatalog &catalog() const { return *m_services.catalog; }
    Metrics &metrics() const { return *m_services.metrics; }
    QThreadPool *storePool() const { return m_services.storePool; }
    // Synthesis for live generations (a fixed set of warm workers, deadline first); on
    // the engine thread (call it there). Set when the engine's runtime starts.
    StreamScheduler *streamScheduler() const { return m_streamScheduler; }
    void setStreamScheduler(StreamScheduler *scheduler) { m_streamScheduler = scheduler; }

    enum class Admission { Admitted, Full, Ending };
    // A place for one more live generation; give it back with release().
    Admission admit();
    void release();
    int active() const { return m_active.loadRelaxed(); }
    // Removes a file on a store thread (the server and GUI threads never touch the disk).
    void removeFile(const QString &path);
    bool isEnding() const { return m_ending.loadRelaxed(); }
    // Shutdown: ends every live generation ("Server shutting down": FAILED, released),
    // refuses new ones, and runs this thread's event loop until their ends are
    // recorded, at most waitMs (their store work must be done before the store
    // threads go away).
    void endAll(int waitMs);

signals:
    void ending();

private:
    Services m_services;
    StreamScheduler *m_streamScheduler = nullptr;
    QAtomicInt m_active;
    QAtomicInt m_ending;
};
