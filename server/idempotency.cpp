#include "idempotency.h"

#include "generationservice.h"

#include <QCryptographicHash>

std::optional<ServiceError> Idempotency::apply(const RequestContext &ctx, const QByteArray &scope, CreateGeneration &request)
{
    const QByteArray key = ctx.header("idempotency-key");
    if (key.isEmpty())
        return std::nullopt;
    if (key.size() > 255)
        return ServiceError::invalid("Idempotency-Key", QStringLiteral("Idempotency-Key must be at most 255 characters"));
    request.idempotencyKey = QString::fromLatin1(key);
    // v3 hashes the body alone (rows stored before v2 took the header keep replaying).
    QCryptographicHash hash(QCryptographicHash::Sha256);
    if (!scope.isEmpty())
        hash.addData(scope + '\n');
    hash.addData(ctx.body);
    request.requestHash = QString::fromLatin1(hash.result().toHex());
    return std::nullopt;
}
