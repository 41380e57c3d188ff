#include "workerloop.h"

#include "audioencoder.h"
#include "espeakcall.h"
#include "streamencoder.h"
#include "synthesisjob.h"
#include "synthesispipeline.h"
#include "workerprotocol.h"

#include <QElapsedTimer>
#include <utility>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <condition_variable>
#include <functional>
#include <system_error>
#include <limits>
#include <list>
#include <mutex>
#include <thread>

#include <poll.h>
#include <sys/uio.h>
#include <unistd.h>

namespace
{
// The steady clock the host's due times are on (SynthesisJob::dueMs).
qint64 steadyNowMs()
{
    QElapsedTimer now;
    now.start();
    return now.msecsSinceReference();
}

class Channel
{
public:
    Channel(int in, int out) : m_in(in), m_out(out) {}

    // The header and the payload in one writev: joined into one array first, every
    // audio frame was copied once more on its way out.
    bool send(WorkerProtocol::Type type, const QByteArray &payload)
    {
        auto header = WorkerProtocol::header(type, payload.size());
        iovec parts[2] = {{header.data(), header.size()}, {const_cast<char *>(payload.constData()), size_t(payload.size())}};
        iovec *at = parts;
        int count = payload.isEmpty() ? 1 : 2;
        while (count > 0) {
            const ssize_t n = ::writev(m_out, at, count);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return false;
            size_t done = size_t(n);
            while (count > 0 && done >= at->iov_len) {
                done -= at->iov_len;
                ++at;
                --count;
            }
            if (count > 0) {
                at->iov_base = static_cast<char *>(at->iov_base) + done;
                at->iov_len -= done;
            }
        }
        return true;
    }

    bool sendJson(WorkerProtocol::Type type, const QJsonObject &o)
    {
        return send(type, QJsonDocument(o).toJson(QJsonDocument::Compact));
    }

    // Blocks until one frame arrives; nullopt when the host has gone.
    std::optional<WorkerProtocol::Frame> receive()
    {
        for (;;) {
            bool corrupt = false;
            if (auto f = WorkerProtocol::take(m_buffer, &corrupt))
                return f;
            if (corrupt || !readSome())
                return std::nullopt;
        }
    }

    // A frame that has already arrived, without blocking; sets *gone when the host has.
    std::optional<WorkerProtocol::Frame> receiveNow(bool *gone)
    {
        *gone = false;
        bool corrupt = false;
        if (auto f = WorkerProtocol::take(m_buffer, &corrupt))
            return f;
        pollfd p{m_in, POLLIN, 0};
        if (!corrupt && (::poll(&p, 1, 0) <= 0 || !p.revents))
            return std::nullopt;
        if (corrupt || !readSome()) {
            *gone = true;
            return std::nullopt;
        }
        return WorkerProtocol::take(m_buffer, gone);
    }

private:
    bool readSome()
    {
        char chunk[65536];
        for (;;) {
            const ssize_t n = ::read(m_in, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return false;
            m_buffer.append(chunk, n);
            return true;
        }
    }

    int m_in;
    int m_out;
    QByteArray m_buffer;
};

// A job the host handed over, from its arrival until its last frame went out. Jobs with a
// due time (SynthesisJob::dueMs: a live stream's units, StreamScheduler) take turns on
// threads of their own; the others run one after another, in the order they came.
struct HeldJob
{
    std::optional<SynthesisJob> job; // nullopt: malformed
    quint64 order = 0;               // arrival: among equals the first goes first
    bool stop = false;               // the host said Stop (or Finish) while it ran
    bool finish = false;
    qint64 inFlight = 0;             // audio bytes sent and not yet credited back (flow control)
    qint64 made = 0;                 // 24 kHz samples made so far: its due time moves on with them
    bool started = false;            // its thread runs it
    bool ended = false;              // its last frame went out
    std::thread thread;
    std::condition_variable turn;    // woken when its turn comes

