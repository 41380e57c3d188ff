#include "voicechooser.h"

#include "speechsettings.h"

namespace
{
const QString kBase = QStringLiteral("base");
const QString kAdvanced = QStringLiteral("advanced");

// Whether a voice of this model speaks this language (base voices: their own only).
bool speaks(const Voice &voice, const LanguageInfo &language)
{
    return voice.model == language.model && (voice.model != kBase || voice.language == language.code);
}
}

VoiceChooser::VoiceChooser(const QList<Voice> &voices, const QString &defaultVoiceId)
    : m_voices(voices)
{
    m_default = find(defaultVoiceId);
    if (!m_default && !m_voices.isEmpty())
        m_default = &m_voices.first();
}

const Voice *VoiceChooser::find(const QString &id) const
{
    for (const Voice &v : m_voices)
        if (v.id.compare(id, Qt::CaseInsensitive) == 0)
            return &v;
    return nullptr;
}

QString VoiceChooser::tagOf(const LanguageInfo &language)
{
    return QString(language.locale).replace(u'_', u'-');
}

QList<VoiceListing> VoiceChooser::listing() const
{
    QList<VoiceListing> out;
    for (const Voice &v : m_voices) {
        const QStringList codes = v.model == kBase ? QStringList{Languages::defaultCode(kBase, v.language)}
                                                   : Languages::codes(v.model);
        for (const QString &code : codes)
            if (const auto lang = Languages::find(v.model, code))
                out.append(VoiceListing{v.id, tagOf(*lang), QStringLiteral("none")});
    }
    return out;
}

std::optional<LanguageInfo> VoiceChooser::languageFor(const QString &tag, const QStringList &models)
{
    const QString wanted = tag.trimmed().toLower().replace(u'_', u'-');
    QString primary = wanted.section(u'-', 0, 0);
    if (primary == QLatin1String("no") || primary == QLatin1String("nn"))
        primary = QStringLiteral("nb");
    for (const bool exact : {true, false})
        for (const QString &model : models)
            for (const QString &code : Languages::codes(model)) {
                const auto lang = Languages::find(model, code);
                const QString own = tagOf(*lang).toLower();
                if (exact ? own == wanted : own.section(u'-', 0, 0) == primary)
                    return lang;
            }
    return std::nullopt;
}

const Voice *VoiceChooser::byVoiceType(const QList<const Voice *> &candidates, const QString &voiceType) const
{
    // MALE1..3, FEMALE1..3, CHILD_MALE, CHILD_FEMALE: the gender's Nth voice, round.
    const QString type = voiceType.toUpper();
    const QString gender = type.contains(QLatin1String("FEMALE")) ? QStringLiteral("Female")
                           : type.contains(QLatin1String("MALE")) ? QStringLiteral("Male")
                                                                  : QString();
    QList<const Voice *> ofGender;
    for (const Voice *v : candidates)
        if (v->gender == gender)
            ofGender.append(v);
    if (ofGender.isEmpty())
        return candidates.first();
    const int n = qMax(1, type.right(1).toInt());
    return ofGender.at((n - 1) % ofGender.size());
}

std::optional<VoiceChoice> VoiceChooser::choose(const SpeechSettings &settings) const
{
    if (const Voice *named = find(settings.synthesisVoice())) {
        const auto lang = languageFor(settings.language(), {named->model});
        const bool own = lang && speaks(*named, *lang);
        return VoiceChoice{*named, own ? lang->code : Languages::defaultCode(named->model, named->language)};
    }
    if (!m_default)
        return std::nullopt;
    // The default voice first, on its model's languages ("en" is its own en-US).
    if (const auto own = languageFor(settings.language(), {m_default->model}); own && speaks(*m_default, *own))
        return VoiceChoice{*m_default, own->code};
    const auto lang = languageFor(settings.language(), {kBase, kAdvanced});
    if (settings.language().isEmpty() || !lang)
        return VoiceChoice{*m_default, Languages::defaultCode(m_default->model, m_default->language)};
    QList<const Voice *> candidates;
    for (const Voice &v : m_voices)
        if (speaks(v, *lang))
            candidates.append(&v);
    if (candidates.isEmpty())
        return VoiceChoice{*m_default, Languages::defaultCode(m_default->model, m_default->language)};
    return VoiceChoice{*byVoiceType(candidates, settings.voiceType()), lang->code};
}
