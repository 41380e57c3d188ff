#pragma once

#include <QString>
#include <QStringList>

// The module's configuration file (dist/speech-dispatcher/tts_studio.conf), which Speech
// Dispatcher names as the module's first argument. dotconf lines as Speech Dispatcher's
// own modules take them: `Name value` or `Name "value"`, # comments.
//   TtsStudioDataDir "DIR"         where the desktop user's pronunciations are read
//                                  (default: $TTS_STUDIO_DATA_DIR, else the studio's own)
//   TtsStudioDefaultVoice "ID"     the voice when Speech Dispatcher names none (am_adam)
//   TtsStudioPronunciations 0|1    whether to say words as the user's lexicon says (1)
struct ModuleConfig
{
    QString dataDir;
    // flite's diphone voice: the quickest to first audio (~4 ms against slt's ~40) and
    // about as intelligible as the others (bench/intelligibility/README.md).
    QString defaultVoice = QStringLiteral("am_adam");
    bool pronunciations = true;
    QStringList warnings; // lines that were not understood

    // A missing or empty path gives the defaults.
    static ModuleConfig read(const QString &path);
    // The studio's data dir for this user (app/studiooptions.cpp's defaultDataDir).
    static QString defaultDataDir();
};
