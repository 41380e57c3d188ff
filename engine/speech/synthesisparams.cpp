#include "synthesisparams.h"

QJsonObject SpokenLanguage::toJson() const
{
    return {
        {"backend", backend == SpeechBackendKind::Flite ? "flite" : "espeak"},
        {"flite_voice", fliteVoice},
        {"espeak_voice", espeakVoice},
        {"espeak_language", espeakLanguage},
        {"kana", kana},
        {"locale", locale},
    };
}

SpokenLanguage SpokenLanguage::fromJson(const QJsonObject &json)
{
    SpokenLanguage l;
    l.backend = json.value("backend").toString() == QLatin1String("flite") ? SpeechBackendKind::Flite : SpeechBackendKind::Espeak;
    l.fliteVoice = json.value("flite_voice").toString();
    l.espeakVoice = json.value("espeak_voice").toString();
    l.espeakLanguage = json.value("espeak_language").toString();
    l.kana = json.value("kana").toBool();
    l.locale = json.value("locale").toString();
    return l;
}

SynthesisParams SynthesisParams::inLanguage(const QString &xmlLang) const
{
    SynthesisParams p = *this;
    const auto it = languages.constFind(xmlLang.toLower());
    if (xmlLang.isEmpty() || it == languages.constEnd())
        return p;
    p.backend = it->backend;
    p.fliteVoice = it->fliteVoice;
    p.espeakVoice = it->espeakVoice;
    p.espeakLanguage = it->espeakLanguage;
    p.kana = it->kana;
    p.locale = it->locale;
    return p;
}

QJsonObject SynthesisParams::toJson() const
{
    QJsonObject langs;
    for (auto it = languages.constBegin(); it != languages.constEnd(); ++it)
        langs.insert(it.key(), it->toJson());
    QJsonObject json{
        {"text", text},
        {"backend", backend == SpeechBackendKind::Flite ? "flite" : "espeak"},
        {"flite_voice", fliteVoice},
        {"espeak_voice", espeakVoice},
        {"espeak_language", espeakLanguage},
        {"espeak_variant", espeakVariant},
        {"gender", gender},
        {"kana", kana},
        {"locale", locale},
        {"speed", speed},
        {"pitch", pitch},
        {"pitch_range", pitchRange},
        {"sentence_pause_ms", sentencePauseMs},
        {"word_gap_ms", wordGapMs},
    };
    if (!langs.isEmpty())
        json.insert("languages", langs);
    // Only when there are some: the stored plans of older generations stay as they were.
    if (!pronunciations.isEmpty())
        json.insert("pronunciations", Pronunciations::toJson(pronunciations));
    return json;
}

std::optional<SynthesisParams> SynthesisParams::fromJson(const QJsonObject &json)
{
    if (!json.value("text").isString())
        return std::nullopt;
    SynthesisParams p;
    p.text = json.value("text").toString();
    const QString backend = json.value("backend").toString();
    if (backend == QLatin1String("flite"))
        p.backend = SpeechBackendKind::Flite;
    else if (backend == QLatin1String("espeak"))
        p.backend = SpeechBackendKind::Espeak;
    else
        return std::nullopt;
    p.fliteVoice = json.value("flite_voice").toString();
    p.espeakVoice = json.value("espeak_voice").toString();
    p.espeakLanguage = json.value("espeak_language").toString();
    p.espeakVariant = json.value("espeak_variant").toString();
    p.gender = json.value("gender").toInt();
    p.kana = json.value("kana").toBool();
    p.locale = json.value("locale").toString();
    p.speed = json.value("speed").toDouble(1.0);
    p.pitch = json.value("pitch").toDouble(1.0);
    p.pitchRange = json.value("pitch_range").toDouble(1.0);
    p.sentencePauseMs = json.value("sentence_pause_ms").toInt(150);
    p.wordGapMs = json.value("word_gap_ms").toInt(0);
    const QJsonObject langs = json.value("languages").toObject();
    for (auto it = langs.constBegin(); it != langs.constEnd(); ++it)
        p.languages.insert(it.key(), SpokenLanguage::fromJson(it->toObject()));
    p.pronunciations = Pronunciations::fromJson(json.value("pronunciations").toArray(), p.text.size());
    if (p.speed < 0.25 || p.speed > 4.0 || p.pitch <= 0.2 || p.pitch > 4.0)
        return std::nullopt;
    return p;
}
