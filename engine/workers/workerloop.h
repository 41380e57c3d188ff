#pragma once

// The body of a synthesis worker process: warm up, then read jobs from inFd and
// answer on outFd until the host closes the pipe. Returns the process exit code.
int runWorkerLoop(int inFd, int outFd);

// flite units a stream worker has begun and holds paused at once, new streams' first
// units aside: each holds its synthesis state meanwhile (workerloop.cpp, kMaxStarted).
constexpr int kWorkerMaxBegunUnits = 32;
