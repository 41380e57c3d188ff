#include "httpheadparser.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <optional>
#include <utility>

namespace
{
constexpr int kMaxChunkLineBytes = 1024; // chunk size plus extensions

const QByteArray kBadRequest = QByteArrayLiteral("Bad Request");
const QByteArray kTooLarge = QByteArrayLiteral("Payload Too Large");
const QByteArray kHeadersTooLarge = QByteArrayLiteral("Request Header Fields Too Large");

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// RFC 9110 5.6.2: the characters of a token (header names, methods).
bool isTokenChar(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return c && std::strchr("!#$%&'*+-.^_`|~", c) != nullptr;
}

bool isToken(const QByteArray &s)
{
    return !s.isEmpty() && std::all_of(s.cbegin(), s.cend(), isTokenChar);
}

// host [":" port], the host a name, an IPv4 address or a bracketed IPv6 literal.
bool validHost(const QByteArray &host)
{
    if (host.isEmpty())
        return true; // absent or empty: checkHost() decides whether the version allows it
    QByteArray name = host, port;
    if (host.startsWith('[')) {
        const qsizetype close = host.indexOf(']');
        if (close < 0)
            return false;
        name = host.left(close + 1);
        const QByteArray rest = host.mid(close + 1);
        if (!rest.isEmpty() && !rest.startsWith(':'))
            return false;
        port = rest.mid(1);
        if (!rest.isEmpty() && port.isEmpty())
            return false;
        const QByteArray inner = name.mid(1, name.size() - 2);
        if (inner.isEmpty() || !std::all_of(inner.cbegin(), inner.cend(), [](char c) {
                return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.';
            }))
            return false;
    } else {
        const qsizetype colon = host.indexOf(':');
        if (colon >= 0) {
            name = host.left(colon);
            port = host.mid(colon + 1);
            if (port.isEmpty())
                return false;
        }
        if (name.isEmpty() || !std::all_of(name.cbegin(), name.cend(), [](char c) {
                return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_';
            }))
            return false;
    }
    if (port.isNull())
        return true;
    if (port.size() > 5 || !std::all_of(port.cbegin(), port.cend(), [](char c) { return c >= '0' && c <= '9'; }))
        return false;
    return port.toInt() <= 65535;
}

// RFC 9110 5.5: a field value holds no control characters but HTAB (a NUL or a bare CR
// is read differently by different parsers, and ends up in logs and links).
bool hasControlChar(const QByteArray &value)
{
    return std::any_of(value.cbegin(), value.cend(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return (u < 0x20 && c != '\t') || u == 0x7f;
    });
}

// RFC 9110 5.5: a field value without the optional white space (SP, HTAB) around it;
// any other byte there (VT, FF) stays, to be refused as a control character.
QByteArray withoutOws(const QByteArray &value)
{
    qsizetype from = 0, to = value.size();
    while (from < to && (value.at(from) == ' ' || value.at(from) == '\t'))
        ++from;
    while (to > from && (value.at(to - 1) == ' ' || value.at(to - 1) == '\t'))
        --to;
    return value.mid(from, to - from);
}

// The authority of an absolute-form request target ("http://host:port/path"): nullopt
// for any other form, a null array for a URL no plain-HTTP server answers (another
// scheme, userinfo).
std::optional<QByteArray> absoluteAuthority(const QByteArray &target)
{
    const qsizetype sep = target.indexOf("://");
    if (sep <= 0 || target.startsWith('/')
        || !std::all_of(target.cbegin(), target.cbegin() + sep, [](char c) {
               return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
           }))
        return std::nullopt;
    if (target.left(sep).toLower() != "http")
        return QByteArray();
    qsizetype end = sep + 3;
    while (end < target.size() && !std::strchr("/?#", target.at(end)))
        ++end;
    const QByteArray authority = target.mid(sep + 3, end - sep - 3);
    if (authority.contains('@'))
        return QByteArray();
    return authority.isNull() ? QByteArray("") : authority;
}

// Takes the bytes up to and including the next LF (or all of them) into `line`.
// Returns true when the line is complete; `raw` is the number of bytes taken.
bool takeLine(const char *data, qsizetype size, qsizetype &pos, QByteArray &line, qsizetype &raw)
{
    const void *nl = std::memchr(data + pos, '\n', size_t(size - pos));
    const qsizetype end = nl ? static_cast<const char *>(nl) - data : size;
    line.append(data + pos, end - pos);
    raw = end - pos + (nl ? 1 : 0);
    pos = nl ? end + 1 : size;
    return nl != nullptr;
}

// Length of a line without its CR: a complete line drops one trailing CR (CRLF), a
// partial one too (it may be the start of CRLF), so checks do not depend on where
// the bytes were split.
qsizetype contentLength(const QByteArray &line)
{
    return line.endsWith('\r') ? line.size() - 1 : line.size();
}
}

