#pragma once

#include "generationservice.h"
#include "records.h"
#include "voiceanalysis.h"
#include "voicedirectory.h"

#include <QJsonObject>

class UrlSigner;

// JSON shapes of v3 (spec 2.1, 2.2) and the POST /v3/tts body.
namespace V3Json
{
Result<CreateGeneration> parseCreate(const QByteArray &body);

struct AudioLink
{
    QString baseUrl;          // http://host:port
    const UrlSigner *signer = nullptr;
    qint64 expiresSec = 0;
};
QString audioUrl(const Generation &g, const AudioLink &link);
// Extension: the word timings of a generation made with "timestamps" (docs/api.md).
QString captionsUrl(const Generation &g, const AudioLink &link);
QString captionsSubject(const QString &generationId); // what its signature covers
// Null until the generation is COMPLETED (then the final cost and payment source).
QJsonValue dollarCost(const Generation &g);
QJsonValue method(const Generation &g);
// audio_url when COMPLETED, error_message when FAILED (shared by v3 and v2 shapes).
void insertOutcome(QJsonObject &o, const Generation &g, const AudioLink &link);
// The extensions of generations made in the studio, only where they apply (clients of
// the spec never see them otherwise): "stopped": true and "billed_tokens" for a stream
// stopped in the studio, "preview": true for a voice preview (docs/api.md).
void insertStudioExtensions(QJsonObject &o, const Generation &g);

// Field presence per state: audio_url only when COMPLETED, error_message only when
// FAILED, dollar_cost and method null until COMPLETED.
QJsonObject generation(const Generation &g, const AudioLink &link);
QJsonObject historyItem(const Generation &g, bool expired, const AudioLink &link);

// A custom voice plus the settings it was made with (POST and PATCH /v3/voices).
QJsonObject customVoice(const Voice &voice, const VoiceDirectory::CustomVoiceSpec &spec);
// What was measured of a reference recording, and of the base voice when it was
// measured too (`analysis` of POST /v3/voices).
QJsonObject voiceAnalysis(const VoiceAnalysis::Measurement &reference, const VoiceAnalysis::Measurement *base);
}
