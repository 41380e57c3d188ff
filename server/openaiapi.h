#pragma once

#include "apiserver.h"

// OpenAI-compatible speech: POST /v1/audio/speech (audio streamed back with chunked
// transfer while it is synthesized) and GET /v1/models, on the same keys, billing,
// history and limits as v3.
class OpenAiApi
{
public:
    static void registerRoutes(ApiServer &server);
};
