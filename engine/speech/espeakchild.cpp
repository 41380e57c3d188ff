#include "espeakchild.h"

#include "vectorstate.h"

#include <espeak-ng/speak_lib.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace EspeakChild;

namespace
{
int g_childFd = -1; // the pipe's write end, in the child only

// What the child has to say, gathered into writes of ~8 KiB (~0.19 s of audio, ~0.1 ms of
// espeak-ng's own synthesis) instead of two or more per 20 ms block: with hundreds of
// streams, each write woke the worker's reader, and those wake-ups cost more than the
// synthesis. The call's first block goes out at once (first audio). The records and
// their order are the same; only the writes are fewer.
char g_out[16 * 1024];
size_t g_outSize = 0;
bool g_firstBlockOut = false;
constexpr size_t kFlushBytes = 8 * 1024;

bool flushOut()
{
    const bool ok = g_outSize == 0 || writeAll(g_childFd, g_out, g_outSize);
    g_outSize = 0;
    return ok;
}

bool put(const void *data, size_t size)
{
    if (g_outSize + size > sizeof g_out && !flushOut())
        return false;
    if (size > sizeof g_out)
        return writeAll(g_childFd, data, size);
    std::memcpy(g_out + g_outSize, data, size);
    g_outSize += size;
    return true;
}

int childCallback(short *wav, int numsamples, espeak_EVENT *events)
{
    for (espeak_EVENT *ev = events; ev && ev->type != espeakEVENT_LIST_TERMINATED; ++ev) {
        if (ev->type != espeakEVENT_WORD)
            continue;
        const Header h{Word, ev->text_position, std::int64_t(ev->sample)};
        if (!put(&h, sizeof h))
            _exit(1); // the parent stopped listening
    }
    if (wav && numsamples > 0) {
        const Header h{Pcm, numsamples, 0};
        if (!put(&h, sizeof h) || !put(wav, size_t(numsamples) * sizeof(short)))
            _exit(1);
        if (g_outSize >= kFlushBytes || !g_firstBlockOut) {
            g_firstBlockOut = true;
            if (!flushOut())
                _exit(1);
        }
    }
    return 0;
}

bool selectVoice(const EspeakSetup &s)
{
    if (s.language[0]) {
        espeak_VOICE props;
        std::memset(&props, 0, sizeof props);
        props.languages = s.language;
        props.gender = s.gender;
        props.variant = s.variantNumber;
        return espeak_SetVoiceByProperties(&props) == EE_OK;
    }
    char name[sizeof s.voice + sizeof s.variant + 1];
    std::snprintf(name, sizeof name, s.variant[0] ? "%s+%s" : "%s", s.voice, s.variant);
    if (espeak_SetVoiceByName(name) == EE_OK)
        return true;
    return s.variant[0] && espeak_SetVoiceByName(s.voice) == EE_OK;
}

}

bool EspeakChild::writeAll(int fd, const void *data, size_t size)
{
    const char *p = static_cast<const char *>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, p, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        size -= size_t(n);
    }
    return true;
}

ssize_t EspeakChild::sendWithFd(int sock, iovec *iov, size_t count, int fd, int flags)
{
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    msghdr msg{};
    msg.msg_iov = iov;
    msg.msg_iovlen = count;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(c), &fd, sizeof fd);
    ssize_t n;
    do {
        n = ::sendmsg(sock, &msg, flags | MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    return n;
}

int EspeakChild::initialize()
{
    // Synchronous mode with a short buffer: the first samples reach the sink after ~20 ms
    // of audio has been computed, well under a millisecond.
    const int rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 20, nullptr, 0);
    // The first voice selection loads data (~4 ms); paid now, not by the first call.
    if (rate > 0)
        espeak_SetVoiceByName("en");
    return rate;
}

