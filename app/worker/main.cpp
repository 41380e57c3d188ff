// tts-worker: one synthesis worker process. Started and fed by WorkerPool over
// stdin/stdout; speech libraries run here so they cannot take the server down.
#include "workerloop.h"

#include <unistd.h>

int main()
{
    return runWorkerLoop(STDIN_FILENO, STDOUT_FILENO);
}