HttpHeadParser::HttpHeadParser(const HttpLimits &limits, HostCheck hostCheck, Events events)
    : m_limits(limits)
    , m_hostCheck(std::move(hostCheck))
    , m_events(std::move(events))
{
}

bool HttpHeadParser::consume(const char *data, qsizetype size)
{
    bool requestData = false;
    qsizetype pos = 0;
    while (pos < size) {
        switch (m_phase) {
        case Phase::Head:
            requestData = consumeHead(data, size, pos) || requestData;
            break;
        case Phase::Body: {
            requestData = true;
            const qint64 take = qMin<qint64>(m_bodyLeft, size - pos);
            m_bodyLeft -= take;
            m_bodyBytes += take;
            pos += take;
            if (m_bodyLeft == 0)
                completeRequest();
            break;
        }
        case Phase::Chunked:
            requestData = true;
            consumeChunked(data, size, pos);
            break;
        case Phase::Passthrough:
        case Phase::Rejected:
            m_usedInLastCall = pos;
            return requestData;
        }
    }
    m_usedInLastCall = pos;
    return requestData;
}

bool HttpHeadParser::consumeHead(const char *data, qsizetype size, qsizetype &pos)
{
    if (m_lines.isEmpty() && m_line.isEmpty()) {
        // Blank lines before a request line are skipped, as Qt's parser does.
        while (pos < size && (data[pos] == '\r' || data[pos] == '\n'))
            ++pos;
        if (pos == size)
            return false;
        m_host.clear();
        m_origin.clear();
        if (m_events.requestStarted)
            m_events.requestStarted();
    }
    while (pos < size && m_phase == Phase::Head) {
        qsizetype raw = 0;
        const bool complete = takeLine(data, size, pos, m_line, raw);
        const bool requestLine = m_lines.isEmpty();
        if (requestLine) {
            if (contentLength(m_line) > m_limits.maxRequestLineBytes) {
                reject(414, "URI Too Long", QStringLiteral("Request line longer than %1 bytes").arg(m_limits.maxRequestLineBytes));
                return true;
            }
        } else {
            m_headerBytes += raw;
            if (m_headerBytes > m_limits.maxHeaderBytes) {
                reject(431, kHeadersTooLarge, QStringLiteral("Request headers larger than %1 bytes").arg(m_limits.maxHeaderBytes));
                return true;
            }
        }
        if (!complete)
            return true;
        if (m_line.endsWith('\r'))
            m_line.chop(1);
        if (!requestLine && m_line.isEmpty()) {
            finishHead();
            return true;
        }
        if (!requestLine && m_lines.size() > m_limits.maxHeaderCount) {
            reject(431, kHeadersTooLarge, QStringLiteral("More than %1 request headers").arg(m_limits.maxHeaderCount));
            return true;
        }
        m_lines.append(std::exchange(m_line, QByteArray()));
    }
    return true;
}

bool HttpHeadParser::finishHead()
{
    const QList<QByteArray> lines = std::exchange(m_lines, {});
    m_line.clear();
    m_headerBytes = 0;

    RequestMeta meta;
    QByteArray target;
    if (!checkRequestLine(lines.value(0), meta, target))
        return false;
    const bool http11 = !meta.closeAfter; // checkRequestLine: only HTTP/1.0 closes by itself
    HeadFields fields;
    if (!readFields(lines, fields))
        return false;

    // Kept for a refusal of this request (its answer may carry CORS headers).
    m_host = fields.host;
    m_origin = fields.origin;
    if (!checkHost(target, http11, fields.host))
        return false;
    if (const std::optional<bool> upgraded = upgradeToWebSocket(fields))
        return *upgraded;
    bool chunked = false;
    qint64 bodyLength = 0;
    if (!checkFraming(fields, chunked, bodyLength))
        return false;
    meta.closeAfter = meta.closeAfter || fields.connectionTokens.contains("close");
    if (m_events.requestHead)
        m_events.requestHead(meta);
    if (m_phase == Phase::Rejected) // the connection refused it (too many unanswered)
        return true;
    if (fields.expect.compare("100-continue", Qt::CaseInsensitive) == 0 && m_events.expectContinue)
        m_events.expectContinue(); // answered at once: curl would stall 1 s
    startBody(chunked, bodyLength);
    return true;
}

