#include "batchscheduling.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <dirent.h>
#include <sched.h>
#include <unistd.h>

void BatchScheduling::applyToThisProcess()
{
    if (std::getenv("TTS_STUDIO_NORMAL_SCHEDULING") || ::sched_getscheduler(0) != SCHED_OTHER)
        return;
    const sched_param param{}; // priority 0: the only one SCHED_BATCH takes
    if (::sched_setscheduler(0, SCHED_BATCH, &param) != 0) {
        std::fprintf(stderr, "warning: keeping the default scheduling policy: SCHED_BATCH refused (%s)\n",
                     std::strerror(errno));
        return;
    }
    // The other threads there already are (sched_setscheduler(0) changed this one only);
    // those started later inherit it.
    DIR *tasks = ::opendir("/proc/self/task");
    if (!tasks)
        return;
    const pid_t self = ::gettid();
    while (const dirent *e = ::readdir(tasks)) {
        const int tid = std::atoi(e->d_name);
        if (tid > 0 && tid != self)
            ::sched_setscheduler(tid, SCHED_BATCH, &param); // one that has just ended: ESRCH, nothing to do
    }
    ::closedir(tasks);
}
