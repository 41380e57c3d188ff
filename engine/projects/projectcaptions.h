#pragma once

#include "captions.h"
#include "project.h"
#include "serviceerror.h"
#include "wordtiming.h"

#include <QList>
#include <QString>

#include <optional>

// Captions of a whole rendered project: each block's cues built from its own text and the
// word timings kept beside its audio (KEY.words.json), moved to where the block begins in
// the exported program (ProjectExport's blockStarts: the same walk, pauses included).
// Cues never cross blocks: a block is a paragraph, and a pause follows it. Laid out like
// the API's captions (engine/speech/captions). Blocking (disk): off the GUI thread.
namespace ProjectCaptions
{
struct BlockWords
{
    QString text;             // what the block was synthesized from; words point into it
    QList<WordTiming> words;  // samples from the block's own first sample
};

// .srt or .vtt by the file's suffix.
std::optional<Captions::Format> formatOf(const QString &path);
// Every block's words, in Project::blocks() order. Conflict naming the block when one is
// not rendered or was rendered before word timings were kept (render it again with
// ProjectRenderer::setWordsRequired).
Result<QList<BlockWords>> readWords(const Project &project, const QString &cacheDir);
// blockStarts: ProjectExport's, one per block.
QList<Captions::Cue> cues(const QList<BlockWords> &blocks, const QList<qint64> &blockStarts);
// Written under a temporary name and renamed; the error in words, or empty.
QString write(const QString &target, Captions::Format format, const QList<Captions::Cue> &cues);
// Captions alone, timed like an export of the project as it is cached: the number of cues.
Result<int> save(const Project &project, const QString &cacheDir, const QString &target);
}
