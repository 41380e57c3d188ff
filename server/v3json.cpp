#include "v3json.h"

#include "jsonfields.h"
#include "metering.h"
#include "timestamps.h"
#include "urlsigner.h"

#include <QUrl>

#include <cmath>

Result<CreateGeneration> V3Json::parseCreate(const QByteArray &body)
{
    const auto object = JsonFields::parseObject(body);
    if (!object)
        return object.error();
    JsonFields f(*object);
    CreateGeneration c;
    const auto text = f.string("text", true);
    const auto voice = f.string("voice_id", true);
    const auto model = f.string("model");
    const auto speed = f.number("speed");
    const auto cfg = f.number("cfg_weight");
    const auto ex = f.number("exaggeration");
    const auto format = f.string("audio_format");
    const auto lang = f.string("language_code");
    const auto timestamps = f.boolean("timestamps");
    if (auto e = f.error())
        return *e;
    c.speech.text = *text;
    c.voiceId = *voice;
    c.speech.model = model.value_or(QStringLiteral("base"));
    c.speech.speed = speed.value_or(1.0);
    c.speech.cfgWeight = cfg.value_or(2.5);
    c.speech.exaggeration = ex.value_or(0.5);
    c.audioFormat = format.value_or(QStringLiteral("wav"));
    c.speech.languageCode = lang.value_or(QString());
    c.timestamps = timestamps.value_or(false);
    return c;
}

QString V3Json::audioUrl(const Generation &g, const AudioLink &link)
{
    const QString sig = link.signer ? link.signer->sign(g.id, link.expiresSec) : QString();
    return QStringLiteral("%1/v3/audio/%2.%3?expires=%4&sig=%5")
        .arg(link.baseUrl, g.id, g.audioFormat, QString::number(link.expiresSec), sig);
}

// Signed like the audio link with the same lifetime, over a subject of its own so
// that neither link opens the other; `format` is left out so a client can append it.
QString V3Json::captionsUrl(const Generation &g, const AudioLink &link)
{
    const QString sig = link.signer ? link.signer->sign(captionsSubject(g.id), link.expiresSec) : QString();
    return QStringLiteral("%1/v3/captions/%2?expires=%3&sig=%4")
        .arg(link.baseUrl, g.id, QString::number(link.expiresSec), sig);
}

QString V3Json::captionsSubject(const QString &generationId)
{
    return generationId + QStringLiteral("/captions");
}

// Set when the generation was paid for: COMPLETED, or a stream that ended early after
// delivering audio (docs/api.md "Streams that end early").
QJsonValue V3Json::dollarCost(const Generation &g)
{
    return g.status == GenerationStatus::Completed || g.charged ? QJsonValue(Money::usd(g.dollarCostMicros)) : QJsonValue(QJsonValue::Null);
}

QJsonValue V3Json::method(const Generation &g)
{
    if (g.source == PaymentSource::Unmetered)
        return QJsonValue::Null; // the studio's own, paid by no one
    return g.status == GenerationStatus::Completed || g.charged ? QJsonValue(g.source) : QJsonValue(QJsonValue::Null);
}

void V3Json::insertOutcome(QJsonObject &o, const Generation &g, const AudioLink &link)
{
    if (g.status == GenerationStatus::Completed)
        o.insert("audio_url", audioUrl(g, link));
    if (g.status == GenerationStatus::Completed && g.captions)
        o.insert("captions_url", captionsUrl(g, link));
    if (g.status == GenerationStatus::Failed)
        o.insert("error_message", g.errorMessage.isEmpty() ? QStringLiteral("Generation failed") : g.errorMessage);
}

void V3Json::insertStudioExtensions(QJsonObject &o, const Generation &g)
{
    if (g.stopped) {
        o.insert("stopped", true);
        if (g.status == GenerationStatus::Completed)
            o.insert("billed_tokens", g.billedTokens);
    }
    if (g.preview)
        o.insert("preview", true);
}

QJsonObject V3Json::generation(const Generation &g, const AudioLink &link)
{
    QJsonObject o{
        {"generation_id", g.id},
        {"status", g.status},
        {"input_text", g.inputText},
        {"voice_id", g.voiceId},
        {"voice_name", g.voiceName},
        {"model", g.model},
        {"tokens", g.tokens},
        {"dollar_cost", dollarCost(g)},
        {"method", method(g)},
        {"created_at", Timestamps::iso(g.createdAt)},
        {"started_at", Timestamps::isoOrNull(g.startedAt)},
        {"completed_at", Timestamps::isoOrNull(g.completedAt)},
    };
    insertOutcome(o, g, link);
    insertStudioExtensions(o, g);
    return o;
}

QJsonObject V3Json::historyItem(const Generation &g, bool expired, const AudioLink &link)
{
    QJsonObject o{
        {"generation_id", g.id},
        {"status", expired ? GenerationStatus::Expired : g.status},
        {"voice_id", g.voiceId},
        {"voice_name", g.voiceName},
        {"model", g.model},
        {"tokens", g.tokens},
        {"dollar_cost", dollarCost(g)},
        {"method", method(g)},
        {"created_at", Timestamps::iso(g.createdAt)},
    };
    if (g.status == GenerationStatus::Completed && !expired) {
        o.insert("audio_url", audioUrl(g, link));
        if (g.captions)
            o.insert("captions_url", captionsUrl(g, link));
    }
    insertStudioExtensions(o, g);
    return o;
}

QJsonObject V3Json::customVoice(const Voice &voice, const VoiceDirectory::CustomVoiceSpec &spec)
{
    QJsonObject o = voice.toApiJson();
    o.insert("base_voice_id", spec.baseVoiceId);
    o.insert("pitch", spec.pitch);
    o.insert("rate", spec.rate);
    return o;
}

namespace
{
QJsonObject measurementJson(const VoiceAnalysis::Measurement &m)
{
    return QJsonObject{{"median_f0_hz", std::round(m.medianF0Hz * 10) / 10},
                       {"syllables_per_second", std::round(m.syllablesPerSec * 100) / 100},
                       {"speech_seconds", std::round(m.speechSec * 100) / 100}};
}
}

QJsonObject V3Json::voiceAnalysis(const VoiceAnalysis::Measurement &reference, const VoiceAnalysis::Measurement *base)
{
    QJsonObject analysis{{"reference", measurementJson(reference)},
                         {"method", QStringLiteral("approximation: median pitch and speaking rate only, not timbre")}};
    if (base)
        analysis.insert("base", measurementJson(*base));
    return analysis;
}
