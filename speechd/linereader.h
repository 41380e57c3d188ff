#pragma once

#include <QByteArray>
#include <QObject>

class QSocketNotifier;

// Lines from a file descriptor (Speech Dispatcher's end of the module's standard input),
// read when the event loop sees data: never a blocking read, so the speech thread's
// audio goes on while a command is half-sent. Lines come without their line feed.
class LineReader : public QObject
{
    Q_OBJECT
public:
    explicit LineReader(int fd, QObject *parent = nullptr);

    // A line longer than this (no line feed in sight) is dropped.
    static constexpr qsizetype kMaxLine = 64 * 1024 * 1024;

signals:
    void lineRead(const QByteArray &line);
    void closed();

private:
    void readAvailable();

    int m_fd;
    QSocketNotifier *m_notifier;
    QByteArray m_buffer;
};
