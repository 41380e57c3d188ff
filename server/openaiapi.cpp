#include "openaiapi.h"

#include "services.h"
#include "errormapping.h"
#include "jsonfields.h"
#include "livestream.h"

#include <QHash>
#include <QJsonArray>
#include <QTimer>

namespace
{
struct ModelInfo
{
    const char *id;
    const char *model; // ours
};
const ModelInfo kModels[] = {
    {"tts-1", "base"}, {"tts-1-hd", "advanced"}, {"gpt-4o-mini-tts", "advanced"}, {"base", "base"}, {"advanced", "advanced"},
};

// OpenAI voice names -> our system voices, per model (documented in docs/openai.md).
QString mapVoice(const QString &voice, const QString &model)
{
    static const QHash<QString, QPair<QString, QString>> map = {
        {"alloy", {"af_sarah", "sage"}},   {"echo", {"am_michael", "marcus"}}, {"fable", {"bm_george", "fergus"}},
        {"onyx", {"am_adam", "atlas"}},    {"nova", {"af_nicole", "nova"}},    {"shimmer", {"bf_emma", "luna"}},
        {"ash", {"am_adam", "orion"}},     {"coral", {"af_sarah", "aria"}},    {"sage", {"bf_emma", "sage"}},
    };
    const auto it = map.constFind(voice.toLower());
    if (it == map.cend())
        return voice;
    return model == QLatin1String("advanced") ? it->second : it->first;
}

struct SpeechRequest
{
    CreateGeneration create;
    StreamFormat streamFormat = StreamFormat::Mp3;
    QByteArray mime;
};

Result<SpeechRequest> parse(const QByteArray &body)
{
    const auto object = JsonFields::parseObject(body);
    if (!object)
        return object.error();
    JsonFields f(*object);
    const auto model = f.string("model", true);
    const auto input = f.string("input", true);
    const auto voice = f.string("voice", true);
    const auto speed = f.number("speed");
    const auto format = f.string("response_format");
    f.string("instructions"); // accepted for gpt-4o-mini-tts; our voices take no instructions
    if (auto e = f.error()) {
        e->kind = ServiceError::Kind::InvalidInput; // OpenAI answers 400 for both
        return *e;
    }
    SpeechRequest r;
    QString ours;
    for (const ModelInfo &m : kModels)
        if (*model == QLatin1String(m.id))
            ours = QLatin1String(m.model);
    if (ours.isEmpty())
        return ServiceError::invalid("model", QStringLiteral("Unknown model '%1'. Use tts-1, tts-1-hd, gpt-4o-mini-tts, base or advanced.").arg(*model));
    const double s = speed.value_or(1.0);
    if (!(s >= 0.25 && s <= 4.0))
        return ServiceError::invalid("speed", QStringLiteral("speed must be between 0.25 and 4.0"));
    const QString fmt = format.value_or(QStringLiteral("mp3"));
    if (fmt == QLatin1String("mp3")) {
        r.streamFormat = StreamFormat::Mp3;
        r.mime = "audio/mpeg";
    } else if (fmt == QLatin1String("wav")) {
        r.streamFormat = StreamFormat::Wav;
        r.mime = "audio/wav";
    } else if (fmt == QLatin1String("pcm")) {
        r.streamFormat = StreamFormat::Pcm16;
        r.mime = "audio/pcm";
    } else if (fmt == QLatin1String("opus") || fmt == QLatin1String("aac") || fmt == QLatin1String("flac")) {
        return ServiceError::invalid("response_format",
                                     QStringLiteral("response_format '%1' is not supported by this server; use mp3, wav or pcm").arg(fmt));
    } else {
        return ServiceError::invalid("response_format", QStringLiteral("response_format must be mp3, wav or pcm"));
    }
    r.create.speech.model = ours;
    r.create.speech.text = *input;
    // Our range is 0.5-2.0: OpenAI's 0.25-4.0 is clamped into it.
    r.create.speech.speed = qBound(0.5, s, 2.0);
    r.create.voiceId = mapVoice(*voice, ours);
    // The stored file matches what is streamed (pcm is kept as WAV).
    r.create.audioFormat = r.streamFormat == StreamFormat::Mp3 ? QStringLiteral("mp3") : QStringLiteral("wav");
    r.create.apiVersion = QStringLiteral("v1");
    return r;
}

// One streamed answer: bytes go out as the worker produces them; a slow reader
// pauses the worker (credits are returned only while the socket drains).
class SpeechSession : public QObject, private LiveStream::Sink
{
public:
    SpeechSession(const Services &engine, const AuthContext &auth, const SpeechRequest &req, std::shared_ptr<StreamReply> reply,
                  int stallMs)
        : m_reply(std::move(reply))
        , m_mime(req.mime)
        , m_live(std::make_unique<LiveStream>(engine.live(), sinkRef(),
                                              QStringLiteral("Client disconnected before the audio was complete")))
    {
        connect(m_reply.get(), &StreamReply::bytesWritten, this, [this] {
            watchStall(true);
            credit();
        });
        // A client that keeps the connection but takes none of the audio for --stream-stall
        // seconds: ended as a client gone (the money rule) and the connection cut.
        m_stall.setSingleShot(true);
        m_stall.setInterval(stallMs);
        connect(&m_stall, &QTimer::timeout, this, [this] {
            if (!m_live || m_reply->bytesToWrite() == 0)
                return;
            m_live->abandon(QStringLiteral("Client read none of the audio for %1 s").arg(m_stall.interval() / 1000));
            m_live.reset();
            m_reply->abort();
            deleteLater();
        });
        connect(m_reply.get(), &StreamReply::clientGone, this, [this] {
            m_live.reset(); // stops the generation
            deleteLater();
        });
        m_live->start(auth, req.create, req.streamFormat);
    }

private:
    void liveStarted(const Generation &g) override
    {
        m_reply->begin(200, m_mime, {{"X-Generation-Id", g.id.toLatin1()}});
    }
    void liveAudio(const QByteArray &bytes) override
    {
        m_reply->write(bytes);
        m_uncredited += bytes.size();
        watchStall(false);
        credit();
    }
    // Runs while audio waits for the client; restarted whenever the client takes some.
    void watchStall(bool progress)
    {
        if (!m_live || m_reply->bytesToWrite() == 0)
            m_stall.stop();
        else if (progress || !m_stall.isActive())
            m_stall.start();
    }
    void liveEnded(const LiveStream::Outcome &out) override
    {
        m_live.reset();
        m_stall.stop();
        deleteLater();
        if (out.kind == LiveStream::Outcome::Kind::Completed) {
            m_reply->end();
        } else if (m_reply->hasBegun()) {
            // After the 200 the only honest end is a cut connection (an incomplete
            // chunked body, never a file that looks whole): faults, cancels, shutdown.
            m_reply->abort();
        } else {
            ServiceError e = out.error;
            // Name fields as OpenAI clients know them.
            for (FieldError &f : e.errors) {
                if (f.field == QLatin1String("voice_id"))
                    f.field = QStringLiteral("voice");
                else if (f.field == QLatin1String("text"))
                    f.field = QStringLiteral("input");
            }
            m_reply->send(ErrorMapping::openAiReply(e));
        }
    }
    void credit()
    {
        if (m_live && m_uncredited > 0 && m_reply->bytesToWrite() <= 256 * 1024) {
            m_live->acknowledge(m_uncredited);
            m_uncredited = 0;
        }
    }

