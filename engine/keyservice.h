#pragma once

#include "database.h"
#include "keystore.h"
#include "records.h"
#include "serviceerror.h"

#include <optional>

// Who is calling: the result of authenticating an API key.
struct AuthContext
{
    qint64 accountId = 0;
    qint64 keyId = 0;
    QString plan;
};

struct CreatedKey
{
    ApiKeyRecord record;
    QString plaintext; // shown once, never stored
};

// API keys: random 32 bytes, stored as SHA-256 hashes, shown once, revocable.
class KeyService
{
public:
    explicit KeyService(const Database &db);

    Result<CreatedKey> create(qint64 accountId, const QString &name);
    QList<ApiKeyRecord> list(qint64 accountId) const;
    Result<bool> revoke(qint64 accountId, qint64 keyId);
    // Reads the store on every call, so a revocation (even from another process)
    // is effective on the next request.
    std::optional<AuthContext> authenticate(const QString &plaintext) const;

    static QByteArray hash(const QString &plaintext);

private:
    const Database &m_db;
    KeyStore m_keys;
};
