#pragma once

#include "serviceerror.h"
#include "voice.h"

#include <QByteArray>
#include <QString>

#include <vector>

class WorkerPool;

// Measures what a reference recording sounds like in the two respects a custom voice
// can follow: its median pitch and its speaking rate. This is an approximation, not
// cloning: timbre, accent and intonation are not captured.
//
// Method (documented in docs/custom-voices.md):
//  - The signal is low-passed and decimated to about 8 kHz, then cut into 40 ms
//    frames every 10 ms.
//  - F0: per frame, the normalised autocorrelation over lags of 60–400 Hz; the
//    shortest lag whose peak reaches 85 % of the best one is the period (avoids
//    octave errors), refined by parabolic interpolation. A frame is voiced when that
//    peak is >= 0.5 and the frame is no more than 30 dB below the loud frames. The
//    pitch of a recording is the median F0 of its voiced frames.
//  - Rate: syllable nuclei per second (after de Jong & Wempe 2009): peaks of the
//    smoothed frame-energy envelope (dB) that stand at least 2 dB above the dip to
//    the neighbouring peak, lie within 25 dB of the loudest frames and are voiced,
//    divided by the span from the first to the last non-silent frame.
namespace VoiceAnalysis
{
struct Pcm
{
    std::vector<float> samples; // mono, -1..1
    int sampleRate = 0;
    int channels = 0;           // of the source (stereo is downmixed)

    double seconds() const { return sampleRate > 0 ? double(samples.size()) / sampleRate : 0.0; }
};

// A RIFF/WAVE file of 16-bit PCM, mono or stereo (downmixed to mono). Errors name
// the field `field` (InvalidInput).
Result<Pcm> readWav(const QByteArray &bytes, const QString &field = QStringLiteral("reference"));

struct Measurement
{
    double durationSec = 0;      // whole signal
    double speechSec = 0;        // first to last non-silent frame
    double voicedSec = 0;
    int frames = 0;
    int voicedFrames = 0;
    double peakRms = 0;          // loudest frame RMS (0..1)
    double medianF0Hz = 0;       // 0 when nothing is voiced
    int syllables = 0;
    double syllablesPerSec = 0;  // 0 when nothing is voiced
};

Measurement analyze(const float *samples, qsizetype count, int sampleRate);
inline Measurement analyze(const Pcm &pcm) { return analyze(pcm.samples.data(), qsizetype(pcm.samples.size()), pcm.sampleRate); }

// analyze() plus the checks a reference recording must pass: at least 1 s long,
// not silent, enough voiced speech to measure.
Result<Measurement> measureReference(const Pcm &pcm, const QString &field = QStringLiteral("reference"));

struct Match
{
    double pitch = 1.0;  // factor, clamped to 0.5..2.0
    double rate = 1.0;   // factor, clamped to 0.5..2.0
    Measurement reference;
    Measurement base;
};

// pitch = reference F0 / base F0, rate = reference rate / base rate, each clamped to
// 0.5..2.0 and rounded to 0.01.
Match match(const Measurement &reference, const Measurement &base);
}

// Measures system voices by synthesizing a fixed sentence through the engine's worker
// pool (espeak-ng is not thread-safe, so never in-process), and matches references
// against them. Blocking for as long as a synthesis takes: call on the analysis threads
// (VoiceAnalysisService), never on the engine thread, nor on a store thread, which it
// would hold from every other request meanwhile. Results per voice are cached.
namespace VoiceMatcher
{
// The fixed sentence a base voice reads to be measured, in the given language code.
QString referenceSentence(const QString &languageCode);

Result<VoiceAnalysis::Measurement> measureVoice(WorkerPool *pool, const Voice &systemVoice, int timeoutMs = 60000);

// Reads and measures the WAV, measures the base voice, and matches the two.
Result<VoiceAnalysis::Match> matchReference(WorkerPool *pool, const Voice &systemVoice, const QByteArray &wav,
                                            const QString &field = QStringLiteral("reference"));
}