    quint32 tag() const { return job ? job->tag : 0; }
    bool urgent() const { return stop || finish; } // it ends as soon as it runs: first
    // Its synthesis state lives in this process while it is paused: for a clustergen
    // flite voice its vocoder's tracks and the audio made (~0.07 MB per second of the
    // sentence's audio), for kal16 (not ramped: whole sentences) the utterance. An
    // espeak-ng call's lives in its own process, stopped meanwhile (~0.3 MB PSS).
    bool holdsStateHere() const { return job && job->params.backend == SpeechBackendKind::Flite; }
    // What a begun flite unit counts against kBegunTextBudget: its text, at least a character.
    qsizetype heldText() const { return job ? qMax<qsizetype>(job->params.text.size(), 1) : 1; }
    // A stream's first unit: a few words (TextSegmenter's ramp).
    bool isFirstUnit() const { return job && job->excerpt && job->excerpt->outputOffset == 0; }
    // When its listener runs out of audio, on the steady clock: a stream's first unit
    // counts from its first chunk, a later unit from the host's reckoning of the audio
    // before it (SynthesisJob::dueMs). Before a stream's first chunk: when its first audio
    // is due (the host's dueMs, StreamScheduler::kFirstAudioDueMs after it came). Jobs
    // without a due time: never.
    // A first unit whose first audio is late (past the host's dueMs) is due
    // kWorkerLateFirstAudioMs later from then on: the streams already heard whose
    // listeners run dry before that go first (StreamScheduler::kFirstAudioLimitMs).
    // Once begun it keeps the key it began with: its first chunk is made before it
    // counts as heard, and turning late in the middle of that would park it with the
    // chunk made and not sent.
    qint64 due() const
    {
        if (!job || job->dueMs < 0)
            return std::numeric_limits<qint64>::max();
        if (awaitsFirstAudio())
            return (started ? lateWhenBegun : steadyNowMs() > job->dueMs) ? job->dueMs + kWorkerLateFirstAudioMs
                                                                           : job->dueMs;
        return (isFirstUnit() ? firstAudioAt : job->dueMs) + made * 1000 / AudioFormats::kSampleRate;
    }
    // A stream's first unit before its first chunk: its listener hears nothing yet.
    bool awaitsFirstAudio() const { return isFirstUnit() && firstAudioAt < 0; }
    qint64 firstAudioAt = -1; // its first chunk, on the steady clock (a first unit counts from it)
    bool lateWhenBegun = false; // a first unit begun after its first audio was due (due())
};

class JobRun;

// The jobs a worker holds and whose turn it is to run. One thread runs at a time (the loop's
// or a job's, handing the turn over explicitly), so speech state is never used by two at
// once; a job gives its turn away only between two chunks of its audio, in yield(). All
// the fields below are touched by the thread whose turn it is only; m_mutex guards the
// hand-over.
class Worker
{
public:
    Worker(Channel &channel, SynthesisPipeline &pipeline) : m_channel(channel), m_pipeline(pipeline) {}

    // Serves jobs until the host has gone; the exit code.
    int run();

    // For the job whose turn it is. Sends a frame of that job (after a Turn naming it, when
    // the frame before was another tagged job's); false when the host has gone.
    bool send(HeldJob &job, WorkerProtocol::Type type, const QByteArray &payload);
    bool sendFor(quint32 tag, WorkerProtocol::Type type, const QByteArray &payload);
    bool sendJson(HeldJob &job, WorkerProtocol::Type type, const QJsonObject &o)
    {
        return send(job, type, QJsonDocument(o).toJson(QJsonDocument::Compact));
    }
    // Between two chunks: reads what the host said meanwhile, and lets a job due clearly
    // sooner (or one told to stop) run first; returns when it is this job's turn again.
    // beforeLeaving runs first when another job takes the turn (false: stay and end).
    void yield(HeldJob &me, const std::function<bool()> &beforeLeaving);
    // Blocks until the host says something (flow control); false when it has gone.
    bool waitForFrame();
    bool hostGone() const { return m_hostGone; }

