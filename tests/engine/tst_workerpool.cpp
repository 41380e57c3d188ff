// WorkerPool with real tts-worker processes: concurrent jobs do not disturb each
// other, a worker killed mid-job costs at most that job (retried when no audio left
// the pool), the pool heals back to its size, and cancellation and worker-side errors
// fail only their own task.

#include "enginetest.h"
#include "streamscheduler.h"
#include "synthesispipeline.h"
#include "workerloop.h"
#include "workerpool.h"
#include "workerprocess.h"
#include "workerprotocol.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <functional>
#include <memory>
#include <sys/types.h>

using namespace EngineTest;

namespace
{
struct Sample
{
    const char *voiceId;
    const char *model;
    const char *language;
    const char *text;
};

const Sample kSamples[] = {
    {"af_sarah", "base", "a",
     "The library opens at nine in the morning. Children come for stories on Saturday. "
     "The old clock in the hall has not worked for years."},
    {"ef_dora", "base", "e",
     "La biblioteca abre a las nueve de la mañana. Los niños vienen a escuchar cuentos el sábado. "
     "El viejo reloj del pasillo no funciona desde hace años."},
    {"marcus", "advanced", "de",
     "Die Bibliothek öffnet um neun Uhr morgens. Am Samstag kommen die Kinder zum Vorlesen. "
     "Die alte Uhr im Flur funktioniert seit Jahren nicht mehr."},
    {"am_adam", "base", "a",
     "The bakery on the corner sells fresh bread every day. Its owner starts work before dawn. "
     "On Sundays there is a long line outside the door."},
};

// The steady clock, as SynthesisJob::dueMs is on it.
qint64 steadyNowMs()
{
    QElapsedTimer clock;
    clock.start();
    return clock.msecsSinceReference();
}

QString longEnglish(int characters)
{
    const QString s = QStringLiteral("The river runs past the mill and under the old stone bridge, where the children "
                                     "wait for the boats to come home in the evening. ");
    return s.repeated(characters / int(s.size()) + 1).left(characters);
}
}

class TestWorkerPool : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void workerProgramBesideExecutable();
    void workersGetNoStoreSecrets();
    void concurrentJobsMatchSoloRuns_data();
    void concurrentJobsMatchSoloRuns();
    void workerKilledMidJob_data();
    void workerKilledMidJob();
    void cancelRunningJob();
    void cancelQueuedJob();
    void flowControlHoldsTheWorker();
    void pausedConsumerIsNotTakenForAHungWorker();
    void workerErrorFailsOnlyThatJob();
    void audioBeyondItsBoundFailsTheJob();
    void espeakWorkerEqualsThisProcess();
    void heardStreamGoesFirstUntilAhead();
    void lateNewcomerWaitsForAHeardListenerAboutToRunDry();
    void begunUnitsEndOneByOneWhileRoomIsAwaited();
    void roomGoesInDueOrder();
    void turnSlackGrowsWithTheListenersLead_data();
    void turnSlackGrowsWithTheListenersLead();
    void quietWorkerIsEndedWhileFed();

private:
    SynthesisParams paramsFor(const Sample &s);
    // A live stream's unit as StreamScheduler hands it over (the Job frame's payload):
    // params' whole text, after offsets of audio (0, 0: a stream's first unit).
    static QByteArray streamUnit(const SynthesisParams &params, quint32 tag, qint64 dueMs, qint64 inputOffset,
                                 qint64 outputOffset);
    // Starts worker and waits until it is warm.
    static bool startWarm(WorkerProcess &worker);
    // Calls onFrame(tag, frame) for each of worker's frames but Turn frames, with the tag
    // of the unit the last Turn frame named (the unit whose frames follow).
    void watchUnits(WorkerProcess &worker, std::function<void(quint32, const WorkerProtocol::Frame &)> onFrame);
    // Two units, tags 1 and 2: how much audio the first made before the second's first.
    struct TwoUnits
    {
        qint64 firstBefore = 0; // unit 1's samples before unit 2's first audio
        bool secondHeard = false;
        int ended = 0;
        qint64 firstBeforeMs() const { return firstBefore * 1000 / AudioFormats::kSampleRate; }
    };
    void watchTwoUnits(WorkerProcess &worker, TwoUnits &seen);
    QList<qint64> m_soloSamples;
    QTemporaryDir m_dir;
};

QByteArray TestWorkerPool::streamUnit(const SynthesisParams &params, quint32 tag, qint64 dueMs, qint64 inputOffset,
                                      qint64 outputOffset)
{
    SynthesisJob j = job(params, {}, AudioFormat::Wav, true);
    j.streamFormat = StreamFormat::Float32;
    j.tag = tag;
    j.dueMs = dueMs;
    SynthesisPipeline::Excerpt e;
    e.inputOffset = inputOffset;
    e.outputOffset = outputOffset;
    j.excerpt = e;
    return QJsonDocument(j.toJson()).toJson(QJsonDocument::Compact);
}

bool TestWorkerPool::startWarm(WorkerProcess &worker)
{
    QSignalSpy ready(&worker, &WorkerProcess::ready);
    worker.start();
    return ready.wait(60000);
}

void TestWorkerPool::watchTwoUnits(WorkerProcess &worker, TwoUnits &seen)
{
    watchUnits(worker, [&seen](quint32 current, const WorkerProtocol::Frame &f) {
        if (f.type == WorkerProtocol::Type::Audio && current == 2)
            seen.secondHeard = true;
        if (f.type == WorkerProtocol::Type::Audio && current == 1 && !seen.secondHeard)
            seen.firstBefore += f.payload.size() / qsizetype(sizeof(float));
        if (f.type == WorkerProtocol::Type::Done || f.type == WorkerProtocol::Type::Error)
            ++seen.ended;
    });
}

