// rand() and srand() with one state per thread, for the speech libraries in this process.
//
// flite draws its unvoiced excitation noise from rand(), and FliteBackend seeds it per
// sentence so that a sentence is the same samples wherever it is made. A worker's stream
// units interleave on threads (WorkerLoop: the unit due first goes on at each chunk), so
// with the C library's one process-wide state a sentence paused in its audio would carry on
// with the noise another sentence drew meanwhile. Defined in the executable, these take the
// place of the C library's for every library it loads. The generator is glibc's own
// (random_r with the default 128-byte state), so the numbers are those rand() gives.
#include <cstdlib>

namespace
{
struct ThreadRand
{
    ThreadRand() { seed(1); } // as if srand(1), like the C library before any srand()
    void seed(unsigned int s)
    {
        data = random_data{};
        initstate_r(s, state, sizeof state, &data);
    }
    char state[128];
    random_data data{};
};

ThreadRand &threadRand()
{
    thread_local ThreadRand r;
    return r;
}
}

extern "C" int rand(void)
{
    int32_t value = 0;
    random_r(&threadRand().data, &value);
    return int(value);
}

extern "C" void srand(unsigned int seed)
{
    threadRand().seed(seed);
}
