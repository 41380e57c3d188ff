#pragma once

#include "benchutil.h"

// The reference: the same stages called directly on the speech libraries, with the
// same settings as the project (espeak-ng 20 ms buffer, flite per sentence,
// soxr one-shot, LAME 24 kHz mono CBR 64 kbps quality 5, WAV 16-bit), and
// the same durability step (fsync) for the files. Runs in its own process because
// espeak-ng state is process-wide.
namespace RawStages
{
QJsonObject run(const Bench::ChildOptions &options);
}