void TestWorkerPool::watchUnits(WorkerProcess &worker, std::function<void(quint32, const WorkerProtocol::Frame &)> onFrame)
{
    auto current = std::make_shared<quint32>(0);
    connect(&worker, &WorkerProcess::frameReceived, this, [current, onFrame = std::move(onFrame)](const WorkerProtocol::Frame &f) {
        if (f.type == WorkerProtocol::Type::Turn)
            *current = WorkerProtocol::tagOf(f);
        else
            onFrame(*current, f);
    });
}

SynthesisParams TestWorkerPool::paramsFor(const Sample &s)
{
    QString error;
    const auto p = plan({s.voiceId, s.model, s.language, QString::fromUtf8(s.text)}, &error);
    if (!p)
        qFatal("cannot plan %s: %s", s.voiceId, qPrintable(error));
    return *p;
}

void TestWorkerPool::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Solo runs: one job at a time on a one-worker pool.
    WorkerPool::Options options;
    options.workers = 1;
    WorkerPool pool(options);
    QVERIFY2(pool.waitUntilReady(60000), "worker did not get ready");
    for (const Sample &s : kSamples) {
        const Outcome o = run(pool, job(paramsFor(s), {}, AudioFormat::Wav, true), 60000, false);
        QVERIFY2(o.finished, qPrintable(o.error));
        m_soloSamples << o.streamedSamples;
        qInfo("solo %s/%s: %.2f s", s.voiceId, s.language, seconds(o.streamedSamples));
    }
}

void TestWorkerPool::workerProgramBesideExecutable()
{
    // Tests rely on the default lookup (no TTS_STUDIO_WORKER in the ctest environment).
    if (qEnvironmentVariableIsEmpty("TTS_STUDIO_WORKER"))
        QCOMPARE(WorkerPool::defaultWorkerProgram(), QCoreApplication::applicationDirPath() + "/tts-worker");
    QVERIFY(QFileInfo(WorkerPool::defaultWorkerProgram()).isExecutable());
}

void TestWorkerPool::workersGetNoStoreSecrets()
{
    // The server has the database password in its environment (libpq reads PGPASSWORD);
    // the processes that feed untrusted text to the speech libraries must not.
    qputenv("PGPASSWORD", "s3cret-never-in-a-worker");
    qputenv("TTS_STUDIO_DATABASE", "postgresql://tts@127.0.0.1:1/tts");
    WorkerPool::Options options;
    options.workers = 1;
    WorkerPool pool(options);
    qunsetenv("PGPASSWORD");
    qunsetenv("TTS_STUDIO_DATABASE");
    QVERIFY2(pool.waitUntilReady(60000), "workers did not get ready");
    QFile environ(QStringLiteral("/proc/%1/environ").arg(pool.workerPids().first()));
    QVERIFY(environ.open(QIODevice::ReadOnly));
    const QByteArray env = environ.readAll();
    QVERIFY(env.contains("PATH=")); // it is the worker's environment
    QVERIFY(!env.contains("s3cret-never-in-a-worker"));
    QVERIFY(!env.contains("PGPASSWORD="));
    QVERIFY(!env.contains("TTS_STUDIO_DATABASE="));
}

void TestWorkerPool::concurrentJobsMatchSoloRuns_data()
{
    QTest::addColumn<int>("workers");
    QTest::newRow("2 workers, 4 jobs") << 2;
    QTest::newRow("4 workers, 4 jobs") << 4;
}

void TestWorkerPool::concurrentJobsMatchSoloRuns()
{
    QFETCH(int, workers);
    WorkerPool::Options options;
    options.workers = workers;
    WorkerPool pool(options);
    QVERIFY2(pool.waitUntilReady(60000), "workers did not get ready");
    QCOMPARE(pool.workerCount(), workers);
    const QList<qint64> pids = pool.workerPids();
    QCOMPARE(QSet<qint64>(pids.begin(), pids.end()).size(), workers); // distinct processes

    // All four submitted at once; each to its own file as well as streamed.
    std::vector<std::unique_ptr<Recorder>> recorders;
    QList<Recorder *> all;
    QStringList paths;
    for (size_t i = 0; i < std::size(kSamples); ++i) {
        paths << m_dir.filePath(QStringLiteral("concurrent-%1-%2.wav").arg(workers).arg(i));
        recorders.push_back(std::make_unique<Recorder>(
            pool.submit(job(paramsFor(kSamples[i]), paths.last(), AudioFormat::Wav, true)), false));
        all << recorders.back().get();
    }
    QCOMPARE(pool.queuedTasks(), 4);
    QVERIFY2(waitAll(all, 120000), "not every job finished in time");
    for (size_t i = 0; i < recorders.size(); ++i) {
        const Outcome &o = recorders[i]->outcome();
        const qint64 solo = m_soloSamples.at(qsizetype(i));
        QVERIFY2(o.finished, qPrintable(QStringLiteral("job %1 failed: %2").arg(i).arg(o.error)));
        qInfo("%s: concurrent %.3f s, solo %.3f s", kSamples[i].voiceId, seconds(o.streamedSamples), seconds(solo));
        QCOMPARE(o.finishedSamples, o.streamedSamples);
        QVERIFY2(qAbs(o.streamedSamples - solo) <= solo / 100,
                 qPrintable(QStringLiteral("%1: %2 samples vs %3 solo").arg(kSamples[i].voiceId).arg(o.streamedSamples).arg(solo)));
        // Each file holds its own job's audio (no cross-talk between workers).
        const WavFile w = readWav(paths.at(qsizetype(i)));
        QVERIFY2(w.valid, qPrintable(w.error));
        QCOMPARE(w.frames(), o.streamedSamples);
    }
    QCOMPARE(pool.workerCount(), workers);
    QCOMPARE(pool.busyWorkers(), 0);
    QCOMPARE(pool.queuedTasks(), 0);
}

