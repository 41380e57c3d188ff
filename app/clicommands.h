#pragma once

#include <QStringList>

class Engine;

// `accounts create|list` and `keys create|list|revoke` (DESIGN.md command-line contract).
int runAccountsCommand(Engine &engine, const QStringList &args);
int runKeysCommand(Engine &engine, const QStringList &args);
