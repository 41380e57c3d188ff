#include "synthesisplanner.h"

#include "languages.h"
#include "ssmldocument.h"

#include <cmath>

namespace
{
// The language an xml:lang names: its locale exactly (en-GB -> en_GB), else its primary
// subtag (de-AT -> de); the request's model first, then any (<lang> switches how the
// text is read, not what is billed).
std::optional<LanguageInfo> languageOf(const QString &xmlLang, const QString &model)
{
    QString tag = xmlLang.trimmed().toLower().replace(u'_', u'-');
    QString primary = tag.section(u'-', 0, 0);
    if (primary == QLatin1String("no") || primary == QLatin1String("nn"))
        primary = QStringLiteral("nb");
    QStringList models{model};
    for (const QString &m : {QStringLiteral("base"), QStringLiteral("advanced")})
        if (!models.contains(m))
            models << m;
    for (const bool exact : {true, false}) {
        for (const QString &m : models) {
            for (const QString &code : Languages::codes(m)) {
                const auto lang = Languages::find(m, code);
                const QString locale = lang->locale.toLower().replace(u'_', u'-');
                if (exact ? locale == tag : locale.section(u'-', 0, 0) == primary)
                    return lang;
            }
        }
    }
    return std::nullopt;
}

SpokenLanguage spokenLanguage(const LanguageInfo &lang, const Voice &voice)
{
    SpokenLanguage s;
    s.locale = lang.locale;
    if (lang.english) {
        s.backend = SpeechBackendKind::Flite;
        s.fliteVoice = voice.fliteVoice.isEmpty() ? QStringLiteral("slt") : voice.fliteVoice;
    } else {
        s.backend = SpeechBackendKind::Espeak;
        s.espeakVoice = lang.espeakVoice;
        s.espeakLanguage = lang.espeakLanguage;
        s.kana = lang.needsKana;
    }
    return s;
}

// The languages an SSML text switches to, each as its backend reads it.
void resolveSsmlLanguages(SynthesisParams &p, const Voice &voice, const QString &model)
{
    // Only a document that names a language is parsed again (this may run on the
    // server thread, when a stream plans before its row exists).
    if (!SsmlDocument::isSsml(p.text) || !p.text.contains(QLatin1String("lang")))
        return;
    const auto parsed = SsmlDocument::parse(p.text);
    const auto *doc = std::get_if<SsmlDocument>(&parsed);
    if (!doc)
        return;
    for (const SsmlItem &item : doc->items()) {
        const QString tag = item.language.toLower();
        if (tag.isEmpty() || p.languages.contains(tag))
            continue;
        if (const auto lang = languageOf(tag, model))
            p.languages.insert(tag, spokenLanguage(*lang, voice));
    }
}
}

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
    resolveSsmlLanguages(p, voice, request.model);
    return p;
}
