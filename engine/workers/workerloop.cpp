#include "workerloop.h"

#include "audioencoder.h"
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

#include <cerrno>
#include <csignal>
#include <deque>
#include <thread>

#include <poll.h>
#include <unistd.h>

namespace
{
class Channel
{
public:
    Channel(int in, int out) : m_in(in), m_out(out) {}

    bool send(WorkerProtocol::Type type, const QByteArray &payload)
    {
        const QByteArray frame = WorkerProtocol::encode(type, payload);
        const char *p = frame.constData();
        qsizetype left = frame.size();
        while (left > 0) {
            const ssize_t n = ::write(m_out, p, size_t(left));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return false;
            p += n;
            left -= n;
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

// A job the host sent while another ran (StreamScheduler hands a worker its next unit
// early, so that it never waits between units), with what the host said about it since.
struct WaitingJob
{
    std::optional<SynthesisJob> job; // nullopt: malformed, answered with an Error in its turn
    bool stop = false;
    bool finish = false;
};
using WaitingJobs = std::deque<WaitingJob>;

WaitingJob parseJob(const QByteArray &payload)
{
    return WaitingJob{SynthesisJob::fromJson(QJsonDocument::fromJson(payload).object())};
}

// The tag a Stop or Finish names; 0: the running job.
quint32 tagOf(const WorkerProtocol::Frame &f)
{
    return f.payload.size() == 4 ? qFromLittleEndian<quint32>(f.payload.constData()) : 0;
}

// One job, from the Started frame to the last one it answers with (Done or Error). Its
// state is what the host can change while the job runs: credits (flow control), a stop,
// or the pipe closing. Jobs that arrive meanwhile wait in `waiting`.
class JobRun
{
public:
    JobRun(Channel &channel, const SynthesisJob &job, WaitingJobs &waiting) : m_channel(channel), m_job(job), m_waiting(waiting) {}

    // A job stopped or finished by the host before its turn: answered at once, as a
    // running one would be right after the signal.
    bool answerEarly(bool stop)
    {
        if (stop)
            return fail(QStringLiteral("Cancelled"));
        m_finishing = true;
        return finish({});
    }

    // False when the host has gone: the worker then exits.
    bool run(SynthesisPipeline &pipeline)
    {
        if (!m_job.outputPath.isEmpty()) {
            m_encoder = AudioEncoder::create(m_job.format);
            if (QString err = m_encoder->open(m_job.outputPath); !err.isEmpty())
                return m_channel.sendJson(WorkerProtocol::Type::Error, {{"message", err}});
        }
        if (!m_channel.sendJson(WorkerProtocol::Type::Started, {{"sample_rate", AudioFormats::kSampleRate}}))
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
        if (m_streamEncoder && !m_hostGone && !m_stopped && err.isEmpty() && m_encodeError.isEmpty() && m_capError.isEmpty()) {
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
            if (!m_channel.sendJson(WorkerProtocol::Type::Progress, {{"samples", m_samples}})) {
                m_hostGone = true;
                return false;
            }
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
            if (!flushAudio() || !m_channel.sendJson(WorkerProtocol::Type::Sentence, {{"index", qint64(m_markedSentence)}, {"samples", m_samples}})) {
                m_hostGone = true;
                return false;
            }
        }
        if (m_job.maxSamples > 0 && m_samples + count > m_job.maxSamples) {
            // More audio than the text pays for: stop, the job fails (nothing charged).
            m_capError = SynthesisJob::tooLong(m_job.maxSamples, m_job.billedTokens);
            return false;
        }
        m_samples += count;
        // A file job sends nothing else until it is done: say once a second that it lives.
        if (!m_job.stream && m_sinceProgress.elapsed() >= 1000) {
            m_sinceProgress.restart();
            if (!m_channel.sendJson(WorkerProtocol::Type::Progress, {{"samples", m_samples}})) {
                m_hostGone = true;
                return false;
            }
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
        // scheduler's unit sends its audio in frames of ~0.1 s: one frame per 20 ms chunk
        // cost the host a read, a frame and a hop to the server thread each, about a sixth
        // of the CPU with a hundred and more streams. The audio made meanwhile is ~0.6 ms
        // of synthesis: no listener waits for it.
        const qint64 streamSamples = (m_job.excerpt ? m_job.excerpt->outputOffset : 0) + m_samples;
        if (!m_job.excerpt || streamSamples <= kPromptSamples || m_pending.size() >= kBatchBytes)
            return flushAudio();
        return true;
    }

    static constexpr qint64 kPromptSamples = AudioFormats::kSampleRate / 4;
    static constexpr qsizetype kBatchBytes = AudioFormats::kSampleRate / 10 * qsizetype(sizeof(float));

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
        if (!m_channel.sendJson(WorkerProtocol::Type::Words, {{"words", WordTimings::toJson(words)}})) {
            m_hostGone = true;
            return false;
        }
        return true;
    }

    // What the host says during a job: credits (flow control), stop and finish.
    void handle(const WorkerProtocol::Frame &f)
    {
        if (f.type == WorkerProtocol::Type::Credit && f.payload.size() == 4) {
            m_inFlight -= qFromLittleEndian<quint32>(f.payload.constData());
            return;
        }
        if (f.type == WorkerProtocol::Type::Job) {
            m_waiting.push_back(parseJob(f.payload));
            return;
        }
        const bool stop = f.type == WorkerProtocol::Type::Stop;
        if (!stop && f.type != WorkerProtocol::Type::Finish)
            return;
        const quint32 tag = tagOf(f);
        if (tag == 0 || tag == m_job.tag) {
            (stop ? m_stopped : m_finishing) = true;
            return;
        }
        // A waiting job's; one that ended already is not there (the signal came late).
        for (WaitingJob &w : m_waiting) {
            if (w.job && w.job->tag == tag)
                (stop ? w.stop : w.finish) = true;
        }
    }

    // Between chunks: a stop must end the job within a chunk's time, not at the end.
    bool keepGoing()
    {
        while (!m_stopped && !m_finishing && !m_hostGone) {
            auto f = m_channel.receiveNow(&m_hostGone);
            if (!f)
                break;
            handle(*f);
        }
        return !m_stopped && !m_finishing && !m_hostGone;
    }

    bool sendAudio(const QByteArray &bytes)
    {
        if (bytes.isEmpty())
            return true;
        if (!m_channel.send(WorkerProtocol::Type::Audio, bytes)) {
            m_hostGone = true;
            return false;
        }
        m_inFlight += bytes.size();
        // Flow control: a slow consumer pauses synthesis instead of growing buffers. A
        // stream's unit is paced by the scheduler instead (SynthesisJob::excerpt).
        while (!m_job.excerpt && m_inFlight > qint64(WorkerProtocol::kAudioWindowBytes) && !m_stopped && !m_finishing) {
            auto f = m_channel.receive();
            if (!f) {
                m_hostGone = true;
                return false;
            }
            handle(*f);
        }
        return !m_stopped && !m_finishing;
    }

    // The job's last frame, once the pipeline has returned (pipelineError from it).
    bool finish(const QString &pipelineError)
    {
        if (m_hostGone)
            return false;
        if (m_stopped)
            return fail(QStringLiteral("Cancelled"));
        QString failure = !pipelineError.isEmpty() ? pipelineError : !m_capError.isEmpty() ? m_capError : m_encodeError;
        if (failure.isEmpty() && m_encoder)
            failure = m_encoder->finish();
        if (!failure.isEmpty())
            return fail(failure);
        // Finished early, the file ends where the audio does (a proper WAV/MP3 of it).
        return m_channel.sendJson(WorkerProtocol::Type::Done,
                                  {{"samples", m_samples},
                                   {"text_spoken", qint64(m_finishing ? m_textSpoken : m_progress.total)},
                                   {"text_total", qint64(m_progress.total)},
                                   {"input_samples", m_progress.inputSamples}});
    }

    // A job that ends without Done leaves no partial file behind; the encoder is closed
    // before the removal so that no handle to the file outlives it.
    bool fail(const QString &message)
    {
        m_encoder.reset();
        if (!m_job.outputPath.isEmpty())
            QFile::remove(m_job.outputPath);
        return m_channel.sendJson(WorkerProtocol::Type::Error, {{"message", message}});
    }

    Channel &m_channel;
    const SynthesisJob &m_job;
    WaitingJobs &m_waiting;
    std::unique_ptr<AudioEncoder> m_encoder;        // the file, when the job writes one
    std::unique_ptr<StreamEncoder> m_streamEncoder; // the frames, when the job streams
    QByteArray m_pending; // encoded audio not sent yet (takeChunk)
    qint64 m_samples = 0;
    qint64 m_inFlight = 0; // audio bytes sent and not yet credited back by the host
    bool m_hostGone = false;
    bool m_stopped = false;
    bool m_finishing = false; // Finish: keep what is made, make no more
    SynthesisPipeline::Progress m_progress;
    qsizetype m_markedSentence = -1;
    qsizetype m_textSpoken = 0; // of the text, what the audio written so far reaches
    QString m_encodeError;
    QString m_capError; // the audio reached the job's maxSamples
    QElapsedTimer m_sinceProgress;
};
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
    WaitingJobs waiting; // in the order they came
    for (;;) {
        if (waiting.empty()) {
            auto frame = channel.receive();
            if (!frame)
                return 0;
            if (frame->type == WorkerProtocol::Type::Job)
                waiting.push_back(parseJob(frame->payload));
            continue; // else stray credits or signals after a job ended
        }
        const WaitingJob next = std::move(waiting.front());
        waiting.pop_front();
        if (!next.job) {
            if (!channel.sendJson(WorkerProtocol::Type::Error, {{"message", "malformed job"}}))
                return 1;
            continue;
        }
        JobRun run(channel, *next.job, waiting);
        if (!(next.stop || next.finish ? run.answerEarly(next.stop) : run.run(pipeline)))
            return 1;
    }
}
