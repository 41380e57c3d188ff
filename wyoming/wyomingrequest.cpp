#include "wyomingrequest.h"

#include "voicecatalog.h"
#include "wyominginfo.h"

namespace
{
// What an error quotes of a name at most; no voice id or language tag is longer.
constexpr qsizetype kNameShown = 64;

QString shown(const QString &name)
{
    return name.size() > kNameShown ? name.left(kNameShown) + QChar(0x2026) : name;
}

QString normalizedTag(QString tag)
{
    return tag.replace(u'_', u'-').toLower();
}

// The first system voice whose language is `tag`, or is in it ("en" for en-US); a
// free voice before a premium one (they cost the advanced price).
QString voiceSpeaking(const QString &tag, const VoiceCatalog &catalog)
{
    const QString wanted = normalizedTag(tag);
    QString best;
    int bestRank = 4;
    for (const Voice &v : catalog.systemVoices()) {
        const QString lang = normalizedTag(WyomingInfo::languageOf(v));
        const int match = lang == wanted ? 0 : lang.section(u'-', 0, 0) == wanted ? 1 : -1;
        const int rank = match < 0 ? 4 : match * 2 + (v.free ? 0 : 1);
        if (rank < bestRank) {
            best = v.id;
            bestRank = rank;
        }
    }
    return best;
}

Result<QString> voiceOf(const QJsonObject &data, const VoiceCatalog &catalog)
{
    const QJsonValue voice = data.value("voice");
    if (voice.isUndefined() || voice.isNull())
        return QString::fromLatin1(WyomingRequest::kDefaultVoice);
    const QJsonValue name = voice.toObject().value("name");
    const QJsonValue language = voice.toObject().value("language");
    if (!voice.isObject() || !(name.isString() || name.isUndefined()) || !(language.isString() || language.isUndefined()))
        return ServiceError::invalid("voice", QStringLiteral("voice must be an object {\"name\": VOICE_ID}"));
    if (name.toString().size() > kNameShown)
        return ServiceError::invalid("voice", QStringLiteral("Unknown voice '%1'").arg(shown(name.toString())));
    if (name.isString() && (catalog.find(name.toString()) || voiceSpeaking(name.toString(), catalog).isEmpty()))
        return name.toString(); // a voice id: a system voice, a custom voice, or unknown (refused at creation)
    const QString tag = name.isString() ? name.toString() : language.toString();
    const QString id = tag.isEmpty() ? QString::fromLatin1(WyomingRequest::kDefaultVoice) : voiceSpeaking(tag, catalog);
    if (id.isEmpty())
        return ServiceError::invalid("voice", QStringLiteral("No voice speaks '%1'").arg(shown(tag)));
    return id;
}
}

Result<WyomingRequest> WyomingRequest::parse(const QJsonObject &data, const VoiceCatalog &catalog, bool withText)
{
    const QJsonValue text = data.value("text");
    if (withText && !text.isString())
        return ServiceError::invalid("text", QStringLiteral("text must be a string"));
    const auto voice = voiceOf(data, catalog);
    if (!voice)
        return voice.error();
    return WyomingRequest{text.toString(), *voice};
}

qsizetype WyomingRequest::charactersOf(QStringView text)
{
    qsizetype pairs = 0;
    for (qsizetype i = 1; i < text.size(); ++i)
        if (text[i].isLowSurrogate() && text[i - 1].isHighSurrogate())
            ++pairs;
    return text.size() - pairs;
}
