#pragma once

// Puts every thread of this process under SCHED_BATCH, and with them the threads and
// processes it starts later (they inherit it): the headless server and the workers do
// throughput work, passed from thread to thread and process to process (an espeak-ng call
// to its worker, a worker to the engine thread, that to the socket thread). Under
// SCHED_OTHER each hand-over woke the receiver, which preempted the sender there and then;
// a batch thread woken waits for the sender's slice or its block instead, and takes what
// has gathered in one go. Held rounds of 950 espeak-ng listeners (bench-stream
// --capacity, 2 cores): 40 % fewer context switches, ~5 % less CPU per stream. A thread
// of an idle core still runs at once, so a lone listener's first audio is as quick.
// TTS_STUDIO_NORMAL_SCHEDULING=1 in the environment keeps SCHED_OTHER (for comparisons).
// Needs no privilege; the nice value is unchanged. The studio window's process stays
// interactive; its workers are batch.
namespace BatchScheduling
{
void applyToThisProcess();
}
