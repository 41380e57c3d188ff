#pragma once

#include <QFile>
#include <QString>

// A 64-bit counter in a small memory-mapped file that every process opening the same
// data dir shares: the command line bumps it after revoking a key, the server reads it
// on each request (a plain memory load, no system call) to know its caches are stale.
class SharedCounter
{
public:
    explicit SharedCounter(const QString &path);
    SharedCounter(const SharedCounter &) = delete;
    SharedCounter &operator=(const SharedCounter &) = delete;

    // False when the file could not be created or mapped: callers must then not cache.
    bool isShared() const { return m_value != nullptr; }
    quint64 value() const;
    void bump();

private:
    QFile m_file;
    quint64 *m_value = nullptr;
};
