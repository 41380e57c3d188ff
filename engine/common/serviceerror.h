#pragma once

#include <QList>
#include <QString>

// The core's error vocabulary. The server maps kinds to HTTP status in one place
// (server/errormapping.cpp); the GUI and command line show the detail.
struct FieldError
{
    QString field;
    QString message;
};

struct ServiceError
{
    enum class Kind {
        InvalidInput,        // 400
        WrongType,           // 422
        Unauthorized,        // 401
        InsufficientBalance, // 402
        Forbidden,           // 403
        NotFound,            // 404
        Conflict,            // 409
        PayloadTooLarge,     // 413
        RateLimited,         // 429
        Unavailable,         // 503 (capacity: queue full, too many streams; streams close 1013)
        StoreUnavailable,    // 503 (the store does not answer; streams close 1011 with the detail)
        Internal,            // 500
    };

    Kind kind = Kind::Internal;
    QString detail;
    QList<FieldError> errors;
    int retryAfterSeconds = 0;

    static ServiceError invalid(const QString &field, const QString &message);
    static ServiceError wrongType(const QString &field, const QString &message);
    static ServiceError make(Kind kind, const QString &detail);
    // A read the store could not answer (the database is away): 503 with Retry-After,
    // never "not found" or "unauthorized" for a row that may well exist.
    static ServiceError storeUnavailable();
};

// A value or a ServiceError: the result of every expected-to-fail service call.
template <typename T>
class Result
{
public:
    Result(T value) : m_value(std::move(value)), m_ok(true) {}
    Result(ServiceError error) : m_error(std::move(error)), m_ok(false) {}

    bool ok() const { return m_ok; }
    explicit operator bool() const { return m_ok; }
    const T &value() const { return m_value; }
    T &value() { return m_value; }
    const T *operator->() const { return &m_value; }
    const T &operator*() const { return m_value; }
    const ServiceError &error() const { return m_error; }

private:
    T m_value{};
    ServiceError m_error;
    bool m_ok;
};
