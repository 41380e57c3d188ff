#pragma once

#include "synthesispipeline.h"

#include <QString>

#include <optional>

// The bench process's one synthesis pipeline (espeak-ng's state is process-wide, as in
// a tts-worker), warmed up on first use, and the plan a catalog voice makes for a text.
namespace BenchPipeline
{
SynthesisPipeline &pipeline();
std::optional<SynthesisParams> plan(const QString &voiceId, const QString &lang, const QString &text);
// One whole run of the pipeline on params: the seconds of 24 kHz audio it made.
double runOnce(const SynthesisParams &params);
}
