#include "workerloop.h"

#include "audioencoder.h"
#include "streamencoder.h"
#include "synthesisjob.h"
#include "synthesispipeline.h"
#include "workerprotocol.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtEndian>

#include <cerrno>
#include <csignal>

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

bool runJob(SynthesisPipeline &pipeline, Channel &channel, const SynthesisJob &job)
{
    std::unique_ptr<AudioEncoder> encoder;
    if (!job.outputPath.isEmpty()) {
        encoder = AudioEncoder::create(job.format);
        if (QString err = encoder->open(job.outputPath); !err.isEmpty())
            return channel.sendJson(WorkerProtocol::Type::Error, {{"message", err}});
    }
    if (!channel.sendJson(WorkerProtocol::Type::Started, {{"sample_rate", AudioFormats::kSampleRate}}))
        return false;

    qint64 samples = 0;
    qint64 inFlight = 0;
    bool hostGone = false;
    bool stopped = false;
    bool finishing = false; // Finish: keep what is made, make no more
    // What the host says during a job: credits (flow control), stop and finish.
    auto handle = [&](const WorkerProtocol::Frame &f) {
        if (f.type == WorkerProtocol::Type::Credit && f.payload.size() == 4)
            inFlight -= qFromLittleEndian<quint32>(f.payload.constData());
        else if (f.type == WorkerProtocol::Type::Stop)
            stopped = true;
        else if (f.type == WorkerProtocol::Type::Finish)
            finishing = true;
    };
    // Between chunks: a stop must end the job within a chunk's time, not at the end.
    auto keepGoing = [&] {
        while (!stopped && !finishing && !hostGone) {
            auto f = channel.receiveNow(&hostGone);
            if (!f)
                break;
            handle(*f);
        }
        return !stopped && !finishing && !hostGone;
    };
    const std::unique_ptr<StreamEncoder> streamEncoder = job.stream ? StreamEncoder::create(job.streamFormat) : nullptr;
    auto sendAudio = [&](const QByteArray &bytes) {
        if (bytes.isEmpty())
            return true;
        if (!channel.send(WorkerProtocol::Type::Audio, bytes)) {
            hostGone = true;
            return false;
        }
        inFlight += bytes.size();
        // Flow control: a slow consumer pauses synthesis instead of growing buffers.
        while (inFlight > qint64(WorkerProtocol::kAudioWindowBytes) && !stopped && !finishing) {
            auto f = channel.receive();
            if (!f) {
                hostGone = true;
                return false;
            }
            handle(*f);
        }
        return !stopped && !finishing;
    };
    QString encodeError;
    QElapsedTimer sinceProgress;
    sinceProgress.start();
    SynthesisPipeline::Progress progress;
    qsizetype textSpoken = 0; // of the audio written so far
    const QString err = pipeline.run(job.params, [&](const float *data, qsizetype count) {
        if (!keepGoing())
            return false;
        samples += count;
        // A file job sends nothing else until it is done: say once a second that it lives.
        if (!job.stream && sinceProgress.elapsed() >= 1000) {
            sinceProgress.restart();
            if (!channel.sendJson(WorkerProtocol::Type::Progress, {{"samples", samples}})) {
                hostGone = true;
                return false;
            }
        }
        if (encoder) {
            encodeError = encoder->write(data, count);
            if (!encodeError.isEmpty())
                return false;
        }
        textSpoken = progress.throughCurrentSentence;
        if (!job.stream)
            return true;
        return sendAudio(streamEncoder->encode(data, count));
    }, &progress);
    if (streamEncoder && !hostGone && !stopped && err.isEmpty() && encodeError.isEmpty())
        sendAudio(streamEncoder->finish());
    if (hostGone)
        return false;
    if (stopped) {
        encoder.reset();
        if (!job.outputPath.isEmpty())
            QFile::remove(job.outputPath);
        return channel.sendJson(WorkerProtocol::Type::Error, {{"message", "Cancelled"}});
    }
    QString failure = !err.isEmpty() ? err : encodeError;
    if (failure.isEmpty() && encoder)
        failure = encoder->finish();
    if (!failure.isEmpty()) {
        encoder.reset();
        if (!job.outputPath.isEmpty())
            QFile::remove(job.outputPath);
        return channel.sendJson(WorkerProtocol::Type::Error, {{"message", failure}});
    }
    // Finished early, the file ends where the audio does (a proper WAV/MP3 of it).
    return channel.sendJson(WorkerProtocol::Type::Done, {{"samples", samples},
                                                          {"text_spoken", qint64(finishing ? textSpoken : progress.total)},
                                                          {"text_total", qint64(progress.total)}});
}
}

int runWorkerLoop(int inFd, int outFd)
{
    std::signal(SIGPIPE, SIG_IGN);
    Channel channel(inFd, outFd);
    SynthesisPipeline pipeline;
    pipeline.warmUp();
    if (!channel.send(WorkerProtocol::Type::Ready, {}))
        return 1;
    for (;;) {
        auto frame = channel.receive();
        if (!frame)
            return 0;
        if (frame->type != WorkerProtocol::Type::Job)
            continue; // stray credits after a job ended
        const auto job = SynthesisJob::fromJson(QJsonDocument::fromJson(frame->payload).object());
        if (!job) {
            if (!channel.sendJson(WorkerProtocol::Type::Error, {{"message", "malformed job"}}))
                return 1;
            continue;
        }
        if (!runJob(pipeline, channel, *job))
            return 1;
    }
}