namespace
{
// A call's child selects its voice itself (forked by a caller, or by the zygote when its
// voice's process could not take the call), or was forked from the process the zygote
// keeps for its voice, where it is selected already.
enum class VoiceState { Select, Selected };

// Only espeak-ng, write() and _exit() (the process it was forked from may have other
// threads; nothing here takes a lock they could have held).
[[noreturn]] void speakWith(int fd, const EspeakSetup &setup, const char *input, size_t size, unsigned int flags,
                            VoiceState voice)
{
    // A write into a pipe whose reader stopped the call fails (EPIPE) and ends the child;
    // not a signal whose handler the child may have inherited (QtTest's runs a debugger).
    ::signal(SIGPIPE, SIG_IGN);
    g_childFd = fd;
    // First, who it is: the caller may pause it (EspeakCall::pauseThisThreadsCall).
    const Header who{Pid, std::int32_t(::getpid()), 0};
    if (!writeAll(fd, &who, sizeof who))
        _exit(1);
    espeak_SetSynthCallback(childCallback);
    // Breathy variants (f3, …) mix in noise from rand(), whose state a process that forks
    // from itself may have moved (flite draws from it too).
    std::srand(1);
    int err = kSetupFailed;
    const bool voiceSet = voice == VoiceState::Selected
                          || (voice == VoiceState::Select && setup.namesFit && selectVoice(setup));
    if (voiceSet) {
        if (setup.prosody) {
            espeak_SetParameter(espeakRATE, setup.rate, 0);
            espeak_SetParameter(espeakPITCH, setup.pitch, 0);
            espeak_SetParameter(espeakRANGE, setup.range, 0);
            espeak_SetParameter(espeakWORDGAP, setup.wordGap, 0);
        }
        VectorState::clearUpperHalves(); // see there: the state a fork inherits
        err = espeak_Synth(input, size + 1, 0, POS_CHARACTER, 0, flags, nullptr, nullptr);
    }
    const Header end{End, err, 0};
    if (put(&end, sizeof end))
        flushOut();
    _exit(0);
}

// Closes every descriptor above stderr but keep: a forked process holds only what it
// uses (a call's pipe end held on elsewhere would keep its reader from seeing the call die).
void closeAllBut(int keep)
{
    const bool closed = (keep <= 3 || ::close_range(3, unsigned(keep) - 1, 0) == 0)
                        && ::close_range(unsigned(keep) + 1, ~0U, 0) == 0;
    if (!closed) { // kernels before 5.9
        for (int fd = 3; fd < 4096; ++fd) {
            if (fd != keep)
                ::close(fd);
        }
    }
}

// One Request from sock, its input (NUL-terminated) in buffer after it, and the pipe's
// write end. 1: a call; 0: nothing usable (dropped); -1: sock closed.
int receive(int sock, std::vector<char> &buffer, Request *request, size_t *bytes, int *fd)
{
    iovec iov{buffer.data(), buffer.size() - 1};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))];
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    const ssize_t n = ::recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
    if (n < 0 && errno == EINTR)
        return 0;
    if (n <= 0)
        return -1; // the other end closed or has gone
    *fd = -1;
    for (cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
            std::memcpy(fd, CMSG_DATA(c), sizeof *fd);
    }
    if (*fd < 0)
        return 0;
    if (size_t(n) < sizeof *request) {
        ::close(*fd);
        return 0;
    }
    std::memcpy(request, buffer.data(), sizeof *request);
    if (request->inputSize != size_t(n) - sizeof *request) {
        ::close(*fd);
        return 0;
    }
    EspeakSetup &s = request->setup;
    s.language[sizeof s.language - 1] = s.voice[sizeof s.voice - 1] = s.variant[sizeof s.variant - 1] = '\0';
    buffer[size_t(n)] = '\0';
    *bytes = size_t(n);
    return 1;
}

// Waits for sock to have a request, reaping finished children meanwhile. Finished calls
// are waited for here, not left to the kernel: their CPU time then counts in the process
// that forked them, and reaches the worker through the zygote (which waits for its
// voices' processes before it exits). SIGCHLD only wakes the poll (no SA_RESTART); its
// timeout catches one that came just before.
void waitForRequest(int sock)
{
    for (;;) {
        while (::waitpid(-1, nullptr, WNOHANG) > 0) {
        }
        pollfd ready{sock, POLLIN, 0};
        if (::poll(&ready, 1, 1000) > 0)
            return;
    }
}

// Serves sock's requests until it closes: each one to handle (the request, its size in
// buffer, the pipe's write end).
void serve(int sock, std::vector<char> &buffer, const std::function<void(const Request &, size_t, int)> &handle)
{
    for (;;) {
        waitForRequest(sock);
        Request request;
        size_t bytes = 0;
        int fd = -1;
        const int got = receive(sock, buffer, &request, &bytes, &fd);
        if (got < 0)
            return;
        if (got > 0)
            handle(request, bytes, fd);
    }
}

