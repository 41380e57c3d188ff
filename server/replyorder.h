#pragma once

#include <QMap>
#include <QSet>
#include <QObject>
#include <QTcpSocket>

#include <functional>

// Keeps the answers on one connection in the order of its requests (RFC 9112 9.3.2):
// requests are handled side by side on the store threads and finish in any order,
// so an answer that is ready early waits until every earlier one has been written.
// A ticket ends when its answer is written (or, for a file or a stream written over
// time, when the writer says so). A ticket that asked to close the connection
// closes it once its answer is out; later requests on it are not answered.
class ReplyOrder : public QObject
{
    Q_OBJECT

public:
    // The one object of a connection, made on first use (a child of the socket).
    static ReplyOrder *of(QTcpSocket *socket);

    // A place in line, taken in the order requests arrive.
    quint64 open(bool closeAfter);
    // Every request seen so far has been answered in full.
    bool idle() const { return m_current == m_next; }
    // Requests seen whose answers have not been written in full yet.
    quint64 unanswered() const { return m_next - m_current; }
    // Answers wait while this much is unsent on the socket: a client that does not read
    // makes the server hold at most this, not every answer it asked for.
    static constexpr qint64 kHighWater = 256 * 1024;
    // Runs write() once every earlier ticket has ended (at once if none is pending).
    // With endsTicket false the ticket stays open until finish(ticket).
    void deliver(quint64 ticket, std::function<void()> write, bool endsTicket = true);
    void finish(quint64 ticket);

signals:
    // A ticket asked to close the connection and its answer is out: the guard
    // closes the connection without destroying what the client has yet to read.
    void closeRequested();

private:
    explicit ReplyOrder(QTcpSocket *socket);
    QTcpSocket *m_socket;
    void run();
    // Ends the current ticket; false when that closed the connection.
    bool endCurrent();

    struct Pending
    {
        std::function<void()> write;
        bool endsTicket = true;
        bool written = false;
    };
    quint64 m_next = 0;       // the next ticket to hand out
    quint64 m_current = 0;    // the ticket whose answer may be written now
    QMap<quint64, Pending> m_pending;
    QSet<quint64> m_closeAfter; // tickets whose answer closes the connection
    bool m_closed = false;
};
