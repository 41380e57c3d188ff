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
    // The most audio (24 kHz samples) the billed text pays for (docs/api.md "What a token
    // may say"): the worker stops there and the job fails. 0: no bound (the studio).
    qint64 maxSamples = 0;
    qint64 billedTokens = 0; // for the message
    // Names the job in Stop and Finish frames (WorkerProtocol) when the host has handed the
    // worker its next job before this one ended (StreamScheduler); 0: none.
    quint32 tag = 0;
    // When the listener of a tagged job runs out of audio if the job makes none (ms on the
    // steady clock, CLOCK_MONOTONIC, which every process of the machine shares); -1: none.
    // A worker holding several jobs runs them by turns, each job's due time moving on with
    // the audio it makes (WorkerLoop::pick); jobs without one run in the order they came.
    qint64 dueMs = -1;

    // The bound for params: (25 s + 1.5 s per billed token) stretched by the slowest speed
    // (speed x the slowest <prosody rate>, at most 4 times), plus the <break> allowance
    // (10 s + 1 s per 10 tokens). Sets maxSamples and billedTokens.
    void boundAudio();
    static QString tooLong(qint64 maxSamples, qint64 tokens);

    QJsonObject toJson() const;
    static std::optional<SynthesisJob> fromJson(const QJsonObject &json);
    // The tag a job's JSON names, even when the rest of it is malformed; 0: none.
    static quint32 tagOf(const QJsonObject &json);
};
