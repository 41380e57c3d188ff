#pragma once

#include "audiodecoder.h"
#include "audioformat.h"

#include <QString>

// Saves one of the engine's audio files where a user chose, as WAV or MP3 whatever
// format it was made in: the file's own bytes when the formats match, else decoded and
// re-encoded. Written under a temporary name beside the target and renamed over it only
// when complete, so a failure never destroys a file that was there. Blocking (disk and
// encoding): run it off the GUI thread.
namespace AudioExport
{
struct Outcome
{
    AudioDecoder::Problem problem = AudioDecoder::Problem::None; // the source could not be read
    QString error;      // the source could not be decoded, or the target not written (the system's words)
    qint64 samples = 0; // 24 kHz samples in the saved file
    bool ok() const;
};

Outcome save(const QString &source, AudioFormat sourceFormat, const QString &target, AudioFormat targetFormat);
}
