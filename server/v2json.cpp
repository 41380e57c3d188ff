#include "v2json.h"

#include "jsonfields.h"
#include "pricing.h"
#include "ssmldocument.h"
#include "timestamps.h"

#include <QtGlobal>

const QStringList &V2Json::emotions()
{
    static const QStringList list = {"neutral", "happy", "sad", "angry", "surprised"};
    return list;
}

V2Json::Prosody V2Json::emotionProsody(const QString &emotion)
{
    // pitch, pitch range (spread of intonation), speed; documented in docs/v2.md.
    if (emotion == QLatin1String("happy"))
        return {1.12, 1.5, 1.08};
    if (emotion == QLatin1String("sad"))
        return {0.9, 0.6, 0.88};
    if (emotion == QLatin1String("angry"))
        return {1.05, 1.7, 1.12};
    if (emotion == QLatin1String("surprised"))
        return {1.2, 1.8, 1.0};
    return {};
}

double V2Json::samplingSpread(double temperature, double topP)
{
    return qMax(0.0, temperature - 0.6) * topP * 0.2;
}


Result<V2Json::CreateRequest> V2Json::parseCreate(const QByteArray &body)
{
    const auto object = JsonFields::parseObject(body);
    if (!object)
        return object.error();
    JsonFields f(*object);
    const auto text = f.string("text", true);
    const auto voice = f.string("voice", true);
    const auto model = f.string("model");
    const auto speed = f.number("speed");
    // The advance-only fields are ignored by base: not even their types are checked.
    const bool advance = model && *model == QLatin1String("advance");
    std::optional<QString> emotion;
    std::optional<double> temperature, topP;
    std::optional<bool> doSample;
    if (advance) {
        emotion = f.string("emotion");
        temperature = f.number("temperature");
        topP = f.number("top_p");
        doSample = f.boolean("do_sample", JsonFields::Null::Absent); // a spec field: null is its default
    }
    if (auto e = f.error())
        return *e;

    CreateRequest r;
    r.text = *text;
    r.voice = voice->trimmed();
    // The minimum counts what is said, as tokens do: an SSML document's text, not its
    // markup (padding with tags or comments does not make a text long enough). A document
    // that does not parse is left to the request check, which says where it breaks.
    qsizetype length = r.text.trimmed().toUcs4().size();
    bool malformedSsml = false;
    if (SsmlDocument::isSsml(r.text)) {
        const auto parsed = SsmlDocument::parse(r.text);
        if (const auto *doc = std::get_if<SsmlDocument>(&parsed))
            length = doc->spokenText().toUcs4().size();
        else
            malformedSsml = true;
    }
    if (!malformedSsml && length < kMinTextLength)
        return ServiceError::invalid("text", QStringLiteral("Text is too short: at least %1 characters are required (got %2)")
                                                 .arg(kMinTextLength).arg(length));
    if (model) {
        r.model = fromV2Model(*model);
        if (r.model.isEmpty())
            return ServiceError::invalid("model", QStringLiteral("Invalid Model | Expected: [base, advance]"));
    }
    if (r.voice.isEmpty())
        return ServiceError::invalid("voice", QStringLiteral("Invalid voice ID"));
    r.speed = speed.value_or(1.0);
    if (!(r.speed >= 0.5 && r.speed <= 2.0))
        return ServiceError::invalid("speed", QStringLiteral("Invalid Speed | Expected Range: 0.5 - 2.0"));
    if (!advance)
        return r;

    if (emotion) {
        r.emotion = emotion->trimmed().toLower();
        if (!emotions().contains(r.emotion))
            return ServiceError::invalid("emotion", QStringLiteral("Invalid Emotion | Expected: [%1]").arg(emotions().join(", ")));
    }
    r.temperature = temperature.value_or(kDefaultTemperature);
    if (!(r.temperature >= kMinTemperature && r.temperature <= kMaxTemperature))
        return ServiceError::invalid("temperature", QStringLiteral("Invalid Temperature | Expected Range: 0.7 - 0.9"));
    r.topP = topP.value_or(kDefaultTopP);
    if (!(r.topP >= kMinTopP && r.topP <= kMaxTopP))
        return ServiceError::invalid("top_p", QStringLiteral("Invalid Top P | Expected Range: 0.7 - 0.98"));
    r.doSample = doSample.value_or(false);
    return r;
}

V2Json::Prosody V2Json::prosodyFor(const CreateRequest &request, const std::function<double()> &uniform)
{
    if (request.model != QLatin1String("advanced"))
        return {};
    Prosody p = emotionProsody(request.emotion);
    if (request.doSample && uniform) {
        const double s = samplingSpread(request.temperature, request.topP);
        p.pitch *= 1.0 + qBound(-1.0, uniform(), 1.0) * s;
        p.pitchRange *= 1.0 + qBound(-1.0, uniform(), 1.0) * 2.0 * s;
        p.speed *= 1.0 + qBound(-1.0, uniform(), 1.0) * s;
    }
    return p;
}

QString V2Json::toV2Model(const QString &v3Model)
{
    return v3Model == QLatin1String("advanced") ? QStringLiteral("advance") : v3Model;
}

QString V2Json::fromV2Model(const QString &v2Model)
{
    if (v2Model == QLatin1String("base"))
        return QStringLiteral("base");
    if (v2Model == QLatin1String("advance"))
        return QStringLiteral("advanced");
    return {};
}

QString V2Json::status(const QString &v3Status)
{
    if (v3Status == GenerationStatus::Completed)
        return QStringLiteral("Completed");
    if (v3Status == GenerationStatus::Failed)
        return QStringLiteral("Failed");
    if (v3Status == GenerationStatus::Expired)
        return QStringLiteral("Expired");
    return QStringLiteral("Generating");
}

QJsonObject V2Json::generation(const Generation &g, const V3Json::AudioLink &link)
{
    QJsonObject o{
        {"generation_id", g.id},
        {"status", status(g.status)},
        {"text", g.inputText},
        {"voice", g.voiceId},
        {"voice_name", g.voiceName},
        {"model", toV2Model(g.model)},
        {"speed", g.speed},
        {"tokens", g.tokens},
        {"dollar_cost", V3Json::dollarCost(g)},
        {"method", V3Json::method(g)},
        {"created_at", Timestamps::iso(g.createdAt)},
        {"started_at", Timestamps::isoOrNull(g.startedAt)},
        {"completed_at", Timestamps::isoOrNull(g.completedAt)},
    };
    V3Json::insertOutcome(o, g, link);
    return o;
}

QJsonObject V2Json::voice(const Voice &v)
{
    auto orNull = [](const QString &s) { return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s); };
    return QJsonObject{
        {"voice_id", v.id},
        {"name", v.name},
        {"gender", v.gender},
        {"accent", orNull(v.accent)},
        {"free", v.free},
        {"description", orNull(v.description)},
    };
}
