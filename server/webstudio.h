#pragma once

#include "apiserver.h"

// The web studio: the page at / (for a browser) and its files at /web/{file}, all
// from memory (WebAssets). It uses the public API like any client and needs no service.
class WebStudio
{
public:
    // GET /web/* : the page's scripts, styles and images; unknown names are the API's 404.
    static void registerRoutes(ApiServer &server);
    // The page for GET /, when the request asks for HTML (a browser navigating);
    // nullopt leaves / to the API's JSON index (programs, curl).
    static std::optional<HttpReply> page(const RequestContext &ctx);
    static bool wantsHtml(const QByteArray &accept);
};
