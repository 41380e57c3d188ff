#pragma once

#include "synthesisparams.h"
#include "voice.h"

#include <QString>

#include <optional>

// What a caller asks for, already validated against the model's rules.
struct SpeechRequest
{
    QString text;
    QString model = QStringLiteral("base");
    QString languageCode;   // empty: the voice's default
    double speed = 1.0;
    double cfgWeight = 2.5;
    double exaggeration = 0.5;
};

// Turns a voice and a request into backend settings. The advanced controls are
// documented in the README:
//  - exaggeration 0..1 scales the pitch spread from 0.2x to 1.8x (1.0x at 0.5);
//  - cfg_weight 1..5 sets pacing: the pause between sentences is 60 ms x cfg_weight
//    and espeak-ng adds (cfg_weight - 1) x 10 ms between words;
//  the base model ignores both (natural spread, 150 ms pauses).
namespace SynthesisPlanner
{
std::optional<SynthesisParams> plan(const Voice &voice, const SpeechRequest &request);
}
