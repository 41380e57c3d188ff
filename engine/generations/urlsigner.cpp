#include "urlsigner.h"

#include "constanttime.h"

#include <QMessageAuthenticationCode>

UrlSigner::UrlSigner(QByteArray secret)
    : m_secret(std::move(secret))
{
}

QString UrlSigner::sign(const QString &generationId, qint64 expiresSec) const
{
    const QByteArray msg = generationId.toUtf8() + '.' + QByteArray::number(expiresSec);
    return QString::fromLatin1(QMessageAuthenticationCode::hash(msg, m_secret, QCryptographicHash::Sha256)
                                   .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

bool UrlSigner::verify(const QString &generationId, qint64 expiresSec, const QString &signature) const
{
    return constantTimeEquals(sign(generationId, expiresSec).toLatin1(), signature.toLatin1());
}
