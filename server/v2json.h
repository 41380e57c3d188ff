#pragma once

#include "generationservice.h"
#include "records.h"
#include "v3json.h"
#include "voice.h"

#include <QJsonObject>
#include <QStringList>

#include <functional>

// The legacy v2 interface (spec 4.6): request rules, the emotion / sampling mapping
// onto prosody, and the JSON shapes. Pure functions, so they are unit-testable.
namespace V2Json
{
inline constexpr int kMinTextLength = 30;
inline constexpr double kMinTemperature = 0.7, kMaxTemperature = 0.9, kDefaultTemperature = 0.9;
inline constexpr double kMinTopP = 0.7, kMaxTopP = 0.98, kDefaultTopP = 0.9;

const QStringList &emotions(); // neutral, happy, sad, angry, surprised

// Prosody multipliers applied on top of the voice's plan.
struct Prosody
{
    double pitch = 1.0;
    double pitchRange = 1.0;
    double speed = 1.0;
};

// The emotion's fixed multipliers (neutral: identity). `emotion` must be valid.
Prosody emotionProsody(const QString &emotion);

// Half-width of the random spread for sampling: (temperature - 0.6) x top_p x 0.2,
// i.e. 1.4 % at (0.7, 0.7) up to 5.9 % at (0.9, 0.98).
double samplingSpread(double temperature, double topP);

// A v2 create request, validated. `model` is already the v3 name (base / advanced).
struct CreateRequest
{
    QString text;
    QString voice;
    QString model = QStringLiteral("base");
    double speed = 1.0;
    // Advance only (left at their defaults for base, which ignores them).
    QString emotion = QStringLiteral("neutral");
    double temperature = kDefaultTemperature;
    double topP = kDefaultTopP;
    bool doSample = false;
};

// Shape (400 malformed / missing, 422 wrong type) and value rules of POST /v2/tts,
// except the voice, which needs the store. The advance-only fields are not read at
// all for base.
Result<CreateRequest> parseCreate(const QByteArray &body);

// The prosody a request asks for: the emotion's multipliers, then (do_sample) one
// uniform draw in [-1, 1] per multiplier from `uniform`: pitch and speed x (1 + d x s),
// pitch range x (1 + d x 2s), s = samplingSpread(). Base: identity.
Prosody prosodyFor(const CreateRequest &request, const std::function<double()> &uniform);

// base <-> base, advance <-> advanced.
QString toV2Model(const QString &v3Model);
QString fromV2Model(const QString &v2Model); // empty when not a v2 model name

// IN_QUEUE and GENERATING read Generating; COMPLETED Completed; FAILED Failed.
QString status(const QString &v3Status);

// GET /v2/status: metadata, audio_url only when Completed, error_message only when Failed.
QJsonObject generation(const Generation &g, const V3Json::AudioLink &link);

// Element of `voices` in GET /v2/voices.
QJsonObject voice(const Voice &v);
}