// A duplicate of a field that decides framing or the hand-over could be read differently
// by Qt's parser (its lookup takes the last one), so it is refused rather than guessed.
bool HttpHeadParser::readFields(const QList<QByteArray> &lines, HeadFields &fields)
{
    for (qsizetype i = 1; i < lines.size(); ++i)
        if (!readField(lines.at(i), fields))
            return false;
    return true;
}

bool HttpHeadParser::readField(const QByteArray &line, HeadFields &fields)
{
    if (line.startsWith(' ') || line.startsWith('\t')) {
        reject(400, kBadRequest, QStringLiteral("Folded header lines are not supported"));
        return false;
    }
    const qsizetype colon = line.indexOf(':');
    if (colon < 0) {
        reject(400, kBadRequest, QStringLiteral("Malformed header line: no colon"));
        return false;
    }
    // RFC 9112 5.1: no whitespace between a field name and its colon (a parser that
    // trims it and one that does not would frame the request differently).
    const QByteArray rawName = line.left(colon);
    if (!isToken(rawName)) {
        reject(400, kBadRequest,
               rawName.endsWith(' ') || rawName.endsWith('\t')
                   ? QStringLiteral("Whitespace between a header name and its colon is not allowed")
                   : QStringLiteral("Invalid header name"));
        return false;
    }
    const QByteArray name = rawName.toLower();
    const QByteArray value = withoutOws(line.mid(colon + 1));
    if (hasControlChar(value)) {
        reject(400, kBadRequest, QStringLiteral("Control character in the value of header %1").arg(QString::fromLatin1(rawName.left(60))));
        return false;
    }
    if (name == "connection") {
        fields.connection += value.toLower() + ',';
        for (const QByteArray &t : value.split(','))
            fields.connectionTokens.append(t.trimmed().toLower());
        return true;
    }
    QByteArray *slot = nullptr;
    if (name == "upgrade")
        slot = &fields.upgrade;
    else if (name == "host")
        slot = &fields.host;
    else if (name == "origin")
        slot = &fields.origin;
    else if (name == "expect")
        slot = &fields.expect;
    else if (name == "content-length")
        slot = &fields.length, fields.hasLength = true;
    else if (name == "transfer-encoding")
        slot = &fields.encoding, fields.hasEncoding = true;
    if (!slot)
        return true;
    if (!slot->isNull()) {
        reject(400, kBadRequest, QStringLiteral("Duplicate %1 header").arg(QString::fromLatin1(line.left(colon).trimmed())));
        return false;
    }
    *slot = value.isNull() ? QByteArray("") : value;
    return true;
}

std::optional<bool> HttpHeadParser::upgradeToWebSocket(const HeadFields &fields)
{
    if (fields.upgrade.compare("websocket", Qt::CaseInsensitive) != 0)
        return std::nullopt;
    // Refused here, before Qt sees it: once QHttpServer has the request it upgrades
    // whatever its route answers (writing a 403 there crashes Qt 6.4).
    if (m_hostCheck) {
        const QString refusal = m_hostCheck(fields.host, fields.origin);
        if (!refusal.isEmpty()) {
            reject(403, "Forbidden", refusal);
            return false;
        }
    }
    // Qt upgrades only when Connection mentions "upgrade" too; without it the request
    // stays HTTP, and so stays guarded.
    if (!fields.connection.contains("upgrade"))
        return std::nullopt;
    // The WebSocket takes the connection over; it has its own message limits.
    m_phase = Phase::Passthrough;
    if (m_events.upgraded)
        m_events.upgraded();
    return true;
}