// fork(), the child dying with this process and holding no descriptor above stderr but
// keep; fork()'s answer.
pid_t forkKeeping(int keep)
{
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            _exit(1);
        closeAllBut(keep);
    }
    return pid;
}

// Forks the call's child; fd is the child's then.
void forkCall(const Request &request, const char *input, int fd, VoiceState voice)
{
    if (forkKeeping(fd) == 0) {
        ::signal(SIGCHLD, SIG_DFL);
        speakWith(fd, request.setup, input, request.inputSize, request.flags, voice);
    }
    ::close(fd); // when the fork failed, the caller reads no End: Failed
}

// A voice's own zygote: forked from the zygote with one voice selected, so that its calls
// need not select it (loading the voice and its language's dictionary took ~0.2 ms of a
// call's ~1.6). The calls start from the state calls that select the voice themselves
// reach: initialized, the voice selected, nothing spoken.
struct VoiceZygote
{
    EspeakSetup voice; // the selecting fields only (voiceOf)
    int sock = -1;
    pid_t pid = -1;
    std::uint64_t used = 0;
};
constexpr size_t kVoiceZygotes = 4; // per zygote, the least recently used given up
// A voice gets a process of its own when it comes again among the last this many voices
// that had none: a rotation of more voices than there are processes forks its calls from
// the zygote (each selecting its voice) instead of starting a process per call.
constexpr size_t kVoicesSeen = 16;

EspeakSetup voiceOf(const EspeakSetup &s)
{
    EspeakSetup v;
    std::memcpy(v.language, s.language, sizeof v.language);
    std::memcpy(v.voice, s.voice, sizeof v.voice);
    std::memcpy(v.variant, s.variant, sizeof v.variant);
    v.variantNumber = s.variantNumber;
    v.namesFit = s.namesFit;
    v.gender = s.gender;
    return v;
}

bool sameVoice(const EspeakSetup &a, const EspeakSetup &b)
{
    return std::strcmp(a.language, b.language) == 0 && std::strcmp(a.voice, b.voice) == 0
           && std::strcmp(a.variant, b.variant) == 0 && a.variantNumber == b.variantNumber
           && a.namesFit == b.namesFit && a.gender == b.gender;
}

// Forks calls with its voice until its socket closes, then waits for those still running
// (they die with it) and exits. buffer is the zygote's, as it was when this was forked.
[[noreturn]] void voiceZygoteMain(int sock, std::vector<char> &buffer)
{
    serve(sock, buffer, [&buffer](const Request &request, size_t, int fd) {
        forkCall(request, buffer.data() + sizeof request, fd, VoiceState::Selected);
    });
    while (::waitpid(-1, nullptr, 0) > 0 || errno == EINTR) {
    }
    _exit(0);
}

class VoiceZygotes
{
public:
    explicit VoiceZygotes(std::vector<char> &buffer) : m_buffer(buffer) {}

    // Hands the call (m_buffer's first bytes) to its voice's zygote; false when it has none
    // or that one cannot take it now (the caller forks the call itself).
    bool forward(const Request &request, size_t bytes, int fd)
    {
        VoiceZygote *z = find(request.setup);
        if (!z)
            z = start(request.setup);
        if (!z)
            return false;
        z->used = ++m_clock;
        iovec iov{m_buffer.data(), bytes};
        // Never waits: a voice process that does not read (stopped, starved) must not hold
        // up the zygote and every other voice.
        const ssize_t n = sendWithFd(z->sock, &iov, 1, fd, MSG_DONTWAIT);
        if (n == ssize_t(bytes)) {
            ::close(fd); // the voice zygote's now
            return true;
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != ENOBUFS && errno != ENOMEM)
            giveUp(z); // it has gone
        return false;
    }

    // The worker has gone: the voices' processes are ended (their calls with them) and
    // waited for, so that their CPU counts in this process's, and so in the worker's.
    void endAll()
    {
        for (VoiceZygote &z : m_zygotes) {
            ::close(z.sock);
            ::kill(z.pid, SIGKILL);
        }
        for (VoiceZygote &z : m_zygotes) {
            while (::waitpid(z.pid, nullptr, 0) < 0 && errno == EINTR) {
            }
        }
        m_zygotes.clear();
    }

private:
    VoiceZygote *find(const EspeakSetup &setup)
    {
        for (VoiceZygote &z : m_zygotes) {
            if (sameVoice(z.voice, setup))
                return &z;
        }
        return nullptr;
    }

