#include "ratelimiter.h"

#include "timestamps.h"

#include <cmath>

RateLimiter::RateLimiter(int perMinute)
    : m_perMinute(qMax(1, perMinute))
{
}

void RateLimiter::setPerMinute(int perMinute)
{
    QMutexLocker lock(&m_mutex);
    m_perMinute = qMax(1, perMinute);
    m_buckets.clear();
}

void RateLimiter::setNodes(int nodes)
{
    QMutexLocker lock(&m_mutex);
    const int n = qMax(1, nodes);
    if (n == m_nodes)
        return;
    // Buckets keep their fill as a fraction of the new capacity.
    const double scale = double(m_nodes) / double(n);
    for (Bucket &b : m_buckets)
        b.tokens *= scale;
    m_nodes = n;
}

std::optional<int> RateLimiter::acquire(qint64 keyId)
{
    const qint64 now = Timestamps::nowMs();
    QMutexLocker lock(&m_mutex);
    const double share = double(m_perMinute) / double(m_nodes);
    const double ratePerMs = share / 60000.0;
    auto it = m_buckets.find(keyId);
    if (it == m_buckets.end())
        it = m_buckets.insert(keyId, Bucket{share, now});
    Bucket &b = it.value();
    b.tokens = qMin(share, b.tokens + double(now - b.lastMs) * ratePerMs);
    b.lastMs = now;
    if (b.tokens >= 1.0) {
        b.tokens -= 1.0;
        return std::nullopt;
    }
    return qMax(1, int(std::ceil((1.0 - b.tokens) / ratePerMs / 1000.0)));
}