bool HttpHeadParser::checkFraming(const HeadFields &fields, bool &chunked, qint64 &bodyLength)
{
    if (fields.hasEncoding) {
        if (fields.hasLength) {
            reject(400, kBadRequest, QStringLiteral("Both Transfer-Encoding and Content-Length"));
            return false;
        }
        const QList<QByteArray> codings = fields.encoding.split(',');
        if (codings.last().trimmed().toLower() != "chunked") {
            reject(400, kBadRequest, QStringLiteral("Unsupported Transfer-Encoding: the last coding must be chunked"));
            return false;
        }
        // RFC 9112 6.1: a coding the server does not understand is a 501, never passed
        // on as if the body were plain chunks.
        if (codings.size() > 1) {
            reject(501, "Not Implemented",
                   QStringLiteral("Transfer-Encoding %1 is not implemented: only chunked is supported")
                       .arg(QString::fromLatin1(codings.first().trimmed().left(40))));
            return false;
        }
        chunked = true;
    }
    if (fields.hasLength) {
        bool digits = !fields.length.isEmpty() && fields.length.size() <= 18;
        for (const char c : fields.length)
            digits = digits && c >= '0' && c <= '9';
        if (!digits) {
            reject(400, kBadRequest, QStringLiteral("Invalid Content-Length"));
            return false;
        }
        bodyLength = fields.length.toLongLong();
        if (bodyLength > m_limits.maxBodyBytes) {
            reject(413, kTooLarge, QStringLiteral("Request body too large: at most 1 MiB allowed"));
            return false;
        }
    }
    return true;
}

void HttpHeadParser::startBody(bool chunked, qint64 bodyLength)
{
    m_bodyBytes = 0;
    if (chunked) {
        m_phase = Phase::Chunked;
        m_chunk = Chunk::Size;
    } else if (bodyLength > 0) {
        m_phase = Phase::Body;
        m_bodyLeft = bodyLength;
    } else {
        completeRequest();
    }
}

// RFC 9112 3.2: which server a request is for, named once and without a guess.
bool HttpHeadParser::checkHost(const QByteArray &target, bool http11, const QByteArray &host)
{
    if (!validHost(host)) {
        reject(400, kBadRequest, QStringLiteral("Invalid Host header"));
        return false;
    }
    if (http11 && host.isEmpty()) {
        reject(400, kBadRequest, host.isNull() ? QStringLiteral("Missing Host header: HTTP/1.1 requests must name the server")
                                               : QStringLiteral("Empty Host header: HTTP/1.1 requests must name the server"));
        return false;
    }
    const std::optional<QByteArray> authority = absoluteAuthority(target);
    if (!authority)
        return true;
    // An absolute URL must name this server as its Host would, and the same one as the
    // Host header: a second name could pass one check and reach links or logs.
    const bool ours = !authority->isEmpty() && validHost(*authority)
                      && (!m_hostCheck || m_hostCheck(*authority, QByteArray()).isEmpty());
    if (!ours) {
        reject(400, kBadRequest, QStringLiteral("Request target names another server"));
        return false;
    }
    if (!host.isEmpty() && host.compare(*authority, Qt::CaseInsensitive) != 0) {
        reject(400, kBadRequest, QStringLiteral("Request target and Host header name different servers"));
        return false;
    }
    return true;
}

bool HttpHeadParser::checkRequestLine(const QByteArray &line, RequestMeta &meta, QByteArray &target)
{
    // method SP request-target SP HTTP-version, single spaces (RFC 9112 3).
    const QList<QByteArray> parts = line.split(' ');
    const bool versionShape = parts.size() == 3 && parts[2].size() == 8 && parts[2].startsWith("HTTP/")
                              && std::isdigit(static_cast<unsigned char>(parts[2][5])) && parts[2][6] == '.'
                              && std::isdigit(static_cast<unsigned char>(parts[2][7]));
    const bool targetOk = parts.size() == 3 && !parts[1].isEmpty() && std::all_of(parts[1].cbegin(), parts[1].cend(), [](char c) {
        return static_cast<unsigned char>(c) > 0x20 && c != 0x7f;
    });
    // "//host/path" is no origin-form (RFC 9112 3.2.1: an absolute path never starts with
    // two slashes); a URL parser reads it as another server's authority.
    if (targetOk && parts[1].startsWith("//")) {
        reject(400, kBadRequest, QStringLiteral("Invalid request target: a path may not start with //"));
        return false;
    }
    if (parts.size() != 3 || !isToken(parts[0]) || !targetOk || !versionShape) {
        reject(400, kBadRequest,
               parts.size() > 3 ? QStringLiteral("Invalid request line: spaces in the request target must be percent-encoded")
                                : QStringLiteral("Invalid request line"));
        return false;
    }
    if (parts[2] != "HTTP/1.1" && parts[2] != "HTTP/1.0") {
        reject(505, "HTTP Version Not Supported",
               QStringLiteral("HTTP version not supported: use HTTP/1.1 or HTTP/1.0"));
        return false;
    }
    // HTTP/1.0 closes after each answer (keep-alive there is an old extension not offered).
    meta.closeAfter = parts[2] == "HTTP/1.0";
    target = parts[1];
    return true;
}

