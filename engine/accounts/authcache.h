#pragma once

#include <QByteArray>
#include <QHash>
#include <QMutex>
#include <QString>

#include <atomic>
#include <optional>

class SharedCounter;

// Who is calling: the result of authenticating an API key.
struct AuthContext
{
    qint64 accountId = 0;
    qint64 keyId = 0;
    QString plan;
};

// Successful authentications by key hash, valid while the shared revision is unchanged
// (any revocation or plan change, in any process, bumps it). Refusals are never cached.
// Thread-safe.
class AuthCache
{
public:
    explicit AuthCache(const SharedCounter *revision);

    // The revision to tag a fill with; read it before asking the store.
    quint64 revision() const;
    std::optional<AuthContext> find(const QByteArray &keyHash) const;
    void insert(const QByteArray &keyHash, const AuthContext &auth, quint64 revision);
    // On a shared store the revision only moves when a poll reads the store's (StoreWatch):
    // confirmedMs is when one last did (steadyNowMs()). A node that stalled, or cannot
    // read the store, has not seen the revocations of the last moments: its cache is
    // not trusted once that is older than kMaxUnconfirmedMs.
    void setConfirmation(const std::atomic<qint64> *confirmedMs) { m_confirmedMs = confirmedMs; }
    static qint64 steadyNowMs();
    static constexpr qint64 kMaxUnconfirmedMs = 1000;

private:
    struct Entry
    {
        AuthContext auth;
        quint64 revision = 0;
    };
    static constexpr int kMaxEntries = 4096;

    const SharedCounter *m_revision;
    const std::atomic<qint64> *m_confirmedMs = nullptr;
    mutable QMutex m_mutex;
    QHash<QByteArray, Entry> m_entries;
};
