// tts-worker: one synthesis worker process. Started and fed by WorkerPool over
// stdin/stdout; speech libraries run here so they cannot take the server down.
#include "espeakcall.h"
#include "workerloop.h"

#include <malloc.h>
#include <unistd.h>

int main()
{
    // One malloc arena: a worker's stream units each run on a thread of their own, but one
    // at a time (WorkerLoop), so they never contend for it; an arena per thread kept ~3 MB
    // per held unit that the others could not reuse.
    mallopt(M_ARENA_MAX, 1);
    // First, while the process is small: espeak-ng calls fork from it (EspeakCall).
    EspeakCall::startZygote();
    const int status = runWorkerLoop(STDIN_FILENO, STDOUT_FILENO);
    // Waited for, so that its CPU (and its calls') counts in this process's children's.
    EspeakCall::stopZygote();
    return status;
}
