// tts-espeak-zygote: the process a worker's espeak-ng calls are forked from
// (EspeakCall::startZygote starts it with its socket's descriptor and the worker's pid).
// It links espeak-ng's libraries only: each call's fork and exit cost per mapping.
#include "espeakchild.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace
{
bool parse(const char *text, long *value)
{
    char *end = nullptr;
    errno = 0;
    *value = std::strtol(text, &end, 10);
    return errno == 0 && end != text && *end == '\0' && *value > 0;
}
}

int main(int argc, char *argv[])
{
    long sock = 0, worker = 0;
    if (argc != 3 || !parse(argv[1], &sock) || !parse(argv[2], &worker) || sock > 1 << 20) {
        std::fprintf(stderr, "tts-espeak-zygote: started by tts-worker only\n");
        return 2;
    }
    EspeakChild::zygoteMain(int(sock), pid_t(worker));
}
