#include "httpheadparser.h"

#include <cstring>
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
            return requestData;
        }
    }
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

    // The fields that decide framing and the WebSocket hand-over. A duplicate of one
    // of them could be read differently by Qt's parser (its lookup takes the last
    // one), so it is refused rather than guessed.
    QByteArray upgrade, host, origin, expect, length, encoding;
    bool hasLength = false, hasEncoding = false;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray &line = lines.at(i);
        if (line.startsWith(' ') || line.startsWith('\t')) {
            reject(400, kBadRequest, QStringLiteral("Folded header lines are not supported"));
            return false;
        }
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        QByteArray *slot = nullptr;
        if (name == "upgrade")
            slot = &upgrade;
        else if (name == "host")
            slot = &host;
        else if (name == "origin")
            slot = &origin;
        else if (name == "expect")
            slot = &expect;
        else if (name == "content-length")
            slot = &length, hasLength = true;
        else if (name == "transfer-encoding")
            slot = &encoding, hasEncoding = true;
        if (!slot)
            continue;
        if (!slot->isNull()) {
            reject(400, kBadRequest, QStringLiteral("Duplicate %1 header").arg(QString::fromLatin1(line.left(colon).trimmed())));
            return false;
        }
        *slot = value.isNull() ? QByteArray("") : value;
    }

    if (upgrade.compare("websocket", Qt::CaseInsensitive) == 0) {
        // Refused here, before Qt sees it: once QHttpServer has the request it upgrades
        // whatever its route answers (writing a 403 there crashes Qt 6.4).
        if (m_hostCheck) {
            const QString refusal = m_hostCheck(host, origin);
            if (!refusal.isEmpty()) {
                reject(403, "Forbidden", refusal);
                return false;
            }
        }
        // The WebSocket takes the connection over; it has its own message limits.
        m_phase = Phase::Passthrough;
        if (m_events.upgraded)
            m_events.upgraded();
        return true;
    }

    bool chunked = false;
    if (hasEncoding) {
        if (hasLength) {
            reject(400, kBadRequest, QStringLiteral("Both Transfer-Encoding and Content-Length"));
            return false;
        }
        const QList<QByteArray> codings = encoding.split(',');
        if (codings.last().trimmed().toLower() != "chunked") {
            reject(400, kBadRequest, QStringLiteral("Unsupported Transfer-Encoding: the last coding must be chunked"));
            return false;
        }
        chunked = true;
    }
    qint64 bodyLength = 0;
    if (hasLength) {
        bool digits = !length.isEmpty() && length.size() <= 18;
        for (const char c : length)
            digits = digits && c >= '0' && c <= '9';
        if (!digits) {
            reject(400, kBadRequest, QStringLiteral("Invalid Content-Length"));
            return false;
        }
        bodyLength = length.toLongLong();
        if (bodyLength > m_limits.maxBodyBytes) {
            reject(413, kTooLarge, QStringLiteral("Request body too large: at most 1 MiB allowed"));
            return false;
        }
    }
    if (expect.compare("100-continue", Qt::CaseInsensitive) == 0 && m_events.expectContinue)
        m_events.expectContinue(); // answered at once: curl would stall 1 s
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
    m_rejection = {status, reason, detail};
    m_lines.clear();
    m_line.clear();
    if (m_events.rejected)
        m_events.rejected(m_rejection);
}
