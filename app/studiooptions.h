#pragma once

#include "engine.h"
#include "servermode.h"

#include <QString>

#include <variant>

class QCoreApplication;

enum class LogLevel { Error, Warn, Info, Debug };

// `tts-studio [--headless] [--data-dir DIR] [--host ADDR] [--port N] ...`: what the
// server and the studio window were asked for, checked.
struct StudioOptions
{
    Engine::Options engine;
    ServerSettings server;
    LogLevel logLevel = LogLevel::Info;
    bool headless = false;
    // Start with an empty database even though the data dir holds audio.
    bool init = false;
};

// A command line that does not parse: the message to print; the process exits 2.
struct UsageError
{
    QString message;
};

// Parses app's arguments. --help, --version and unknown options end the process there
// (QCommandLineParser::process), as a user of any Qt program expects.
std::variant<StudioOptions, UsageError> parseStudioOptions(QCoreApplication &app);

// $TTS_STUDIO_DATA_DIR, else the platform's app-data dir (docs/decisions.md "Command line").
QString defaultDataDir();
// $TTS_STUDIO_DATABASE (a postgresql:// URL), else empty: SQLite in the data dir.
QString defaultDatabase();
