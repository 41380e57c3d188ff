#include "espeakcall.h"

#include "vectorstate.h"

#include <espeak-ng/speak_lib.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/syscall.h>
#include <poll.h>
#include <vector>

#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

namespace
{
// Child → parent messages: a header, then `count` samples (Pcm) or nothing.
enum MessageType : std::int32_t { Pcm = 1, Word = 2, End = 3, Pid = 4 };
struct Header
{
    std::int32_t type = 0;
    std::int32_t count = 0;  // samples (Pcm), text position (Word), espeak_ERROR (End), the child's pid (Pid)
    std::int64_t sample = 0; // Word
};

// Worker → zygote: one datagram with this, then the input's bytes, and the pipe's write
// end as SCM_RIGHTS.
struct Request
{
    std::uint32_t flags = 0;
    std::uint32_t inputSize = 0;
    EspeakCall::Setup setup;
};
// Longer inputs (never a segmenter's piece) are forked here instead.
constexpr size_t kMaxZygoteInput = 60000;

int g_childFd = -1; // the pipe's write end, in the child only
// The child of the call this thread is reading, as a pidfd: a signal to a child that has
// ended fails instead of reaching whatever process gets its pid next.
thread_local int t_callPidfd = -1;
int g_zygote = -1;  // this process's end of the socket to its zygote
pid_t g_zygotePid = -1;
bool g_zygoteReady = false; // it said it initialized espeak-ng
constexpr int kSetupFailed = -1; // an End's count when the voice was refused (espeak_ERROR is >= 0)

// Moves all size bytes through ::read or ::write, across short transfers and EINTR.
template <typename Io, typename Byte>
bool transferAll(Io io, int fd, Byte *p, size_t size)
{
    while (size > 0) {
        const ssize_t n = io(fd, p, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        p += n;
        size -= size_t(n);
    }
    return true;
}

bool writeAll(int fd, const void *data, size_t size)
{
    return transferAll(::write, fd, static_cast<const char *>(data), size);
}

bool readAll(int fd, void *data, size_t size)
{
    return transferAll(::read, fd, static_cast<char *>(data), size);
}

int childCallback(short *wav, int numsamples, espeak_EVENT *events)
{
    for (espeak_EVENT *ev = events; ev && ev->type != espeakEVENT_LIST_TERMINATED; ++ev) {
        if (ev->type != espeakEVENT_WORD)
            continue;
        const Header h{Word, ev->text_position, std::int64_t(ev->sample)};
        if (!writeAll(g_childFd, &h, sizeof h))
            _exit(1); // the parent stopped listening
    }
    if (wav && numsamples > 0) {
        const Header h{Pcm, numsamples, 0};
        if (!writeAll(g_childFd, &h, sizeof h) || !writeAll(g_childFd, wav, size_t(numsamples) * sizeof(short)))
            _exit(1);
    }
    return 0;
}

bool selectVoice(const EspeakCall::Setup &s)
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

// The child's whole life: only espeak-ng, write() and _exit() (the process it was forked
// from may have other threads; nothing here takes a lock they could have held). input
// is NUL-terminated after size bytes.
[[noreturn]] void speakInChild(int fd, const EspeakCall::Setup &setup, const char *input, size_t size, unsigned int flags)
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
    // Breathy variants (f3, …) mix in noise from the C library's rand(), whose state the
    // parent's flite calls move.
    std::srand(1);
    int err = kSetupFailed;
    if (setup.namesFit && selectVoice(setup)) {
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
    writeAll(fd, &end, sizeof end);
    _exit(0);
}

// The zygote: initializes espeak-ng as the worker's EspeakBackend does (initialize(), so
// its children start from the same state as the worker's own), then forks a child per request.
[[noreturn]] void zygoteMain(int sock, pid_t worker)
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
    if (EspeakCall::initialize() <= 0)
        _exit(1);
    const char ready = 'R';
    if (::send(sock, &ready, 1, MSG_NOSIGNAL) != 1)
        _exit(0);
    const pid_t self = ::getpid();
    std::vector<char> buffer(sizeof(Request) + kMaxZygoteInput + 1);
    // Finished children are waited for here, not left to the kernel: their CPU time then
    // counts in this process's, as a direct fork's does in its parent's. SIGCHLD only
    // wakes the poll below (no SA_RESTART); its timeout catches one that came just before.
    struct sigaction onChild{};
    onChild.sa_handler = [](int) {};
    sigemptyset(&onChild.sa_mask);
    onChild.sa_flags = SA_NOCLDSTOP;
    ::sigaction(SIGCHLD, &onChild, nullptr);
    for (;;) {
        while (::waitpid(-1, nullptr, WNOHANG) > 0) {
        }
        pollfd ready{sock, POLLIN, 0};
        if (::poll(&ready, 1, 1000) <= 0)
            continue;
        iovec iov{buffer.data(), buffer.size() - 1};
        alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))];
        msghdr msg{};
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = control;
        msg.msg_controllen = sizeof control;
        const ssize_t n = ::recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            _exit(0); // the worker closed its end or has gone
        int fd = -1;
        for (cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
                std::memcpy(&fd, CMSG_DATA(c), sizeof fd);
        }
        if (fd < 0)
            continue;
        Request request;
        if (size_t(n) < sizeof request) {
            ::close(fd);
            continue;
        }
        std::memcpy(&request, buffer.data(), sizeof request);
        if (request.inputSize != size_t(n) - sizeof request) {
            ::close(fd);
            continue;
        }
        EspeakCall::Setup &s = request.setup;
        s.language[sizeof s.language - 1] = s.voice[sizeof s.voice - 1] = s.variant[sizeof s.variant - 1] = '\0';
        buffer[size_t(n)] = '\0';
        const pid_t pid = ::fork();
        if (pid == 0) {
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (::getppid() != self)
                _exit(1);
            ::close(sock);
            ::signal(SIGCHLD, SIG_DFL);
            speakInChild(fd, s, buffer.data() + sizeof request, request.inputSize, request.flags);
        }
        ::close(fd); // the child's now; when the fork failed, the caller reads no End: Failed
    }
}

