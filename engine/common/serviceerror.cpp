#include "serviceerror.h"

ServiceError ServiceError::invalid(const QString &field, const QString &message)
{
    ServiceError e;
    e.kind = Kind::InvalidInput;
    e.detail = message;
    e.errors = {{field, message}};
    return e;
}

ServiceError ServiceError::wrongType(const QString &field, const QString &message)
{
    ServiceError e;
    e.kind = Kind::WrongType;
    e.detail = message;
    e.errors = {{field, message}};
    return e;
}

ServiceError ServiceError::make(Kind kind, const QString &detail)
{
    ServiceError e;
    e.kind = kind;
    e.detail = detail;
    return e;
}

ServiceError ServiceError::storeUnavailable()
{
    ServiceError e = make(Kind::StoreUnavailable, QStringLiteral("The store is unavailable. Please try again shortly."));
    e.retryAfterSeconds = 5;
    return e;
}
