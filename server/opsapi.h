#pragma once

#include "apiserver.h"

// Operations: GET /healthz (liveness), GET /readyz (store and workers ready) and
// GET /metrics (Prometheus text; needs an API key unless metricsOpen).
class OpsApi
{
public:
    static void registerRoutes(ApiServer &server, bool metricsOpen);
};
