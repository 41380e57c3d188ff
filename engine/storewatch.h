#pragma once

#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <optional>

class Database;
class RateLimiter;
class SharedCounter;

// Where several nodes share one store (PostgreSQL): what one node changes, the others
// notice within a poll. Every kPollMs it reads the store's revisions (keys and plans,
// deletions) and bumps this node's counters when they moved, so cached keys and
// finished generations are dropped; and it beats this node's heartbeat so each node
// takes its share of the rate limit. Lives on the engine thread.
class StoreWatch : public QObject
{
    Q_OBJECT

public:
    static constexpr int kPollMs = 250;

    struct Parts
    {
        const Database *db = nullptr;
        QString nodeId;
        SharedCounter *auth = nullptr;
        SharedCounter *deletions = nullptr;
        RateLimiter *rateLimiter = nullptr;
        // Set to AuthCache::steadyNowMs() whenever the auth revision was read.
        std::atomic<qint64> *authConfirmedMs = nullptr;
    };

    explicit StoreWatch(Parts parts, QObject *parent = nullptr);
    ~StoreWatch() override;

private:
    void poll();
    // False: the store did not answer.
    bool follow(const QString &name, std::optional<qint64> &seen, SharedCounter *counter);

    Parts m_parts;
    QTimer m_timer;
    std::optional<qint64> m_auth;
    std::optional<qint64> m_deletions;
    int m_ticks = 0;
};
