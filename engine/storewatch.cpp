#include "storewatch.h"

#include "authcache.h"
#include "ratelimiter.h"
#include "revisionstore.h"
#include "sharedcounter.h"
#include "timestamps.h"

namespace
{
// A heartbeat every second; a node unseen for 5 s no longer counts.
constexpr int kHeartbeatTicks = 1000 / StoreWatch::kPollMs;
constexpr qint64 kNodeStaleMs = 5000;
}

StoreWatch::StoreWatch(Parts parts, QObject *parent)
    : QObject(parent)
    , m_parts(std::move(parts))
{
    m_timer.setInterval(kPollMs);
    connect(&m_timer, &QTimer::timeout, this, &StoreWatch::poll);
    m_timer.start();
    poll();
}

StoreWatch::~StoreWatch()
{
    RevisionStore(*m_parts.db).leave(m_parts.nodeId);
}

bool StoreWatch::follow(const QString &name, std::optional<qint64> &seen, SharedCounter *counter)
{
    const auto now = RevisionStore(*m_parts.db).value(name);
    if (!now)
        return false;
    if (seen && *seen != *now && counter)
        counter->bump();
    seen = now;
    return true;
}

void StoreWatch::poll()
{
    // Read the clock first: a confirmation must not outlive what the read saw.
    const qint64 readAt = AuthCache::steadyNowMs();
    if (follow(QStringLiteral("auth"), m_auth, m_parts.auth) && m_parts.authConfirmedMs)
        m_parts.authConfirmedMs->store(readAt);
    follow(QStringLiteral("deletions"), m_deletions, m_parts.deletions);
    if (m_ticks++ % kHeartbeatTicks != 0)
        return;
    const qint64 now = Timestamps::nowMs();
    RevisionStore nodes(*m_parts.db);
    if (nodes.heartbeat(m_parts.nodeId, now, now - 60000) && m_parts.rateLimiter)
        m_parts.rateLimiter->setNodes(qMax(1, nodes.liveNodes(now - kNodeStaleMs)));
}
