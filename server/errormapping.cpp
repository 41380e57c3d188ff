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
    case ServiceError::Kind::Unavailable:
    case ServiceError::Kind::StoreUnavailable: return 503;
    case ServiceError::Kind::Internal: return 500;
    }
    return 500;
}

QString ErrorMapping::clientText(const QString &text)
{
    constexpr qsizetype kMax = 300;
    if (text.size() <= kMax)
        return text;
    // Cut at a code point boundary, and say how much went.
    qsizetype cut = kMax;
    if (text.at(cut - 1).isHighSurrogate())
        --cut;
    return text.left(cut) + QStringLiteral("… (%1 more characters)").arg(text.size() - cut);
}

HttpReply ErrorMapping::reply(const ServiceError &error)
{
    QJsonObject body{{"detail", clientText(error.detail)}};
    if (!error.errors.isEmpty()) {
        QJsonArray errors;
        for (const FieldError &f : error.errors)
            errors.append(QJsonObject{{"field", clientText(f.field)}, {"message", clientText(f.message)}});
        body.insert("errors", errors);
    }
    HttpReply r = HttpReply::json(status(error.kind), body);
    if (error.retryAfterSeconds > 0)
        r.header("Retry-After", QByteArray::number(error.retryAfterSeconds));
    return r;
}

HttpReply ErrorMapping::openAiReply(const ServiceError &error)
{
    QString type = QStringLiteral("invalid_request_error");
    QString code;
    switch (error.kind) {
    case ServiceError::Kind::Unauthorized: code = QStringLiteral("invalid_api_key"); break;
    case ServiceError::Kind::InsufficientBalance: type = QStringLiteral("insufficient_quota"); code = QStringLiteral("insufficient_quota"); break;
    case ServiceError::Kind::RateLimited: type = QStringLiteral("rate_limit_error"); code = QStringLiteral("rate_limit_exceeded"); break;
    case ServiceError::Kind::Unavailable:
    case ServiceError::Kind::StoreUnavailable: type = QStringLiteral("server_error"); code = QStringLiteral("service_unavailable"); break;
    case ServiceError::Kind::Internal: type = QStringLiteral("server_error"); code = QStringLiteral("internal_error"); break;
    case ServiceError::Kind::NotFound: code = QStringLiteral("not_found"); break;
    default: code = QStringLiteral("invalid_value"); break;
    }
    QJsonObject inner{{"message", clientText(error.detail)}, {"type", type}, {"code", code},
                      {"param", error.errors.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(clientText(error.errors.first().field))}};
    HttpReply r = HttpReply::json(status(error.kind), QJsonObject{{"error", inner}});
    if (error.retryAfterSeconds > 0)
        r.header("Retry-After", QByteArray::number(error.retryAfterSeconds));
    return r;
}

ErrorMapping::WebSocketClose ErrorMapping::webSocketClose(const ServiceError &error)
{
    switch (error.kind) {
    case ServiceError::Kind::InvalidInput:
    case ServiceError::Kind::WrongType:
    case ServiceError::Kind::PayloadTooLarge:
        return {1003, QStringLiteral("Invalid payload")};
    case ServiceError::Kind::Unauthorized:
    case ServiceError::Kind::InsufficientBalance:
    case ServiceError::Kind::Forbidden:
    case ServiceError::Kind::RateLimited:
        return {1008, error.detail.left(100)};
    case ServiceError::Kind::Unavailable:
        return {1013, error.detail.left(100)};
    case ServiceError::Kind::StoreUnavailable:
        return {1011, error.detail.left(100)};
    case ServiceError::Kind::NotFound:
    case ServiceError::Kind::Conflict:
    case ServiceError::Kind::Internal:
        break;
    }
    return {1011, QStringLiteral("Internal error")};
}
