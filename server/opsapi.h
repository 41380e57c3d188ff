#pragma once

#include "apiserver.h"

// Operations: GET /healthz (liveness), GET /readyz (store and workers ready),
// GET /metrics (Prometheus text; needs an API key unless metricsOpen) and
// GET /openapi.json (resources/openapi.json: the OpenAPI 3.1 description of every route).
class OpsApi
{
public:
    static void registerRoutes(ApiServer &server, bool metricsOpen);
};
