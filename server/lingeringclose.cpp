#include "lingeringclose.h"

#include <cerrno>

#include <sys/socket.h>
#include <unistd.h>

LingeringClose::LingeringClose(int fd)
    : m_fd(fd)
{
    m_deadline.setSingleShot(true);
    m_deadline.setInterval(kLingerMs);
    connect(&m_deadline, &QTimer::timeout, this, &LingeringClose::finish);
}

LingeringClose::~LingeringClose()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

void LingeringClose::start()
{
    if (m_fd < 0 || ::shutdown(m_fd, SHUT_WR) != 0) {
        finish(); // already reset or closed by the peer
        return;
    }
    m_notifier = new QSocketNotifier(m_fd, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &LingeringClose::drain);
    m_deadline.start();
    drain();
}

void LingeringClose::drain()
{
    char sink[16384];
    for (;;) {
        const ssize_t n = ::recv(m_fd, sink, sizeof sink, MSG_DONTWAIT);
        if (n > 0)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
            return; // more may come until the client closes
        finish(); // the client closed (0) or the connection failed
        return;
    }
}

void LingeringClose::finish()
{
    if (m_notifier)
        m_notifier->setEnabled(false);
    m_deadline.stop();
    if (m_fd >= 0) {
        ::close(m_fd);
        m_fd = -1;
    }
    deleteLater();
}
