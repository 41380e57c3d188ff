#pragma once

#include "apiserver.h"

// The v3 REST routes (spec part 4) plus the documented extensions: audio download,
// DELETE /v3/tts (cancel), POST/DELETE /v3/voices (custom voices).
class V3Api
{
public:
    static void registerRoutes(ApiServer &server);
};
