#pragma once

#include <QtGlobal>

// Float samples (nominal -1..1) to 16-bit little-endian PCM: clamped to -1..1, scaled by
// 32767 and rounded to nearest, ties to even (lrintf's rounding); NaN becomes -32767, as
// qBound(-1, NaN, 1) gives -1. Every WAV and PCM byte the engine writes goes through here.
namespace Pcm16
{
void fromFloat(const float *samples, qint16 *out, qsizetype count);
}