void TestWorkerPool::workerKilledMidJob_data()
{
    QTest::addColumn<bool>("stream");
    // No audio has left the pool: the job may be retried and must then be complete.
    QTest::newRow("file job (not streamed)") << false;
    // Audio already went out: a retry would repeat it, so the job must fail instead.
    QTest::newRow("streamed job") << true;
}

void TestWorkerPool::workerKilledMidJob()
{
    QFETCH(bool, stream);
    WorkerPool::Options options;
    options.workers = 2;
    WorkerPool pool(options);
    QVERIFY2(pool.waitUntilReady(60000), "workers did not get ready");
    const QList<qint64> before = pool.workerPids();

    // Two long jobs (flite slt, ~4 minutes of speech each) keep both workers busy.
    QString error;
    const auto params = plan({"af_sarah", "base", "a", longEnglish(3500)}, &error);
    QVERIFY2(params, qPrintable(error));
    const QString pathA = m_dir.filePath(QStringLiteral("kill-%1-a.wav").arg(stream));
    const QString pathB = m_dir.filePath(QStringLiteral("kill-%1-b.wav").arg(stream));
    Recorder a(pool.submit(job(*params, pathA, AudioFormat::Wav, stream)), false);
    Recorder b(pool.submit(job(*params, pathB, AudioFormat::Wav, stream)), false);
    QTRY_VERIFY_WITH_TIMEOUT(a.outcome().started && b.outcome().started, 30000);
    if (stream)
        QTRY_VERIFY_WITH_TIMEOUT(a.outcome().chunks > 0 && b.outcome().chunks > 0, 30000);
    else
        QTest::qWait(300);
    QCOMPARE(pool.busyWorkers(), 2);
    QVERIFY2(!a.outcome().done() && !b.outcome().done(), "jobs ended before the kill: make them longer");

    const qint64 victim = before.first();
    QCOMPARE(::kill(pid_t(victim), SIGKILL), 0);
    QVERIFY2(waitAll({&a, &b}, 120000), "a job neither finished nor failed after the kill");

    int finished = 0, failed = 0;
    for (const auto &[rec, path] : {std::pair{&a, pathA}, std::pair{&b, pathB}}) {
        const Outcome &o = rec->outcome();
        qInfo("job %s: %s %s (streamed %lld samples)", path == pathA ? "A" : "B",
              o.finished ? "finished" : "failed:", qPrintable(o.error), o.streamedSamples);
        if (o.failed) {
            ++failed;
            QVERIFY2(!o.error.trimmed().isEmpty(), "failure without a message");
            QVERIFY2(!QFile::exists(path), "a failed job left a (partial) file behind");
        } else {
            ++finished;
            // A finished job is complete: its file holds every sample it reported.
            const WavFile w = readWav(path);
            QVERIFY2(w.valid, qPrintable(w.error));
            QCOMPARE(w.frames(), o.finishedSamples);
            QVERIFY2(seconds(o.finishedSamples) > 120, qPrintable(QString::number(seconds(o.finishedSamples))));
            if (stream)
                QCOMPARE(o.streamedSamples, o.finishedSamples); // no repeated audio
        }
    }
    QCOMPARE(finished + failed, 2);
    QVERIFY2(finished >= 1, "the job on the surviving worker must finish");
    if (stream)
        QCOMPARE(failed, 1); // the streamed job on the killed worker cannot be retried

    // The pool heals: full size again, all warm, the killed process gone.
    QTRY_COMPARE_WITH_TIMEOUT(pool.workerCount(), 2, 30000);
    QVERIFY(pool.waitUntilReady(60000));
    QCOMPARE(pool.readyWorkers(), 2);
    QVERIFY(!pool.workerPids().contains(victim));

    // And the next job succeeds.
    const auto next = plan({"ef_dora", "base", "e", "Todo funciona de nuevo."}, &error);
    QVERIFY2(next, qPrintable(error));
    const Outcome o = run(pool, job(*next, {}, AudioFormat::Wav, true), 60000, false);
    QVERIFY2(o.finished, qPrintable(o.error));
    QVERIFY(seconds(o.streamedSamples) > 0.5);
}