// The first call waits (up to 5 s) for the zygote to say it initialized espeak-ng: one
// stuck there would otherwise hold every call. Without that word it is given up.
bool zygoteIsReady()
{
    if (g_zygoteReady)
        return true;
    pollfd p{g_zygote, POLLIN, 0};
    int n;
    do {
        n = ::poll(&p, 1, 5000);
    } while (n < 0 && errno == EINTR);
    char ready = 0;
    g_zygoteReady = n == 1 && ::recv(g_zygote, &ready, 1, 0) == 1 && ready == 'R';
    if (!g_zygoteReady)
        EspeakCall::stopZygote();
    return g_zygoteReady;
}

// Hands a call to the zygote; false when there is none or it has gone (then the caller
// forks the call itself).
bool sendToZygote(const QByteArray &input, unsigned int flags, const EspeakCall::Setup &setup, int writeEnd)
{
    if (g_zygote < 0 || size_t(input.size()) > kMaxZygoteInput || !zygoteIsReady())
        return false;
    Request request;
    request.flags = flags;
    request.inputSize = std::uint32_t(input.size());
    request.setup = setup;
    iovec iov[2] = {{&request, sizeof request}, {const_cast<char *>(input.constData()), size_t(input.size())}};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    msghdr msg{};
    msg.msg_iov = iov;
    msg.msg_iovlen = 2;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(c), &writeEnd, sizeof writeEnd);
    ssize_t n;
    do {
        n = ::sendmsg(g_zygote, &msg, MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    if (n == ssize_t(sizeof request + size_t(input.size())))
        return true;
    // Gone: fork here from now on. Another error (no buffer memory for the moment): this
    // call only.
    if (n >= 0 || errno == EPIPE || errno == ECONNRESET || errno == ENOTCONN)
        EspeakCall::stopZygote();
    return false;
}
}

int EspeakCall::initialize()
{
    // Synchronous mode with a short buffer: the first samples reach the sink after ~20 ms
    // of audio has been computed, well under a millisecond.
    const int rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 20, nullptr, 0);
    // The first voice selection loads data (~4 ms); paid now, not by the first call.
    if (rate > 0)
        espeak_SetVoiceByName("en");
    return rate;
}

