#pragma once

#include "database.h"
#include "keystore.h"
#include "records.h"
#include "serviceerror.h"
#include "authcache.h"

#include <optional>

class SharedCounter;

struct CreatedKey
{
    ApiKeyRecord record;
    QString plaintext; // shown once, never stored
};

// API keys: random 32 bytes, stored as SHA-256 hashes, shown once, revocable.
class KeyService
{
public:
    // revision: bumped by whoever revokes a key or changes a plan, in any process;
    // without one (or when it is not shared) nothing is cached.
    explicit KeyService(const Database &db, SharedCounter *revision = nullptr);

    Result<CreatedKey> create(qint64 accountId, const QString &name);
    QList<ApiKeyRecord> list(qint64 accountId) const;
    Result<bool> revoke(qint64 accountId, qint64 keyId);
    // Answers from memory when it can, else from the store. A revocation (even from
    // another process) bumps the shared revision first, so it is effective on the next
    // request.
    // storeFailed (optional): set when the store could not be asked; the nullopt is then
    // no refusal of the key (answer 503, count no failed attempt).
    std::optional<AuthContext> authenticate(const QString &plaintext, bool *storeFailed = nullptr) const;
    // Memory only: a hit, or nullopt when the store must be asked (never a refusal).
    // Cheap enough for the server thread.
    std::optional<AuthContext> authenticateCached(const QString &plaintext) const;

    static QByteArray hash(const QString &plaintext);
    // See AuthCache::setConfirmation (shared stores: StoreWatch's last read of the revisions).
    void setCacheConfirmation(const std::atomic<qint64> *confirmedMs) { m_cache.setConfirmation(confirmedMs); }

private:
    const Database &m_db;
    KeyStore m_keys;
    SharedCounter *m_revision;
    mutable AuthCache m_cache;
};
