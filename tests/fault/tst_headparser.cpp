// HttpHeadParser, the byte-consuming core of the connection guard: framing as Qt's
// parser frames it, limits, and inputs crafted to slip a body or a request past it.
#include "httpheadparser.h"

#include <QtTest>

namespace
{
struct Run
{
    QStringList events;
    HttpHeadParser::Phase phase;
    qint64 requests;
    int status = 0;
    QString detail;
};

// Feeds `bytes` in pieces of `piece` bytes (0: all at once).
Run feed(const QByteArray &bytes, int piece = 0, HttpLimits limits = {})
{
    Run r;
    HttpHeadParser::Events ev;
    ev.requestStarted = [&] { r.events << "start"; };
    ev.requestComplete = [&] { r.events << "complete"; };
    ev.expectContinue = [&] { r.events << "continue"; };
    ev.upgraded = [&] { r.events << "upgraded"; };
    ev.rejected = [&](const HttpHeadParser::Rejection &x) {
        r.events << QStringLiteral("rejected %1").arg(x.status);
        r.status = x.status;
        r.detail = x.detail;
    };
    HttpHeadParser p(limits, [](const QByteArray &host, const QByteArray &origin) {
        return host.contains("evil") || origin.contains("evil") ? QStringLiteral("refused") : QString();
    }, ev);
    if (piece <= 0)
        p.consume(bytes);
    else
        for (qsizetype i = 0; i < bytes.size(); i += piece)
            p.consume(bytes.mid(i, piece));
    r.phase = p.phase();
    r.requests = p.requestsCompleted();
    return r;
}

QByteArray chunk(const QByteArray &data)
{
    return QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n";
}
}

class TestHeadParser : public QObject
{
    Q_OBJECT

private slots:
    void pipelinedRequests();
    void bareLfEndsLines();
    void bareLfPipelineCannotSmuggleABody();
    void chunkedBodyIsDecoded();
    void chunkedDataCannotFakeTheEnd();
    void chunkedLimitAtTheAnnouncement();
    void malformedFraming_data();
    void malformedFraming();
    void limits_data();
    void limits();
    void requestLineAtTheLimitSplitAtCr();
    void blankLinesAreNoActivity();
    void expectContinueAndUpgrade();
    void sameEventsWhateverTheSplit();
};

void TestHeadParser::pipelinedRequests()
{
    const QByteArray two = "GET /a HTTP/1.1\r\nHost: x\r\n\r\n"
                           "POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
                           "GET /c HTTP/1.1\r\nHost: x\r\n\r\n";
    const Run r = feed(two);
    QCOMPARE(r.requests, 3);
    QCOMPARE(r.phase, HttpHeadParser::Phase::Head);
    QCOMPARE(r.events, QStringList({"start", "complete", "start", "complete", "start", "complete"}));
}

void TestHeadParser::bareLfEndsLines()
{
    // Qt's parser accepts LF without CR: the guard must see the same request ends.
    const Run r = feed("GET / HTTP/1.1\nHost: x\n\nGET / HTTP/1.1\r\nHost: x\n\r\n");
    QCOMPARE(r.requests, 2);
    QCOMPARE(r.phase, HttpHeadParser::Phase::Head);
}

void TestHeadParser::bareLfPipelineCannotSmuggleABody()
{
    // The first guard looked for CRLFCRLF only: it took these two heads (and body
    // bytes up to the first CRLFCRLF) for one, read the first Content-Length (0), and
    // let the 5 MB body through to Qt, which buffered it.
    const QByteArray bytes = "GET / HTTP/1.1\nHost: x\nContent-Length: 0\n\n"
                             "POST /v3/tts HTTP/1.1\nHost: x\nContent-Length: 5000000\n\n"
                             + QByteArray(100, 'x') + "\r\n\r\n";
    const Run r = feed(bytes);
    QCOMPARE(r.requests, 1);
    QCOMPARE(r.status, 413);
}

void TestHeadParser::chunkedBodyIsDecoded()
{
    const QByteArray req = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk("hello") + chunk(" world")
                           + "0\r\nX-Trailer: t\r\n\r\n" + "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
    for (int piece : {0, 1, 3, 7}) {
        const Run r = feed(req, piece);
        QCOMPARE(r.requests, 2);
        QCOMPARE(r.status, 0);
    }
    // Chunk extensions and a bare LF after the size.
    QCOMPARE(feed("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\nhello\r\n0\r\n\r\n").requests, 1);
}

