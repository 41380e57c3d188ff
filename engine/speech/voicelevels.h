#pragma once

#include "synthesisparams.h"

#include <QHash>
#include <QString>

class SpeechBackend;

// Levels every voice to the same loudness (EBU R128): the first time a process speaks
// with a voice's settings, a fixed reference text is synthesized with them and measured
// with libebur128; the gain that brings it to kTargetLufs is kept for the life of the
// process and applied to every sample the pipeline makes, so streams are levelled from
// their first frame. Measured at first use rather than at build time so that the table
// always matches the speech libraries actually installed (a Debian update of flite or
// espeak-ng changes their levels); it costs ~60 ms for a flite voice, ~5 ms for espeak-ng,
// once per worker process (the flite voices during warm-up).
class VoiceLevels
{
public:
    // Where voices are levelled to: below the export target (-18 LUFS) so that the loud
    // consonants of the quietest voices, raised the most, stay under full scale.
    static constexpr double kTargetLufs = -20.0;
    // A gain is never raised further than this (a reference that measured near silence).
    static constexpr double kMaxGainDb = 24.0;

    // Above kKnee a sample is bent smoothly towards full scale instead of being clipped
    // hard by the encoders: a voice raised to the target may have a few consonant peaks
    // over 0 dBFS (espeak-ng's m1, kal16). Stateless, so streams stay sample-exact.
    static constexpr float kKnee = 0.8f;
    // Audible is at or above about -50 dBFS once levelled: below it the pipeline's output
    // reads as silence, and soft onsets (a fricative) are louder than that.
    static constexpr float kAudible = 0.0032f;
    static float softLimit(float x);

    // The linear gain for these settings (text, speed and pauses do not matter).
    float gainFor(SpeechBackend *backend, const SynthesisParams &params);
    // The voice's own level before the gain, in LUFS (measured on first use too).
    double measuredLufs(SpeechBackend *backend, const SynthesisParams &params);

private:
    struct Level
    {
        double lufs = 0.0;
        float gain = 1.0f;
    };
    const Level &levelFor(SpeechBackend *backend, const SynthesisParams &params);
    static QString keyOf(const SynthesisParams &params);

    QHash<QString, Level> m_levels;
};
