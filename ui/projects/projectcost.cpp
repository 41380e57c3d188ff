#include "projectcost.h"

#include "blockplan.h"
#include "projectrenderer.h"
#include "voicecatalog.h"

#include <QFileInfo>

ProjectCost ProjectCost::estimate(const Project &project, const QString &cacheDir, const Pricing &pricing,
                                  const VoiceCatalog &catalog)
{
    ProjectCost cost;
    QSet<QString> counted;
    int row = 0;
    for (const BlockRef &ref : project.blocks()) {
        const int thisRow = row++;
        const auto plan = BlockPlan::make(project, ref, catalog);
        if (!plan) {
            if (cost.problem.isEmpty())
                cost.problem = plan.error().detail;
            continue;
        }
        if (!cacheDir.isEmpty() && QFileInfo::exists(ProjectRenderer::audioPath(cacheDir, plan->key))) {
            cost.renderedRows.insert(thisRow);
            continue;
        }
        if (counted.contains(plan->key))
            continue;
        counted.insert(plan->key);
        const VoiceSettings s = project.effectiveSettings(ref);
        const auto voice = catalog.find(s.voice.value_or(QString()));
        // As GenerationService prices a generation: premium voices at the advanced price.
        const QString priceModel = voice && !voice->free ? QStringLiteral("advanced") : s.model.value_or(QStringLiteral("base"));
        const qint64 tokens = Pricing::tokens(project.chapters.at(ref.chapter).blocks.at(ref.block).text);
        ++cost.blocksPending;
        cost.tokens += tokens;
        cost.credits += pricing.credits(priceModel, tokens);
        cost.micros += pricing.micros(priceModel, tokens);
    }
    return cost;
}
