#pragma once

#include <QHash>
#include <QMutex>

#include <optional>

// Token bucket per API key: holds perMinute requests and refills at that rate.
// Thread-safe.
class RateLimiter
{
public:
    explicit RateLimiter(int perMinute = 600);

    void setPerMinute(int perMinute);
    // nullopt: allowed. Otherwise the whole seconds until a request would be allowed.
    std::optional<int> acquire(qint64 keyId);

private:
    struct Bucket
    {
        double tokens = 0;
        qint64 lastMs = 0;
    };
    QMutex m_mutex;
    QHash<qint64, Bucket> m_buckets;
    int m_perMinute;
};