void EspeakCall::startZygote()
{
    if (g_zygote >= 0)
        return;
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
        return;
    const pid_t worker = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(sv[0]);
        ::close(sv[1]);
        return;
    }
    if (pid == 0) {
        ::close(sv[0]);
        zygoteMain(sv[1], worker);
    }
    ::close(sv[1]);
    g_zygote = sv[0];
    g_zygotePid = pid;
    g_zygoteReady = false;
}

void EspeakCall::stopZygote()
{
    if (g_zygote >= 0)
        ::close(g_zygote);
    g_zygote = -1;
    if (g_zygotePid > 0) {
        // It exits at once when its socket closes (and is killed if stuck: it holds nothing).
        if (!g_zygoteReady)
            ::kill(g_zygotePid, SIGKILL);
        while (::waitpid(g_zygotePid, nullptr, 0) < 0 && errno == EINTR) {
        }
    }
    g_zygotePid = -1;
    g_zygoteReady = false;
}

bool EspeakCall::hasZygote()
{
    return g_zygote >= 0;
}

void EspeakCall::pauseThisThreadsCall()
{
    if (t_callPidfd >= 0)
        ::syscall(SYS_pidfd_send_signal, t_callPidfd, SIGSTOP, nullptr, 0);
}

void EspeakCall::resumeThisThreadsCall()
{
    if (t_callPidfd >= 0)
        ::syscall(SYS_pidfd_send_signal, t_callPidfd, SIGCONT, nullptr, 0);
}

EspeakCall::Outcome EspeakCall::run(const QByteArray &input, unsigned int flags, const Setup &setup, const PcmSink &pcm,
                                    const WordSink &words)
{
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return {};
    pid_t pid = -1; // our own child, when there is no zygote
    if (sendToZygote(input, flags, setup, fds[1])) {
        ::close(fds[1]);
    } else {
        const pid_t parent = ::getpid();
        pid = ::fork();
        if (pid < 0) {
            ::close(fds[0]);
            ::close(fds[1]);
            return {};
        }
        if (pid == 0) {
            // It dies with the parent: a worker killed by its watchdog leaves no call
            // spinning on.
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (::getppid() != parent)
                _exit(1);
            ::close(fds[0]);
            if (g_zygote >= 0)
                ::close(g_zygote); // else the zygote could not see its socket close while this lives
            speakInChild(fds[1], setup, input.constData(), size_t(input.size()), flags);
        }
        ::close(fds[1]);
    }
    Outcome outcome;
    std::vector<qint16> buffer;
    for (;;) {
        Header h;
        if (!readAll(fds[0], &h, sizeof h))
            break; // the child died without its end: Failed
        if (h.type == End) {
            outcome.espeakError = h.count;
            outcome.result = h.count == EE_OK ? Result::Done : h.count == kSetupFailed ? Result::SetupFailed : Result::Failed;
            break;
        }
        if (h.type == Pid) {
            // (by syscall: glibc 2.36's <sys/pidfd.h> lacks C++ linkage)
            if (t_callPidfd < 0)
                t_callPidfd = int(::syscall(SYS_pidfd_open, pid_t(h.count), 0));
            continue;
        }
        if (h.type == Word) {
            if (words)
                words(h.count, h.sample);
            continue;
        }
        if (h.type != Pcm || h.count < 0 || h.count > (1 << 22))
            break;
        buffer.resize(size_t(h.count));
        if (!readAll(fds[0], buffer.data(), buffer.size() * sizeof(qint16)))
            break;
        if (!pcm(buffer.data(), h.count)) {
            // Our own child is killed; the zygote's dies on its next write into the
            // closed pipe (SIGPIPE, or _exit on EPIPE), within a block's synthesis.
            if (pid > 0)
                ::kill(pid, SIGKILL);
            outcome.result = Result::Stopped;
            break;
        }
    }
    if (t_callPidfd >= 0)
        ::close(t_callPidfd);
    t_callPidfd = -1;
    ::close(fds[0]);
    if (pid > 0) {
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    return outcome;
}
