#pragma once

#include "authcache.h"
#include "wyominglimits.h"

#include <QString>

class LiveGenerations;
class QObject;
class QThreadPool;
class VoiceCatalog;
class VoiceDirectory;

// What a Wyoming connection uses of the engine, and whom it bills: nothing more.
struct WyomingContext
{
    LiveGenerations *live = nullptr;   // speech, as every stream route makes it
    const VoiceCatalog *catalog = nullptr;
    VoiceDirectory *voices = nullptr;  // the account's custom voices, on a store thread
    QThreadPool *storePool = nullptr;
    QObject *home = nullptr;           // outlives every connection: store results come back to it
    AuthContext account;               // --wyoming-account: every request is billed to it
    WyomingLimits limits;
    QString version;
};
