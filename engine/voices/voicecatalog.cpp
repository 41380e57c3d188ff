#include "voicecatalog.h"

#include "flitebackend.h"
#include "languages.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

QJsonObject Voice::toApiJson() const
{
    QJsonObject o{{"voice_id", id}, {"name", name}, {"model", model}, {"gender", gender},
                  {"is_custom", isCustom}, {"free", free}};
    if (!accent.isEmpty())
        o.insert("accent", accent);
    if (!description.isEmpty())
        o.insert("description", description);
    return o;
}

VoiceCatalog::VoiceCatalog()
{
    Q_INIT_RESOURCE(resources);
    QFile f(QStringLiteral(":/tts/voices.json"));
    if (!f.open(QIODevice::ReadOnly)) {
        m_error = QStringLiteral("voice catalog resource missing");
        return;
    }
    load(f.readAll());
}

VoiceCatalog::VoiceCatalog(const QByteArray &json)
{
    load(json);
}

void VoiceCatalog::load(const QByteArray &json)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError) {
        m_error = pe.errorString();
        return;
    }
    for (const QJsonValue &v : doc.object().value("voices").toArray()) {
        const QJsonObject o = v.toObject();
        Voice voice;
        voice.id = o.value("voice_id").toString();
        voice.name = o.value("name").toString();
        voice.model = o.value("model").toString();
        voice.gender = o.value("gender").toString();
        voice.accent = o.value("accent").toString();
        voice.description = o.value("description").toString();
        voice.language = o.value("language").toString();
        voice.free = o.value("free").toBool(true);
        voice.fliteVoice = o.value("flite").toString();
        voice.espeakVariant = o.value("espeak_variant").toString();
        voice.pitch = o.value("pitch").toDouble(1.0);
        if (voice.id.isEmpty() || !Languages::isModel(voice.model) || !FliteBackend::isKnownVoice(voice.fliteVoice)) {
            m_error = QStringLiteral("invalid voice entry '%1'").arg(voice.id);
            continue;
        }
        m_voices << voice;
    }
    std::sort(m_voices.begin(), m_voices.end(), [](const Voice &a, const Voice &b) { return a.id < b.id; });
}

std::optional<Voice> VoiceCatalog::find(const QString &voiceId) const
{
    for (const Voice &v : m_voices)
        if (v.id == voiceId)
            return v;
    return std::nullopt;
}

std::optional<Voice> VoiceCatalog::findCaseInsensitive(const QString &voiceId) const
{
    for (const Voice &v : m_voices)
        if (v.id.compare(voiceId, Qt::CaseInsensitive) == 0)
            return v;
    return std::nullopt;
}
