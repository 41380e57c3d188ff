#pragma once

#include <QtGlobal>

// What one Wyoming client may send and hold (docs/wyoming.md "Limits"). A request
// carries at most 50,000 characters of text (the spec's limit): escaped in JSON that
// is at most ~600 KB, inline in the header line or in the data block.
struct WyomingLimits
{
    qint64 maxHeaderBytes = 640 * 1024;
    qint64 maxDataBytes = 640 * 1024;
    qint64 maxPayloadBytes = 1024 * 1024; // read and dropped: a speech server takes no audio
    int maxTextChars = 50000;             // code points: one synthesize, or the unspoken text of a stream
    int maxQueuedRequests = 16;           // requests (synthesize, streams of text) waiting for the one before
    int maxConnections = 64;
    int eventTimeoutMs = 30000;           // to send the rest of an event once begun
    int idleTimeoutMs = 300000;           // a connection with nothing to say or hear
    int stallMs = 30000;                  // a client that takes none of what is sent to it
};
