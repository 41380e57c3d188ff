#pragma once

#include "apiserver.h"

// OpenAI-compatible speech: POST /v1/audio/speech (audio streamed back with chunked
// transfer, or as server-sent events, while it is synthesized), GET /v1/models and
// /v1/models/{id}, on the same keys, billing, history and limits as v3; and the
// listings Open WebUI reads without a key, GET /v1/audio/voices and /v1/audio/models.
class OpenAiApi
{
public:
    static void registerRoutes(ApiServer &server);
};
