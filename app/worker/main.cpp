// tts-worker: one synthesis worker process. Started and fed by WorkerPool over
// stdin/stdout; speech libraries run here so they cannot take the server down.
#include "espeakcall.h"
#include "workerloop.h"

#include <unistd.h>

int main()
{
    // First, while the process is small: espeak-ng calls fork from it (EspeakCall).
    EspeakCall::startZygote();
    return runWorkerLoop(STDIN_FILENO, STDOUT_FILENO);
}