void TestWorkerPool::cancelRunningJob()
{
    WorkerPool::Options options;
    options.workers = 1;
    WorkerPool pool(options);
    QVERIFY(pool.waitUntilReady(60000));
    QCOMPARE(pool.workerPids().size(), 1);
    const qint64 pid = pool.workerPids().first();
    QString error;
    const auto params = plan({"af_sarah", "base", "a", longEnglish(3000)}, &error);
    QVERIFY2(params, qPrintable(error));
    const QString path = m_dir.filePath("cancelled.wav");
    Recorder r(pool.submit(job(*params, path, AudioFormat::Wav, true)), false);
    QTRY_VERIFY_WITH_TIMEOUT(r.outcome().chunks > 0, 30000);
    QVERIFY(r.task());
    r.task()->cancel();
    QVERIFY(waitAll({&r}, 30000));
    QVERIFY(r.outcome().failed);
    QCOMPARE(r.outcome().error, QStringLiteral("Cancelled"));
    QVERIFY2(!QFile::exists(path), "a cancelled job left its file behind");
    QTRY_COMPARE_WITH_TIMEOUT(pool.workerCount(), 1, 30000);
    QVERIFY(pool.waitUntilReady(60000));
    QVERIFY(!pool.workerPids().contains(pid));
    const Outcome o = run(pool, job(paramsFor(kSamples[0]), {}, AudioFormat::Wav, true), 60000, false);
    QVERIFY2(o.finished, qPrintable(o.error));
    QVERIFY2(qAbs(o.streamedSamples - m_soloSamples.at(0)) <= m_soloSamples.at(0) / 100, "after a cancel");
}

void TestWorkerPool::cancelQueuedJob()
{
    WorkerPool::Options options;
    options.workers = 1;
    WorkerPool pool(options);
    QVERIFY(pool.waitUntilReady(60000));
    QCOMPARE(pool.workerPids().size(), 1);
    const qint64 pid = pool.workerPids().first();
    QString error;
    const auto params = plan({"af_sarah", "base", "a", longEnglish(1500)}, &error);
    QVERIFY2(params, qPrintable(error));
    Recorder running(pool.submit(job(*params, {}, AudioFormat::Wav, true)), false);
    Recorder queued(pool.submit(job(paramsFor(kSamples[1]), {}, AudioFormat::Wav, true)), false);
    QTRY_VERIFY_WITH_TIMEOUT(running.outcome().started, 30000);
    QCOMPARE(pool.queuedTasks(), 1);
    QVERIFY(queued.task());
    queued.task()->cancel();
    QVERIFY(waitAll({&queued}, 5000));
    QVERIFY(queued.outcome().failed);
    QCOMPARE(queued.outcome().error, QStringLiteral("Cancelled"));
    QVERIFY(!queued.outcome().started);
    QCOMPARE(queued.outcome().chunks, 0);
    // The running job is not disturbed and its worker is not replaced.
    QVERIFY(waitAll({&running}, 60000));
    QVERIFY2(running.outcome().finished, qPrintable(running.outcome().error));
    QCOMPARE(pool.workerPids(), QList<qint64>{pid});
}

// A consumer that paces itself (manual credit) holds the worker back: no more than
// the flow-control window is sent ahead, and crediting lets the job run to the end.
void TestWorkerPool::flowControlHoldsTheWorker()
{
    WorkerPool::Options options;
    options.workers = 1;
    WorkerPool pool(options);
    QVERIFY(pool.waitUntilReady(60000));
    QString error;
    const auto params = plan({"ef_dora", "base", "e", QString::fromUtf8(kSamples[1].text).repeated(6)}, &error);
    QVERIFY2(params, qPrintable(error));
    SynthesisTask *task = pool.submit(job(*params, {}, AudioFormat::Wav, true));
    task->setManualCredit(true);
    Recorder r(task, false);
    QTRY_VERIFY_WITH_TIMEOUT(r.outcome().chunks > 0, 30000);
    // Let the worker run into the window, then check it stopped there.
    QTest::qWait(1500);
    const qint64 held = r.outcome().streamedSamples * qint64(sizeof(float));
    qInfo("sent ahead without credit: %lld bytes (window %u)", held, WorkerProtocol::kAudioWindowBytes);
    QVERIFY(!r.outcome().done());
    QVERIFY2(held <= qint64(WorkerProtocol::kAudioWindowBytes) + 64 * 1024, qPrintable(QString::number(held)));
    // Credit as a paced consumer would, until the end.
    qint64 credited = 0;
    QDeadlineTimer deadline(60000);
    while (!r.outcome().done() && !deadline.hasExpired()) {
        const qint64 received = r.outcome().streamedSamples * qint64(sizeof(float));
        if (received > credited && r.task()) {
            r.task()->credit(received - credited);
            credited = received;
        }
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    }
    QVERIFY2(r.outcome().finished, qPrintable(r.outcome().error));
    QCOMPARE(r.outcome().streamedSamples, r.outcome().finishedSamples);
    QVERIFY(seconds(r.outcome().finishedSamples) > 30.0);
}

// A listener who pauses a stream for longer than the inactivity timeout: the worker
// is waiting for credit, not hung, so the job must survive and finish when resumed.
void TestWorkerPool::pausedConsumerIsNotTakenForAHungWorker()
{
    WorkerPool::Options options;
    options.workers = 1;
    options.inactivityTimeoutMs = 2000;
    WorkerPool pool(options);
    QVERIFY(pool.waitUntilReady(60000));
    QCOMPARE(pool.workerPids().size(), 1);
    const qint64 pid = pool.workerPids().first();
    QString error;
    const auto params = plan({"ef_dora", "base", "e", QString::fromUtf8(kSamples[1].text).repeated(6)}, &error);
    QVERIFY2(params, qPrintable(error));
    SynthesisTask *task = pool.submit(job(*params, {}, AudioFormat::Wav, true));
    task->setManualCredit(true);
    Recorder r(task, false);
    QTRY_VERIFY_WITH_TIMEOUT(r.outcome().chunks > 0, 30000);
    QTest::qWait(5000); // paused: 2.5x the inactivity timeout
    QVERIFY2(!r.outcome().failed, qPrintable("paused stream was failed: " + r.outcome().error));
    QCOMPARE(pool.workerPids(), QList<qint64>{pid});
    qint64 credited = 0;
    QDeadlineTimer deadline(60000);
    while (!r.outcome().done() && !deadline.hasExpired()) {
        const qint64 received = r.outcome().streamedSamples * qint64(sizeof(float));
        if (received > credited && r.task()) {
            r.task()->credit(received - credited);
            credited = received;
        }
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 20);
    }
    QVERIFY2(r.outcome().finished, qPrintable(r.outcome().error));
}

