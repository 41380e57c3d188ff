#pragma once

#include <QObject>

class QSocketNotifier;

// SIGTERM and SIGINT (Ctrl+C) handed to the event loop. The handler does only what is
// safe in a signal handler: it records the signal in a lock-free atomic and writes one
// byte to a socket pair (the self-pipe); signalled() is emitted from the event loop,
// where the work of stopping can be done. Once the watch is destroyed, these signals are
// ignored (a second Ctrl+C does not cut a shutdown short). One watch at a time in a process.
class SignalWatch : public QObject
{
    Q_OBJECT

public:
    explicit SignalWatch(QObject *parent = nullptr);
    ~SignalWatch() override;

    // The last signal received (0: none yet), for a long step that blocks the event loop
    // and asks between its pieces whether to stop. Safe from any thread.
    static int received();
    // The exit code of a process that stops for signal: 128 + its number (130, 143).
    static int exitCode(int signal);

signals:
    void signalled(int signal);

private:
    void onReadable();

    QSocketNotifier *m_notifier = nullptr;
};
