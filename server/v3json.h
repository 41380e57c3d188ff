#pragma once

#include "generationservice.h"
#include "records.h"

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

// Field presence per state: audio_url only when COMPLETED, error_message only when
// FAILED, dollar_cost and method null until COMPLETED.
QJsonObject generation(const Generation &g, const AudioLink &link);
QJsonObject historyItem(const Generation &g, bool expired, const AudioLink &link);
}