void TestWorkerPool::audioBeyondItsBoundFailsTheJob()
{
    // docs/api.md "What a token may say": the worker stops at the job's maxSamples and the
    // job fails with a clear message; the worker lives on. A job bounded by its own text
    // (boundAudio) is untouched.
    WorkerPool::Options options;
    options.workers = 1;
    WorkerPool pool(options);
    QVERIFY(pool.waitUntilReady(60000));
    const QList<qint64> pids = pool.workerPids();
    SynthesisParams params = paramsFor(kSamples[0]);
    params.text = longEnglish(400);
    SynthesisJob capped = job(params, {}, AudioFormat::Wav, true);
    capped.maxSamples = 2 * 24000;
    capped.billedTokens = 7;
    const Outcome o = run(pool, capped, 60000, false);
    QVERIFY(o.failed);
    qInfo("capped: %s", qPrintable(o.error));
    QVERIFY2(o.error.contains(QStringLiteral("exceeds what the text pays for (2 s for 7 tokens)")), qPrintable(o.error));
    QVERIFY(o.streamedSamples <= 2 * 24000);

    SynthesisJob bounded = job(params, {}, AudioFormat::Wav, true);
    bounded.boundAudio();
    QCOMPARE(bounded.billedTokens, qint64(400));
    const Outcome ok = run(pool, bounded, 60000, false);
    QVERIFY2(ok.finished, qPrintable(ok.error));
    QCOMPARE(pool.workerPids(), pids);
}

void TestWorkerPool::workerErrorFailsOnlyThatJob()
{
    WorkerPool::Options options;
    options.workers = 1;
    WorkerPool pool(options);
    QVERIFY(pool.waitUntilReady(60000));
    const QList<qint64> pids = pool.workerPids();

    // An espeak voice that does not exist: the worker answers with an error.
    SynthesisParams bad = paramsFor(kSamples[1]);
    bad.espeakVoice = QStringLiteral("xx-nonexistent");
    const Outcome o1 = run(pool, job(bad, {}, AudioFormat::Wav, true), 30000, false);
    QVERIFY(o1.failed);
    qInfo("unknown espeak voice: %s", qPrintable(o1.error));
    QVERIFY(!o1.error.trimmed().isEmpty());

    // An output file that cannot be written.
    const Outcome o2 = run(pool, job(paramsFor(kSamples[0]), "/nonexistent-dir/x.wav", AudioFormat::Wav, false), 30000, false);
    QVERIFY(o2.failed);
    qInfo("unwritable output: %s", qPrintable(o2.error));
    QVERIFY(!o2.error.trimmed().isEmpty());

    // Nothing to speak.
    SynthesisParams empty = paramsFor(kSamples[0]);
    empty.text = QStringLiteral(" ... ");
    const Outcome o3 = run(pool, job(empty, {}, AudioFormat::Wav, true), 30000, false);
    QVERIFY(o3.failed);
    qInfo("nothing to speak: %s", qPrintable(o3.error));

    // Same worker process, still serving.
    QCOMPARE(pool.workerPids(), pids);
    const Outcome ok = run(pool, job(paramsFor(kSamples[0]), {}, AudioFormat::Wav, true), 60000, false);
    QVERIFY2(ok.finished, qPrintable(ok.error));
}

void TestWorkerPool::espeakWorkerEqualsThisProcess()
{
    // tts-worker forks its espeak-ng calls from the zygote it makes first thing in main
    // (EspeakCall); this process forks them itself. A stream's units and a file run on
    // workers, `say` and the benches in their own process: the same request must be the
    // same samples.
    QString error;
    EngineTest::RequestSpec spec;
    spec.voiceId = QStringLiteral("ef_dora");
    spec.language = QStringLiteral("e");
    spec.text = QStringLiteral("El faro estaba en calma. Las gaviotas gritaban más que ayer, y el mar seguía gris.");
    const std::optional<SynthesisParams> params = EngineTest::plan(spec, &error);
    QVERIFY2(params, qPrintable(error));
    QCOMPARE(params->backend, SpeechBackendKind::Espeak);

    std::vector<float> here;
    SynthesisPipeline pipeline;
    const QString err = pipeline.run(*params, [&](const float *s, qsizetype n) {
        here.insert(here.end(), s, s + n);
        return true;
    });
    QVERIFY2(err.isEmpty(), qPrintable(err));

    WorkerPool::Options options;
    options.workers = 1;
    WorkerPool pool(options);
    const EngineTest::Outcome worker = EngineTest::run(pool, EngineTest::job(*params, {}, AudioFormat::Wav, true));
    QVERIFY2(worker.finished, qPrintable(worker.error));
    QVERIFY(here.size() > 24000);
    QCOMPARE(worker.audio.size(), here.size());
    QVERIFY2(worker.audio == here, "a worker's samples differ from this process's");
}

