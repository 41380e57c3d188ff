// bench-stream: time to first audio frame over the WebSocket stream, for 1, 10 and 50
// concurrent clients, an espeak-ng voice and a flite voice, next to the engine's own
// first-chunk time measured in the same run. Prints figures; never fails a build.
// Env: BENCH_STREAM_WORKERS (stream workers, default 2), BENCH_STREAM_READ_ALL (also
// measure clients who read every stream to the end).
//
//   bench-stream [TEXT-FILE]               first-frame figures (above)
//   bench-stream --capacity [TEXT-FILE]    real-time listeners per server (capacitybench.h);
//                                          also BENCH_STREAM_CAPACITY=1
//   bench-stream --pipeline-child ...      one core's share of the pipeline measured on
//                                          every core at once (CapacityBench::pipelineChild)
#include "benchpipeline.h"
#include "capacitybench.h"
#include "epolleventdispatcher.h"
#include "streamutil.h"
#include "studioprocess.h"
#include "synthesispipeline.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <QWebSocket>

#include <algorithm>
#include <cstdio>

namespace
{
QString benchText(const QStringList &args)
{
    QStringList candidates = args.mid(1);
    candidates << QStringLiteral(TTS_SOURCE_DIR "/../shared/texts/bench-en-2000.txt")
               << QStringLiteral(TTS_SOURCE_DIR "/shared/texts/bench-en-2000.txt");
    // Which text it is goes first in the output: a build outside the source tree (a git
    // worktree without ../shared beside it) read the fallback and measured other text.
    for (const QString &path : candidates) {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly)) {
            std::printf("text: %s\n", qPrintable(QFileInfo(path).canonicalFilePath()));
            return QString::fromUtf8(f.readAll());
        }
    }
    std::printf("text: built-in fallback (no bench-en-2000.txt found: figures are not comparable to runs on it)\n");
    return QString("The quick brown fox jumps over the lazy dog. ").repeated(45);
}

using StreamBench::percentile;
using StreamBench::requestFor;

// The first whole sentences of the text, at least minChars long: ~10-15 s of audio, long
// enough that a listener who falls behind is caught, short enough for many bursts.
QString leadingSentences(const QString &text, int minChars)
{
    const QString flat = text.simplified();
    qsizetype end = 0;
    while (end < flat.size() && end < minChars) {
        const qsizetype dot = flat.indexOf(QLatin1String(". "), end);
        end = dot < 0 ? flat.size() : dot + 1;
    }
    return flat.left(end);
}

// Engine alone: SynthesisPipeline::run until its first 24 kHz chunk (median of runs).
double engineFirstChunkMs(const QString &voiceId, const QString &lang, const QString &text)
{
    SynthesisPipeline &pipeline = BenchPipeline::pipeline();
    const auto params = BenchPipeline::plan(voiceId, lang, text);
    QList<double> times;
    for (int i = 0; i < 7; ++i) {
        QElapsedTimer t;
        t.start();
        double first = -1;
        pipeline.run(*params, [&](const float *, qsizetype) {
            first = double(t.nsecsElapsed()) / 1e6;
            return false; // stop at the first chunk
        });
        times << first;
    }
    return percentile(times, 0.5);
}

// N clients at once; returns each client's time from sending the request to the first
// binary frame. A client hangs up after that frame, unless readAll (a listener who
// stays to the end and keeps a worker busy meanwhile).
QList<double> streamFirstFrames(const StudioProcess &studio, const QString &key, const QByteArray &request, int clients,
                                bool readAll = false)
{
    QList<double> results;
    QList<QWebSocket *> sockets;
    QList<QElapsedTimer> timers(clients);
    int done = 0;
    for (int i = 0; i < clients; ++i) {
        auto *ws = new QWebSocket;
        sockets << ws;
        QObject::connect(ws, &QWebSocket::connected, ws, [ws, &timers, i, request] {
            timers[i].start();
            ws->sendTextMessage(QString::fromUtf8(request));
        });
        auto got = std::make_shared<bool>(false);
        QObject::connect(ws, &QWebSocket::binaryMessageReceived, ws, [&, i, got, ws, readAll] {
            if (*got)
                return;
            *got = true;
            results << double(timers[i].nsecsElapsed()) / 1e6;
            if (!readAll)
                ws->close(); // the rest of the audio is not what this measures
        });
        QObject::connect(ws, &QWebSocket::disconnected, ws, [&done] { ++done; });
        ws->open(QUrl(studio.wsUrl(key)));
    }
    // Sleep between events: a polling client would take a core from the server it measures.
    QEventLoop loop;
    QTimer limit;
    QObject::connect(&limit, &QTimer::timeout, &loop, &QEventLoop::quit);
    limit.start(120000);
    for (QWebSocket *ws : std::as_const(sockets))
        QObject::connect(ws, &QWebSocket::disconnected, &loop, [&] {
            if (done >= clients)
                loop.quit();
        });
    if (done < clients)
        loop.exec();
    qDeleteAll(sockets);
    return results;
}

