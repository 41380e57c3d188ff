#pragma once

#include "servermode.h"

class Engine;

// The studio window with the embedded server (same engine, store and port settings
// as headless). Closing the window shuts everything down cleanly.
int runGui(Engine &engine, const ServerSettings &settings);
