#include "synthesisplanner.h"

#include "languages.h"

#include <cmath>

std::optional<SynthesisParams> SynthesisPlanner::plan(const Voice &voice, const SpeechRequest &request)
{
    const QString code = request.languageCode.isEmpty() ? Languages::defaultCode(request.model, voice.language)
                                                        : request.languageCode;
    const auto lang = Languages::find(request.model, code);
    if (!lang)
        return std::nullopt;

    SynthesisParams p;
    p.text = request.text;
    p.locale = lang->locale;
    if (lang->english) {
        p.backend = SpeechBackendKind::Flite;
        p.fliteVoice = voice.fliteVoice;
    } else {
        p.backend = SpeechBackendKind::Espeak;
        p.espeakVoice = lang->espeakVoice;
        p.espeakLanguage = lang->espeakLanguage;
        p.espeakVariant = voice.espeakVariant;
        p.gender = voice.gender == QLatin1String("Female") ? 2 : voice.gender == QLatin1String("Male") ? 1 : 0;
        p.kana = lang->needsKana;
    }
    p.speed = qBound(0.25, request.speed * voice.rate, 4.0);
    p.pitch = voice.pitch;
    if (request.model == QLatin1String("advanced")) {
        p.pitchRange = 0.2 + 1.6 * qBound(0.0, request.exaggeration, 1.0);
        const double cfg = qBound(1.0, request.cfgWeight, 5.0);
        p.sentencePauseMs = int(std::lround(60.0 * cfg));
        p.wordGapMs = int(std::lround((cfg - 1.0) * 10.0));
    }
    return p;
}
