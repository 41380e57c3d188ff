#include "espeakcall.h"

#include <espeak-ng/speak_lib.h>

#include <cerrno>
#include <cstdlib>
#include <csignal>
#include <cstdint>
#include <fcntl.h>
#include <vector>

#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

namespace
{
// Child → parent messages: a header, then `count` samples (Pcm) or nothing.
enum MessageType : std::int32_t { Pcm = 1, Word = 2, End = 3 };
struct Header
{
    std::int32_t type = 0;
    std::int32_t count = 0;  // samples (Pcm), text position (Word), espeak_ERROR (End)
    std::int64_t sample = 0; // Word
};

int g_childFd = -1; // the pipe's write end, in the child only
constexpr int kSetupFailed = -1; // an End's count when setup() said no (espeak_ERROR is >= 0)

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
}

EspeakCall::Outcome EspeakCall::run(const QByteArray &input, unsigned int flags, const std::function<bool()> &setup,
                                    const PcmSink &pcm, const WordSink &words)
{
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return {};
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return {};
    }
    if (pid == 0) {
        // The child: only espeak-ng, write() and _exit() (the parent may have other
        // threads; nothing here takes a lock they could have held). It dies with the
        // parent: a worker killed by its watchdog leaves no call spinning on.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            _exit(1);
        ::close(fds[0]);
        g_childFd = fds[1];
        espeak_SetSynthCallback(childCallback);
        // Breathy variants (f3, …) mix in noise from the C library's rand(), whose state
        // the parent's flite calls move.
        std::srand(1);
        const int err = !setup() ? kSetupFailed : espeak_Synth(input.constData(), size_t(input.size()) + 1, 0, POS_CHARACTER, 0, flags,
                                              nullptr, nullptr);
        const Header end{End, err, 0};
        writeAll(g_childFd, &end, sizeof end);
        _exit(0);
    }
    ::close(fds[1]);
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
            ::kill(pid, SIGKILL);
            outcome.result = Result::Stopped;
            break;
        }
    }
    ::close(fds[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return outcome;
}
