#pragma once

// The body of a synthesis worker process: warm up, then read jobs from inFd and
// answer on outFd until the host closes the pipe. Returns the process exit code.
int runWorkerLoop(int inFd, int outFd);

// The text (characters) and the number of the flite units a stream worker has begun and
// holds paused at once, new streams' first units aside: each holds its synthesis state
// meanwhile, about as much as its text is long (workerloop.cpp, kBegunTextBudget). One
// unit begins whatever its text when no other of them is begun.
constexpr long long kWorkerBegunTextBudget = 7680;
constexpr int kWorkerMaxBegunUnits = 128;

// A stream unit due this much sooner than the running one takes the turn from it; a rival
// whose listener is further ahead waits for a quarter of its lead, at most the second
// bound (workerloop.cpp, Worker::pick).
constexpr long long kWorkerTurnSlackMs = 100;
constexpr long long kWorkerMaxTurnSlackMs = 1000;
// When the listeners of both the running unit and a rival have run out of audio, the
// rival waits for this much (ms of audio).
constexpr long long kWorkerLateTurnSlackMs = 500;

// A new stream whose first audio is late (past its due time, StreamScheduler::
// kFirstAudioDueMs after it came) is due this much later from then on in the worker
// that holds its first unit (StreamScheduler::kFirstAudioLimitMs): see HeldJob::due().
constexpr long long kWorkerLateFirstAudioMs = 550;
