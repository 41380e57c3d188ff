#include "jsonfields.h"

#include "speechrequestcheck.h"

#include <QJsonDocument>
#include <QJsonParseError>

Result<QJsonObject> JsonFields::parseObject(const QByteArray &body)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &pe);
    if (pe.error != QJsonParseError::NoError) {
        ServiceError e = ServiceError::invalid("body", QStringLiteral("Malformed JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset));
        e.detail = QStringLiteral("Malformed JSON in request body");
        return e;
    }
    if (!doc.isObject())
        return ServiceError::invalid("body", QStringLiteral("Request body must be a JSON object"));
    return doc.object();
}

bool JsonFields::present(const QString &field, bool required)
{
    const QJsonValue v = m_object.value(field);
    if (v.isUndefined() || v.isNull()) {
        if (required)
            m_missing.append({field, QStringLiteral("Field required")});
        return false;
    }
    return true;
}

std::optional<QString> JsonFields::string(const QString &field, bool required)
{
    if (!present(field, required))
        return std::nullopt;
    const QJsonValue v = m_object.value(field);
    if (!v.isString()) {
        m_typeErrors.append({field, QStringLiteral("must be a string")});
        return std::nullopt;
    }
    // QJsonDocument keeps a lone surrogate escape as it is; stored as UTF-8 it would
    // silently become another character. Refuse instead of changing what was sent.
    const QString s = v.toString();
    if (const auto bad = SpeechRequestCheck::invalidCharacter(s)) {
        m_invalid.append({field, QStringLiteral("%1 contains an invalid character: %2").arg(field, *bad)});
        return std::nullopt;
    }
    return s;
}

std::optional<double> JsonFields::number(const QString &field, bool required)
{
    if (!present(field, required))
        return std::nullopt;
    const QJsonValue v = m_object.value(field);
    if (!v.isDouble()) {
        m_typeErrors.append({field, QStringLiteral("must be a number")});
        return std::nullopt;
    }
    return v.toDouble();
}

std::optional<bool> JsonFields::boolean(const QString &field, Null null)
{
    if (null == Null::WrongType && m_object.value(field).isNull()) {
        m_typeErrors.append({field, QStringLiteral("must be a boolean (true or false), not null")});
        return std::nullopt;
    }
    if (!present(field, false))
        return std::nullopt;
    const QJsonValue v = m_object.value(field);
    if (!v.isBool()) {
        m_typeErrors.append({field, QStringLiteral("must be a boolean")});
        return std::nullopt;
    }
    return v.toBool();
}

std::optional<ServiceError> JsonFields::error() const
{
    if (!m_typeErrors.isEmpty()) {
        ServiceError e;
        e.kind = ServiceError::Kind::WrongType;
        e.errors = m_typeErrors;
        QStringList parts;
        for (const FieldError &f : m_typeErrors)
            parts << f.field + u' ' + f.message;
        e.detail = QStringLiteral("Validation error: %1").arg(parts.join(QStringLiteral("; ")));
        return e;
    }
    if (!m_invalid.isEmpty()) {
        ServiceError e;
        e.kind = ServiceError::Kind::InvalidInput;
        e.errors = m_invalid;
        e.detail = m_invalid.first().message;
        return e;
    }
    if (!m_missing.isEmpty()) {
        ServiceError e;
        e.kind = ServiceError::Kind::InvalidInput;
        e.errors = m_missing;
        QStringList names;
        for (const FieldError &f : m_missing)
            names << f.field;
        e.detail = QStringLiteral("Missing required field: %1").arg(names.join(QStringLiteral(", ")));
        return e;
    }
    return std::nullopt;
}
