#pragma once

#include <QList>
#include <QString>

// Where each chapter of an export begins and ends, in milliseconds of its audio.
struct ChapterMark
{
    QString title;
    qint64 startMs = 0;
    qint64 endMs = 0;
};

namespace ChapterMarks
{
// ID3v2 chapters in an MP3 file (TagLib): a top-level, ordered CTOC frame listing one
// CHAP frame per chapter, each with its title (TIT2); the album title is the project's.
// Returns an error text or empty.
QString writeId3(const QString &mp3Path, const QString &title, const QList<ChapterMark> &chapters);
// A cue sheet for one audio file (TRACK per chapter, INDEX 01 at its start).
QString writeCueSheet(const QString &cuePath, const QString &audioFileName, bool mp3, const QString &title,
                      const QList<ChapterMark> &chapters);
}