    // A job due this much sooner than the running one takes the turn from it: turns that
    // changed at every chunk would cost more than the order gains (measured: 30 ms and
    // 100 ms alike, 1 s for every job clearly worse). A rival whose listener has more audio
    // ahead waits for up to a quarter of it (pick()), at most kMaxTurnSlackMs.
    static constexpr qint64 kTurnSlackMs = kWorkerTurnSlackMs;
    static constexpr qint64 kMaxTurnSlackMs = kWorkerMaxTurnSlackMs;
    // The text of the flite jobs begun and not ended, streams' first units aside (a few
    // words each): each holds its synthesis state meanwhile (HeldJob::holdsStateHere),
    // about as much as its text is long, so their text bounds the worker's memory. A
    // count of 32 units did too, but held the ramp's short pieces back as if they were
    // whole sentences: in bursts of flite listeners arriving together, pieces waited
    // for room while their listeners ran dry (96 units: gaps summed 80 s → 16 s and
    // 0.2 s in bursts of 104, but ~560 MB for server and workers with 200 streams).
    // Since a paused unit keeps only what flite's vocoder reads (FliteBackend, ~0.35 MB
    // for 5 s of audio instead of ~1.5 MB), 7,680 characters (~96 sentences of 80) kept
    // 200 streams at ~325 MB, where 32 units took ~345. Their number is bounded too
    // (kMaxBegun: a thread and a pipeline's buffers each, whatever the text). First units
    // are bounded apart.
    static constexpr qsizetype kBegunTextBudget = kWorkerBegunTextBudget;
    static constexpr int kMaxBegun = kWorkerMaxBegunUnits;
    // The slack between two units whose listeners have both run dry (pick()).
    static constexpr qint64 kLateTurnSlackMs = kWorkerLateTurnSlackMs;
    static constexpr int kMaxFirstUnits = 96;

private:
    void handle(const WorkerProtocol::Frame &f);
    bool readAvailable();
    HeldJob *pick(HeldJob *current);
    HeldJob *bestBut(const HeldJob *current);
    static bool before(const HeldJob &a, const HeldJob &b);
    void handOver(HeldJob *from, HeldJob *to);
    bool startThread(HeldJob *job);
    void jobThread(HeldJob *job);
    void answerEarly(HeldJob &job, bool stop);

    Channel &m_channel;
    SynthesisPipeline &m_pipeline;
    std::list<HeldJob> m_held;
    quint64 m_arrivals = 0;
    quint32 m_announced = 0; // the tag of the last Turn sent
    bool m_hostGone = false;
    std::mutex m_mutex;
    HeldJob *m_turn = nullptr; // whose turn it is; nullptr: the loop's
    // pick()'s best job but the running one (m_rivalOf), while nothing but that one's
    // audio changed: a frame from the host, a job begun or ended, or a turn handed over
    // makes it unknown.
    HeldJob *m_rival = nullptr;
    qint64 m_rivalDue = 0; // its due time when it was found best
    const HeldJob *m_rivalOf = nullptr;
    bool m_rivalKnown = false;
    // With m_rival: the best of the jobs not begun that wait for room (kBegunTextBudget).
    HeldJob *m_awaitingRoom = nullptr;
    std::condition_variable m_loopTurn;
};

// One job, from the Started frame to the last one it answers with (Done or Error). What
// the host can change while the job runs (credits, a stop, the pipe closing) is in its
// HeldJob, kept there by the Worker.
class JobRun
{
public:
    JobRun(Worker &worker, HeldJob &held) : m_worker(worker), m_held(held), m_job(*held.job) {}

    // A job stopped or finished by the host before its turn: answered at once, as a
    // running one would be right after the signal.
    bool answerEarly(bool stop)
    {
        if (stop)
            return fail(QStringLiteral("Cancelled"));
        return finish({});
    }

