#include "synthesisjob.h"

QJsonObject SynthesisJob::toJson() const
{
    QJsonObject o{{"params", params.toJson()},
                  {"output", outputPath},
                  {"format", AudioFormats::name(format)},
                  {"stream", stream},
                  {"stream_format", StreamFormats::name(streamFormat)},
                  {"words", wordTimings}};
    if (excerpt)
        o.insert("excerpt", QJsonObject{{"first_sentence", qint64(excerpt->firstSentence)},
                                        {"cp_offset", excerpt->codePointOffset},
                                        {"pause_after", excerpt->pauseAfter},
                                        {"joins_previous", excerpt->joinsPrevious},
                                        {"joins_next", excerpt->joinsNext},
                                        {"input_offset", excerpt->inputOffset},
                                        {"output_offset", excerpt->outputOffset}});
    return o;
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
    if (json.contains("excerpt")) {
        const QJsonObject e = json.value("excerpt").toObject();
        SynthesisPipeline::Excerpt x;
        x.firstSentence = qsizetype(e.value("first_sentence").toInteger());
        x.codePointOffset = e.value("cp_offset").toInteger();
        x.pauseAfter = e.value("pause_after").toBool();
        x.joinsPrevious = e.value("joins_previous").toBool();
        x.joinsNext = e.value("joins_next").toBool();
        x.inputOffset = e.value("input_offset").toInteger();
        x.outputOffset = e.value("output_offset").toInteger();
        if (x.firstSentence < 0 || x.codePointOffset < 0 || x.inputOffset < 0 || x.outputOffset < 0)
            return std::nullopt;
        job.excerpt = x;
    }
    return job;
}