void TestWorkerPool::heardStreamGoesFirstUntilAhead()
{
    // A stream worker holds a unit of a stream already heard, whose listener runs out of
    // audio now, and three new streams' first units, whose first audio is due
    // StreamScheduler::kFirstAudioDueMs from now. It runs the heard one first until it is
    // that far ahead of its listener (a burst of arrivals must not leave the first
    // listeners silent), then gives each newcomer its first words before the heard unit
    // goes on (turns, not one unit after another). Due times count audio, not the time the
    // synthesis takes, so the order does not depend on the machine's speed.
    WorkerProcess worker(WorkerPool::defaultWorkerProgram(), 30000);
    QVERIFY2(startWarm(worker), "worker did not get ready");
    struct Seen
    {
        quint32 tag;
        WorkerProtocol::Type type;
        qsizetype bytes;
    };
    QList<Seen> seen;
    int ended = 0;
    watchUnits(worker, [&](quint32 current, const WorkerProtocol::Frame &f) {
        seen.append({current, f.type, f.payload.size()});
        if (f.type == WorkerProtocol::Type::Done || f.type == WorkerProtocol::Type::Error)
            ++ended;
    });
    worker.setBusy(true);
    const SynthesisParams params = paramsFor(kSamples[1]);
    const qint64 now = steadyNowMs();
    const auto unit = [&](quint32 tag, bool first, qint64 dueMs) {
        // The whole text, as if a second of audio came before it (espeak-ng: 22,050 Hz).
        return first ? streamUnit(params, tag, dueMs, 0, 0)
                     : streamUnit(params, tag, dueMs, 22050, AudioFormats::kSampleRate);
    };
    worker.send(WorkerProtocol::Type::Job, unit(1, false, now));
    for (quint32 tag = 2; tag <= 4; ++tag)
        worker.send(WorkerProtocol::Type::Job, unit(tag, true, now + StreamScheduler::kFirstAudioDueMs));
    QTRY_COMPARE_WITH_TIMEOUT(ended, 4, 60000);

    qint64 heardFirst = 0; // samples of unit 1 before any newcomer's audio
    qsizetype heardDone = -1;
    QHash<quint32, qsizetype> firstAudio;
    for (qsizetype i = 0; i < seen.size(); ++i) {
        const Seen &s = seen.at(i);
        QVERIFY2(s.type != WorkerProtocol::Type::Error, qPrintable(QString("unit %1 failed").arg(s.tag)));
        if (s.type == WorkerProtocol::Type::Audio && !firstAudio.contains(s.tag))
            firstAudio.insert(s.tag, i);
        if (s.tag == 1 && s.type == WorkerProtocol::Type::Audio && firstAudio.size() == 1)
            heardFirst += s.bytes / qsizetype(sizeof(float));
        if (s.tag == 1 && s.type == WorkerProtocol::Type::Done)
            heardDone = i;
    }
    QCOMPARE(firstAudio.size(), 4);
    const qint64 ahead = heardFirst * 1000 / AudioFormats::kSampleRate;
    qInfo("the heard stream made %lld ms of audio before the first newcomer's", ahead);
    QVERIFY2(ahead >= StreamScheduler::kFirstAudioDueMs,
             qPrintable(QString("a newcomer went first after %1 ms of the heard stream's audio").arg(ahead)));
    // ... and no later: newcomers not late yet count as due when their first audio is
    // (a block of audio is ~49 ms; a quarter of a second of audio takes ~1 ms to make).
    QVERIFY2(ahead < StreamScheduler::kFirstAudioDueMs + 100,
             qPrintable(QString("the newcomers waited for %1 ms of the heard stream's audio").arg(ahead)));
    for (quint32 tag = 2; tag <= 4; ++tag)
        QVERIFY2(firstAudio.value(tag) < heardDone, qPrintable(QString("newcomer %1 waited for the heard unit's end").arg(tag)));
}

void TestWorkerPool::lateNewcomerWaitsForAHeardListenerAboutToRunDry()
{
    // A new stream whose first audio is already late (due 100 ms ago) and a heard
    // stream whose listener runs dry 300 ms from now. Late, the newcomer is due
    // StreamScheduler::kFirstAudioLimitMs after it came (450 ms from now): the heard unit
    // goes first until its audio reaches past that (150 ms of it), then the newcomer gets
    // its first words at once. While a late newcomer counted as due when it was late, a
    // burst beyond what the cores carry went to newcomers only, and every listener
    // already heard ran dry. Due times count audio, so this does not depend on the
    // machine's speed.
    WorkerProcess worker(WorkerPool::defaultWorkerProgram(), 30000);
    QVERIFY2(startWarm(worker), "worker did not get ready");
    TwoUnits seen; // 1: the heard unit, 2: the newcomer
    watchTwoUnits(worker, seen);
    worker.setBusy(true);
    const SynthesisParams params = paramsFor(kSamples[1]);
    const qint64 now = steadyNowMs();
    // The heard one as if a second of audio came before it (espeak-ng: 22,050 Hz).
    worker.send(WorkerProtocol::Type::Job, streamUnit(params, 1, now + 300, 22050, AudioFormats::kSampleRate));
    const qint64 arrived = now - StreamScheduler::kFirstAudioDueMs - 100;
    worker.send(WorkerProtocol::Type::Job, streamUnit(params, 2, arrived + StreamScheduler::kFirstAudioDueMs, 0, 0));
    QTRY_COMPARE_WITH_TIMEOUT(seen.ended, 2, 60000);
    QVERIFY2(seen.secondHeard, "the newcomer made no audio");
    const qint64 madeMs = seen.firstBeforeMs();
    const qint64 expected = arrived + StreamScheduler::kFirstAudioLimitMs - (now + 300);
    qInfo("the heard unit made %lld ms before the late newcomer's first words (expected %lld)", madeMs, expected);
    // The turn changes between two blocks of audio (espeak-ng's: ~49 ms each).
    QVERIFY2(madeMs >= expected && madeMs < expected + 100,
             qPrintable(QString("the heard unit made %1 ms before the newcomer's first words, expected %2 ms").arg(madeMs).arg(expected)));
}