    // False when the host has gone: the worker then exits.
    bool run(SynthesisPipeline &pipeline)
    {
        if (!m_job.outputPath.isEmpty()) {
            m_encoder = AudioEncoder::create(m_job.format);
            if (QString err = m_encoder->open(m_job.outputPath); !err.isEmpty())
                return m_worker.sendJson(m_held, WorkerProtocol::Type::Error, {{"message", err}});
        }
        if (!m_worker.sendJson(m_held, WorkerProtocol::Type::Started, {{"sample_rate", AudioFormats::kSampleRate}}))
            return false;
        if (m_job.stream)
            m_streamEncoder = StreamEncoder::create(m_job.streamFormat);
        m_sinceProgress.start();
        SynthesisPipeline::WordSink words;
        if (m_job.wordTimings)
            words = [this](const QList<WordTiming> &w) { return sendWords(w); };
        pipeline.setHeartbeat([this] { return heartbeat(); });
        const QString err = pipeline.run(m_job.params, [this](const float *data, qsizetype count) {
            return takeChunk(data, count);
        }, &m_progress, words, m_job.excerpt.value_or(SynthesisPipeline::Excerpt{}));
        if (m_streamEncoder && !m_worker.hostGone() && !m_held.stop && err.isEmpty() && m_encodeError.isEmpty() && m_capError.isEmpty()) {
            m_pending += m_streamEncoder->finish();
            flushAudio();
        }
        pipeline.setHeartbeat({});
        return finish(err);
    }

private:
    // Between the backend calls of a piece whose audio is gathered before it goes out
    // (word timings, SSML): the host's inactivity watchdog hears from the job at least
    // once a second, stream or file.
    bool heartbeat()
    {
        if (!keepGoing())
            return false;
        if (m_sinceProgress.elapsed() >= 1000) {
            m_sinceProgress.restart();
            if (!m_worker.sendJson(m_held, WorkerProtocol::Type::Progress, {{"samples", m_samples}}))
                return false;
        }
        return true;
    }

    // The pipeline's sink: false ends the synthesis early.
    bool takeChunk(const float *data, qsizetype count)
    {
        if (!keepGoing())
            return false;
        // A player can then show which sentence is being heard (the studio's editor).
        if (m_job.stream && m_progress.sentence != m_markedSentence) {
            m_markedSentence = m_progress.sentence;
            if (!flushAudio() || !m_worker.sendJson(m_held, WorkerProtocol::Type::Sentence, {{"index", qint64(m_markedSentence)}, {"samples", m_samples}}))
                return false;
        }
        if (m_job.maxSamples > 0 && m_samples + count > m_job.maxSamples) {
            // More audio than the text pays for: stop; the job fails and is charged.
            m_capError = SynthesisJob::tooLong(m_job.maxSamples, m_job.billedTokens);
            return false;
        }
        m_samples += count;
        m_held.made = m_samples;
        if (m_held.firstAudioAt < 0)
            m_held.firstAudioAt = steadyNowMs();
        // A file job sends nothing else until it is done: say once a second that it lives.
        if (!m_job.stream && m_sinceProgress.elapsed() >= 1000) {
            m_sinceProgress.restart();
            if (!m_worker.sendJson(m_held, WorkerProtocol::Type::Progress, {{"samples", m_samples}}))
                return false;
        }
        if (m_encoder) {
            m_encodeError = m_encoder->write(data, count);
            if (!m_encodeError.isEmpty())
                return false;
        }
        m_textSpoken = m_progress.throughCurrentSentence;
        if (!m_job.stream)
            return true;
        m_pending += m_streamEncoder->encode(data, count);
        // A stream's first quarter second goes chunk by chunk (first audio); after it, a
        // scheduler's unit sends its audio in frames of ~0.2 s, the WebSocket session's
        // own (it gathers that much before it sends), or ~0.6 s while its listener is
        // seconds ahead (batchBytes()): each frame costs the host a read and a hop to the
        // server thread, and one per 20 ms chunk took about a sixth of the CPU with a
        // hundred and more streams. The audio held back is ~0.3 ms of espeak-ng's
        // pipeline (~1 ms at 0.6 s), ~2 ms of flite's (~6 ms), and it goes out
        // before the unit gives its turn away (keepGoing): no listener waits for it behind
        // other units.
        const qint64 streamSamples = (m_job.excerpt ? m_job.excerpt->outputOffset : 0) + m_samples;
        if (!m_job.excerpt || streamSamples <= kPromptSamples || m_pending.size() >= batchBytes())
            return flushAudio();
        return true;
    }

    // A stream whose listener has seconds of audio ahead gets it in larger frames: each
    // frame wakes the host's scheduler thread, the server thread and the client, and with
    // hundreds of listeners those wake-ups cost more than the audio's bytes.
    qsizetype batchBytes() const
    {
        return m_held.due() - steadyNowMs() >= kAheadMs ? kAheadBatchBytes : kBatchBytes;
    }

