#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QString>

#include <functional>
#include <optional>

class Listener;

// bench-stream --capacity: how many real-time listeners one server carries. Per voice, on
// a fresh server: time to first frame at 1, 10, 50 and 200 player clients arriving
// together, server and worker RSS idle and at 50 and 200 streams, the largest count of
// concurrent listeners with zero underruns and first audio within a bound, two ways:
// arriving together (a burst: stepping 1, 2, 4, ... then bisecting), and held (N
// listeners at every moment, each replaced by a newcomer when its playback ends, for
// several stream lengths); beside them the theoretical capacity, cores x the pipeline's
// real-time factor per core measured in this process on the same text.
class CapacityBench
{
public:
    explicit CapacityBench(const QString &text);
    void run();

private:
    struct Voice
    {
        const char *label;
        const char *id;
        const char *lang;
    };
    // One burst of player clients, with the memory seen while it ran.
    struct Round
    {
        int clients = 0;
        int completed = 0;
        // How late the clients' own event loop ran a 10 ms timer (ms, worst and p99): a
        // frame the clients read late counts as late, so a gap this long may be the bench's.
        double clientLagMaxMs = 0;
        double clientLagP99Ms = 0;
        // Held rounds, over their last stream length (before no newcomers come): the audio
        // buffered ahead of a listener (s, mean), and its least-squares trend (ms per
        // second). A machine that keeps up holds it level (each listener's buffer starts
        // at nothing and fills); one past what it carries drains it before the first gap,
        // which a round may not live to see when the half-loaded first length filled
        // the buffers. None without enough samples (streams under ~2 s).
        double aheadS = -1;
        std::optional<double> aheadTrendMsPerS;
        // A healthy held round measured +13 ms/s (140 flite listeners); 168 flite listeners
        // (98 % of the theoretical capacity, no gap yet: 2.4 s still ahead) -162 ms/s.
        static constexpr double kMinAheadTrendMsPerS = -10;
        bool drained() const { return aheadTrendMsPerS && *aheadTrendMsPerS < kMinAheadTrendMsPerS; }
        bool heldPass() const { return pass() && !drained(); }
        // CPU seconds of the round as milliseconds per listener.
        double perClientMs(double cpuS) const { return cpuS * 1000 / qMax(1, clients); }
        int underrunClients = 0;
        int underruns = 0;
        double lateMs = 0; // summed over clients
        double maxLateMs = 0; // worst client
        // The earliest underrun of the burst: when (from its listener's request, ms), at
        // which second of that listener's audio, and when its first frame had come.
        double firstUnderrunMs = -1;
        double firstUnderrunAudioS = -1;
        double firstUnderrunFirstFrameMs = -1;
        QList<double> firstMs;
        // Each listener's first underrun: where in its audio (s), and when its first frame
        // had come (ms): which listeners a burst leaves dry, and at which unit.
        QList<double> underrunAudioS;
        QList<double> underrunFirstFrameMs;
        QMap<QString, int> errors; // server error detail -> streams that got it
        qint64 peakServerKiB = 0;
        qint64 peakWorkersKiB = 0;
        int peakWorkers = 0;
        double wallS = 0;
        // CPU seconds the burst took: the server process, its workers (with the children
        // they forked for espeak-ng calls), and this process's player clients.
        double cpuServerS = 0;
        double cpuWorkersS = 0;
        double cpuClientsS = 0;
        int slowStarts = 0; // listeners whose first frame came after m_firstLimitMs, or never
        bool aborted = false; // stopped at its first failure or at the time box
        bool pass() const { return completed == clients && underruns == 0 && slowStarts == 0; }
        int errorCount() const
        {
            int n = 0;
            for (int v : errors)
                n += v;
            return n;
        }
    };

    void runVoice(const Voice &voice);
    // Audio seconds per CPU second of a solo synthesis of m_text (median of 3), and the
    // audio length in seconds.
    static double pipelineRtf(const Voice &voice, const QString &text, double *audioS);
    // The same with every core running it at once (m_cores processes of this program,
    // pipelineChild, over the same few seconds): audio seconds per CPU second of them
    // all. Cores that slow each other down (a shared cache, a host that puts two virtual
    // cores on one physical core's threads) carry less than cores x the solo figure.
    // None, and why, when a child failed or the children's seconds did not overlap.
    std::optional<double> loadedPipelineRtf(const Voice &voice, QString *why) const;

public:
    // bench-stream --pipeline-child VOICE LANG TEXT-FILE START-MS DURATION-MS: warms up
    // the pipeline, waits for START-MS (ms since the epoch), runs it on the text for
    // DURATION-MS and prints "pipeline-child AUDIO-S CPU-S BEGAN-MS ENDED-MS". Returns the
    // exit code: 2 for bad arguments, 3 when the pipeline made no audio.
    static int pipelineChild(const QStringList &args);

private:
    static double zygoteCpu(qint64 zygote);
    // sampleMemoryToo: the peak RSS while it ran (the search's rounds need none).
    Round players(int clients, int timeoutMs, bool stopAtUnderrun, bool sampleMemoryToo);
    // N listeners held for m_heldPeriods stream lengths (audioS each): they first arrive
    // evenly over one stream length, and each one's playback end brings the next listener
    // to its place, so N are listening at every moment after the first length, arriving at
    // the steady rate N / audioS. Stops at its first failure.
    Round held(int listeners, double audioS);
    // The largest N held with zero underruns, from `from` (stepping up by a fifth until a
    // round fails, then bisecting to within 5 %); prints each round.
    int heldSearch(double audioS, int from, double theoretical);
    // Whether a listener has already failed its round: a gap, a first frame past the bound,
    // or none yet when pastFirstDue (its first frame is overdue).
    bool failing(const Listener &c, bool pastFirstDue) const;
    // One listener's outcome into r; lateWithoutAudio: it has had no frame by its due time.
    void tally(Round &r, const Listener &c, bool lateWithoutAudio) const;
    // r's rounds' CPU, as shares of all cores over its wall time.
    QString cpuShares(const Round &r) const;
    // RSS of the server process and of its workers (with their zygotes and calls); from any thread.
    static void memory(qint64 server, qint64 *serverKiB, qint64 *workersKiB, int *workers);
    // CPU seconds so far of the server and of its live workers (and their waited children).
    void cpu(double *serverS, double *workersS) const;
    // CPU seconds so far of this process's player clients (and its waited children); none
    // in-process, where they are the server's.
    double clientsCpuNow() const;

    QString m_text;
    // BENCH_STREAM_CAPACITY_IN_PROCESS: the listeners hear an engine in this process
    // (EngineListener) instead of a server's WebSocket (PlayerClient): what the engine
    // carries without the transport and the clients' sockets. The "server" figures are
    // then this process's, listeners included; the clients' are none.
    bool m_inProcess = false;
    qint64 m_serverPid = 0;                  // the server's process, or this one in-process
    std::function<Listener *()> m_newListener; // a listener of the voice being measured, not started
    int m_cores = 1;
    int m_maxStreams = 256;
    // A listener kept waiting longer than this for first audio is not listening in real
    // time: without the bound a server that queues streams would "carry" any number, each
    // one late to start and then never behind.
    double m_firstLimitMs = 1000;
    // BENCH_STREAM_CAPACITY_RAMP_MS: the listeners of a burst arrive evenly over this long
    // instead of together (0).
    int m_rampMs = 0;
    // BENCH_STREAM_CAPACITY_HELD_PERIODS: how many stream lengths a held round lasts (the
    // first is the listeners' arrival).
    int m_heldPeriods = 3;
};
