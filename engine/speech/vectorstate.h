#pragma once

// The speech libraries (flite, espeak-ng) are built for plain SSE. Entered while the upper
// halves of the AVX registers hold data (left so by code elsewhere in the process that
// used 256-bit registers without clearing them), every SSE instruction of theirs pays for
// the mixed state: one flite sentence took 61 ms instead of 48 ms (measured with a bare
// C program that only dirtied ymm8 first). Calls into them clear that state first.
namespace VectorState
{
// vzeroupper where the CPU has AVX; nothing otherwise.
void clearUpperHalves();
}
