#pragma once

#include "captiontext.h"
#include "wordtiming.h"

#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

// Word timings as a client sees them: words with their text, and subtitle cues in
// SubRip or WebVTT. Cues follow common subtitle practice: at most 42 characters a
// line, 2 lines and 7 seconds, ending at a sentence end and, when a cue must break
// inside a sentence, preferably after a clause (",", ";", ":", a dash).
namespace Captions
{
constexpr int kMaxLineLength = 42;
constexpr int kMaxLines = 2;
constexpr double kMaxCueSeconds = 7.0;

// [{word, start, end, char_start, char_end}] (seconds; code points into text; the word
// as CaptionText shows it: an SSML document's visible text, not its markup).
QJsonArray wordsJson(const QString &text, const QList<WordTiming> &words);
QJsonArray wordsJson(const CaptionText &text, const QList<WordTiming> &words);

struct Cue
{
    double start = 0;
    double end = 0;
    QStringList lines;
};
QList<Cue> cues(const QString &text, const QList<WordTiming> &words);
QList<Cue> cues(const CaptionText &text, const QList<WordTiming> &words);
QString srt(const QList<Cue> &cues);
QString vtt(const QList<Cue> &cues);

// The two subtitle files a user can save.
enum class Format { Srt, Vtt };
QString render(Format format, const QString &text, const QList<WordTiming> &words);
// Writes the captions of text as format to target (UTF-8), under a temporary name first
// so that a failure never destroys a file that was there. Returns the system's words
// for what went wrong, or empty. Blocking (disk): call it off the GUI thread.
QString save(const QString &target, Format format, const QString &text, const QList<WordTiming> &words);
}
