#include "replyorder.h"

ReplyOrder::ReplyOrder(QTcpSocket *socket)
    : QObject(socket)
    , m_socket(socket)
{
    connect(socket, &QTcpSocket::bytesWritten, this, &ReplyOrder::run);
}

ReplyOrder *ReplyOrder::of(QTcpSocket *socket)
{
    if (auto *existing = socket->findChild<ReplyOrder *>(QString(), Qt::FindDirectChildrenOnly))
        return existing;
    return new ReplyOrder(socket);
}

quint64 ReplyOrder::open(bool closeAfter)
{
    const quint64 ticket = m_next++;
    if (closeAfter)
        m_closeAfter.insert(ticket);
    return ticket;
}

void ReplyOrder::deliver(quint64 ticket, std::function<void()> write, bool endsTicket)
{
    if (m_closed || ticket < m_current)
        return;
    m_pending.insert(ticket, {std::move(write), endsTicket, false});
    run();
}

void ReplyOrder::finish(quint64 ticket)
{
    if (m_closed || ticket != m_current)
        return;
    if (endCurrent())
        run();
}

bool ReplyOrder::endCurrent()
{
    m_pending.remove(m_current);
    const bool close = m_closeAfter.remove(m_current);
    ++m_current;
    if (close) {
        m_closed = true;
        m_pending.clear();
        emit closeRequested();
    }
    return !close;
}

void ReplyOrder::run()
{
    // A write may end its ticket, which runs the next one: loop, do not recurse.
    while (!m_closed) {
        auto it = m_pending.find(m_current);
        if (it == m_pending.end() || it->written || m_socket->bytesToWrite() > kHighWater)
            return;
        it->written = true;
        const bool ends = it->endsTicket;
        const std::function<void()> write = std::move(it->write);
        const quint64 ticket = m_current;
        write();
        if (!ends)
            return; // finish(ticket) comes later and runs the rest
        if (m_closed || m_current != ticket || !endCurrent())
            return;
    }
}
