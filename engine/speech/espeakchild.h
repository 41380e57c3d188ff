#pragma once

#include <cstddef>
#include <cstdint>

#include <sys/types.h>
#include <sys/uio.h>

// The voice and prosody an espeak-ng call's child sets before it speaks: plain data, since
// it travels to the zygote. Strings are NUL-terminated Latin-1.
struct EspeakSetup
{
    char language[32] = {};  // by properties when set (some languages do not resolve by name)
    char voice[64] = {};     // else by name,
    char variant[32] = {};   // with "+variant" (falling back to the plain name)
    int variantNumber = 0;   // by properties: the variant's number
    bool namesFit = true;    // false: a name was longer than its field (the voice is refused)
    int gender = 0;
    bool prosody = false;    // set rate, pitch, range and word gap (espeak-ng's scales)
    int rate = 175;
    int pitch = 50;
    int range = 50;
    int wordGap = 0;
};

// The side of an espeak-ng call (EspeakCall) that runs in the processes it is forked into,
// and the zygote they are forked from: C++ and espeak-ng only, no Qt, so that the zygote
// can be a small program of its own (tts-espeak-zygote). A fork costs per mapping of the
// process forked: the worker's ~330 (Qt, ICU, flite, …) against ~210 for the shared
// espeak-ng and its libraries, and 18 for the program linked statically; each call pays a
// fork and an exit.
namespace EspeakChild
{
// Child → caller messages: a header, then `count` samples (Pcm) or nothing.
enum MessageType : std::int32_t { Pcm = 1, Word = 2, End = 3, Pid = 4 };
struct Header
{
    std::int32_t type = 0;
    std::int32_t count = 0;  // samples (Pcm), text position (Word), espeak_ERROR (End), the child's pid (Pid)
    std::int64_t sample = 0; // Word
};

// Caller → zygote: one datagram with this, then the input's bytes, and the pipe's write
// end as SCM_RIGHTS.
struct Request
{
    std::uint32_t flags = 0;
    std::uint32_t inputSize = 0;
    EspeakSetup setup;
};
// Zygote → caller, once espeak-ng is initialized: this, so that a caller never talks to a
// zygote built from other sources (a stale program beside a new worker).
struct Ready
{
    char tag = 'R';
    std::uint8_t version = 1;          // of this protocol
    std::uint16_t unused = 0;
    std::uint32_t requestSize = sizeof(Request);
};
// Longer inputs (never a segmenter's piece) are forked by the caller instead.
constexpr std::size_t kMaxZygoteInput = 60000;
// An End's count when the voice was refused (espeak_ERROR is >= 0).
constexpr int kSetupFailed = -1;

// Moves all size bytes, across short transfers and EINTR.
bool writeAll(int fd, const void *data, std::size_t size);

// One datagram of the count buffers in iov on sock, with fd passed along (SCM_RIGHTS);
// sendmsg's answer, past EINTR. flags: sendmsg's (MSG_NOSIGNAL is added).
ssize_t sendWithFd(int sock, iovec *iov, std::size_t count, int fd, int flags);

// espeak-ng initialized the one way every process that forks calls does: synchronous,
// 20 ms buffers, the first voice's data loaded. The sample rate, or <= 0 on failure.
int initialize();

// A call's child, its whole life: writes its pid, sets up the voice, speaks input (size
// bytes, NUL-terminated after them) into fd as Header messages, ends with End.
[[noreturn]] void speak(int fd, const EspeakSetup &setup, const char *input, std::size_t size, unsigned int flags);

// The zygote, its whole life: initialize(), say 'R' on sock, then have a child forked per
// Request until sock closes. The child is forked from a process the zygote keeps for the
// request's voice (forked from the zygote, the voice selected there once: the last four
// voices asked for), else from the zygote itself. Dies with worker (its parent), and the
// voices' processes and calls with it.
[[noreturn]] void zygoteMain(int sock, pid_t worker);
}
