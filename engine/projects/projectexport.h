#pragma once

#include "chaptermarks.h"
#include "project.h"
#include "serviceerror.h"

#include <QString>
#include <QStringList>

// A rendered project (every block in its audio cache) made into what a listener gets:
// the blocks in order with the project's pauses, normalized to the project's target
// loudness (EBU R128 integrated, measured over the whole program) with true peaks held
// under its ceiling by a look-ahead limiter, as
//  - one MP3 with ID3v2 chapters (CHAP frames listed by a CTOC frame), or
//  - one WAV, or one WAV per chapter (NAME-01.wav, NAME-02.wav, ... beside NAME.wav);
// and a cue sheet when asked. Files are written under a temporary name and renamed into
// place when complete. Blocking (decoding, encoding, disk): run it off the GUI thread.
namespace ProjectExport
{
struct Options
{
    QString target;           // .mp3 or .wav
    bool wavPerChapter = false;
    QString cueSheet;         // empty: none
};

struct Outcome
{
    QStringList files;
    QList<ChapterMark> chapters;
    double sourceLufs = 0;    // the program before normalization
    double gainDb = 0;
    double integratedLufs = 0; // what was written (before MP3 encoding)
    double truePeakDb = 0;
    double seconds = 0;
};

Result<Outcome> run(const Project &project, const QString &cacheDir, const Options &options);
}
