#pragma once

class ApiServer;

// Every route the product serves (v3, v2, extensions), registered in one place.
// /metrics needs an API key unless metricsOpen (default: open only on loopback).
void registerApiRoutes(ApiServer &server, bool metricsOpen);
