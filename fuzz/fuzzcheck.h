#pragma once

// Oracles of the fuzz targets. A failed check calls the installed handler: abort()
// under libFuzzer (so it is reported as a crash with its input), a recorded test
// failure in the replay test (tests/fault/tst_fuzz_replay).
namespace FuzzCheck
{
using Handler = void (*)(const char *what, const char *file, int line);
void setHandler(Handler handler);
[[noreturn]] void abortHandler(const char *what, const char *file, int line);
void fail(const char *what, const char *file, int line);
}

#define FUZZ_CHECK(cond)                                                                                               \
    do {                                                                                                               \
        if (!(cond))                                                                                                   \
            FuzzCheck::fail(#cond, __FILE__, __LINE__);                                                                \
    } while (false)

// The targets, callable from libFuzzer entry points and from the replay test.
int fuzzRequestJson(const unsigned char *data, unsigned long size);
int fuzzHttpGuard(const unsigned char *data, unsigned long size);
