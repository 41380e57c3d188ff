#pragma once

#include <QObject>
#include <QSocketNotifier>
#include <QTimer>

// Closes a connection the polite way (RFC 9112 9.6, RFC 6455 7.1.1) on a duplicate
// of its descriptor: Qt closes its own descriptor the moment its last byte is
// written, and a close with unread input (a client's pings, a pipelined request)
// makes the kernel send a reset that destroys answers the client has not read yet.
// Holding a duplicate keeps the socket open; once Qt is done, this sends FIN after
// the last byte, discards what the client still sends until it closes, then closes.
class LingeringClose : public QObject
{
    Q_OBJECT

public:
    static constexpr int kLingerMs = 2000;

    // Takes ownership of fd (a dup() of the connection's descriptor).
    explicit LingeringClose(int fd);
    ~LingeringClose() override;

    // Qt's socket is gone: half-close and drain. Deletes itself when done.
    void start();

private:
    void drain();
    void finish();

    int m_fd;
    QSocketNotifier *m_notifier = nullptr;
    QTimer m_deadline;
};
