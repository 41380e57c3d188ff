#include "moduleoutput.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

// The lock for a write of the protocol (main thread), which the speech thread lets go first.
class ModuleOutput::ProtocolTurn
{
public:
    explicit ProtocolTurn(ModuleOutput &output)
        : m_output(output)
    {
        ++m_output.m_protocolWaiting;
        m_output.m_mutex.lock();
        --m_output.m_protocolWaiting;
    }
    ~ProtocolTurn() { m_output.m_mutex.unlock(); }
    ProtocolTurn(const ProtocolTurn &) = delete;
    ProtocolTurn &operator=(const ProtocolTurn &) = delete;

private:
    ModuleOutput &m_output;
};

ModuleOutput::ModuleOutput(int fd)
    : m_fd(fd)
{
    struct stat st;
    if (::fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode))
        ::fcntl(fd, F_SETPIPE_SZ, kPipeBytes);
}

void ModuleOutput::waitForProtocol() const
{
    while (m_protocolWaiting.load() > 0)
        std::this_thread::yield();
}

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
    ProtocolTurn turn(*this);
    write(lines);
}

quint64 ModuleOutput::open()
{
    ProtocolTurn turn(*this);
    m_open = ++m_lastId;
    return m_open;
}

bool ModuleOutput::stop()
{
    ProtocolTurn turn(*this);
    if (!m_open)
        return false;
    write("703 STOP\n");
    m_open = 0;
    return true;
}

void ModuleOutput::discard()
{
    ProtocolTurn turn(*this);
    m_open = 0;
}

bool ModuleOutput::begin(quint64 id)
{
    return send(id, QByteArrayLiteral("701 BEGIN\n"));
}

bool ModuleOutput::send(quint64 id, const QByteArray &lines)
{
    waitForProtocol();
    QMutexLocker lock(&m_mutex);
    if (m_open != id)
        return false;
    write(lines);
    return true;
}

bool ModuleOutput::mark(quint64 id, const QByteArray &name)
{
    // A name is one line of the protocol (SsmlMarks leaves out names that are not).
    if (name.contains('\n') || name.contains('\r'))
        return isOpen(id);
    return send(id, "700-" + name + "\n700 INDEX MARK\n");
}

void ModuleOutput::closeWith(quint64 id, const char *event)
{
    waitForProtocol();
    QMutexLocker lock(&m_mutex);
    if (m_open != id)
        return;
    write(event);
    m_open = 0;
}

void ModuleOutput::end(quint64 id)
{
    closeWith(id, "702 END\n");
}

void ModuleOutput::paused(quint64 id)
{
    closeWith(id, "704 PAUSE\n");
}

bool ModuleOutput::isOpen(quint64 id) const
{
    QMutexLocker lock(&m_mutex);
    return m_open == id;
}
