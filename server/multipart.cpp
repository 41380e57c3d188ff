#include "multipart.h"

namespace
{
constexpr qsizetype kMaxHeaderBlock = 8 * 1024;

ServiceError malformed(const QString &what)
{
    ServiceError e = ServiceError::invalid(QStringLiteral("body"), QStringLiteral("Malformed multipart/form-data body: %1").arg(what));
    return e;
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t';
}

struct HeaderValue
{
    QByteArray value;                               // the part before the first ';', trimmed
    QList<QPair<QByteArray, QByteArray>> params;    // names lower-cased, values unquoted
    QString error;
};

// value *( ";" name [ "=" ( token / quoted-string ) ] )
HeaderValue parseHeaderValue(const QByteArray &raw)
{
    HeaderValue out;
    qsizetype i = raw.indexOf(';');
    out.value = (i < 0 ? raw : raw.left(i)).trimmed();
    if (i < 0)
        return out;
    const qsizetype n = raw.size();
    while (i < n) {
        while (i < n && (raw[i] == ';' || isSpace(raw[i])))
            ++i;
        if (i >= n)
            break;
        qsizetype start = i;
        while (i < n && raw[i] != '=' && raw[i] != ';')
            ++i;
        const QByteArray name = raw.mid(start, i - start).trimmed().toLower();
        QByteArray value;
        if (i < n && raw[i] == '=') {
            ++i;
            while (i < n && isSpace(raw[i]))
                ++i;
            if (i < n && raw[i] == '"') {
                ++i;
                bool closed = false;
                while (i < n) {
                    const char c = raw[i++];
                    if (c == '\\' && i < n) {
                        value += raw[i++];
                    } else if (c == '"') {
                        closed = true;
                        break;
                    } else {
                        value += c;
                    }
                }
                if (!closed) {
                    out.error = QStringLiteral("unterminated quoted string in a header parameter");
                    return out;
                }
            } else {
                start = i;
                while (i < n && raw[i] != ';')
                    ++i;
                value = raw.mid(start, i - start).trimmed();
            }
        }
        if (name.isEmpty()) {
            out.error = QStringLiteral("a header parameter has no name");
            return out;
        }
        out.params.append({name, value});
    }
    return out;
}

std::optional<QByteArray> param(const HeaderValue &h, const QByteArray &name)
{
    for (const auto &p : h.params)
        if (p.first == name)
            return p.second;
    return std::nullopt;
}

// RFC 5987 ext-value: charset'language'percent-encoded
std::optional<QString> decodeExtValue(const QByteArray &v)
{
    const qsizetype a = v.indexOf('\'');
    const qsizetype b = a < 0 ? -1 : v.indexOf('\'', a + 1);
    if (b < 0)
        return std::nullopt;
    const QByteArray charset = v.left(a).toLower();
    const QByteArray decoded = QByteArray::fromPercentEncoding(v.mid(b + 1));
    if (charset == "utf-8")
        return QString::fromUtf8(decoded);
    if (charset == "iso-8859-1")
        return QString::fromLatin1(decoded);
    return std::nullopt;
}
}

const Multipart::Part *Multipart::Form::part(const QString &name) const
{
    for (const Part &p : parts)
        if (p.name == name)
            return &p;
    return nullptr;
}

bool Multipart::isFormData(const QByteArray &contentType)
{
    const qsizetype semi = contentType.indexOf(';');
    return (semi < 0 ? contentType : contentType.left(semi)).trimmed().toLower() == "multipart/form-data";
}

Result<QByteArray> Multipart::boundary(const QByteArray &contentType)
{
    const HeaderValue h = parseHeaderValue(contentType);
    if (h.value.toLower() != "multipart/form-data")
        return ServiceError::invalid("Content-Type", QStringLiteral("Content-Type must be multipart/form-data"));
    if (!h.error.isEmpty())
        return ServiceError::invalid("Content-Type", QStringLiteral("Malformed Content-Type: %1").arg(h.error));
    const auto b = param(h, "boundary");
    if (!b || b->isEmpty())
        return ServiceError::invalid("Content-Type", QStringLiteral("multipart/form-data needs a boundary parameter in Content-Type"));
    if (b->size() > 70)
        return ServiceError::invalid("Content-Type", QStringLiteral("The multipart boundary must be at most 70 characters"));
    for (char c : *b)
        if (uchar(c) < 0x20 || uchar(c) > 0x7e)
            return ServiceError::invalid("Content-Type", QStringLiteral("The multipart boundary has an invalid character"));
    return *b;
}