    // A voice seen again gets its process; one seen first is remembered.
    bool seenBefore(const EspeakSetup &setup)
    {
        for (auto it = m_seen.begin(); it != m_seen.end(); ++it) {
            if (sameVoice(*it, setup)) {
                m_seen.erase(it);
                return true;
            }
        }
        if (m_seen.size() >= kVoicesSeen)
            m_seen.erase(m_seen.begin());
        m_seen.push_back(voiceOf(setup));
        return false;
    }

    VoiceZygote *start(const EspeakSetup &setup)
    {
        if (!seenBefore(setup))
            return nullptr;
        int sv[2];
        if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
            return nullptr;
        const pid_t pid = forkKeeping(sv[1]);
        if (pid < 0) {
            ::close(sv[0]);
            ::close(sv[1]);
            return nullptr;
        }
        if (pid == 0) {
            // Says whether the voice could be selected; one that could not is not kept (a
            // call selecting it itself then reports it), so that a passing failure is not
            // remembered and unknown names take no place from the voices in use.
            const char selected = setup.namesFit && selectVoice(setup) ? 1 : 0;
            if (::send(sv[1], &selected, 1, MSG_NOSIGNAL) != 1 || !selected)
                _exit(0);
            voiceZygoteMain(sv[1], m_buffer);
        }
        ::close(sv[1]);
        char selected = 0;
        ssize_t n;
        do {
            n = ::recv(sv[0], &selected, 1, 0);
        } while (n < 0 && errno == EINTR);
        if (n != 1 || !selected) {
            ::close(sv[0]); // it exits by itself; the reaping loop waits for it
            return nullptr;
        }
        if (m_zygotes.size() >= kVoiceZygotes) {
            VoiceZygote *oldest = &m_zygotes.front();
            for (VoiceZygote &z : m_zygotes)
                oldest = z.used < oldest->used ? &z : oldest;
            giveUp(oldest);
        }
        m_zygotes.push_back({voiceOf(setup), sv[0], pid, 0});
        return &m_zygotes.back();
    }

    // Its socket closed: it forks no more calls, lets those running end, and exits (the
    // zygote's reaping waits for it).
    void giveUp(VoiceZygote *z)
    {
        ::close(z->sock);
        m_zygotes.erase(m_zygotes.begin() + (z - m_zygotes.data()));
    }

    std::vector<char> &m_buffer;
    std::vector<VoiceZygote> m_zygotes;
    std::vector<EspeakSetup> m_seen;
    std::uint64_t m_clock = 0;
};
}

[[noreturn]] void EspeakChild::speak(int fd, const EspeakSetup &setup, const char *input, size_t size, unsigned int flags)
{
    speakWith(fd, setup, input, size, flags, VoiceState::Select);
}

// Initializes espeak-ng as the worker's EspeakBackend does (initialize(), so its children
// start from the same state as the worker's own), then hands each request to its voice's
// zygote, or forks a child for it itself when that cannot be.
[[noreturn]] void EspeakChild::zygoteMain(int sock, pid_t worker)
{
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != worker)
        _exit(0);
    // Not the worker's stdin and stdout: its host must see them close when it dies.
    const int devNull = ::open("/dev/null", O_RDWR);
    if (devNull >= 0) {
        ::dup2(devNull, STDIN_FILENO);
        ::dup2(devNull, STDOUT_FILENO);
        ::close(devNull);
    } else {
        ::close(STDIN_FILENO);
        ::close(STDOUT_FILENO);
    }
    if (initialize() <= 0)
        _exit(1);
    const Ready ready;
    if (::send(sock, &ready, sizeof ready, MSG_NOSIGNAL) != ssize_t(sizeof ready))
        _exit(0);
    std::vector<char> buffer(sizeof(Request) + kMaxZygoteInput + 1);
    struct sigaction onChild{};
    onChild.sa_handler = [](int) {};
    sigemptyset(&onChild.sa_mask);
    onChild.sa_flags = SA_NOCLDSTOP;
    ::sigaction(SIGCHLD, &onChild, nullptr);
    VoiceZygotes voices(buffer);
    serve(sock, buffer, [&](const Request &request, size_t bytes, int fd) {
        if (!voices.forward(request, bytes, fd))
            forkCall(request, buffer.data() + sizeof request, fd, VoiceState::Select);
    });
    voices.endAll(); // the worker closed its end or has gone
    _exit(0);
}
