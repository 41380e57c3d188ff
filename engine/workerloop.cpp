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
            if (corrupt)
                return std::nullopt;
            char chunk[65536];
            const ssize_t n = ::read(m_in, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                return std::nullopt;
            m_buffer.append(chunk, n);
        }
    }

private:
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
        while (inFlight > qint64(WorkerProtocol::kAudioWindowBytes)) {
            auto f = channel.receive();
            if (!f) {
                hostGone = true;
                return false;
            }
            if (f->type == WorkerProtocol::Type::Credit && f->payload.size() == 4)
                inFlight -= qFromLittleEndian<quint32>(f->payload.constData());
        }
        return true;
    };
    QString encodeError;
    QElapsedTimer sinceProgress;
    sinceProgress.start();
    const QString err = pipeline.run(job.params, [&](const float *data, qsizetype count) {
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
        if (!job.stream)
            return true;
        return sendAudio(streamEncoder->encode(data, count));
    });
    if (hostGone)
        return false;
    if (streamEncoder && err.isEmpty() && encodeError.isEmpty() && !sendAudio(streamEncoder->finish()))
        return false;
    QString failure = !err.isEmpty() ? err : encodeError;
    if (failure.isEmpty() && encoder)
        failure = encoder->finish();
    if (!failure.isEmpty()) {
        encoder.reset();
        if (!job.outputPath.isEmpty())
            QFile::remove(job.outputPath);
        return channel.sendJson(WorkerProtocol::Type::Error, {{"message", failure}});
    }
    return channel.sendJson(WorkerProtocol::Type::Done, {{"samples", samples}});
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
