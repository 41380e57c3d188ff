#include "benchpipeline.h"

#include "audioformat.h"
#include "synthesisplanner.h"
#include "voicecatalog.h"

SynthesisPipeline &BenchPipeline::pipeline()
{
    static SynthesisPipeline p;
    static const bool warm = (p.warmUp(), true);
    Q_UNUSED(warm);
    return p;
}

std::optional<SynthesisParams> BenchPipeline::plan(const QString &voiceId, const QString &lang, const QString &text)
{
    const VoiceCatalog catalog;
    const auto voice = catalog.find(voiceId);
    if (!voice)
        return std::nullopt;
    SpeechRequest req;
    req.text = text;
    req.languageCode = lang;
    return SynthesisPlanner::plan(*voice, req);
}

double BenchPipeline::runOnce(const SynthesisParams &params)
{
    qint64 samples = 0;
    pipeline().run(params, [&](const float *, qsizetype n) {
        samples += n;
        return true;
    });
    return double(samples) / AudioFormats::kSampleRate;
}
