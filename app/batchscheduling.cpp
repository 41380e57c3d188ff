#include "batchscheduling.h"

#include <cstdlib>

#include <dirent.h>
#include <sched.h>

void BatchScheduling::applyToThisProcess()
{
    if (const char *keep = std::getenv("TTS_STUDIO_NORMAL_SCHEDULING"); keep && *keep && *keep != '0')
        return;
    const sched_param param{}; // priority 0: the only one SCHED_BATCH takes
    // Every thread there already is (sched_setscheduler(0) would change the calling one
    // only); those started later inherit it.
    DIR *tasks = ::opendir("/proc/self/task");
    if (!tasks) {
        ::sched_setscheduler(0, SCHED_BATCH, &param);
        return;
    }
    while (const dirent *e = ::readdir(tasks)) {
        const int tid = std::atoi(e->d_name);
        if (tid > 0)
            ::sched_setscheduler(tid, SCHED_BATCH, &param); // a thread that has just ended: ESRCH, nothing to do
    }
    ::closedir(tasks);
}
