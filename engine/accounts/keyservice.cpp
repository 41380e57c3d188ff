#include "keyservice.h"

#include "accountstore.h"
#include "revisionstore.h"
#include "sharedcounter.h"
#include "timestamps.h"
#include "constanttime.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

KeyService::KeyService(const Database &db, SharedCounter *revision)
    : m_db(db)
    , m_keys(db)
    , m_revision(revision)
    , m_cache(revision)
{
}

QByteArray KeyService::hash(const QString &plaintext)
{
    return QCryptographicHash::hash(plaintext.toUtf8(), QCryptographicHash::Sha256);
}

Result<CreatedKey> KeyService::create(qint64 accountId, const QString &name)
{
    const QString label = name.trimmed();
    if (label.isEmpty() || label.size() > 100)
        return ServiceError::invalid("name", QStringLiteral("key name must be 1 to 100 characters"));
    if (!AccountStore(m_db).findById(accountId))
        return ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("account not found"));
    QByteArray random(32, Qt::Uninitialized);
    QRandomGenerator::system()->generate(reinterpret_cast<quint32 *>(random.data()),
                                         reinterpret_cast<quint32 *>(random.data() + random.size()));
    CreatedKey created;
    created.plaintext = QStringLiteral("tts_")
                        + QString::fromLatin1(random.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
    created.record.accountId = accountId;
    created.record.name = label;
    created.record.keyHash = hash(created.plaintext);
    created.record.last4 = created.plaintext.right(4);
    created.record.createdAt = Timestamps::nowMs();
    const auto id = m_keys.insert(created.record);
    if (!id)
        return ServiceError::make(ServiceError::Kind::Internal, QStringLiteral("could not store the key"));
    created.record.id = *id;
    return created;
}

QList<ApiKeyRecord> KeyService::list(qint64 accountId) const
{
    return m_keys.list(accountId);
}

Result<bool> KeyService::revoke(qint64 accountId, qint64 keyId)
{
    if (!m_keys.revoke(accountId, keyId, Timestamps::nowMs()))
        return ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("key not found for this account"));
    // After the commit: every cached authentication, here and in a running server, is
    // stale; the store's revision tells the nodes on other machines (Engine polls it).
    if (m_revision)
        m_revision->bump();
    RevisionStore(m_db).bump(QStringLiteral("auth"));
    return true;
}

std::optional<AuthContext> KeyService::authenticate(const QString &plaintext, bool *storeFailed) const
{
    bool failedRead = false;
    if (storeFailed)
        *storeFailed = false;
    if (plaintext.isEmpty() || plaintext.size() > 256)
        return std::nullopt;
    const QByteArray h = hash(plaintext);
    if (const auto hit = m_cache.find(h))
        return hit;
    // Read before the store: a revocation committed meanwhile makes this fill stale.
    const quint64 revision = m_cache.revision();
    const auto key = m_keys.findByHash(h, &failedRead);
    if (failedRead) {
        if (storeFailed)
            *storeFailed = true;
        return std::nullopt;
    }
    // The lookup is by hash of a high-entropy key; the final compare is constant-time.
    if (!key || !constantTimeEquals(key->keyHash, h) || key->revokedAt != 0)
        return std::nullopt;
    const auto account = AccountStore(m_db).findById(key->accountId);
    if (!account) {
        // A key's account is never deleted without it: no row here means no answer.
        if (storeFailed)
            *storeFailed = true;
        return std::nullopt;
    }
    const AuthContext auth{account->id, key->id, account->plan};
    m_cache.insert(h, auth, revision);
    return auth;
}

std::optional<AuthContext> KeyService::authenticateCached(const QString &plaintext) const
{
    if (plaintext.isEmpty() || plaintext.size() > 256)
        return std::nullopt;
    return m_cache.find(hash(plaintext));
}
