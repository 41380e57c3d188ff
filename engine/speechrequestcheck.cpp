#include "speechrequestcheck.h"

#include "languages.h"

std::optional<ServiceError> SpeechRequestCheck::check(const SpeechRequest &r, const QString &voiceId, const Voice *voice)
{
    if (!Languages::isModel(r.model))
        return ServiceError::invalid("model", QStringLiteral("Invalid model '%1': must be base or advanced").arg(r.model));
    if (r.text.trimmed().isEmpty())
        return ServiceError::invalid("text", QStringLiteral("text must not be empty"));
    const qsizetype codePoints = r.text.toUcs4().size();
    if (codePoints > kMaxTextLength)
        return ServiceError::invalid("text", QStringLiteral("text is too long: %1 characters, at most %2 allowed")
                                                 .arg(codePoints).arg(kMaxTextLength));
    if (voiceId.isEmpty())
        return ServiceError::invalid("voice_id", QStringLiteral("voice_id is required"));
    if (!voice)
        return ServiceError::invalid("voice_id", QStringLiteral("Unknown voice '%1'").arg(voiceId));
    if (voice->model != r.model)
        return ServiceError::invalid("voice_id", QStringLiteral("Voice '%1' is not compatible with model '%2' (it belongs to model '%3')")
                                                     .arg(voiceId, r.model, voice->model));
    if (!(r.speed >= 0.5 && r.speed <= 2.0))
        return ServiceError::invalid("speed", QStringLiteral("speed must be between 0.5 and 2.0"));
    if (!(r.cfgWeight >= 1.0 && r.cfgWeight <= 5.0))
        return ServiceError::invalid("cfg_weight", QStringLiteral("cfg_weight must be between 1.0 and 5.0"));
    if (!(r.exaggeration >= 0.0 && r.exaggeration <= 1.0))
        return ServiceError::invalid("exaggeration", QStringLiteral("exaggeration must be between 0.0 and 1.0"));
    if (!r.languageCode.isEmpty() && !Languages::find(r.model, r.languageCode))
        return ServiceError::invalid("language_code", QStringLiteral("language_code '%1' is not allowed for model '%2'; allowed: %3")
                                                          .arg(r.languageCode, r.model, Languages::codes(r.model).join(", ")));
    return std::nullopt;
}
