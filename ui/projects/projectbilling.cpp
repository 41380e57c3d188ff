#include "projectbilling.h"

#include "blockplan.h"
#include "generationservice.h"
#include "projectrenderer.h"
#include "voicecatalog.h"

#include <QFile>
#include <QFileInfo>
#include <QSet>

namespace
{
const QString kReleased = QStringLiteral("Project render ended before this block was made");
}

Result<QList<ProjectBilling::Reservation>> ProjectBilling::reserve(GenerationService &generations, const AuthContext &auth,
                                                                  const Project &project, const QList<BlockRef> &blocks,
                                                                  const QString &cacheDir, const VoiceCatalog &catalog,
                                                                  Metering metering)
{
    QList<Reservation> made;
    QSet<QString> keys;
    for (const BlockRef &ref : blocks) {
        const auto plan = BlockPlan::make(project, ref, catalog);
        if (!plan) {
            settle(generations, made, QString());
            return plan.error();
        }
        if (keys.contains(plan->key) || QFileInfo::exists(ProjectRenderer::audioPath(cacheDir, plan->key)))
            continue;
        keys.insert(plan->key);
        const VoiceSettings s = project.effectiveSettings(ref);
        CreateGeneration request;
        request.speech.text = project.chapters.at(ref.chapter).blocks.at(ref.block).text;
        request.speech.model = s.model.value_or(QStringLiteral("base"));
        request.speech.languageCode = s.language.value_or(QString());
        request.speech.speed = s.speed.value_or(1.0);
        request.speech.cfgWeight = s.cfgWeight.value_or(2.5);
        request.speech.exaggeration = s.exaggeration.value_or(0.5);
        request.voiceId = s.voice.value_or(QString());
        request.apiVersion = ApiVersion::Project; // kept like the studio's own; History groups them
        request.metering = metering;
        // Synthesized by the render, not the job queue: a row GENERATING from the start
        // (a process that dies meanwhile has it released at its next start).
        request.streamed = true;
        const auto created = generations.create(auth, request);
        if (!created) {
            // All or nothing: what was reserved for this render goes back.
            settle(generations, made, QString());
            return created.error();
        }
        made.append({plan->key, created->generation.id});
    }
    return made;
}

int ProjectBilling::settle(GenerationService &generations, const QList<Reservation> &reservations, const QString &cacheDir)
{
    int settled = 0;
    for (const Reservation &r : reservations) {
        const QString audio = cacheDir.isEmpty() ? QString() : ProjectRenderer::audioPath(cacheDir, r.key);
        bool done = false;
        if (!audio.isEmpty() && QFileInfo::exists(audio)) {
            const QString kept = generations.audioPathFor(r.generationId, QStringLiteral("wav"));
            QFile::remove(kept);
            done = QFile::copy(audio, kept) && generations.complete(r.generationId, kept);
        }
        if (done)
            ++settled;
        else
            generations.failStopped(r.generationId, kReleased);
        generations.untrack(r.generationId);
    }
    return settled;
}
