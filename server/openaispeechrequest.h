#pragma once

#include "generationservice.h"
#include "serviceerror.h"
#include "streamencoder.h"

#include <QByteArray>

// A POST /v1/audio/speech body, checked and turned into our request.
struct OpenAiSpeechRequest
{
    CreateGeneration create;
    StreamFormat streamFormat = StreamFormat::Mp3;
    QByteArray mime;  // of the audio (the body's type unless sse)
    bool sse = false; // stream_format "sse": the audio in server-sent events

    static Result<OpenAiSpeechRequest> parse(const QByteArray &body);
};
