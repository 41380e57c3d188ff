#include "moduleoutput.h"

#include <cerrno>
#include <unistd.h>

void ModuleOutput::write(const QByteArray &bytes)
{
    const char *p = bytes.constData();
    qsizetype left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(m_fd, p, size_t(left));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return; // Speech Dispatcher went away: stdin's end follows
        p += n;
        left -= n;
    }
}

void ModuleOutput::reply(const QByteArray &lines)
{
    QMutexLocker lock(&m_mutex);
    write(lines);
}

quint64 ModuleOutput::open()
{
    QMutexLocker lock(&m_mutex);
    m_open = ++m_lastId;
    return m_open;
}

bool ModuleOutput::begin(quint64 id)
{
    return send(id, QByteArrayLiteral("701 BEGIN\n"));
}

bool ModuleOutput::send(quint64 id, const QByteArray &lines)
{
    QMutexLocker lock(&m_mutex);
    if (m_open != id)
        return false;
    write(lines);
    return true;
}

bool ModuleOutput::mark(quint64 id, const QByteArray &name)
{
    return send(id, "700-" + name + "\n700 INDEX MARK\n");
}

bool ModuleOutput::closeWith(quint64 id, const char *event)
{
    QMutexLocker lock(&m_mutex);
    if (!m_open || (id && m_open != id))
        return false;
    write(event);
    m_open = 0;
    return true;
}

void ModuleOutput::end(quint64 id)
{
    closeWith(id, "702 END\n");
}

void ModuleOutput::paused(quint64 id)
{
    closeWith(id, "704 PAUSE\n");
}

bool ModuleOutput::stop()
{
    return closeWith(0, "703 STOP\n");
}

bool ModuleOutput::isOpen(quint64 id) const
{
    QMutexLocker lock(&m_mutex);
    return m_open == id;
}

void ModuleOutput::discard()
{
    QMutexLocker lock(&m_mutex);
    m_open = 0;
}
