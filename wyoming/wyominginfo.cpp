#include "wyominginfo.h"

#include "languages.h"

#include <QJsonArray>

namespace
{
bool speaksEnglish(const Voice &voice)
{
    const auto info = Languages::find(voice.model, Languages::defaultCode(voice.model, voice.language));
    return !info || info->english;
}

// English is read by flite, every other language by espeak-ng.
QJsonObject attributionOf(const Voice &voice)
{
    if (speaksEnglish(voice))
        return QJsonObject{{"name", "CMU Flite"}, {"url", "http://cmuflite.org"}};
    return QJsonObject{{"name", "eSpeak NG"}, {"url", "https://github.com/espeak/espeak-ng"}};
}

// Home Assistant lists a voice by its description: short, like the studio's voice list.
QString descriptionOf(const Voice &voice)
{
    if (voice.accent.isEmpty())
        return QStringLiteral("%1 (%2)").arg(voice.name, voice.model);
    return QStringLiteral("%1 (%2, %3)").arg(voice.name, voice.accent, voice.model);
}

QJsonObject voiceObject(const Voice &voice, const QString &version)
{
    return QJsonObject{{"name", voice.id},
                       {"languages", QJsonArray{WyomingInfo::languageOf(voice)}},
                       {"description", descriptionOf(voice)},
                       {"attribution", attributionOf(voice)},
                       {"installed", true},
                       {"version", version}};
}
}

QString WyomingInfo::languageOf(const Voice &voice)
{
    const auto info = Languages::find(voice.model, Languages::defaultCode(voice.model, voice.language));
    QString locale = info ? info->locale : QStringLiteral("en");
    // The advanced voices speak English without a language_code: in their accent.
    if (locale == QLatin1String("en"))
        locale = voice.accent == QLatin1String("American") ? QStringLiteral("en_US") : QStringLiteral("en_GB");
    return locale.replace(u'_', u'-');
}

WyomingEvent WyomingInfo::event(const QList<Voice> &voices, const QString &version)
{
    QJsonArray list;
    for (const Voice &v : voices)
        list.append(voiceObject(v, version));
    const QJsonObject program{{"name", "tts-studio"},
                              {"description", "TTS Studio"},
                              {"attribution", QJsonObject{{"name", "TTS Studio"}, {"url", ""}}},
                              {"installed", true},
                              {"version", version},
                              {"voices", list},
                              {"supports_synthesize_streaming", true}};
    return WyomingEvent{QStringLiteral("info"), QJsonObject{{"tts", QJsonArray{program}}}, {}};
}
