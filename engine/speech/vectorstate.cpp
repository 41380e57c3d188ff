#include "vectorstate.h"

#if defined(__x86_64__) || defined(__i386__)
namespace
{
void zeroUpper()
{
    // The instruction itself: the build targets plain x86-64, so no AVX intrinsics.
    __asm__ volatile("vzeroupper" ::: "memory");
}

bool hasAvx()
{
    static const bool avx = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx") != 0;
    }();
    return avx;
}
}

void VectorState::clearUpperHalves()
{
    if (hasAvx())
        zeroUpper();
}
#else
void VectorState::clearUpperHalves()
{
}
#endif