void TestWorkerPool::turnSlackGrowsWithTheListenersLead_data()
{
    QTest::addColumn<qint64>("leadMs");  // how far from now the first listener runs out of audio
    QTest::addColumn<qint64>("slackMs"); // what the running unit may get past the other
    QTest::newRow("listeners late") << qint64(-10000) << qint64(kWorkerLateTurnSlackMs);
    // The second listener dry already, the first one's not by the time it is 500 ms past
    // the second (its unit made 600 ms of audio): the second goes next as soon as it can.
    QTest::newRow("only the other listener late") << qint64(-550) << qint64(kWorkerTurnSlackMs);
    // The second listener 2.9 s ahead: a quarter of that (less the time the synthesis
    // takes meanwhile, a quarter of it too: allowed for below).
    QTest::newRow("listeners seconds ahead") << qint64(2400) << qint64(2900 / 4);
    QTest::newRow("listeners a minute ahead") << qint64(60000) << qint64(kWorkerMaxTurnSlackMs);
}

void TestWorkerPool::turnSlackGrowsWithTheListenersLead()
{
    // Two heard streams' units of one text, the second due 500 ms after the first. The
    // first runs until it is the slack past the second, which then takes the turn: 500 ms
    // when both listeners are late (past what the cores carry, turns at every 100 ms only
    // cost: stops, continues and thread switches), a second when they are a minute ahead
    // (a quarter of the lead, at most 1 s: turns cost thread switches and signals, and
    // with seconds of audio ahead nobody hears the order). Due times count audio, so the
    // samples before the turn do not depend on the machine's speed.
    QFETCH(qint64, leadMs);
    QFETCH(qint64, slackMs);
    WorkerProcess worker(WorkerPool::defaultWorkerProgram(), 30000);
    QVERIFY2(startWarm(worker), "worker did not get ready");
    TwoUnits seen;
    watchTwoUnits(worker, seen);
    worker.setBusy(true);
    const SynthesisParams params = paramsFor(kSamples[1]);
    const qint64 due = steadyNowMs() + leadMs;
    // As if a second of audio came before each (espeak-ng: 22,050 Hz).
    worker.send(WorkerProtocol::Type::Job, streamUnit(params, 1, due, 22050, AudioFormats::kSampleRate));
    worker.send(WorkerProtocol::Type::Job, streamUnit(params, 2, due + 500, 22050, AudioFormats::kSampleRate));
    QTRY_COMPARE_WITH_TIMEOUT(seen.ended, 2, 60000);
    QVERIFY2(seen.secondHeard, "the second unit made no audio");
    const qint64 madeMs = seen.firstBeforeMs();
    qInfo("the first unit made %lld ms before the second began", madeMs);
    // The turn changes between two blocks of audio (espeak-ng's: ~49 ms each); a slack
    // that depends on the lead shrinks by a quarter of the time the synthesis took (at
    // most 100 ms here).
    const qint64 early = slackMs > kWorkerTurnSlackMs && slackMs < kWorkerMaxTurnSlackMs ? 100 : 0;
    QVERIFY2(madeMs >= 500 + slackMs - early && madeMs < 500 + slackMs + 100,
             qPrintable(QString("the first unit made %1 ms before the second began, expected %2 ms").arg(madeMs).arg(500 + slackMs)));
}

