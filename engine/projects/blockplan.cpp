#include "blockplan.h"

#include "speechrequestcheck.h"
#include "synthesisplanner.h"
#include "voicecatalog.h"

#include <QCryptographicHash>
#include <QJsonDocument>

const char *BlockPlan::engineVersion()
{
    // Project version, and the render revision: 1 = levelled voices (VoiceLevels, -20 LUFS).
    return TTS_PROJECTS_ENGINE_VERSION "/render-1";
}

Result<BlockPlan> BlockPlan::make(const Project &project, BlockRef ref, const VoiceCatalog &catalog)
{
    const VoiceSettings s = project.effectiveSettings(ref);
    SpeechRequest request;
    request.text = project.chapters.at(ref.chapter).blocks.at(ref.block).text;
    request.model = s.model.value_or(QStringLiteral("base"));
    request.languageCode = s.language.value_or(QString());
    request.speed = s.speed.value_or(1.0);
    request.cfgWeight = s.cfgWeight.value_or(2.5);
    request.exaggeration = s.exaggeration.value_or(0.5);
    const QString voiceId = s.voice.value_or(QString());
    const auto voice = catalog.find(voiceId);
    const QString where = QStringLiteral("chapter %1, block %2").arg(ref.chapter + 1).arg(ref.block + 1);
    if (auto problem = SpeechRequestCheck::check(request, voiceId, voice ? &*voice : nullptr)) {
        QString detail = problem->detail;
        if (!problem->errors.isEmpty())
            detail = problem->errors.first().field + QStringLiteral(": ") + problem->errors.first().message;
        return ServiceError::make(ServiceError::Kind::InvalidInput, where + QStringLiteral(": ") + detail);
    }
    const auto params = SynthesisPlanner::plan(*voice, request);
    if (!params)
        return ServiceError::make(ServiceError::Kind::InvalidInput, where + QStringLiteral(": cannot plan synthesis"));
    BlockPlan plan;
    plan.params = *params;
    plan.characters = request.text.size();
    // The backend settings, not the voice id: a voice whose definition changes is made again.
    QJsonObject keyed = params->toJson();
    keyed.insert("engine", QString::fromLatin1(engineVersion()));
    plan.key = QString::fromLatin1(
        QCryptographicHash::hash(QJsonDocument(keyed).toJson(QJsonDocument::Compact), QCryptographicHash::Sha256).toHex());
    return plan;
}
