#include "fuzzcheck.h"

#include <cstdio>
#include <cstdlib>

namespace
{
FuzzCheck::Handler g_handler = &FuzzCheck::abortHandler;
}

void FuzzCheck::setHandler(Handler handler)
{
    g_handler = handler ? handler : &abortHandler;
}

void FuzzCheck::abortHandler(const char *what, const char *file, int line)
{
    std::fprintf(stderr, "FUZZ_CHECK failed: %s (%s:%d)\n", what, file, line);
    std::abort();
}

void FuzzCheck::fail(const char *what, const char *file, int line)
{
    g_handler(what, file, line);
}
