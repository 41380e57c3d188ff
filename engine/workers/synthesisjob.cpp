#include "synthesisjob.h"

#include "ssmldocument.h"

#include <cmath>

void SynthesisJob::boundAudio()
{
    billedTokens = SsmlDocument::billedText(params.text).toUcs4().size();
    double slowest = params.speed > 0 ? params.speed : 1.0;
    if (SsmlDocument::isSsml(params.text)) {
        const auto parsed = SsmlDocument::parse(params.text);
        if (const auto *doc = std::get_if<SsmlDocument>(&parsed)) {
            double rate = 1.0;
            for (const SsmlItem &item : doc->items())
                if (item.prosody.rate > 0)
                    rate = std::min(rate, item.prosody.rate);
            slowest *= rate;
        }
    }
    const double stretch = std::min(4.0, 1.0 / std::max(0.25, std::min(1.0, slowest)));
    const double seconds = (25.0 + 1.5 * double(billedTokens)) * stretch + 10.0 + double(billedTokens) / 10.0;
    maxSamples = qint64(std::ceil(seconds * AudioFormats::kSampleRate));
}

QString SynthesisJob::tooLong(qint64 maxSamples, qint64 tokens)
{
    return QStringLiteral("the spoken audio exceeds what the text pays for (%1 s for %2 tokens)")
        .arg(qint64(std::ceil(double(maxSamples) / AudioFormats::kSampleRate)))
        .arg(tokens);
}

QJsonObject SynthesisJob::toJson() const
{
    QJsonObject o{{"params", params.toJson()},
                  {"output", outputPath},
                  {"format", AudioFormats::name(format)},
                  {"stream", stream},
                  {"stream_format", StreamFormats::name(streamFormat)},
                  {"words", wordTimings},
                  {"max_samples", maxSamples},
                  {"billed_tokens", billedTokens}};
    if (tag)
        o.insert("tag", qint64(tag));
    if (dueMs >= 0)
        o.insert("due_ms", dueMs);
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

quint32 SynthesisJob::tagOf(const QJsonObject &json)
{
    return quint32(qBound<qint64>(0, json.value("tag").toInteger(), 0xffffffff));
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
    job.maxSamples = qMax<qint64>(0, json.value("max_samples").toInteger());
    job.billedTokens = json.value("billed_tokens").toInteger();
    job.tag = tagOf(json);
    job.dueMs = qMax<qint64>(-1, json.value("due_ms").toInteger(-1));
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
