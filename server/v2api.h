#pragma once

#include "apiserver.h"

// The legacy v2 routes (spec 4.6): GET / (index, no key; a browser may be given
// indexPage instead, the web studio), POST /v2/tts,
// GET /v2/status, GET /v2/voices. v2 generations are ordinary generations
// (same billing, queue and v3 history), created with apiVersion "v2".
class V2Api
{
public:
    static void registerRoutes(ApiServer &server, ApiServer::FastHandler indexPage = {});
};