void HttpHeadParser::consumeChunked(const char *data, qsizetype size, qsizetype &pos)
{
    while (pos < size && m_phase == Phase::Chunked) {
        if (m_chunk == Chunk::Data) {
            const qint64 take = qMin<qint64>(m_bodyLeft, size - pos);
            m_bodyLeft -= take;
            m_bodyBytes += take;
            pos += take;
            if (m_bodyLeft == 0)
                m_chunk = Chunk::DataEnd;
            continue;
        }
        qsizetype raw = 0;
        const bool complete = takeLine(data, size, pos, m_line, raw);
        const qsizetype length = contentLength(m_line);
        if (m_chunk == Chunk::Size && length > kMaxChunkLineBytes) {
            reject(400, kBadRequest, QStringLiteral("Invalid chunked body: chunk size line too long"));
            return;
        }
        if (m_chunk == Chunk::DataEnd && length > 0) {
            reject(400, kBadRequest, QStringLiteral("Invalid chunked body: chunk data longer than its size"));
            return;
        }
        if (m_chunk == Chunk::Trailer) {
            m_trailerBytes += raw;
            if (m_trailerBytes > m_limits.maxHeaderBytes) {
                reject(431, kHeadersTooLarge, QStringLiteral("Request trailers larger than %1 bytes").arg(m_limits.maxHeaderBytes));
                return;
            }
        }
        if (!complete)
            return;
        const QByteArray line = std::exchange(m_line, QByteArray()).left(length);
        switch (m_chunk) {
        case Chunk::Size: {
            qint64 value = 0;
            bool tooLarge = false;
            qsizetype i = 0;
            for (; i < line.size() && hexValue(line.at(i)) >= 0; ++i) {
                if (value > m_limits.maxBodyBytes)
                    tooLarge = true; // keeps reading digits, never overflows
                else
                    value = value * 16 + hexValue(line.at(i));
            }
            const char next = i < line.size() ? line.at(i) : ';';
            if (i == 0 || (next != ';' && next != ' ' && next != '\t')) {
                reject(400, kBadRequest, QStringLiteral("Invalid chunked body: bad chunk size"));
                return;
            }
            if (tooLarge || value > m_limits.maxBodyBytes - m_bodyBytes) {
                reject(413, kTooLarge, QStringLiteral("Request body too large: at most 1 MiB allowed"));
                return;
            }
            if (value == 0) {
                m_chunk = Chunk::Trailer;
                m_trailerBytes = 0;
            } else {
                m_chunk = Chunk::Data;
                m_bodyLeft = value;
            }
            break;
        }
        case Chunk::DataEnd:
            m_chunk = Chunk::Size;
            break;
        case Chunk::Trailer:
            if (line.isEmpty())
                completeRequest();
            break;
        case Chunk::Data:
            break;
        }
    }
}

void HttpHeadParser::completeRequest()
{
    ++m_requests;
    m_phase = Phase::Head;
    m_bodyLeft = 0;
    m_bodyBytes = 0;
    if (m_events.requestComplete)
        m_events.requestComplete();
}

void HttpHeadParser::reject(int status, const QByteArray &reason, const QString &detail)
{
    if (m_phase == Phase::Rejected)
        return;
    m_phase = Phase::Rejected;
    m_rejection = {status, reason, detail, m_host, m_origin};
    m_lines.clear();
    m_line.clear();
    if (m_events.rejected)
        m_events.rejected(m_rejection);
}