    static constexpr qint64 kPromptSamples = AudioFormats::kSampleRate / 4;
    static constexpr qsizetype kBatchBytes = AudioFormats::kSampleRate / 5 * qsizetype(sizeof(float));
    // Past kAheadMs of audio ahead of the listener, frames of 0.6 s (under a pipe's 64 KiB).
    static constexpr qint64 kAheadMs = 2000;
    static constexpr qsizetype kAheadBatchBytes = AudioFormats::kSampleRate * 3 / 5 * qsizetype(sizeof(float));

    // The audio held back (takeChunk), before anything that must follow it.
    bool flushAudio()
    {
        if (m_pending.isEmpty())
            return true;
        const QByteArray bytes = std::exchange(m_pending, QByteArray());
        return sendAudio(bytes);
    }

    bool sendWords(const QList<WordTiming> &words)
    {
        if (!keepGoing() || !flushAudio())
            return false;
        return m_worker.sendJson(m_held, WorkerProtocol::Type::Words, {{"words", WordTimings::toJson(words)}});
    }

    // Between chunks: a stop must end the job within a chunk's time, not at the end; and a
    // job due sooner runs first.
    bool keepGoing()
    {
        if (!m_held.urgent() && !m_worker.hostGone())
            m_worker.yield(m_held, [this] { return !m_held.stop && flushAudio(); }); // a stopped unit's audio is for nobody
        return !m_held.urgent() && !m_worker.hostGone();
    }

    bool sendAudio(const QByteArray &bytes)
    {
        if (bytes.isEmpty())
            return true;
        if (!m_worker.send(m_held, WorkerProtocol::Type::Audio, bytes))
            return false;
        m_held.inFlight += bytes.size();
        // Flow control: a slow consumer pauses synthesis instead of growing buffers. A
        // stream's unit is paced by the scheduler instead (SynthesisJob::excerpt).
        while (!m_job.excerpt && m_held.inFlight > qint64(WorkerProtocol::kAudioWindowBytes) && !m_held.urgent()) {
            if (!m_worker.waitForFrame())
                return false;
        }
        return !m_held.urgent();
    }

    // The job's last frame, once the pipeline has returned (pipelineError from it).
    bool finish(const QString &pipelineError)
    {
        if (m_worker.hostGone())
            return false;
        if (m_held.stop)
            return fail(QStringLiteral("Cancelled"));
        if (pipelineError.isEmpty() && !m_capError.isEmpty())
            return fail(m_capError, true);
        QString failure = !pipelineError.isEmpty() ? pipelineError : m_encodeError;
        if (failure.isEmpty() && m_encoder)
            failure = m_encoder->finish();
        if (!failure.isEmpty())
            return fail(failure);
        // Finished early, the file ends where the audio does (a proper WAV/MP3 of it).
        return m_worker.sendJson(m_held, WorkerProtocol::Type::Done,
                                 {{"samples", m_samples},
                                  {"text_spoken", qint64(m_held.finish ? m_textSpoken : m_progress.total)},
                                  {"text_total", qint64(m_progress.total)},
                                  {"input_samples", m_progress.inputSamples}});
    }

    // A job that ends without Done leaves no partial file behind; the encoder is closed
    // before the removal so that no handle to the file outlives it. overBound: the job
    // reached its bound on audio (the host charges it: docs/api.md "What a token may say").
    bool fail(const QString &message, bool overBound = false)
    {
        m_encoder.reset();
        if (!m_job.outputPath.isEmpty())
            QFile::remove(m_job.outputPath);
        QJsonObject error{{"message", message}};
        if (overBound)
            error.insert(QStringLiteral("over_bound"), true);
        return m_worker.sendJson(m_held, WorkerProtocol::Type::Error, error);
    }

