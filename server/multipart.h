#pragma once

#include "serviceerror.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

#include <optional>

// multipart/form-data (RFC 7578 over RFC 2046), which Qt 6.4 cannot parse. Strict
// about structure (CRLF line ends, delimiters, a form-data Content-Disposition with a
// name on every part) and never trusting sizes: malformed input is an InvalidInput
// error with a detail that says what is wrong, never a crash or a partial form.
namespace Multipart
{
struct Part
{
    QString name;                                 // Content-Disposition name
    std::optional<QString> filename;              // set for file parts (may be empty)
    QByteArray contentType;                       // the part's Content-Type, if any
    QList<QPair<QByteArray, QByteArray>> headers; // names lower-cased
    QByteArray body;

    bool isFile() const { return filename.has_value(); }
};

struct Form
{
    QList<Part> parts;

    const Part *part(const QString &name) const;
    bool has(const QString &name) const { return part(name) != nullptr; }
};

constexpr int kMaxParts = 64;

// True when the Content-Type header value is multipart/form-data (any parameters).
bool isFormData(const QByteArray &contentType);
// The boundary parameter of a multipart/form-data Content-Type (quoted or not).
Result<QByteArray> boundary(const QByteArray &contentType);
// Parses a whole body. Duplicate part names are an error.
Result<Form> parse(const QByteArray &contentType, const QByteArray &body);
}
