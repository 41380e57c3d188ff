#pragma once

#include <QHash>
#include <QHostAddress>
#include <QMutex>

#include <optional>

// Slows down key guessing: a client address with too many failed authentications in
// a minute gets 429 for its failures for a while. A valid key is still accepted from
// that address, so a legitimate app sharing it is not locked out. Thread-safe.
class AuthThrottle
{
public:
    AuthThrottle(int maxFailures = 20, int windowSec = 60, int banSec = 60);

    // Seconds to wait when the address is banned, else nullopt.
    std::optional<int> banned(const QHostAddress &address);
    void recordFailure(const QHostAddress &address);

private:
    struct Entry
    {
        qint64 windowStartMs = 0;
        int failures = 0;
        qint64 bannedUntilMs = 0;
    };
    QMutex m_mutex;
    QHash<QString, Entry> m_entries;
    int m_maxFailures;
    int m_windowMs;
    int m_banMs;
};
