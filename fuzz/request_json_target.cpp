// fuzz-request-json: the bytes of a POST /v3/tts body (the same parser reads the
// WebSocket request message) and of a POST /v2/tts body, through everything that
// runs before the store: parsing, the value rules with a real voice, the synthesis
// plan and its JSON round trip (the job runner reads it back from the store).
#include "fuzzcheck.h"

#include "audioformat.h"
#include "languages.h"
#include "pricing.h"
#include "speechrequestcheck.h"
#include "synthesisplanner.h"
#include "v2json.h"
#include "v3json.h"
#include "voicecatalog.h"

#include <QJsonDocument>

#include <cmath>

namespace
{
const VoiceCatalog &catalog()
{
    static const VoiceCatalog c;
    return c;
}

// What GenerationService::create does after the check, without the store.
void planAndRoundTrip(const Voice &voice, const SpeechRequest &speech, double pitchFactor = 1.0,
                      double pitchRangeFactor = 1.0, double speedFactor = 1.0)
{
    auto params = SynthesisPlanner::plan(voice, speech);
    // The check passed, so the language (given or the voice's default) is the model's.
    FUZZ_CHECK(params.has_value());
    if (!params)
        return;
    params->pitch *= pitchFactor;
    params->pitchRange *= pitchRangeFactor;
    params->speed = qBound(0.25, params->speed * speedFactor, 4.0);
    const QByteArray stored = QJsonDocument(params->toJson()).toJson(QJsonDocument::Compact);
    const auto back = SynthesisParams::fromJson(QJsonDocument::fromJson(stored).object());
    // A job whose settings do not read back fails at run time after being charged.
    FUZZ_CHECK(back.has_value());
    if (!back)
        return;
    FUZZ_CHECK(back->backend == params->backend);
    FUZZ_CHECK(back->sentencePauseMs == params->sentencePauseMs);
    FUZZ_CHECK(back->wordGapMs == params->wordGapMs);
    FUZZ_CHECK(std::isfinite(back->pitchRange) && back->pitchRange > 0);
}

void checkAccepted(const SpeechRequest &s, const Voice &voice)
{
    FUZZ_CHECK(Languages::isModel(s.model));
    FUZZ_CHECK(voice.model == s.model);
    FUZZ_CHECK(!s.text.trimmed().isEmpty());
    // Nothing is billed for silence, and what is stored is what was sent.
    FUZZ_CHECK(SpeechRequestCheck::hasSomethingToSay(s.text));
    FUZZ_CHECK(!SpeechRequestCheck::invalidCharacter(s.text));
    FUZZ_CHECK(QString::fromUtf8(s.text.toUtf8()) == s.text);
    const qint64 tokens = Pricing::tokens(s.text);
    // Billing (Pricing::tokens) and the length rule (toUcs4) count the same code points.
    FUZZ_CHECK(tokens == s.text.toUcs4().size());
    FUZZ_CHECK(tokens >= 1 && tokens <= SpeechRequestCheck::kMaxTextLength);
    FUZZ_CHECK(s.speed >= 0.5 && s.speed <= 2.0);
    FUZZ_CHECK(s.cfgWeight >= 1.0 && s.cfgWeight <= 5.0);
    FUZZ_CHECK(s.exaggeration >= 0.0 && s.exaggeration <= 1.0);
}

void v3(const QByteArray &body)
{
    const auto parsed = V3Json::parseCreate(body);
    if (!parsed) {
        const ServiceError &e = parsed.error();
        FUZZ_CHECK(e.kind == ServiceError::Kind::InvalidInput || e.kind == ServiceError::Kind::WrongType);
        FUZZ_CHECK(!e.detail.isEmpty());
        return;
    }
    const CreateGeneration &c = parsed.value();
    const auto voice = catalog().find(c.voiceId);
    const auto problem = SpeechRequestCheck::check(c.speech, c.voiceId, voice ? &*voice : nullptr);
    if (problem) {
        FUZZ_CHECK(problem->kind == ServiceError::Kind::InvalidInput);
        FUZZ_CHECK(!problem->detail.isEmpty());
        return;
    }
    FUZZ_CHECK(voice.has_value());
    checkAccepted(c.speech, *voice);
    AudioFormats::parse(c.audioFormat);
    planAndRoundTrip(*voice, c.speech);
}

void v2(const QByteArray &body)
{
    const auto parsed = V2Json::parseCreate(body);
    if (!parsed) {
        FUZZ_CHECK(!parsed.error().detail.isEmpty());
        return;
    }
    const V2Json::CreateRequest &r = parsed.value();
    FUZZ_CHECK(r.model == QLatin1String("base") || r.model == QLatin1String("advanced"));
    FUZZ_CHECK(r.text.trimmed().toUcs4().size() >= V2Json::kMinTextLength);
    FUZZ_CHECK(r.speed >= 0.5 && r.speed <= 2.0);
    for (const double d : {-1.0, 0.0, 1.0}) {
        const V2Json::Prosody p = V2Json::prosodyFor(r, [d] { return d; });
        FUZZ_CHECK(std::isfinite(p.pitch) && p.pitch > 0);
        FUZZ_CHECK(std::isfinite(p.pitchRange) && p.pitchRange > 0);
        FUZZ_CHECK(std::isfinite(p.speed) && p.speed > 0);
    }
    // V2Api::createGeneration: case-insensitive voice, the model must match.
    const auto voice = catalog().findCaseInsensitive(r.voice);
    if (!voice || voice->model != r.model)
        return;
    SpeechRequest s;
    s.text = r.text;
    s.model = r.model;
    s.speed = r.speed;
    if (SpeechRequestCheck::check(s, voice->id, &*voice))
        return;
    checkAccepted(s, *voice);
    const V2Json::Prosody p = V2Json::prosodyFor(r, [] { return 1.0; });
    planAndRoundTrip(*voice, s, p.pitch, p.pitchRange, p.speed);
}
}

int fuzzRequestJson(const unsigned char *data, unsigned long size)
{
    const QByteArray body(reinterpret_cast<const char *>(data), qsizetype(size));
    v3(body);
    // StreamSession: the WebSocket text message arrives as a QString.
    v3(QString::fromUtf8(body).toUtf8());
    v2(body);
    return 0;
}