    Worker &m_worker;
    HeldJob &m_held;
    const SynthesisJob &m_job;
    std::unique_ptr<AudioEncoder> m_encoder;        // the file, when the job writes one
    std::unique_ptr<StreamEncoder> m_streamEncoder; // the frames, when the job streams
    QByteArray m_pending; // encoded audio not sent yet (takeChunk)
    qint64 m_samples = 0;
    SynthesisPipeline::Progress m_progress;
    qsizetype m_markedSentence = -1;
    qsizetype m_textSpoken = 0; // of the text, what the audio written so far reaches
    QString m_encodeError;
    QString m_capError; // the audio reached the job's maxSamples
    QElapsedTimer m_sinceProgress;
};

bool Worker::send(HeldJob &job, WorkerProtocol::Type type, const QByteArray &payload)
{
    return sendFor(job.tag(), type, payload);
}

bool Worker::sendFor(quint32 tag, WorkerProtocol::Type type, const QByteArray &payload)
{
    if (m_hostGone)
        return false;
    if (tag != 0 && tag != m_announced) {
        if (!m_channel.send(WorkerProtocol::Type::Turn, WorkerProtocol::tagPayload(tag))) {
            m_hostGone = true;
            return false;
        }
        m_announced = tag;
    }
    if (!m_channel.send(type, payload)) {
        m_hostGone = true;
        return false;
    }
    return true;
}

void Worker::handle(const WorkerProtocol::Frame &f)
{
    if (f.type != WorkerProtocol::Type::Credit)
        m_rivalKnown = false;
    if (f.type == WorkerProtocol::Type::Job) {
        const QJsonObject json = QJsonDocument::fromJson(f.payload).object();
        HeldJob &job = m_held.emplace_back();
        job.job = SynthesisJob::fromJson(json);
        job.order = ++m_arrivals;
        if (!job.job) {
            // Answered at once, under the tag it names if it names one (the host's frames
            // of other units must not take the answer for theirs).
            job.ended = true;
            sendFor(SynthesisJob::tagOf(json), WorkerProtocol::Type::Error, QJsonDocument(QJsonObject{{"message", "malformed job"}}).toJson(QJsonDocument::Compact));
        }
        return;
    }
    // The job meant: by its tag, else the one that came first (the running one when jobs
    // run one after another). One that ended already is not there (the signal came late).
    // (0 for a Stop or Finish without one: the running job.)
    const quint32 tag = (f.type == WorkerProtocol::Type::Credit) ? 0 : WorkerProtocol::tagOf(f);
    HeldJob *target = nullptr;
    for (HeldJob &h : m_held) {
        if (!h.ended && (tag == 0 || h.tag() == tag)) {
            target = &h;
            break;
        }
    }
    if (!target)
        return;
    if (f.type == WorkerProtocol::Type::Credit && f.payload.size() == 4) {
        target->inFlight -= qFromLittleEndian<quint32>(f.payload.constData());
        return;
    }
    const bool stop = f.type == WorkerProtocol::Type::Stop;
    if (!stop && f.type != WorkerProtocol::Type::Finish)
        return;
    if (!target->started) {
        answerEarly(*target, stop);
        return;
    }
    (stop ? target->stop : target->finish) = true;
}

void Worker::answerEarly(HeldJob &job, bool stop)
{
    if (!JobRun(*this, job).answerEarly(stop))
        m_hostGone = true;
    job.ended = true;
}

bool Worker::readAvailable()
{
    while (!m_hostGone) {
        bool gone = false;
        auto f = m_channel.receiveNow(&gone);
        if (gone)
            m_hostGone = true;
        if (!f)
            break;
        handle(*f);
    }
    return !m_hostGone;
}

void Worker::yield(HeldJob &me, const std::function<bool()> &beforeLeaving)
{
    if (!readAvailable())
        return;
    HeldJob *next = pick(&me);
    if (!next || next == &me || !beforeLeaving())
        return;
    if (!m_rivalKnown) // beforeLeaving read frames from the host: pick again
        next = pick(&me);
    if (next && next != &me)
        handOver(&me, next);
}

bool Worker::waitForFrame()
{
    auto f = m_hostGone ? std::nullopt : m_channel.receive();
    if (!f) {
        m_hostGone = true;
        return false;
    }
    handle(*f);
    return !m_hostGone;
}

// Whether a goes before b: one told to stop or finish, else the one due first (HeldJob::due:
// a new stream's first words are due StreamScheduler::kFirstAudioDueMs after it came),
// else the one that came first.
bool Worker::before(const HeldJob &a, const HeldJob &b)
{
    if (a.urgent() != b.urgent())
        return a.urgent();
    if (a.due() != b.due())
        return a.due() < b.due();
    return a.order < b.order;
}

// The job to run now, by before(), turns by earliest deadline. The running job keeps its
// turn unless another is due sooner by a slack (kTurnSlackMs, more for a rival well
// ahead). A flite job not begun waits while the begun ones leave it no room
// (kBegunTextBudget, kMaxBegun; kMaxFirstUnits for first units). The best of the others
// is kept from one chunk to the next: only the running job's due time moves meanwhile,
// and a walk over a few hundred held jobs at every chunk took ~2 % of the machine's CPU.
HeldJob *Worker::pick(HeldJob *current)
{
    // A rival waiting for its first audio is due later once that is late (HeldJob::due):
    // then another may be best.
    if (!m_rivalKnown || m_rivalOf != current || (m_rival && m_rival->due() != m_rivalDue)) {
        m_rival = bestBut(current);
        m_rivalOf = current;
        m_rivalKnown = true;
        m_rivalDue = m_rival ? m_rival->due() : 0;
    }
    HeldJob *rival = m_rival;
    if (!current || current->ended)
        return rival;
    if (!rival || before(*current, *rival))
        return current;
    if (rival->urgent() || current->urgent())
        return rival;
    // While a job due before the rival waits for room to begin, a begun one that holds
    // its state here runs to its end (new streams' first units still go ahead): by turns,
    // the begun ones went on in step and ended together, and the ones waiting for their
    // room, due first by then, began only after the whole lot (flite bursts: listeners
    // ran dry at their second unit while it waited a second to begin). One after
    // another, a place frees at each unit's end (a flite sentence is tens of
    // milliseconds of work).
    if (m_awaitingRoom && before(*m_awaitingRoom, *rival) && current->started && current->holdsStateHere()
        && !current->isFirstUnit() && !rival->isFirstUnit())
        return current;
    if (current->due() == std::numeric_limits<qint64>::max())
        return current; // jobs without a due time run one after another
    // A listener waiting for first words gets them at once when due (before() said it is
    // due first): the slack only spares turns between streams already heard.
    if (rival->awaitsFirstAudio())
        return rival;
    // Each turn costs two thread switches and, for espeak-ng, a stop and a continue of
    // the call's process: at a fixed 100 ms, hundreds of streams seconds ahead changed
    // turns ~4,000 times a second. A rival with T of audio ahead now waits until the
    // running job is T/4 past it (at most 1 s of audio: ~10 ms of flite's synthesis).
    // When both listeners have run dry, the rival waits until the running job is
    // kLateTurnSlackMs past it: past what the cores carry every listener is late, and
    // turns went round at each 100 ms of audio (for espeak-ng a tenth of a millisecond of
    // synthesis between two stops and continues), which made the overload worse.
    const qint64 now = steadyNowMs();
    const qint64 lead = rival->due() - now;
    const qint64 slack = lead < 0 && current->due() < now ? kLateTurnSlackMs
                                                           : std::clamp(lead / 4, kTurnSlackMs, kMaxTurnSlackMs);
    return rival->due() <= current->due() - slack ? rival : current;
}

HeldJob *Worker::bestBut(const HeldJob *current)
{
    m_awaitingRoom = nullptr;
    int firstUnits = 0, begun = 0;
    qsizetype begunText = 0;
    for (const HeldJob &h : m_held) {
        if (!h.started || h.ended || !h.holdsStateHere())
            continue;
        if (h.isFirstUnit()) {
            ++firstUnits;
        } else {
            ++begun;
            begunText += h.heldText();
        }
    }
    // Room is taken in due order: a flite unit that fits waits too while one due before it
    // does not fit (short pieces would pass a sentence waiting for room for as long as they
    // kept coming). bestFitting is the best of those that fit: the others come after it.
    HeldJob *best = nullptr, *bestFitting = nullptr;
    for (HeldJob &h : m_held) {
        if (&h == current || h.ended)
            continue;
        if (!h.started && h.holdsStateHere()) {
            if (h.isFirstUnit() && firstUnits >= kMaxFirstUnits)
                continue;
            if (!h.isFirstUnit()) {
                const bool room = begun == 0 || (begun < kMaxBegun && begunText + h.heldText() <= kBegunTextBudget);
                HeldJob *&slot = room ? bestFitting : m_awaitingRoom;
                if (!slot || before(h, *slot))
                    slot = &h;
                continue;
            }
        }
        if (!best || before(h, *best))
            best = &h;
    }
    const bool fitsInTurn = bestFitting && (!m_awaitingRoom || before(*bestFitting, *m_awaitingRoom));
    if (fitsInTurn && (!best || before(*bestFitting, *best)))
        best = bestFitting;
    return best;
}

void Worker::handOver(HeldJob *from, HeldJob *to)
{
    m_rivalKnown = false;
    if (to && !to->started && !startThread(to))
        return; // answered: the one handing over goes on (or the loop picks again)
    if (from)
        EspeakCall::pauseThisThreadsCall();
    std::unique_lock lock(m_mutex);
    m_turn = to;
    if (!to)
        m_loopTurn.notify_one();
    else
        to->turn.notify_one();
    if (from) {
        from->turn.wait(lock, [&] { return m_turn == from; });
        lock.unlock();
        EspeakCall::resumeThisThreadsCall();
    } else {
        m_loopTurn.wait(lock, [&] { return m_turn == nullptr; });
    }
}

// The job's thread, waiting for its turn. A process out of threads (a cgroup's or the
// user's limit) answers the job with an Error instead of ending every job it holds.
bool Worker::startThread(HeldJob *job)
{
    job->lateWhenBegun = job->job && job->job->dueMs >= 0 && steadyNowMs() > job->job->dueMs;
    job->started = true;
    try {
        job->thread = std::thread(&Worker::jobThread, this, job);
        return true;
    } catch (const std::system_error &) {
        job->ended = true;
        sendFor(job->tag(), WorkerProtocol::Type::Error,
                QJsonDocument(QJsonObject{{"message", "synthesis worker could not start a thread"}}).toJson(QJsonDocument::Compact));
        return false;
    }
}

void Worker::jobThread(HeldJob *job)
{
    {
        std::unique_lock lock(m_mutex);
        job->turn.wait(lock, [&] { return m_turn == job; });
    }
    if (!JobRun(*this, *job).run(m_pipeline))
        m_hostGone = true;
    job->ended = true;
    std::unique_lock lock(m_mutex);
    m_turn = nullptr; // the loop picks who goes on
    m_loopTurn.notify_one();
}

int Worker::run()
{
    for (;;) {
        for (auto it = m_held.begin(); it != m_held.end();) {
            if (!it->ended) {
                ++it;
                continue;
            }
            if (it->thread.joinable())
                it->thread.join();
            it = m_held.erase(it);
            m_rivalKnown = false;
        }
        if (m_hostGone || (m_held.empty() && !waitForFrame())) {
            // Jobs parked in the middle of their audio cannot be wound down (their thread
            // waits for a turn that will not come): their work is for nobody now.
            if (!m_held.empty())
                ::_exit(1);
            return 0;
        }
        if (!readAvailable())
            continue;
        if (HeldJob *next = pick(nullptr))
            handOver(nullptr, next);
    }
}
}

// The host is gone when this process has another parent than the one that started it
// (it was reparented). The read loop sees the closed pipe only between chunks; warm-up
// or one long utterance can take seconds on a loaded machine, so a thread checks
// every 100 ms and ends the process: its work is for nobody now.
static void exitWithHost()
{
    bool ok = false;
    const pid_t host = pid_t(qEnvironmentVariableIntValue("TTS_STUDIO_HOST_PID", &ok));
    if (!ok || host <= 0)
        return; // started by hand (tests, debugging)
    std::thread([host] {
        while (::getppid() == host)
            ::usleep(100 * 1000);
        ::_exit(0);
    }).detach();
}

int runWorkerLoop(int inFd, int outFd)
{
    std::signal(SIGPIPE, SIG_IGN);
    exitWithHost();
    Channel channel(inFd, outFd);
    SynthesisPipeline pipeline;
    pipeline.warmUp();
    if (!channel.send(WorkerProtocol::Type::Ready, {}))
        return 1;
    return Worker(channel, pipeline).run();
}
