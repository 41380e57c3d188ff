#include "auththrottle.h"

#include "timestamps.h"

AuthThrottle::AuthThrottle(int maxFailures, int windowSec, int banSec)
    : m_maxFailures(maxFailures)
    , m_windowMs(windowSec * 1000)
    , m_banMs(banSec * 1000)
{
}

std::optional<int> AuthThrottle::banned(const QHostAddress &address)
{
    const qint64 now = Timestamps::nowMs();
    QMutexLocker lock(&m_mutex);
    const auto it = m_entries.constFind(address.toString());
    if (it == m_entries.cend() || it->bannedUntilMs <= now)
        return std::nullopt;
    return int((it->bannedUntilMs - now + 999) / 1000);
}

void AuthThrottle::recordFailure(const QHostAddress &address)
{
    const qint64 now = Timestamps::nowMs();
    QMutexLocker lock(&m_mutex);
    if (m_entries.size() > 100000)
        m_entries.clear(); // bounded memory under a flood of addresses
    Entry &e = m_entries[address.toString()];
    if (now - e.windowStartMs > m_windowMs) {
        e.windowStartMs = now;
        e.failures = 0;
    }
    if (++e.failures >= m_maxFailures)
        e.bannedUntilMs = now + m_banMs;
}
