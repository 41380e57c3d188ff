#include "voicesettings.h"

namespace
{
template <typename T>
std::optional<T> either(const std::optional<T> &mine, const std::optional<T> &parent)
{
    return mine ? mine : parent;
}
}

VoiceSettings VoiceSettings::over(const VoiceSettings &parent) const
{
    VoiceSettings s;
    s.voice = either(voice, parent.voice);
    s.model = either(model, parent.model);
    s.language = either(language, parent.language);
    s.speed = either(speed, parent.speed);
    s.cfgWeight = either(cfgWeight, parent.cfgWeight);
    s.exaggeration = either(exaggeration, parent.exaggeration);
    return s;
}

VoiceSettings VoiceSettings::defaults()
{
    VoiceSettings s;
    s.voice = QStringLiteral("af_sarah");
    s.model = QStringLiteral("base");
    s.language = QString();
    s.speed = 1.0;
    s.cfgWeight = 2.5;
    s.exaggeration = 0.5;
    return s;
}

bool VoiceSettings::operator==(const VoiceSettings &o) const
{
    return voice == o.voice && model == o.model && language == o.language && speed == o.speed
           && cfgWeight == o.cfgWeight && exaggeration == o.exaggeration;
}

QJsonObject VoiceSettings::toJson() const
{
    QJsonObject o;
    if (voice)
        o.insert("voice", *voice);
    if (model)
        o.insert("model", *model);
    if (language)
        o.insert("language", *language);
    if (speed)
        o.insert("speed", *speed);
    if (cfgWeight)
        o.insert("cfg_weight", *cfgWeight);
    if (exaggeration)
        o.insert("exaggeration", *exaggeration);
    return o;
}

VoiceSettings VoiceSettings::fromJson(const QJsonObject &o)
{
    VoiceSettings s;
    if (o.value("voice").isString())
        s.voice = o.value("voice").toString();
    if (o.value("model").isString())
        s.model = o.value("model").toString();
    if (o.value("language").isString())
        s.language = o.value("language").toString();
    if (o.value("speed").isDouble())
        s.speed = o.value("speed").toDouble();
    if (o.value("cfg_weight").isDouble())
        s.cfgWeight = o.value("cfg_weight").toDouble();
    if (o.value("exaggeration").isDouble())
        s.exaggeration = o.value("exaggeration").toDouble();
    return s;
}
