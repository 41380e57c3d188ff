#pragma once

class ApiServer;

// Every route the product serves (v3, v2, extensions), registered in one place.
void registerApiRoutes(ApiServer &server);
