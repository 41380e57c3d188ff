#include "openaiapi.h"

#include "engine.h"
#include "errormapping.h"
#include "jsonfields.h"
#include "livegeneration.h"

#include <QHash>
#include <QJsonArray>

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
class SpeechSession : public QObject
{
public:
    SpeechSession(Engine &engine, const AuthContext &auth, const SpeechRequest &req, std::shared_ptr<StreamReply> reply)
        : m_reply(std::move(reply))
    {
        m_live = new LiveGeneration(engine.live(), auth, req.create);
        m_live->setStreamFormat(req.streamFormat);
        const QByteArray mime = req.mime;
        connect(m_live, &LiveGeneration::rejected, this, [this](ServiceError e) {
            m_live = nullptr;
            // Name fields as OpenAI clients know them.
            for (FieldError &f : e.errors) {
                if (f.field == QLatin1String("voice_id"))
                    f.field = QStringLiteral("voice");
                else if (f.field == QLatin1String("text"))
                    f.field = QStringLiteral("input");
            }
            m_reply->send(ErrorMapping::openAiReply(e));
            deleteLater();
        });
        connect(m_live, &LiveGeneration::started, this, [this, mime](const Generation &g) {
            m_reply->begin(200, mime, {{"X-Generation-Id", g.id.toLatin1()}});
        });
        connect(m_live, &LiveGeneration::audio, this, [this](const QByteArray &bytes) {
            m_reply->write(bytes);
            m_uncredited += bytes.size();
            credit();
        });
        connect(m_live, &LiveGeneration::completed, this, [this] {
            m_reply->end();
            finish();
        });
        connect(m_live, &LiveGeneration::failed, this, [this](const QString &message, LiveGeneration::Failure why) {
            // After the 200 the only honest end is a cut connection (an incomplete
            // chunked body, never a file that looks whole): faults, cancels, shutdown.
            if (m_reply->hasBegun()) {
                m_reply->abort();
            } else {
                ServiceError e = ServiceError::make(ServiceError::Kind::Internal, message);
                if (why == LiveGeneration::Failure::Cancelled)
                    e = ServiceError::make(ServiceError::Kind::Conflict, QStringLiteral("Cancelled"));
                else if (why == LiveGeneration::Failure::ShuttingDown) {
                    e = ServiceError::make(ServiceError::Kind::Unavailable, QStringLiteral("The server is shutting down. Please retry shortly."));
                    e.retryAfterSeconds = 1;
                }
                m_reply->send(ErrorMapping::openAiReply(e));
            }
            finish();
        });
        connect(m_reply.get(), &StreamReply::bytesWritten, this, [this] { credit(); });
        connect(m_reply.get(), &StreamReply::clientGone, this, [this] {
            if (m_live) {
                m_live->abandon(QStringLiteral("Client disconnected before the audio was complete"));
                m_live = nullptr;
            }
            deleteLater();
        });
        m_live->start();
    }

private:
    void credit()
    {
        if (m_live && m_uncredited > 0 && m_reply->bytesToWrite() <= 256 * 1024) {
            m_live->acknowledge(m_uncredited);
            m_uncredited = 0;
        }
    }
    void finish()
    {
        if (m_live)
            m_live->deleteLater();
        m_live = nullptr;
        deleteLater();
    }

    std::shared_ptr<StreamReply> m_reply;
    QPointer<LiveGeneration> m_live;
    qint64 m_uncredited = 0;
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
                            new SpeechSession(s.engine(), auth, *req, reply); // deletes itself
                        });
    s.addRoute("GET", "/v1/models", A::OpenAi, [](const RequestContext &, const AuthContext *) { return listModels(); });
}
