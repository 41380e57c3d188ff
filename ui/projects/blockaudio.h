#pragma once

#include "project.h"

#include <QByteArray>
#include <QList>
#include <QString>

class VoiceCatalog;

// The cached audio of a run of blocks joined for the player, with the project's pause
// between blocks: from one block to the end of its chapter, or to the first block that
// is not rendered yet. Knows where each block starts, so the page can mark the block
// being heard. Reads and decodes files: call it off the GUI thread.
struct BlockAudio
{
    QByteArray float32;      // 24 kHz mono
    QList<int> rows;         // the blocks (rows in reading order) it holds
    QList<qint64> startsUs;  // where each of them starts
    QString problem;         // why nothing could be played

    static BlockAudio assemble(const Project &project, const QString &cacheDir, int fromRow, const VoiceCatalog &catalog);
    // The row heard at position us (-1 before the first).
    int rowAt(qint64 us) const;
};
