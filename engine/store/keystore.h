#pragma once

#include "database.h"
#include "records.h"

#include <QList>

#include <optional>

// Table api_keys. Holds only hashes of keys.
class KeyStore
{
public:
    explicit KeyStore(const Database &db) : m_db(db) {}

    std::optional<qint64> insert(const ApiKeyRecord &key);
    // failed (optional): set when the store did not answer (then nullopt says nothing).
    std::optional<ApiKeyRecord> findByHash(const QByteArray &hash, bool *failed = nullptr) const;
    QList<ApiKeyRecord> list(qint64 accountId) const;
    bool revoke(qint64 accountId, qint64 keyId, qint64 now);

private:
    const Database &m_db;
};
