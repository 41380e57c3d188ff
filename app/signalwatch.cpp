#include "signalwatch.h"

#include <QSocketNotifier>

#include <atomic>
#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace
{
int g_signalFd[2] = {-1, -1};
std::atomic<int> g_received{0};
static_assert(std::atomic<int>::is_always_lock_free, "read and written in a signal handler");

void onSignal(int signal)
{
    g_received.store(signal);
    const char c = char(signal);
    (void)!::write(g_signalFd[0], &c, 1);
}

void setHandler(void (*handler)(int))
{
    struct sigaction sa = {};
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGTERM, &sa, nullptr);
    sigaction(SIGINT, &sa, nullptr);
}
}

SignalWatch::SignalWatch(QObject *parent)
    : QObject(parent)
{
    g_received.store(0);
    ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, g_signalFd);
    m_notifier = new QSocketNotifier(g_signalFd[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &SignalWatch::onReadable);
    setHandler(onSignal);
}

// The handler stays: a signal during the rest of the shutdown (the server's teardown
// after its event loop) is recorded and otherwise ignored, never cutting it short.
SignalWatch::~SignalWatch()
{
    const int fds[2] = {g_signalFd[0], g_signalFd[1]};
    g_signalFd[0] = g_signalFd[1] = -1; // a later write fails harmlessly (EBADF)
    delete m_notifier;
    ::close(fds[0]);
    ::close(fds[1]);
}

int SignalWatch::received()
{
    return g_received.load();
}

int SignalWatch::exitCode(int signal)
{
    return 128 + signal;
}

void SignalWatch::onReadable()
{
    char c = 0;
    if (::read(g_signalFd[1], &c, 1) == 1)
        emit signalled(int(c));
}
