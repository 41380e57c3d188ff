#pragma once

#include "benchutil.h"

// The same stages through the project's classes, each child in its own process
// (espeak-ng state and SynthesisPipeline are one per process).
namespace ProjectStages
{
// EspeakBackend/FliteBackend::speak, Resampler, WavEncoder/Mp3Encoder one by one.
QJsonObject runClasses(const Bench::ChildOptions &options);
// SynthesisPipeline::run + AudioEncoder, and the time to the first 24 kHz chunk.
QJsonObject runPipeline(const Bench::ChildOptions &options);
}