Result<Multipart::Form> Multipart::parse(const QByteArray &contentType, const QByteArray &body)
{
    const auto b = boundary(contentType);
    if (!b)
        return b.error();
    const QByteArray delimiter = "--" + *b;
    const QByteArray crlfDelimiter = "\r\n" + delimiter;

    // The first delimiter starts the body or follows a preamble and CRLF.
    qsizetype pos = 0;
    if (!body.startsWith(delimiter)) {
        const qsizetype first = body.indexOf(crlfDelimiter);
        if (first < 0)
            return malformed(QStringLiteral("the boundary from Content-Type does not occur in the body"));
        pos = first + 2;
    }

    Form form;
    for (;;) {
        pos += delimiter.size();
        if (body.mid(pos, 2) == "--")
            break; // close delimiter; an epilogue is ignored
        while (pos < body.size() && isSpace(body[pos]))
            ++pos;
        if (body.mid(pos, 2) != "\r\n")
            return malformed(QStringLiteral("a boundary line is not followed by CRLF"));
        pos += 2;

        // Header block, up to an empty line.
        qsizetype bodyStart;
        QByteArray headerBlock;
        if (body.mid(pos, 2) == "\r\n") {
            bodyStart = pos + 2;
        } else {
            const qsizetype end = body.indexOf("\r\n\r\n", pos);
            if (end < 0 || end - pos > kMaxHeaderBlock)
                return malformed(QStringLiteral("part %1 has no end of headers (empty line)").arg(form.parts.size() + 1));
            headerBlock = body.mid(pos, end - pos);
            bodyStart = end + 4;
        }
        const qsizetype next = body.indexOf(crlfDelimiter, bodyStart);
        if (next < 0)
            return malformed(QStringLiteral("part %1 is not terminated by a boundary (truncated body?)").arg(form.parts.size() + 1));

        Part part;
        part.body = body.mid(bodyStart, next - bodyStart);
        std::optional<HeaderValue> disposition;
        if (!headerBlock.isEmpty()) {
            qsizetype lineStart = 0;
            while (lineStart <= headerBlock.size()) {
                qsizetype lineEnd = headerBlock.indexOf("\r\n", lineStart);
                if (lineEnd < 0)
                    lineEnd = headerBlock.size();
                const QByteArray l = headerBlock.mid(lineStart, lineEnd - lineStart);
                lineStart = lineEnd + 2;
                const qsizetype colon = l.indexOf(':');
                if (colon <= 0)
                    return malformed(QStringLiteral("part %1 has a header line without a name").arg(form.parts.size() + 1));
                const QByteArray name = l.left(colon).trimmed().toLower();
                const QByteArray value = l.mid(colon + 1).trimmed();
                part.headers.append({name, value});
                if (name == "content-disposition") {
                    if (disposition)
                        return malformed(QStringLiteral("part %1 has two Content-Disposition headers").arg(form.parts.size() + 1));
                    disposition = parseHeaderValue(value);
                } else if (name == "content-type") {
                    part.contentType = value;
                }
            }
        }
        if (!disposition)
            return malformed(QStringLiteral("part %1 has no Content-Disposition header").arg(form.parts.size() + 1));
        if (!disposition->error.isEmpty())
            return malformed(QStringLiteral("part %1: %2").arg(form.parts.size() + 1).arg(disposition->error));
        if (disposition->value.toLower() != "form-data")
            return malformed(QStringLiteral("part %1 is not form-data").arg(form.parts.size() + 1));
        const auto name = param(*disposition, "name");
        if (!name || name->isEmpty())
            return malformed(QStringLiteral("part %1 has no name").arg(form.parts.size() + 1));
        part.name = QString::fromUtf8(*name);
        if (const auto ext = param(*disposition, "filename*")) {
            part.filename = decodeExtValue(*ext);
            if (!part.filename)
                return malformed(QStringLiteral("part '%1' has an unreadable filename*").arg(part.name));
        } else if (const auto fn = param(*disposition, "filename")) {
            part.filename = QString::fromUtf8(*fn);
        }
        if (form.has(part.name))
            return malformed(QStringLiteral("the field '%1' occurs twice").arg(part.name));
        if (form.parts.size() >= kMaxParts)
            return malformed(QStringLiteral("more than %1 parts").arg(kMaxParts));
        form.parts.append(std::move(part));
        pos = next + 2;
    }
    return form;
}
