#include "synthesisjob.h"

QJsonObject SynthesisJob::toJson() const
{
    return {{"params", params.toJson()},
            {"output", outputPath},
            {"format", AudioFormats::name(format)},
            {"stream", stream},
            {"stream_format", StreamFormats::name(streamFormat)},
            {"words", wordTimings}};
}

std::optional<SynthesisJob> SynthesisJob::fromJson(const QJsonObject &json)
{
    const auto params = SynthesisParams::fromJson(json.value("params").toObject());
    const auto format = AudioFormats::parse(json.value("format").toString());
    if (!params || !format)
        return std::nullopt;
    SynthesisJob job;
    job.params = *params;
    job.outputPath = json.value("output").toString();
    job.format = *format;
    job.stream = json.value("stream").toBool();
    const auto streamFormat = StreamFormats::parse(json.value("stream_format").toString(QStringLiteral("f32")));
    if (!streamFormat)
        return std::nullopt;
    job.streamFormat = *streamFormat;
    job.wordTimings = json.value("words").toBool();
    return job;
}
