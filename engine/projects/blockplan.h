#pragma once

#include "project.h"
#include "serviceerror.h"
#include "synthesisparams.h"

#include <QString>

class VoiceCatalog;

// What one block is synthesized with, and the name of its audio in the cache: a hash of
// its text, its resolved settings and the engine version, so that a block whose text and
// settings did not change is found again and never synthesized twice.
struct BlockPlan
{
    SynthesisParams params;
    QString key; // hex SHA-256
    qint64 characters = 0;

    // Bumped when the same text and settings would now sound different (levelling,
    // backends): every cached block is made again.
    static const char *engineVersion();
    // The block's request checked like the API checks one (voice, model, language,
    // speed and text); a block that breaks a rule names its chapter and block.
    static Result<BlockPlan> make(const Project &project, BlockRef ref, const VoiceCatalog &catalog);
};
