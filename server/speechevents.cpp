#include "speechevents.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace
{
QByteArray event(const QJsonObject &data)
{
    return "data: " + QJsonDocument(data).toJson(QJsonDocument::Compact) + "\n\n";
}
}

QByteArray SpeechEvents::contentType()
{
    return "text/event-stream";
}

QByteArray SpeechEvents::delta(const QByteArray &audio)
{
    // Built by hand: base64 needs no escaping, and a QJsonObject would copy the audio twice.
    return "data: {\"type\":\"speech.audio.delta\",\"audio\":\"" + audio.toBase64() + "\"}\n\n";
}

QByteArray SpeechEvents::done(qint64 inputTokens, qint64 outputTokens)
{
    const QJsonObject usage{{"input_tokens", inputTokens}, {"output_tokens", outputTokens},
                            {"total_tokens", inputTokens + outputTokens}};
    return event(QJsonObject{{"type", "speech.audio.done"}, {"usage", usage}});
}
