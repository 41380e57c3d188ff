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

std::optional<int> RateLimiter::acquire(qint64 keyId)
{
    const qint64 now = Timestamps::nowMs();
    QMutexLocker lock(&m_mutex);
    const double ratePerMs = double(m_perMinute) / 60000.0;
    auto it = m_buckets.find(keyId);
    if (it == m_buckets.end())
        it = m_buckets.insert(keyId, Bucket{double(m_perMinute), now});
    Bucket &b = it.value();
    b.tokens = qMin(double(m_perMinute), b.tokens + double(now - b.lastMs) * ratePerMs);
    b.lastMs = now;
    if (b.tokens >= 1.0) {
        b.tokens -= 1.0;
        return std::nullopt;
    }
    return qMax(1, int(std::ceil((1.0 - b.tokens) / ratePerMs / 1000.0)));
}
