#pragma once

#include "pricing.h"
#include "project.h"

#include <QSet>
#include <QString>

class VoiceCatalog;

// What rendering a project would cost now: the blocks whose audio is not in the cache
// yet, their tokens and price at the account's prices (docs/api.md: premium voices at
// the advanced price). Reads the cache folder: call it off the GUI thread.
struct ProjectCost
{
    QSet<int> renderedRows;  // rows (blocks in reading order) whose audio is cached
    int blocksPending = 0;   // blocks to synthesize (a repeated text counts once)
    qint64 tokens = 0;
    qint64 credits = 0;      // if monthly credits pay
    qint64 micros = 0;       // if the wallet pays
    QString problem;         // a block that breaks a rule (it cannot be rendered)

    static ProjectCost estimate(const Project &project, const QString &cacheDir, const Pricing &pricing,
                                const VoiceCatalog &catalog);
};
