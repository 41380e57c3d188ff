#pragma once

#include <QStringList>

class QCommandLineParser;

#include <optional>

class Engine;

// `accounts create|list` and `keys create|list|revoke` (docs/decisions.md "Command line").
int runAccountsCommand(Engine &engine, const QStringList &args);
// Whether the command may create the database when the data dir has none:
// `accounts create` (the first step of a new data dir) and any command given --init.
// nullopt (after printing the error) when the arguments do not parse.
std::optional<bool> commandMayCreateStore(const QStringList &args);
int runKeysCommand(Engine &engine, const QStringList &args);

// Parses a one-shot command's arguments (say, render): an exit code when the command ends
// here (2 and the parser's message on stderr for a bad option, 0 after printing --help),
// nullopt to go on.
std::optional<int> parseCommand(QCommandLineParser &parser, const QStringList &arguments);
