#include "linereader.h"

#include <QSocketNotifier>

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

LineReader::LineReader(int fd, QObject *parent)
    : QObject(parent)
    , m_fd(fd)
    , m_notifier(new QSocketNotifier(fd, QSocketNotifier::Read, this))
{
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    connect(m_notifier, &QSocketNotifier::activated, this, &LineReader::readAvailable);
}

void LineReader::readAvailable()
{
    char chunk[16384];
    bool ended = false;
    for (;;) {
        const ssize_t n = ::read(m_fd, chunk, sizeof chunk);
        if (n > 0) {
            m_buffer.append(chunk, n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        ended = !(n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)); // end of input, or it failed
        break;
    }
    qsizetype start = 0;
    for (qsizetype nl = m_buffer.indexOf('\n'); nl >= 0; nl = m_buffer.indexOf('\n', start)) {
        emit lineRead(m_buffer.mid(start, nl - start));
        start = nl + 1;
    }
    m_buffer.remove(0, start);
    if (m_buffer.size() > kMaxLine) {
        qWarning("sd_tts_studio: a line of over %lld bytes was dropped", qlonglong(kMaxLine));
        m_buffer.clear();
    }
    if (ended) {
        m_notifier->setEnabled(false); // Speech Dispatcher is gone
        emit closed();
    }
}