// A server as the benchmark runs it, given time to warm its workers.
bool startServer(StudioProcess &studio, QString *key)
{
    *key = studio.createAccountWithKey("bench", {"--credits", "100000000"});
    const QString streamWorkers = qEnvironmentVariable("BENCH_STREAM_WORKERS", "2");
    if (!studio.start({"--workers", "2", "--stream-workers", streamWorkers, "--rate-limit", "100000", "--log-level", "warn",
                       "--max-streams", "128"})) {
        std::printf("could not start the server\n");
        return false;
    }
    QEventLoop settle;
    QTimer::singleShot(1500, &settle, &QEventLoop::quit);
    settle.exec();
    return true;
}
}

int main(int argc, char *argv[])
{
    // The clients' sockets on epoll, as the headless server's (EpollEventDispatcher): with
    // Qt's GLib loop, poll() over 400 listeners' sockets took ~3 % of the machine the
    // server and its workers are measured on. TTS_STUDIO_POLL_LOOP=1 keeps Qt's loop here
    // too (and the server inherits it).
    EpollEventDispatcher::installOnMainThread();
    // Other threads with an event loop (the engine thread of the in-process capacity mode)
    // on Qt's poll() loop, as in the headless server (app/main.cpp).
    if (!qEnvironmentVariableIsSet("QT_NO_GLIB"))
        qputenv("QT_NO_GLIB", "1");
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments();
    if (args.size() > 1 && args.at(1) == QLatin1String("--pipeline-child"))
        return CapacityBench::pipelineChild(args.mid(2));
    const bool capacity = args.removeAll(QStringLiteral("--capacity")) > 0 || qEnvironmentVariableIsSet("BENCH_STREAM_CAPACITY");
    const QString text = benchText(args);
    if (capacity) {
        const int chars = qEnvironmentVariableIntValue("BENCH_STREAM_CAPACITY_CHARS");
        CapacityBench(leadingSentences(text, chars > 0 ? chars : 200)).run();
        return 0;
    }
    std::printf("bench-stream: %lld-character English text, WebSocket /v3/tts/stream, server with 2 file workers and "
                "%s stream workers (BENCH_STREAM_WORKERS)\n\n",
                qint64(text.size()), qPrintable(qEnvironmentVariable("BENCH_STREAM_WORKERS", "2")));

    StudioProcess studio;
    QString key;
    if (!startServer(studio, &key))
        return 0;

    struct Voice { const char *label; const char *id; const char *lang; double targetP50; };
    const Voice voices[] = {{"espeak-ng (ef_dora, es)", "ef_dora", "e", 10}, {"flite slt (af_sarah)", "af_sarah", "", 100}};
    std::printf("%-26s %7s %10s %10s %10s %14s\n", "voice", "clients", "p50 ms", "p99 ms", "frames", "engine 1st ms");
    for (const Voice &v : voices) {
        const QByteArray req = requestFor(text, v.id, v.lang);
        const double engine = engineFirstChunkMs(QLatin1String(v.id), QLatin1String(v.lang), text);
        streamFirstFrames(studio, key, req, 2); // warm-up
        for (int clients : {1, 10, 50}) {
            QList<double> all;
            const int rounds = clients == 1 ? 9 : 1;
            for (int r = 0; r < rounds; ++r)
                all += streamFirstFrames(studio, key, req, clients);
            std::printf("%-26s %7d %10.1f %10.1f %10lld %14.2f\n", v.label, clients, percentile(all, 0.5),
                        percentile(all, 0.99), qint64(all.size()), engine);
            if (clients == 1)
                std::printf("%-26s         target p50 <= %.0f ms: %s\n", "", v.targetP50,
                            percentile(all, 0.5) <= v.targetP50 ? "PASS" : "MISS");
            if (clients == 10 && QByteArray(v.id) == "ef_dora")
                std::printf("%-26s         target p99 <= 30 ms at 10 clients: %s\n", "",
                            percentile(all, 0.99) <= 30 ? "PASS" : "MISS");
        }
    }
    studio.stop();
    if (qEnvironmentVariableIsSet("BENCH_STREAM_READ_ALL")) {
        // Listeners who stay to the end, each holding a stream worker for its whole
        // synthesis; a fresh server per voice, so the first burst meets the pool as started.
        std::printf("\nclients reading every stream to the end (BENCH_STREAM_READ_ALL), fresh server per voice:\n");
        for (const Voice &v : voices) {
            StudioProcess fresh;
            QString freshKey;
            if (!startServer(fresh, &freshKey))
                return 0;
            const QByteArray req = requestFor(text, v.id, v.lang);
            for (const char *when : {"first burst", "next burst"}) {
                const QList<double> all = streamFirstFrames(fresh, freshKey, req, 10, true);
                std::printf("%-26s %7d %10.1f %10.1f %10lld  %s\n", v.label, 10, percentile(all, 0.5), percentile(all, 0.99),
                            qint64(all.size()), when);
            }
            fresh.stop();
        }
    }
    return 0;
}
