#include "errormapping.h"

int ErrorMapping::status(ServiceError::Kind kind)
{
    switch (kind) {
    case ServiceError::Kind::InvalidInput: return 400;
    case ServiceError::Kind::Unauthorized: return 401;
    case ServiceError::Kind::InsufficientBalance: return 402;
    case ServiceError::Kind::Forbidden: return 403;
    case ServiceError::Kind::NotFound: return 404;
    case ServiceError::Kind::Conflict: return 409;
    case ServiceError::Kind::PayloadTooLarge: return 413;
    case ServiceError::Kind::WrongType: return 422;
    case ServiceError::Kind::RateLimited: return 429;
    case ServiceError::Kind::Unavailable: return 503;
    case ServiceError::Kind::Internal: return 500;
    }
    return 500;
}

HttpReply ErrorMapping::reply(const ServiceError &error)
{
    QJsonObject body{{"detail", error.detail}};
    if (!error.errors.isEmpty()) {
        QJsonArray errors;
        for (const FieldError &f : error.errors)
            errors.append(QJsonObject{{"field", f.field}, {"message", f.message}});
        body.insert("errors", errors);
    }
    HttpReply r = HttpReply::json(status(error.kind), body);
    if (error.retryAfterSeconds > 0)
        r.header("Retry-After", QByteArray::number(error.retryAfterSeconds));
    return r;
}
