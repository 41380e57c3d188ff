#pragma once

#include <QStringList>

// `tts-studio say TEXT --voice ID ... -o FILE`: one-shot synthesis, no server.
int runSayCommand(const QStringList &arguments);
