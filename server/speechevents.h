#pragma once

#include <QByteArray>

// OpenAI's server-sent events for streamed speech (stream_format "sse"): each piece of
// audio as it is made, then the usage.
namespace SpeechEvents
{
QByteArray contentType();
// data: {"type":"speech.audio.delta","audio":"<base64>"}
QByteArray delta(const QByteArray &audio);
// data: {"type":"speech.audio.done","usage":{"input_tokens","output_tokens","total_tokens"}}
QByteArray done(qint64 inputTokens, qint64 outputTokens);
}