void TestHeadParser::chunkedDataCannotFakeTheEnd()
{
    // The first guard ended a chunked body at any read that ended with "0\r\n\r\n",
    // even inside chunk data: a 20 MB chunk sent in pieces ending that way reached Qt.
    HttpLimits limits;
    QByteArray bytes = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + QByteArray::number(3 * 1024 * 1024, 16) + "\r\n";
    const Run r = feed(bytes);
    QCOMPARE(r.status, 413); // announced over 1 MiB: refused at once
    // Under the limit: data that looks like a last chunk is only data.
    const QByteArray fake = "0\r\n\r\n";
    QByteArray body;
    while (body.size() < 1000)
        body += QByteArray(50, 'y') + fake;
    const Run ok = feed("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk(body) + "0\r\n\r\n", 55, limits);
    QCOMPARE(ok.requests, 1);
    QCOMPARE(ok.status, 0);
    // Many small chunks add up: cut when the total passes the limit.
    QByteArray many = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
    for (int i = 0; i < 20; ++i)
        many += chunk(QByteArray(64 * 1024, 'z') + fake);
    const Run cut = feed(many, 4096);
    QCOMPARE(cut.status, 413);
    QCOMPARE(cut.requests, 0);
}

void TestHeadParser::chunkedLimitAtTheAnnouncement()
{
    HttpLimits limits;
    limits.maxBodyBytes = 10;
    const QByteArray head = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
    QCOMPARE(feed(head + "a\r\n0123456789\r\n0\r\n\r\n", 0, limits).status, 0);
    QCOMPARE(feed(head + "b\r\n", 0, limits).status, 413);
    QCOMPARE(feed(head + "5\r\n01234\r\n6\r\n", 0, limits).status, 413);
    QCOMPARE(feed(head + "ffffffffffffffffffffffffffffffff\r\n", 0, limits).status, 413); // no overflow
}

void TestHeadParser::malformedFraming_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("status");
    const QByteArray post = "POST / HTTP/1.1\r\nHost: x\r\n";
    QTest::newRow("two Content-Length") << QByteArray(post + "Content-Length: 2\r\nContent-Length: 40\r\n\r\n") << 400;
    QTest::newRow("Content-Length not digits") << QByteArray(post + "Content-Length: +5\r\n\r\n") << 400;
    QTest::newRow("Content-Length empty") << QByteArray(post + "Content-Length:\r\n\r\n") << 400;
    QTest::newRow("Content-Length huge") << QByteArray(post + "Content-Length: 99999999999999999999999\r\n\r\n") << 400;
    QTest::newRow("chunked and Content-Length")
        << QByteArray(post + "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n") << 400;
    QTest::newRow("coding not ending in chunked") << QByteArray(post + "Transfer-Encoding: chunked, gzip\r\n\r\n") << 400;
    QTest::newRow("two Transfer-Encoding")
        << QByteArray(post + "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n") << 400;
    QTest::newRow("two Host") << QByteArray("GET / HTTP/1.1\r\nHost: a\r\nHost: evil\r\n\r\n") << 400;
    QTest::newRow("folded header") << QByteArray("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\n\r\n") << 400;
    QTest::newRow("bad chunk size") << QByteArray(post + "Transfer-Encoding: chunked\r\n\r\nzz\r\n") << 400;
    QTest::newRow("chunk longer than its size")
        << QByteArray(post + "Transfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n") << 400;
    QTest::newRow("WebSocket with foreign Origin")
        << QByteArray("GET /ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nOrigin: http://evil\r\n\r\n") << 403;
    QTest::newRow("HTTP/1.1 without Host") << QByteArray("GET / HTTP/1.1\r\n\r\n") << 400;
    QTest::newRow("empty Host") << QByteArray("GET / HTTP/1.1\r\nHost: \r\n\r\n") << 400;
    QTest::newRow("absolute target of another server") << QByteArray("GET http://evil/ HTTP/1.1\r\nHost: x\r\n\r\n") << 400;
    QTest::newRow("absolute target, other Host") << QByteArray("GET http://y/ HTTP/1.1\r\nHost: x\r\n\r\n") << 400;
    QTest::newRow("NUL in a value") << QByteArray("GET / HTTP/1.1\r\nHost: x\r\nX: a\0b\r\n\r\n", 35) << 400;
    QTest::newRow("second Upgrade header")
        << QByteArray("GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: h2c\r\nUpgrade: websocket\r\n\r\n") << 400;
}