    std::shared_ptr<StreamReply> m_reply;
    QByteArray m_mime;
    std::unique_ptr<LiveStream> m_live;
    qint64 m_uncredited = 0;
    QTimer m_stall;
};

HttpReply listModels()
{
    QJsonArray data;
    for (const ModelInfo &m : kModels)
        data.append(QJsonObject{{"id", QLatin1String(m.id)}, {"object", "model"}, {"created", 1767225600},
                                {"owned_by", "tts-studio"}});
    return HttpReply::json(200, QJsonObject{{"object", "list"}, {"data", data}});
}
}

void OpenAiApi::registerRoutes(ApiServer &s)
{
    using A = ApiServer::Auth;
    s.addStreamingRoute("POST", "/v1/audio/speech", A::OpenAi,
                        [&s](const RequestContext &ctx, const AuthContext &auth, const std::shared_ptr<StreamReply> &reply) {
                            const auto req = parse(ctx.body);
                            if (!req) {
                                reply->send(ErrorMapping::openAiReply(req.error()));
                                return;
                            }
                            new SpeechSession(s.services(), auth, *req, reply, s.limits().streamStallMs); // deletes itself
                        });
    s.addRoute("GET", "/v1/models", A::OpenAi, [](const RequestContext &, const AuthContext *) { return listModels(); });
}
