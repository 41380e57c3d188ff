#pragma once

#include "streamencoder.h"

// A few milliseconds of silence as a complete file of a stream format: the answer for
// text that gives a voice nothing to say where a client needs audio all the same.
namespace SilentClip
{
constexpr int kDurationMs = 20;
QByteArray bytes(StreamFormat format, int durationMs = kDurationMs);
}
