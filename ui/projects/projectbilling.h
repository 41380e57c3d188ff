#pragma once

#include "authcache.h"
#include "metering.h"
#include "project.h"
#include "serviceerror.h"

#include <QList>
#include <QString>

class GenerationService;
class VoiceCatalog;

// Rendering in the studio is billed like any generation of the chosen account where the
// studio meters its desktop user (docs/projects.md "Cost and billing"; unmetered, the
// blocks are recorded the same way and nothing is paid): before a render starts, every block it will
// synthesize (not in the cache, a repeated text once) becomes a studio generation whose
// price is reserved (monthly credits first, then the wallet; refused as a whole when the
// balance does not cover it). When the render ends, a block whose audio is now in the
// cache is settled (COMPLETED, its audio copied beside the other generations so History
// plays it); one that was not made (cancelled, failed) is released. Store and file work:
// call these on a store thread.
namespace ProjectBilling
{
struct Reservation
{
    QString key;          // the block's cache key (BlockPlan)
    QString generationId;
};

Result<QList<Reservation>> reserve(GenerationService &generations, const AuthContext &auth, const Project &project,
                                   const QList<BlockRef> &blocks, const QString &cacheDir, const VoiceCatalog &catalog,
                                   Metering metering);
// Returns how many were settled (the rest were released).
int settle(GenerationService &generations, const QList<Reservation> &reservations, const QString &cacheDir);
}
