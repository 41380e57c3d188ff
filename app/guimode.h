#pragma once

#include "launcher.h"
#include "servermode.h"

class Engine;

// The studio window with the embedded server (same engine, store and port settings
// as headless). Closing the window shuts everything down cleanly.
int runGui(Engine &engine, const ServerSettings &settings);

// The desktop program's window mode for launch(): a QApplication, the translations of
// --lang (else the system locale), then runGui.
WindowMode studioWindow();
