#pragma once

#include <QStringList>

#include <optional>

class Engine;

// `accounts create|list` and `keys create|list|revoke` (DESIGN.md command-line contract).
int runAccountsCommand(Engine &engine, const QStringList &args);
// Whether the command may create the database when the data dir has none:
// `accounts create` (the first step of a new data dir) and any command given --init.
// nullopt (after printing the error) when the arguments do not parse.
std::optional<bool> commandMayCreateStore(const QStringList &args);
int runKeysCommand(Engine &engine, const QStringList &args);
