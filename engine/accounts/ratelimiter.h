#pragma once

#include <QHash>
#include <QMutex>

#include <optional>

// Token bucket per API key: holds perMinute requests and refills at that rate.
// Thread-safe, memory only (answered on the server thread too). On a cluster each node
// takes its share, perMinute / nodes, so a client spreading requests over every node
// gets perMinute in all (docs/scale-out.md).
class RateLimiter
{
public:
    explicit RateLimiter(int perMinute = 600);

    void setPerMinute(int perMinute);
    // How many nodes share the limit (1: this one alone).
    void setNodes(int nodes);
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
    int m_nodes = 1;
};
