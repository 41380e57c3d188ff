#include "apiroutes.h"

#include "apiserver.h"
#include "openaiapi.h"
#include "opsapi.h"
#include "v2api.h"
#include "v3api.h"
#include "webstudio.h"

void registerApiRoutes(ApiServer &server, bool metricsOpen)
{
    V3Api::registerRoutes(server);
    // A browser at / gets the web studio, programs the v2 index.
    V2Api::registerRoutes(server, [](const RequestContext &c, const AuthContext *) { return WebStudio::page(c); });
    WebStudio::registerRoutes(server);
    OpenAiApi::registerRoutes(server);
    OpsApi::registerRoutes(server, metricsOpen);
}
