#pragma once

#include <QByteArray>
#include <QString>

// Signs download links so they work without the API key: HMAC-SHA256 over the
// generation id and the expiry time, with a server secret kept in the store.
class UrlSigner
{
public:
    explicit UrlSigner(QByteArray secret = {});

    void setSecret(const QByteArray &secret) { m_secret = secret; }
    QString sign(const QString &generationId, qint64 expiresSec) const;
    bool verify(const QString &generationId, qint64 expiresSec, const QString &signature) const;

private:
    QByteArray m_secret;
};
