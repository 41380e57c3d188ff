// fuzz-http-guard: the bytes a client sends on one connection, fed to the guard's
// parser (HttpHeadParser, the core of ConnectionGuard) in pieces split at points the
// fuzzer chooses, with limits it chooses. Oracles: the same events whatever the
// split (all at once, the fuzzer's pieces, byte by byte), no body over the limit is
// ever let through, nothing happens after a rejection or a WebSocket hand-over.
#include "fuzzcheck.h"

#include "httpheadparser.h"

#include <QList>
#include <QString>

#include <string>
#include <vector>

namespace
{
// Takes parameters from the front of the input (zero once it is used up), so the
// target needs no compiler-specific header and replays under GCC too.
struct Input
{
    const unsigned char *data;
    size_t size;
    size_t pos = 0;
    unsigned byte() { return pos < size ? data[pos++] : 0u; }
    unsigned inRange(unsigned lo, unsigned hi) { return lo + (byte() | byte() << 8) % (hi - lo + 1); }
    std::string rest() { return pos < size ? std::string(reinterpret_cast<const char *>(data + pos), size - pos) : std::string(); }
};

struct Trace
{
    QList<QByteArray> events;
    HttpHeadParser::Phase phase = HttpHeadParser::Phase::Head;
    qint64 requests = 0;
};

Trace run(const HttpLimits &limits, const std::string &stream, const std::vector<size_t> &pieces)
{
    Trace t;
    bool finished = false; // rejected or handed over: no event may follow
    qint64 inRequest = 0;  // started but not complete
    HttpHeadParser *self = nullptr;
    auto event = [&](const QByteArray &e) {
        FUZZ_CHECK(!finished);
        t.events.append(e);
    };
    HttpHeadParser::Events ev;
    ev.requestStarted = [&] {
        FUZZ_CHECK(inRequest == 0);
        ++inRequest;
        event("start");
    };
    ev.requestComplete = [&] {
        FUZZ_CHECK(inRequest == 1);
        --inRequest;
        event("complete");
    };
    ev.expectContinue = [&] { event("continue"); };
    ev.upgraded = [&] {
        event("upgraded");
        finished = true;
    };
    ev.rejected = [&](const HttpHeadParser::Rejection &r) {
        // Client errors, and the two refusals of what the server does not implement:
        // a transfer coding (501) and an HTTP version (505).
        FUZZ_CHECK((r.status >= 400 && r.status < 500) || r.status == 501 || r.status == 505);
        FUZZ_CHECK(!r.detail.isEmpty());
        event("rejected " + QByteArray::number(r.status) + ' ' + r.detail.toUtf8());
        finished = true;
    };
    const HostCheck hostCheck = [](const QByteArray &host, const QByteArray &origin) {
        return host.contains("evil") || origin.contains("evil") ? QStringLiteral("refused") : QString();
    };
    HttpHeadParser parser(limits, hostCheck, ev);
    self = &parser;
    size_t pos = 0;
    for (size_t i = 0; pos < stream.size(); ++i) {
        const size_t n = i < pieces.size() ? std::min(pieces[i], stream.size() - pos) : stream.size() - pos;
        parser.consume(stream.data() + pos, qsizetype(n));
        pos += n;
        // A body over the limit never gets through, whichever framing announced it.
        FUZZ_CHECK(self->bodyBytesInRequest() <= limits.maxBodyBytes);
    }
    t.phase = parser.phase();
    t.requests = parser.requestsCompleted();
    return t;
}
}

int fuzzHttpGuard(const unsigned char *data, unsigned long size)
{
    Input in{data, size_t(size)};
    // Small limits so the fuzzer reaches every edge with short inputs (the first 8
    // bytes), then up to 16 piece sizes, then the bytes of the connection.
    HttpLimits limits;
    limits.maxBodyBytes = in.inRange(0, 300);
    limits.maxRequestLineBytes = int(in.inRange(1, 80));
    limits.maxHeaderBytes = int(in.inRange(1, 200));
    limits.maxHeaderCount = int(in.inRange(0, 8));
    std::vector<size_t> pieces(in.byte() % 17);
    for (size_t &p : pieces)
        p = in.byte() % 65;
    const std::string stream = in.rest();

    const Trace whole = run(limits, stream, {});
    const Trace split = run(limits, stream, pieces);
    FUZZ_CHECK(split.events == whole.events);
    FUZZ_CHECK(split.phase == whole.phase);
    FUZZ_CHECK(split.requests == whole.requests);
    if (stream.size() <= 512) {
        const Trace bytes = run(limits, stream, std::vector<size_t>(stream.size(), 1));
        FUZZ_CHECK(bytes.events == whole.events);
        FUZZ_CHECK(bytes.phase == whole.phase);
    }
    return 0;
}
