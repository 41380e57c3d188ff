#pragma once

#include "chaptermarks.h"
#include "project.h"
#include "serviceerror.h"

#include <QString>
#include <QStringList>

#include <functional>

// A rendered project (every block in its audio cache) made into what a listener gets:
// the blocks in order with the project's pauses, normalized to the project's target
// loudness (EBU R128 integrated, measured over the whole program) with true peaks held
// under its ceiling by a look-ahead limiter, as
//  - one MP3 with ID3v2 chapters (CHAP frames listed by a CTOC frame), or
//  - one WAV, or one WAV per chapter (NAME-01.wav, NAME-02.wav, ... beside NAME.wav);
// and a cue sheet and captions (SRT or WebVTT from the blocks' word timings, timed
// to the written audio) when asked. Files are written under a temporary name and renamed into
// place when complete. Blocking (decoding, encoding, disk): run it off the GUI thread.
namespace ProjectExport
{
struct Options
{
    QString target;           // .mp3 or .wav
    bool wavPerChapter = false;
    QString cueSheet;         // empty: none
    QString captions;         // .srt or .vtt; empty: none. Every block needs its word timings.
    // Asked before each block is read: true stops the export, which then fails and
    // removes what it had begun writing.
    std::function<bool()> stopRequested;
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
    // Where each block's first sample is in the exported program (24 kHz samples, blocks
    // in Project::blocks() order): after the pauses between blocks and chapters. The MP3
    // and the single WAV hold the program from its first sample, so these are positions in
    // the file too (the chapter marks use the same walk).
    QList<qint64> blockStarts;
    int cues = 0;             // captions written
};

Result<Outcome> run(const Project &project, const QString &cacheDir, const Options &options);
// The blockStarts an export of the project would have, without encoding anything (for
// captions on their own). Blocking: reads every block's audio.
Result<QList<qint64>> blockStarts(const Project &project, const QString &cacheDir);
}
