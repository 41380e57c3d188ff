#pragma once

// Puts every thread of the headless server under SCHED_BATCH, and with them the threads
// and processes it starts later, which inherit it: its workers, their espeak-ng zygotes
// and the calls those fork. They do throughput work, passed from thread to thread and
// process to process (an espeak-ng call to its worker, a worker to the engine thread, that
// to the socket thread). Under SCHED_OTHER a thread woken with work often preempted the
// one handing it over there and then; a batch thread woken on a busy core waits for the
// running one's slice or its next block instead, and takes what gathered in one go. On an
// idle core it runs at once. Measured (bench/README.md, "Batch scheduling"): ~40 % fewer
// context switches with 950 espeak-ng listeners held on 2 cores.
//
// Only a process that runs SCHED_OTHER is changed: a policy its starter chose (chrt,
// systemd's CPUSchedulingPolicy=) is kept. TTS_STUDIO_NORMAL_SCHEDULING set in the
// environment keeps SCHED_OTHER (for comparisons). A refusal (a sandbox, a process that
// may not leave its policy) is said once on stderr and changes nothing. Call it while the
// process has one thread: a thread started meanwhile by another could be missed.
namespace BatchScheduling
{
void applyToThisProcess();
}
