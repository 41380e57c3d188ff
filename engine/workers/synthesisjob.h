#pragma once

#include "audioformat.h"
#include "streamencoder.h"
#include "synthesisparams.h"

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

    QJsonObject toJson() const;
    static std::optional<SynthesisJob> fromJson(const QJsonObject &json);
};