void TestWorkerPool::begunUnitsEndOneByOneWhileRoomIsAwaited()
{
    // A stream worker holds one flite unit more than it begins at once (each begun one
    // keeps its synthesis state: their text is bounded), all due at the same time. They
    // begin one after another by turns; once the last one's room is awaited, the unit
    // running then (the last begun, three times as long as the others) goes on to its
    // end, and the waiting one begins right after it. By turns, the begun ones went on in
    // step, the shorter ones ended first, and the waiting one began only after the lot.
    WorkerProcess worker(WorkerPool::defaultWorkerProgram(), 30000);
    QVERIFY2(startWarm(worker), "worker did not get ready");
    QList<quint32> ends;                 // tags, in the order their units ended
    QHash<quint32, qsizetype> firstAudio; // tag -> the number of units ended before its first audio
    watchUnits(worker, [&](quint32 current, const WorkerProtocol::Frame &f) {
        if (f.type == WorkerProtocol::Type::Audio && !firstAudio.contains(current))
            firstAudio.insert(current, ends.size());
        else if (f.type == WorkerProtocol::Type::Error)
            ends << 0; // no tag: the check below names it
        else if (f.type == WorkerProtocol::Type::Done)
            ends << current;
    });
    worker.setBusy(true);
    QString error;
    const QString text = QString::fromUtf8(kSamples[0].text);
    const auto params = plan({"af_sarah", "base", "a", text}, &error);
    const auto longParams = plan({"af_sarah", "base", "a", (text + u' ').repeated(3).trimmed()}, &error);
    QVERIFY2(params && longParams, qPrintable(error));
    const qint64 due = steadyNowMs() + 60000; // nobody is late: turns by audio made
    // As many units as the budget holds, the long one among them, then one more: the
    // count follows the text (a fixed count of 32 held the ramp's short pieces back).
    const qsizetype begun = (kWorkerBegunTextBudget - longParams->text.size()) / params->text.size();
    QVERIFY(begun > 32 && begun < kWorkerMaxBegunUnits);
    const quint32 units = quint32(begun) + 2;
    for (quint32 tag = 1; tag <= units; ++tag) {
        // A heard stream's unit: a second of audio came before it (flite: 16 kHz).
        worker.send(WorkerProtocol::Type::Job,
                    streamUnit(tag == units - 1 ? *longParams : *params, tag, due, 16000, AudioFormats::kSampleRate));
    }
    QTRY_COMPARE_WITH_TIMEOUT(ends.size(), qsizetype(units), 120000);
    QVERIFY2(!ends.contains(0), "a unit failed");
    QCOMPARE(firstAudio.size(), qsizetype(units));
    // Every held unit but the last began before any ended.
    for (quint32 tag = 1; tag < units; ++tag)
        QCOMPARE(firstAudio.value(tag), qsizetype(0));
    QCOMPARE(ends.first(), units - 1); // the one running when the room ran out
    QCOMPARE(firstAudio.value(units), qsizetype(1)); // the waiting one began after it
}

void TestWorkerPool::roomGoesInDueOrder()
{
    // Begun flite units fill the budget but for a little. A long unit due next does not
    // fit; shorter ones due after it would. They wait for it: room goes in due order,
    // else short pieces would pass a sentence waiting for room for as long as they came.
    WorkerProcess worker(WorkerPool::defaultWorkerProgram(), 30000);
    QVERIFY2(startWarm(worker), "worker did not get ready");
    QList<quint32> heard; // tags, in the order of their first audio
    qsizetype ended = 0;
    watchUnits(worker, [&](quint32 current, const WorkerProtocol::Frame &f) {
        if (f.type == WorkerProtocol::Type::Audio && !heard.contains(current))
            heard << current;
        else if (f.type == WorkerProtocol::Type::Done || f.type == WorkerProtocol::Type::Error)
            ++ended;
    });
    worker.setBusy(true);
    QString error;
    const QString text = QString::fromUtf8(kSamples[0].text);
    const auto params = plan({"af_sarah", "base", "a", text}, &error);
    const auto longParams = plan({"af_sarah", "base", "a", (text + u' ').repeated(3).trimmed()}, &error);
    const auto shortParams = plan({"af_sarah", "base", "a", "Doors open at nine."}, &error);
    QVERIFY2(params && longParams && shortParams, qPrintable(error));
    const qsizetype fill = kWorkerBegunTextBudget / params->text.size();
    const qsizetype left = kWorkerBegunTextBudget - fill * params->text.size();
    QVERIFY2(longParams->text.size() > left && shortParams->text.size() <= left && fill < kWorkerMaxBegunUnits,
             qPrintable(QString("fill %1 left %2 long %3 short %4").arg(fill).arg(left).arg(longParams->text.size()).arg(shortParams->text.size())));
    const qint64 due = steadyNowMs() + 60000; // nobody is late: by audio made, then arrival
    quint32 tag = 0;
    for (qsizetype i = 0; i < fill; ++i)
        worker.send(WorkerProtocol::Type::Job, streamUnit(*params, ++tag, due, 16000, AudioFormats::kSampleRate));
    const quint32 longTag = ++tag;
    worker.send(WorkerProtocol::Type::Job, streamUnit(*longParams, longTag, due, 16000, AudioFormats::kSampleRate));
    const quint32 firstShort = tag + 1;
    for (int i = 0; i < 3; ++i)
        worker.send(WorkerProtocol::Type::Job, streamUnit(*shortParams, ++tag, due, 16000, AudioFormats::kSampleRate));
    QTRY_COMPARE_WITH_TIMEOUT(ended, qsizetype(tag), 120000);
    QCOMPARE(heard.size(), qsizetype(tag));
    const qsizetype longAt = heard.indexOf(longTag);
    for (quint32 t = firstShort; t <= tag; ++t)
        QVERIFY2(heard.indexOf(t) > longAt, qPrintable(QString("short unit %1 began before the long one due before it").arg(t)));
}

void TestWorkerPool::quietWorkerIsEndedWhileFed()
{
    // A busy worker that says nothing for its inactivity timeout is ended, even while more
    // work is handed to it meanwhile (the stream scheduler does, to a worker holding
    // units): the bound runs from its last frame, not from the last job it was given.
    WorkerProcess worker(WorkerPool::defaultWorkerProgram(), 1000);
    QSignalSpy died(&worker, &WorkerProcess::died);
    QVERIFY2(startWarm(worker), "worker did not get ready");
    worker.setBusy(true);
    QVERIFY(::kill(pid_t(worker.pid()), SIGSTOP) == 0); // stuck: no frame comes any more
    for (int i = 0; i < 100 && died.isEmpty(); ++i) {
        worker.setBusy(true);
        QTest::qWait(100);
    }
    QVERIFY2(!died.isEmpty(), "a quiet worker lived on while work was handed to it");
}

QTEST_GUILESS_MAIN(TestWorkerPool)
#include "tst_workerpool.moc"
