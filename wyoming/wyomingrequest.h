#pragma once

#include "serviceerror.h"

#include <QJsonObject>
#include <QString>
#include <QStringView>

class VoiceCatalog;

// The data of a `synthesize` or `synthesize-start` event, checked: the text (none for
// synthesize-start) and the voice_id it names.
struct WyomingRequest
{
    QString text;
    QString voiceId;

    // The voice: {"name": VOICE_ID} (the wyoming library also sends a language as the
    // name when it has no voice), or {"language": "en-US"}: the first system voice
    // speaking it; no voice: kDefaultVoice.
    static Result<WyomingRequest> parse(const QJsonObject &data, const VoiceCatalog &catalog, bool withText);
    // Characters as the text limit and billing count them: code points, so a character
    // outside the BMP counts once.
    static qsizetype charactersOf(QStringView text);

    static constexpr auto kDefaultVoice = "af_sarah";
};
