#include "openaimodels.h"

#include <QHash>
#include <QRegularExpression>

namespace
{
struct ModelInfo
{
    const char *id;
    const char *model; // ours
};
const ModelInfo kModels[] = {
    {"tts-1", "base"},
    {"tts-1-hd", "advanced"},
    {"gpt-4o-mini-tts", "advanced"},
    {"gpt-4o-mini-tts-2025-03-20", "advanced"},
    {"gpt-4o-mini-tts-2025-12-15", "advanced"},
    {"base", "base"},
    {"advanced", "advanced"},
};

// OpenAI voice names -> our system voices, {for base, for advanced}.
const QHash<QString, QPair<QString, QString>> &voiceMap()
{
    static const QHash<QString, QPair<QString, QString>> map = {
        {"alloy", {"af_sarah", "sage"}},   {"ash", {"am_adam", "orion"}},       {"ballad", {"bm_george", "fergus"}},
        {"coral", {"af_sarah", "aria"}},   {"echo", {"am_michael", "marcus"}},  {"fable", {"bm_george", "fergus"}},
        {"onyx", {"am_adam", "atlas"}},    {"nova", {"af_nicole", "nova"}},     {"sage", {"bf_emma", "sage"}},
        {"shimmer", {"bf_emma", "luna"}},  {"verse", {"am_michael", "orion"}},  {"marin", {"af_nicole", "ember"}},
        {"cedar", {"am_adam", "marcus"}},
    };
    return map;
}
}

std::optional<QString> OpenAiModels::ourModel(const QString &id)
{
    for (const ModelInfo &m : kModels)
        if (id == QLatin1String(m.id))
            return QString::fromLatin1(m.model);
    // Snapshots are named by date; every one speaks as the model it snapshots.
    static const QRegularExpression dated(QStringLiteral("^gpt-4o-mini-tts-\\d{4}-\\d{2}-\\d{2}$"));
    if (dated.match(id).hasMatch())
        return QStringLiteral("advanced");
    return std::nullopt;
}

QStringList OpenAiModels::listed()
{
    QStringList ids;
    for (const ModelInfo &m : kModels)
        ids << QString::fromLatin1(m.id);
    return ids;
}

QJsonObject OpenAiModels::object(const QString &id)
{
    return QJsonObject{{"id", id}, {"object", "model"}, {"created", 1767225600}, {"owned_by", "tts-studio"}};
}

bool OpenAiModels::isOpenAiVoice(const QString &name)
{
    return voiceMap().contains(name.toLower());
}

QString OpenAiModels::mapVoice(const QString &name, const QString &ourModel)
{
    const auto it = voiceMap().constFind(name.toLower());
    if (it == voiceMap().cend())
        return name;
    return ourModel == QLatin1String("advanced") ? it->second : it->first;
}
