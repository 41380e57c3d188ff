#pragma once

#include "audioformat.h"
#include "streamencoder.h"
#include "synthesisparams.h"
#include "synthesispipeline.h"

#include <QJsonObject>
#include <QString>

#include <optional>

// One unit of work for a worker: speak these params into this file, and stream the
// samples back when asked to.
struct SynthesisJob
{
    SynthesisParams params;
    QString outputPath;          // written by the worker; empty = no file
    AudioFormat format = AudioFormat::Wav;
    bool stream = false;         // send audio frames back as they are produced
    StreamFormat streamFormat = StreamFormat::Float32; // byte form of those frames
    bool wordTimings = false;    // send Words frames (each before the audio it describes)
    // A live stream's unit (StreamScheduler): params.text is one stretch of the stream's
    // text, placed in the whole by this; the worker then streams float32 without waiting
    // for credits (the scheduler paces streams unit by unit: a shared worker never waits
    // for one slow listener) and says in Done how many backend-rate samples it pushed.
    std::optional<SynthesisPipeline::Excerpt> excerpt;

    QJsonObject toJson() const;
    static std::optional<SynthesisJob> fromJson(const QJsonObject &json);
};