void TestHeadParser::malformedFraming()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, status);
    const Run r = feed(bytes);
    QCOMPARE(r.status, status);
    QCOMPARE(r.phase, HttpHeadParser::Phase::Rejected);
    QVERIFY(!r.detail.isEmpty());
}

void TestHeadParser::limits_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("status");
    QByteArray many = "GET / HTTP/1.1\r\nHost: x\r\n";
    for (int i = 0; i < 101; ++i)
        many += "X-H" + QByteArray::number(i) + ": v\r\n";
    QByteArray hundred = "GET / HTTP/1.1\r\nHost: x\r\n"; // Host and 99 more
    for (int i = 0; i < 99; ++i)
        hundred += "X-H" + QByteArray::number(i) + ": v\r\n";
    QTest::newRow("request line over 8 KiB") << QByteArray("GET /" + QByteArray(8200, 'a')) << 414;
    QTest::newRow("headers over 64 KiB") << QByteArray("GET / HTTP/1.1\r\nHost: x\r\nX: " + QByteArray(66000, 'a')) << 431;
    QTest::newRow("101 headers") << QByteArray(many + "\r\n") << 431;
    QTest::newRow("100 headers") << QByteArray(hundred + "\r\n") << 0;
    QTest::newRow("Content-Length over 1 MiB") << QByteArray("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1048577\r\n\r\n") << 413;
    QTest::newRow("Content-Length of 1 MiB") << QByteArray("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\n\r\n") << 0;
}

void TestHeadParser::limits()
{
    QFETCH(QByteArray, bytes);
    QFETCH(int, status);
    QCOMPARE(feed(bytes).status, status);
    QCOMPARE(feed(bytes, 1000).status, status);
}

void TestHeadParser::requestLineAtTheLimitSplitAtCr()
{
    // The first guard measured a partial request line with its CR: a line of exactly
    // the limit was refused (414) when a read ended between CR and LF.
    const QByteArray line = "GET /" + QByteArray(8192 - 14, 'a') + " HTTP/1.1";
    QCOMPARE(line.size(), 8192);
    const QByteArray req = line + "\r\nHost: x\r\n\r\n";
    HttpHeadParser p{HttpLimits{}};
    p.consume(req.left(line.size() + 1));
    p.consume(req.mid(line.size() + 1));
    QCOMPARE(p.phase(), HttpHeadParser::Phase::Head);
    QCOMPARE(p.requestsCompleted(), 1);
    QCOMPARE(feed(line + "a\r\n\r\n").status, 414);
}

void TestHeadParser::blankLinesAreNoActivity()
{
    // Blank lines between requests are skipped (as by Qt) but do not count as
    // activity: the first guard took each CRLFCRLF for a request and restarted the
    // idle timer, so a client trickling CRLFs held a connection forever.
    HttpHeadParser p{HttpLimits{}};
    QVERIFY(!p.consume(QByteArray("\r\n\r\n\n\r\n")));
    QCOMPARE(p.requestsCompleted(), 0);
    QVERIFY(p.consume(QByteArray("GET / HTTP/1.1\r\nHost: x\r\n\r\n")));
    QCOMPARE(p.requestsCompleted(), 1);
}

void TestHeadParser::expectContinueAndUpgrade()
{
    const Run c = feed("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nhi");
    QCOMPARE(c.events, QStringList({"start", "continue", "complete"}));
    const Run tooBig = feed("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2000000\r\n\r\n");
    QCOMPARE(tooBig.events, QStringList({"start", "rejected 413"})); // no 100 before the refusal
    const Run ws = feed("GET /ws HTTP/1.1\r\nHost: h\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n\x81\x85garbage that is no HTTP\r\n\r\n");
    QCOMPARE(ws.events, QStringList({"start", "upgraded"}));
    QCOMPARE(ws.phase, HttpHeadParser::Phase::Passthrough);
}

void TestHeadParser::sameEventsWhateverTheSplit()
{
    const QByteArray bytes = "\r\nPOST /x HTTP/1.1\nHost: x\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n"
                             "3;a=b\r\nabc\r\n0\r\nT: 1\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"
                             "GET /" + QByteArray(9000, 'q');
    const Run whole = feed(bytes);
    QCOMPARE(whole.status, 414);
    for (int piece = 1; piece < 40; ++piece)
        QCOMPARE(feed(bytes, piece).events, whole.events);
}

QTEST_APPLESS_MAIN(TestHeadParser)
#include "tst_headparser.moc"
