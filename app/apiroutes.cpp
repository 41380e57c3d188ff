#include "apiroutes.h"

#include "apiserver.h"
#include "openaiapi.h"
#include "opsapi.h"
#include "v2api.h"
#include "v3api.h"

void registerApiRoutes(ApiServer &server, bool metricsOpen)
{
    V3Api::registerRoutes(server);
    V2Api::registerRoutes(server);
    OpenAiApi::registerRoutes(server);
    OpsApi::registerRoutes(server, metricsOpen);
}
