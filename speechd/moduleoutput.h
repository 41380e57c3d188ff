#pragma once

#include <QByteArray>
#include <QMutex>

#include <atomic>

// Standard output of the module, shared by the protocol (replies, on the main thread) and
// the speech thread (events and audio). Every write is whole lines under one lock, so a
// reply never lands inside an audio block. It also keeps which message is open (between
// `200 OK SPEAKING` and its 702/703/704), so that a STOP answered here ends the message
// at once: whatever its synthesis still makes is dropped, not sent.
class ModuleOutput
{
public:
    explicit ModuleOutput(int fd);

    // Bytes a pipe to Speech Dispatcher holds at most (~0.17 s of audio). It reads audio
    // only as fast as it plays it, so what the pipe holds is read after a STOP before the
    // 703: with Linux's default 64 KiB that was ~1.3 s of audio and ~140 ms of reading.
    static constexpr int kPipeBytes = 8192;

    void reply(const QByteArray &lines);

    // A new message is open (the one before, if any, is dropped); its id.
    quint64 open();
    // Events of message id; each is written only while it is still the open one (false:
    // it was stopped, drop the rest).
    bool begin(quint64 id);
    bool send(quint64 id, const QByteArray &lines);
    bool mark(quint64 id, const QByteArray &name);
    void end(quint64 id);
    // `704 PAUSE` for message id, which ends it.
    void paused(quint64 id);
    // `703 STOP` when a message is open, which ends it; false when none was.
    bool stop();
    // Ends the open message without a word (the module is quitting).
    void discard();
    bool isOpen(quint64 id) const;

private:
    void write(const QByteArray &bytes); // the lock held
    // The protocol's writes go first: the speech thread, which takes the lock again at
    // once after each block, kept a STOP's 703 waiting behind half a second of audio.
    class ProtocolTurn;
    void waitForProtocol() const;
    void closeWith(quint64 id, const char *event); // speech thread

    int m_fd;
    mutable QMutex m_mutex;
    quint64 m_lastId = 0;
    quint64 m_open = 0; // 0: none
    std::atomic<int> m_protocolWaiting{0};
};
