#include "openaispeechrequest.h"

#include "jsonfields.h"
#include "openaimodels.h"

namespace
{
struct Format
{
    const char *name;
    StreamFormat stream;
    const char *mime;
};
const Format kFormats[] = {
    {"mp3", StreamFormat::Mp3, "audio/mpeg"}, {"opus", StreamFormat::Opus, "audio/ogg"},
    {"aac", StreamFormat::Aac, "audio/aac"},  {"flac", StreamFormat::Flac, "audio/flac"},
    {"wav", StreamFormat::Wav, "audio/wav"},  {"pcm", StreamFormat::Pcm16, "audio/pcm"},
};

// `voice`: an OpenAI name or one of our voice ids, or {"id": VOICE_ID} (newer SDKs).
struct VoiceChoice
{
    QString name;
    bool object = false;
};

Result<VoiceChoice> readVoice(const QJsonObject &body, JsonFields &f)
{
    const QJsonValue v = body.value("voice");
    if (!v.isObject()) {
        const auto name = f.string("voice", true);
        return VoiceChoice{name.value_or(QString()), false};
    }
    JsonFields inner(v.toObject());
    const auto id = inner.string("id", true);
    if (inner.error() || id->isEmpty())
        return ServiceError::invalid("voice", QStringLiteral("voice must be a voice name or an object {\"id\": VOICE_ID}"));
    return VoiceChoice{*id, true};
}

std::optional<ServiceError> readFormat(const std::optional<QString> &format, OpenAiSpeechRequest &r)
{
    const QString name = format.value_or(QStringLiteral("mp3"));
    for (const Format &fm : kFormats) {
        if (name == QLatin1String(fm.name)) {
            r.streamFormat = fm.stream;
            r.mime = fm.mime;
            return std::nullopt;
        }
    }
    return ServiceError::invalid("response_format", QStringLiteral("response_format must be mp3, opus, aac, flac, wav or pcm"));
}

std::optional<ServiceError> readStreamFormat(const std::optional<QString> &value, OpenAiSpeechRequest &r)
{
    const QString v = value.value_or(QStringLiteral("audio"));
    if (v != QLatin1String("audio") && v != QLatin1String("sse"))
        return ServiceError::invalid("stream_format", QStringLiteral("stream_format must be audio or sse"));
    r.sse = v == QLatin1String("sse");
    return std::nullopt;
}
}

Result<OpenAiSpeechRequest> OpenAiSpeechRequest::parse(const QByteArray &body)
{
    const auto object = JsonFields::parseObject(body);
    if (!object)
        return object.error();
    JsonFields f(*object);
    const auto model = f.string("model", true);
    const auto input = f.string("input", true);
    const auto voice = readVoice(*object, f);
    const auto speed = f.number("speed");
    const auto format = f.string("response_format");
    const auto streamFormat = f.string("stream_format");
    f.string("instructions"); // checked as text; our voices take no instructions (docs/openai.md)
    if (auto e = f.error()) {
        e->kind = ServiceError::Kind::InvalidInput; // OpenAI answers 400 for both
        return *e;
    }
    if (!voice)
        return voice.error();
    const auto ours = OpenAiModels::ourModel(*model);
    if (!ours)
        return ServiceError::invalid("model", QStringLiteral("Unknown model '%1'. Use tts-1, tts-1-hd, gpt-4o-mini-tts (or a dated "
                                                             "gpt-4o-mini-tts-YYYY-MM-DD), base or advanced.").arg(*model));
    const double s = speed.value_or(1.0);
    if (!(s >= 0.25 && s <= 4.0))
        return ServiceError::invalid("speed", QStringLiteral("speed must be between 0.25 and 4.0"));
    OpenAiSpeechRequest r;
    if (auto e = readFormat(format, r))
        return *e;
    if (auto e = readStreamFormat(streamFormat, r))
        return *e;
    r.create.speech.model = *ours;
    r.create.speech.text = *input;
    // Our range is 0.5-2.0: OpenAI's 0.25-4.0 is clamped into it.
    r.create.speech.speed = qBound(0.5, s, 2.0);
    const bool mapped = !voice->object && OpenAiModels::isOpenAiVoice(voice->name);
    r.create.voiceId = mapped ? OpenAiModels::mapVoice(voice->name, *ours) : voice->name;
    // One of our own voices speaks with its own model; OpenAI's names follow the model.
    r.create.modelFromVoice = !mapped;
    // The stored file: mp3 as streamed, every other format as WAV (lossless).
    r.create.audioFormat = r.streamFormat == StreamFormat::Mp3 ? QStringLiteral("mp3") : QStringLiteral("wav");
    r.create.apiVersion = QStringLiteral("v1");
    return r;
}
