#pragma once

#include "serviceerror.h"

#include <QJsonObject>

#include <optional>

// Reads typed fields from a JSON request body and collects every problem:
// a field of the wrong JSON type is a 422, a missing required field or a string with a
// character no text may hold (a lone surrogate escape, NUL, control characters) a 400.
class JsonFields
{
public:
    explicit JsonFields(QJsonObject object) : m_object(std::move(object)) {}

    static Result<QJsonObject> parseObject(const QByteArray &body);

    // nullopt when absent or null (or wrong type, which is recorded).
    std::optional<QString> string(const QString &field, bool required = false);
    std::optional<double> number(const QString &field, bool required = false);
    // What a JSON null is for a boolean. The spec's optional fields take null as "not
    // given" (the default applies); the extensions' flags (timestamps) are true, false or
    // absent, and null is a wrong type (422) like "yes".
    enum class Null { WrongType, Absent };
    std::optional<bool> boolean(const QString &field, Null null = Null::WrongType);
    std::optional<ServiceError> error() const;

private:
    bool present(const QString &field, bool required);

    QJsonObject m_object;
    QList<FieldError> m_typeErrors;
    QList<FieldError> m_invalid;
    QList<FieldError> m_missing;
};
