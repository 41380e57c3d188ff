#include "espeakcall.h"

#include "espeakchild.h"

#include <espeak-ng/speak_lib.h>

#include <algorithm>
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

using namespace EspeakChild;

namespace
{
// The child of the call this thread is reading, as a pidfd: a signal to a child that has
// ended fails instead of reaching whatever process gets its pid next.
thread_local int t_callPidfd = -1;
int g_zygote = -1;  // this process's end of the socket to its zygote
pid_t g_zygotePid = -1;
bool g_zygoteReady = false; // it said it initialized espeak-ng

// Reads a call's records through a buffer: the child writes them gathered (~8 KiB at a
// time, EspeakChild), and one read takes what a write brought instead of a read per
// header and per block.
class PipeReader
{
public:
    explicit PipeReader(int fd) : m_fd(fd), m_buffer(16 * 1024) {} // what a child writes at once

    // All size bytes, or false at the end of the pipe (or an error).
    bool read(void *data, size_t size)
    {
        char *to = static_cast<char *>(data);
        while (size > 0) {
            if (m_at == m_size) {
                const ssize_t n = ::read(m_fd, m_buffer.data(), m_buffer.size());
                if (n < 0 && errno == EINTR)
                    continue;
                if (n <= 0)
                    return false;
                m_at = 0;
                m_size = size_t(n);
            }
            const size_t take = std::min(size, m_size - m_at);
            std::memcpy(to, m_buffer.data() + m_at, take);
            m_at += take;
            to += take;
            size -= take;
        }
        return true;
    }

private:
    int m_fd;
    std::vector<char> m_buffer;
    size_t m_at = 0;
    size_t m_size = 0;
};

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
    const Ready expected;
    Ready ready;
    ready.tag = 0;
    g_zygoteReady = n == 1 && ::recv(g_zygote, &ready, sizeof ready, 0) == ssize_t(sizeof ready)
                    && std::memcmp(&ready, &expected, sizeof ready) == 0;
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
    const ssize_t n = sendWithFd(g_zygote, iov, 2, writeEnd, 0);
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
    return EspeakChild::initialize();
}

void EspeakCall::startZygote()
{
    if (g_zygote >= 0)
        return;
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
        return;
    const pid_t worker = ::getpid();
    // Its program, tts-espeak-zygote beside this executable; everything exec needs is made
    // before the fork.
    char program[4096] = {};
    const ssize_t length = ::readlink("/proc/self/exe", program, sizeof program - 1);
    char *slash = length > 0 ? std::strrchr(program, '/') : nullptr;
    const char name[] = "tts-espeak-zygote";
    bool hasProgram = false;
    if (slash && size_t(slash + 1 - program) + sizeof name <= sizeof program) {
        std::memcpy(slash + 1, name, sizeof name);
        // TTS_STUDIO_ZYGOTE_COPY=1: the copy below instead (tests of that fallback).
        hasProgram = ::access(program, X_OK) == 0 && !std::getenv("TTS_STUDIO_ZYGOTE_COPY");
    }
    char sockArg[16], workerArg[16];
    std::snprintf(sockArg, sizeof sockArg, "%d", sv[1]);
    std::snprintf(workerArg, sizeof workerArg, "%d", int(worker));
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(sv[0]);
        ::close(sv[1]);
        return;
    }
    if (pid == 0) {
        ::close(sv[0]);
        if (hasProgram) {
            const int flags = ::fcntl(sv[1], F_GETFD);
            ::fcntl(sv[1], F_SETFD, flags & ~FD_CLOEXEC); // its socket survives the exec
            char *const argv[] = {program, sockArg, workerArg, nullptr};
            ::execv(program, argv);
            ::fcntl(sv[1], F_SETFD, flags);
        }
        zygoteMain(sv[1], worker); // no program: this copy of the worker is the zygote
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

pid_t EspeakCall::zygotePid()
{
    return g_zygote >= 0 ? g_zygotePid : -1;
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
            speak(fds[1], setup, input.constData(), size_t(input.size()), flags);
        }
        ::close(fds[1]);
    }
    Outcome outcome;
    std::vector<qint16> buffer;
    PipeReader in(fds[0]);
    for (;;) {
        Header h;
        if (!in.read(&h, sizeof h))
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
        if (!in.read(buffer.data(), buffer.size() * sizeof(qint16)))
            break;
        if (!pcm(buffer.data(), h.count)) {
            // Our own child is killed; the zygote's dies on its next write into the
            // closed pipe (SIGPIPE, or _exit on EPIPE), within ~8 KiB of output it gathers
            // (~0.1 ms of synthesis).
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
