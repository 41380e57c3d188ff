// The HTTP and WebSocket front against a hostile client: answers in order, WebSocket
// slots given back, framing and version checks, Connection: close, HEAD, v2 retries, long
// echoed values, strict link and query integers, a ping flood that keeps the stream, key
// guessing over WebSocket.
#include "rawclient.h"
#include "studioprocess.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTimer>
#include <QWebSocket>
#include <QtTest>

namespace
{
QJsonObject jsonOf(const QByteArray &body)
{
    return QJsonDocument::fromJson(body).object();
}

qint64 creditsOf(const StudioProcess &studio, const QString &account)
{
    for (const QString &line : studio.cli({"accounts", "list"}).split(u'\n')) {
        const QStringList cols = line.split(u'\t');
        if (cols.size() > 3 && cols.at(1) == account)
            return cols.at(3).toLongLong();
    }
    return -1;
}

// Waits for a signal-driven condition with the event loop running.
bool waitFor(const std::function<bool()> &done, int timeoutMs)
{
    QElapsedTimer t;
    t.start();
    while (!done() && t.elapsed() < timeoutMs)
        QTest::qWait(10);
    return done();
}
}

class TestConformance : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void refusedHeads_data();
    void refusedHeads();
    void absoluteTargetNamingThisServerIsServed();
    void connectionCloseIsHonoured_data();
    void connectionCloseIsHonoured();
    void headIsGetWithoutBody_data();
    void headIsGetWithoutBody();
    void pipelinedAnswersKeepOrder();
    void refusalWaitsForEarlierAnswers();
    void websocketSlotsAreGivenBack_data();
    void websocketSlotsAreGivenBack();
    void pingFloodStillGetsTheWholeStream();
    void v2IdempotencyKeyReplays();
    void longValuesAreCutInErrors();
    void outOfRangeIntegersSaySo_data();
    void outOfRangeIntegersSaySo();
    void audioLinkExpiresIsStrict_data();
    void audioLinkExpiresIsStrict();
    void failedWebSocketLoginsAreThrottled();
    void unmaskedFramesAreRefused_data();
    void unmaskedFramesAreRefused();
    void pipelinedDownloadsArriveWhole();
    void upgradeBehindUnansweredRequestIsRefused();

private:
    QByteArray get(const QByteArray &path, const QByteArray &key = {}) const;
    QString completedAudioUrl();

    StudioProcess m_studio;
    QString m_alice;
    QString m_bob;
    QString m_bobGeneration;
};

void TestConformance::initTestCase()
{
    m_alice = m_studio.createAccountWithKey("alice", {"--credits", "10000000"});
    m_bob = m_studio.createAccountWithKey("bob", {"--credits", "10000000"});
    QVERIFY(!m_alice.isEmpty() && !m_bob.isEmpty());
    // A small cap, so that a leaked slot shows within a few dozen connections; a long
    // request timeout, so that a prompt close is the server's choice, not a timeout.
    QVERIFY(m_studio.start({"--workers", "1", "--max-connections", "8", "--max-connections-per-address", "8",
                            "--request-timeout", "15",
                            "--rate-limit", "100000"}));
    const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v3/tts", m_bob.toUtf8(),
                                     R"({"text":"Bob's only generation.","voice_id":"af_sarah"})");
    QCOMPARE(r.status, 201);
    m_bobGeneration = r.json.value("generation_id").toString();
}

QByteArray TestConformance::get(const QByteArray &path, const QByteArray &key) const
{
    QByteArray req = "GET " + path + " HTTP/1.1\r\n" + hostHeader(m_studio.baseUrl());
    if (!key.isEmpty())
        req += "x-api-key: " + key + "\r\n";
    return req + "\r\n";
}

void TestConformance::refusedHeads_data()
{
    QTest::addColumn<QByteArray>("head");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("detail");
    const QByteArray host = hostHeader(m_studio.baseUrl());
    const QByteArray port = QByteArray::number(QUrl(m_studio.baseUrl()).port());
    const QByteArray authority = QUrl(m_studio.baseUrl()).authority().toLatin1();
    // The body of the first is a whole second request: answered, it would be smuggled.
    const QByteArray smuggled = "GET /healthz HTTP/1.1\r\n" + host + "\r\n";
    QTest::newRow("space before colon") << QByteArray("POST /v3/tts HTTP/1.1\r\n" + host + "Content-Length : "
                                                      + QByteArray::number(smuggled.size()) + "\r\n\r\n" + smuggled)
                                        << 400 << "Whitespace between a header name and its colon is not allowed";
    QTest::newRow("HTTP/2.0") << QByteArray("GET /healthz HTTP/2.0\r\n" + host + "\r\n") << 505
                              << "HTTP version not supported: use HTTP/1.1 or HTTP/1.0";
    QTest::newRow("HTTP/1.2") << QByteArray("GET /healthz HTTP/1.2\r\n" + host + "\r\n") << 505
                              << "HTTP version not supported: use HTTP/1.1 or HTTP/1.0";
    QTest::newRow("gzip, chunked") << QByteArray("POST /v3/tts HTTP/1.1\r\n" + host
                                                 + "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n")
                                   << 501 << "Transfer-Encoding gzip is not implemented: only chunked is supported";
    QTest::newRow("port not a number") << QByteArray("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:abc\r\n\r\n") << 400
                                       << "Invalid Host header";
    QTest::newRow("port too large") << QByteArray("GET /healthz HTTP/1.1\r\nHost: localhost:70000\r\n\r\n") << 400
                                    << "Invalid Host header";
    QTest::newRow("space in path") << QByteArray("GET /v3/voices x HTTP/1.1\r\n" + host + "\r\n") << 400
                                   << "Invalid request line: spaces in the request target must be percent-encoded";
    QTest::newRow("no colon") << QByteArray("GET /healthz HTTP/1.1\r\n" + host + "NoColonHere\r\n\r\n") << 400
                              << "Malformed header line: no colon";
    // RFC 9112 3.2: an HTTP/1.1 request names its server.
    QTest::newRow("no Host") << QByteArray("GET /healthz HTTP/1.1\r\n\r\n") << 400
                             << "Missing Host header: HTTP/1.1 requests must name the server";
    QTest::newRow("empty Host") << QByteArray("GET /healthz HTTP/1.1\r\nHost:\r\n\r\n") << 400
                                << "Empty Host header: HTTP/1.1 requests must name the server";
    QTest::newRow("blank Host") << QByteArray("GET /healthz HTTP/1.1\r\nHost:  \r\n\r\n") << 400
                                << "Empty Host header: HTTP/1.1 requests must name the server";
    // An absolute-form target names the server as Host does, and the same one.
    QTest::newRow("absolute target, another server")
        << QByteArray("GET http://evil.com/v3/voices HTTP/1.1\r\n" + host + "\r\n") << 400 << "Request target names another server";
    QTest::newRow("absolute target, https")
        << QByteArray("GET https://" + authority + "/healthz HTTP/1.1\r\n" + host + "\r\n") << 400
        << "Request target names another server";
    QTest::newRow("absolute target, userinfo")
        << QByteArray("GET http://me@" + authority + "/healthz HTTP/1.1\r\n" + host + "\r\n") << 400
        << "Request target names another server";
    QTest::newRow("absolute target, other Host")
        << QByteArray("GET http://localhost:" + port + "/healthz HTTP/1.1\r\n" + host + "\r\n") << 400
        << "Request target and Host header name different servers";
    // RFC 9110 5.5: no control characters in field values (HTAB aside).
    QTest::newRow("NUL in a value") << QByteArray("GET /healthz HTTP/1.1\r\n" + host + QByteArray("X-Note: a\0b\r\n\r\n", 15)) << 400
                                    << "Control character in the value of header X-Note";
    QTest::newRow("bare CR in a value") << QByteArray("GET /healthz HTTP/1.1\r\n" + host + "X-Note: a\rb\r\n\r\n") << 400
                                        << "Control character in the value of header X-Note";
    QTest::newRow("ESC in Host") << QByteArray("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\x1b:" + port + "\r\n\r\n") << 400
                                 << "Control character in the value of header Host";
    QTest::newRow("DEL in a value") << QByteArray("GET /healthz HTTP/1.1\r\n" + host + "X-Note: a\x7f\r\n\r\n") << 400
                                    << "Control character in the value of header X-Note";
    // Only SP and HTAB are white space around a value: VT and FF are control characters.
    QTest::newRow("FF after the Host") << QByteArray("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\x0c\r\n\r\n") << 400
                                       << "Control character in the value of header Host";
    QTest::newRow("VT before a value") << QByteArray("GET /healthz HTTP/1.1\r\n" + host + "X-Note: \x0b" "a\r\n\r\n") << 400
                                       << "Control character in the value of header X-Note";
    // "//host/path" is read by URL parsers as another server's authority.
    QTest::newRow("target starting with //")
        << QByteArray("GET //evil.com/v3/voices HTTP/1.1\r\n" + host + "\r\n") << 400
        << "Invalid request target: a path may not start with //";
    QTest::newRow("target starting with //, userinfo")
        << QByteArray("GET //u@evil.com:99/healthz HTTP/1.1\r\n" + host + "\r\n") << 400
        << "Invalid request target: a path may not start with //";
}

void TestConformance::refusedHeads()
{
    QFETCH(QByteArray, head);
    QFETCH(int, status);
    QFETCH(QString, detail);
    RawClient c(m_studio.baseUrl());
    c.send(head);
    const QByteArray all = c.readAll(5000);
    QByteArray rest;
    const QList<RawAnswer> answers = splitAnswers(all, &rest);
    QCOMPARE(answers.size(), 1); // one answer, nothing smuggled behind it
    QCOMPARE(answers.first().status, status);
    QCOMPARE(jsonOf(answers.first().body).value("detail").toString(), detail);
    QCOMPARE(answers.first().header("connection"), QByteArray("close"));
    QVERIFY(rest.isEmpty());
    QCOMPARE(c.socket().state(), QAbstractSocket::UnconnectedState);
}

void TestConformance::absoluteTargetNamingThisServerIsServed()
{
    const QByteArray authority = QUrl(m_studio.baseUrl()).authority().toLatin1();
    RawClient c(m_studio.baseUrl());
    c.send("GET http://" + authority + "/healthz HTTP/1.1\r\nHost: " + authority + "\r\n\r\n");
    QCOMPARE(c.status(3000), 200);
}

void TestConformance::connectionCloseIsHonoured_data()
{
    QTest::addColumn<QByteArray>("request");
    const QByteArray host = hostHeader(m_studio.baseUrl());
    QTest::newRow("Connection: close") << QByteArray("GET /healthz HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n");
    QTest::newRow("connection: Close, foo") << QByteArray("GET /healthz HTTP/1.1\r\n" + host + "connection: Close, foo\r\n\r\n");
    QTest::newRow("HTTP/1.0") << QByteArray("GET /healthz HTTP/1.0\r\n\r\n");
    // A request pipelined behind the closing one is not answered.
    QTest::newRow("close then more") << QByteArray("GET /healthz HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n"
                                                   "GET /openapi.json HTTP/1.1\r\n" + host + "\r\n");
}

void TestConformance::connectionCloseIsHonoured()
{
    QFETCH(QByteArray, request);
    RawClient c(m_studio.baseUrl());
    QElapsedTimer t;
    t.start();
    c.send(request);
    const QByteArray all = c.readAll(5000);
    // Closed by the server right after the answer, not by the 15 s timeout.
    QCOMPARE(c.socket().state(), QAbstractSocket::UnconnectedState);
    QVERIFY2(t.elapsed() < 4000, QByteArray::number(t.elapsed()));
    const QList<RawAnswer> answers = splitAnswers(all);
    QCOMPARE(answers.size(), 1);
    QCOMPARE(answers.first().status, 200);
    QCOMPARE(answers.first().header("connection"), QByteArray("close"));
    QCOMPARE(jsonOf(answers.first().body).value("status").toString(), QStringLiteral("ok"));
}

QString TestConformance::completedAudioUrl()
{
    const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v3/tts", m_alice.toUtf8(),
                                     R"({"text":"Head requests.","voice_id":"af_sarah"})");
    if (r.status != 201)
        return {};
    const QJsonObject g = waitForStatus(m_studio.baseUrl(), m_alice.toUtf8(), r.json.value("generation_id").toString());
    return g.value("audio_url").toString();
}

void TestConformance::headIsGetWithoutBody_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<bool>("withKey");
    QTest::newRow("healthz") << QByteArray("/healthz") << false;
    QTest::newRow("voices") << QByteArray("/v3/voices?limit=2") << true;
    QTest::newRow("audio link") << QByteArray() << false;
}

void TestConformance::headIsGetWithoutBody()
{
    QFETCH(QByteArray, path);
    QFETCH(bool, withKey);
    if (path.isEmpty()) {
        const QUrl audio(completedAudioUrl());
        QVERIFY(audio.isValid() && !audio.isEmpty());
        path = audio.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority);
    }
    const QByteArray key = withKey ? m_alice.toUtf8() : QByteArray();
    const QByteArray getRequest = get(path, key);
    QByteArray headRequest = getRequest;
    headRequest.replace(0, 3, "HEAD");
    // HEAD, then GET on the same connection: the GET is framed right only if the HEAD
    // answer carried no body.
    RawClient c(m_studio.baseUrl());
    c.send(headRequest + getRequest);
    QList<RawAnswer> answers;
    QByteArray all;
    QElapsedTimer t;
    t.start();
    // A HEAD answer has Content-Length but no body: cut it by hand.
    while (t.elapsed() < 10000) {
        all += c.readAll(200);
        const qsizetype end = all.indexOf("\r\n\r\n");
        if (end < 0)
            continue;
        RawAnswer head;
        head.head = all.left(end);
        head.status = head.head.mid(9, 3).toInt();
        const QList<RawAnswer> rest = splitAnswers(all.mid(end + 4));
        if (rest.isEmpty())
            continue;
        answers = {head, rest.first()};
        break;
    }
    QCOMPARE(answers.size(), 2);
    QCOMPARE(answers[0].status, 200);
    QCOMPARE(answers[1].status, 200);
    QCOMPARE(answers[0].header("content-type"), answers[1].header("content-type"));
    QCOMPARE(answers[0].header("content-length").toLongLong(), qint64(answers[1].body.size()));
    QVERIFY(answers[1].body.size() > 0);
}

void TestConformance::pipelinedAnswersKeepOrder()
{
    // 32 requests (the most one connection may have unanswered) of two accounts written
    // at once on one connection: creations (slow, on a store thread), polls answered
    // from memory, another account's history.
    QByteArray batch;
    QStringList expected;
    const QByteArray host = hostHeader(m_studio.baseUrl());
    for (int i = 0; i < 32; ++i) {
        switch (i % 3) {
        case 0: {
            const QByteArray body = QJsonDocument(QJsonObject{{"text", QStringLiteral("Order test %1.").arg(i)},
                                                              {"voice_id", "af_sarah"}})
                                        .toJson(QJsonDocument::Compact);
            batch += "POST /v3/tts HTTP/1.1\r\n" + host + "x-api-key: " + m_alice.toUtf8()
                     + "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
                     + "\r\n\r\n" + body;
            expected << QStringLiteral("create %1").arg(i);
            break;
        }
        case 1:
            batch += get("/healthz");
            expected << QStringLiteral("health");
            break;
        default:
            batch += get("/v3/tts?generation_id=" + m_bobGeneration.toUtf8(), m_bob.toUtf8());
            expected << QStringLiteral("bob");
        }
    }
    RawClient c(m_studio.baseUrl());
    c.send(batch);
    QByteArray all;
    QList<RawAnswer> answers;
    QElapsedTimer t;
    t.start();
    while (answers.size() < expected.size() && t.elapsed() < 30000) {
        all += c.readAll(100);
        answers = splitAnswers(all);
    }
    QCOMPARE(answers.size(), expected.size());
    for (int i = 0; i < expected.size(); ++i) {
        const QJsonObject o = jsonOf(answers[i].body);
        QString seen;
        if (answers[i].status == 201 && o.value("input_text").toString().startsWith(QLatin1String("Order test ")))
            seen = QStringLiteral("create %1").arg(o.value("input_text").toString().mid(11).chopped(1));
        else if (answers[i].status == 200 && o.value("status").toString() == QLatin1String("ok"))
            seen = QStringLiteral("health");
        else if (answers[i].status == 200 && o.value("generation_id").toString() == m_bobGeneration)
            seen = QStringLiteral("bob");
        else
            seen = QString::number(answers[i].status) + u' ' + QString::fromUtf8(answers[i].body.left(80));
        QCOMPARE(seen, expected[i]);
    }
}

void TestConformance::refusalWaitsForEarlierAnswers()
{
    // A good request and a bad one in one write: the bad one's 400 must not overtake
    // the good one's answer (a client would take it for the first request's).
    const QByteArray body = R"({"text":"Before the refusal.","voice_id":"af_sarah"})";
    RawClient c(m_studio.baseUrl());
    c.send("POST /v3/tts HTTP/1.1\r\n" + hostHeader(m_studio.baseUrl()) + "x-api-key: " + m_alice.toUtf8()
           + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body
           + "GET /healthz HTTP/9.9\r\n\r\n");
    const QList<RawAnswer> answers = splitAnswers(c.readAll(8000));
    QCOMPARE(answers.size(), 2);
    QCOMPARE(answers[0].status, 201);
    QCOMPARE(answers[1].status, 505);
}

void TestConformance::websocketSlotsAreGivenBack_data()
{
    QTest::addColumn<QString>("way");
    for (const char *way : {"bad key", "client close", "abort", "malformed json", "finished stream"})
        QTest::newRow(way) << QString::fromLatin1(way);
}

void TestConformance::websocketSlotsAreGivenBack()
{
    QFETCH(QString, way);
    // 5 x --max-connections WebSockets, one after the other: each must give its slot back.
    for (int i = 0; i < 5 * 8; ++i) {
        QWebSocket ws;
        bool closed = false, completed = false;
        connect(&ws, &QWebSocket::disconnected, [&] { closed = true; });
        connect(&ws, &QWebSocket::textMessageReceived, [&](const QString &m) {
            completed = completed || m.contains(QLatin1String("\"completed\""));
        });
        const QString key = way == QLatin1String("bad key") ? QStringLiteral("made-up-key") : m_alice;
        QNetworkRequest req{QUrl(m_studio.wsUrl(key))};
        ws.open(req);
        QVERIFY2(waitFor([&] { return ws.state() == QAbstractSocket::ConnectedState || closed; }, 10000),
                 qPrintable(QStringLiteral("connection %1 not opened").arg(i)));
        if (way == QLatin1String("bad key")) {
            QVERIFY(waitFor([&] { return closed; }, 10000));
            QCOMPARE(int(ws.closeCode()), 1008);
        } else if (way == QLatin1String("client close")) {
            ws.close();
            QVERIFY(waitFor([&] { return closed; }, 10000));
        } else if (way == QLatin1String("abort")) {
            ws.abort();
        } else if (way == QLatin1String("malformed json")) {
            ws.sendTextMessage(QStringLiteral("{nope"));
            QVERIFY(waitFor([&] { return closed; }, 10000));
            QCOMPARE(int(ws.closeCode()), 1003);
        } else {
            ws.sendTextMessage(QStringLiteral(R"({"text":"Hi.","voice_id":"af_sarah"})"));
            QVERIFY(waitFor([&] { return closed; }, 30000));
            QVERIFY(completed);
        }
    }
    // Every slot is free again: a plain request is served (not 503).
    QElapsedTimer t;
    t.start();
    HttpResult r;
    // A connection is counted until its socket is gone: give the server a moment.
    while ((r = httpRequest("GET", m_studio.baseUrl() + "/healthz")).status != 200 && t.elapsed() < 3000)
        QTest::qWait(100);
    QCOMPARE(r.status, 200);
}

void TestConformance::pingFloodStillGetsTheWholeStream()
{
    // A client that keeps pinging while it listens gets every frame and a clean close,
    // not a reset that destroys the audio it has not read yet (1006, no frames).
    QWebSocket ws;
    qint64 samples = 0;
    QJsonObject completed;
    bool closed = false;
    connect(&ws, &QWebSocket::binaryMessageReceived, [&](const QByteArray &b) { samples += b.size() / 4; });
    connect(&ws, &QWebSocket::textMessageReceived, [&](const QString &m) {
        const QJsonObject o = QJsonDocument::fromJson(m.toUtf8()).object();
        if (o.value("type").toString() == QLatin1String("completed"))
            completed = o;
    });
    connect(&ws, &QWebSocket::disconnected, [&] { closed = true; });
    QTimer pinger;
    pinger.setInterval(1);
    connect(&pinger, &QTimer::timeout, [&] {
        for (int i = 0; i < 20 && ws.state() == QAbstractSocket::ConnectedState; ++i)
            ws.ping("flood");
    });
    ws.open(QNetworkRequest(QUrl(m_studio.wsUrl(m_alice))));
    QVERIFY(waitFor([&] { return ws.state() == QAbstractSocket::ConnectedState; }, 10000));
    ws.sendTextMessage(QStringLiteral(R"({"text":"The flood of pings must not cost the listener its audio. )"
                                      R"(Every frame arrives, then the completed message, then a clean close.","voice_id":"af_sarah"})"));
    pinger.start();
    QVERIFY(waitFor([&] { return closed; }, 60000));
    pinger.stop();
    QVERIFY2(!completed.isEmpty(), "no completed message");
    QCOMPARE(int(ws.closeCode()), 1000);
    QCOMPARE(samples, qint64(completed.value("samples").toInteger()));
    QVERIFY(samples > 24000);
}

void TestConformance::v2IdempotencyKeyReplays()
{
    const QByteArray body = R"({"text":"A v2 request sent again and again by a retrying client.","voice":"af_sarah","model":"base"})";
    const QList<QPair<QByteArray, QByteArray>> idem{{"Idempotency-Key", "v2-retry-1"}};
    const qint64 before = creditsOf(m_studio, "bob");
    QStringList ids;
    QList<int> statuses;
    for (int i = 0; i < 3; ++i) {
        const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v2/tts", m_bob.toUtf8(), body, idem);
        statuses << r.status;
        ids << r.json.value("generation_id").toString();
    }
    QCOMPARE(statuses, QList<int>({201, 200, 200}));
    QVERIFY(!ids.first().isEmpty());
    QCOMPARE(ids.count(ids.first()), 3);
    // Charged once.
    const qint64 tokens = QStringLiteral("A v2 request sent again and again by a retrying client.").size();
    QCOMPARE(before - creditsOf(m_studio, "bob"), tokens);
    // The same key with another body is a conflict, and charges nothing.
    const HttpResult other = httpRequest("POST", m_studio.baseUrl() + "/v2/tts", m_bob.toUtf8(),
                                         R"({"text":"Another text under the very same idempotency key.","voice":"af_sarah","model":"base"})",
                                         idem);
    QCOMPARE(other.status, 409);
    QCOMPARE(before - creditsOf(m_studio, "bob"), tokens);
}

void TestConformance::longValuesAreCutInErrors()
{
    const QString voice(900 * 1024, u'x');
    const QByteArray body = QJsonDocument(QJsonObject{{"text", "Hello."}, {"voice_id", voice}}).toJson(QJsonDocument::Compact);
    const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v3/tts", m_alice.toUtf8(), body);
    QCOMPARE(r.status, 400);
    QVERIFY2(r.body.size() < 2048, QByteArray::number(r.body.size()));
    QVERIFY(r.json.value("detail").toString().contains(QLatin1String("more characters")));
}

void TestConformance::outOfRangeIntegersSaySo_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("detail");
    QTest::newRow("2^31") << "offset=2147483648" << 400 << "offset must be at most 2147483647";
    QTest::newRow("2^64") << "offset=18446744073709551616" << 400 << "offset must be at most 2147483647";
    QTest::newRow("-2^64") << "offset=-18446744073709551616" << 400 << "offset must be at least 0";
    QTest::newRow("negative") << "offset=-1" << 400 << "offset must be at least 0";
    QTest::newRow("not a number") << "offset=abc" << 422 << "offset must be an integer";
}

void TestConformance::outOfRangeIntegersSaySo()
{
    QFETCH(QString, query);
    QFETCH(int, status);
    QFETCH(QString, detail);
    const HttpResult r = httpRequest("GET", m_studio.baseUrl() + "/v3/history?" + query, m_alice.toUtf8());
    QCOMPARE(r.status, status);
    QCOMPARE(r.json.value("detail").toString(), detail);
}

void TestConformance::audioLinkExpiresIsStrict_data()
{
    QTest::addColumn<QString>("change");
    QTest::newRow("leading zero") << "0";
    QTest::newRow("plus") << "%2B";
    QTest::newRow("space") << "%20";
}

void TestConformance::audioLinkExpiresIsStrict()
{
    QFETCH(QString, change);
    const QString url = completedAudioUrl();
    QVERIFY(!url.isEmpty());
    QCOMPARE(httpRequest("GET", url).status, 200);
    // The same signature on another spelling of the same number is refused.
    QString other = url;
    other.replace(QRegularExpression(QStringLiteral("expires=")), QStringLiteral("expires=") + change);
    const HttpResult r = httpRequest("GET", other);
    QCOMPARE(r.status, 403);
}

void TestConformance::failedWebSocketLoginsAreThrottled()
{
    // Its own server: the ban this earns would refuse the other tests' failures.
    StudioProcess studio;
    const QString key = studio.createAccountWithKey("guessed");
    QVERIFY(studio.start({"--workers", "1"}));
    QString lastReason;
    int lastCode = 0;
    for (int i = 0; i < 25; ++i) {
        QWebSocket ws;
        bool closed = false;
        connect(&ws, &QWebSocket::disconnected, [&] { closed = true; });
        ws.open(QNetworkRequest(QUrl(studio.wsUrl(QStringLiteral("guess-%1").arg(i)))));
        QVERIFY(waitFor([&] { return closed; }, 10000));
        lastCode = ws.closeCode();
        lastReason = ws.closeReason();
    }
    QCOMPARE(lastCode, 1008);
    QVERIFY2(lastReason.startsWith(QLatin1String("Too many failed authentication attempts")), qPrintable(lastReason));
    // The WebSocket failures count for REST too...
    QCOMPARE(httpRequest("GET", studio.baseUrl() + "/v3/voices", "another-guess").status, 429);
    // ...and a valid key still works from the same address.
    QCOMPARE(httpRequest("GET", studio.baseUrl() + "/v3/voices", key.toUtf8()).status, 200);
}

void TestConformance::unmaskedFramesAreRefused_data()
{
    QTest::addColumn<bool>("masked");
    QTest::addColumn<bool>("withHandshake"); // the frame in the same write as the upgrade
    QTest::newRow("unmasked") << false << false;
    QTest::newRow("unmasked with the handshake") << false << true;
    QTest::newRow("masked") << true << false;
    QTest::newRow("masked with the handshake") << true << true;
}

void TestConformance::unmaskedFramesAreRefused()
{
    QFETCH(bool, masked);
    QFETCH(bool, withHandshake);
    const QByteArray payload = R"({"text":"Masks.","voice_id":"af_sarah"})";
    QByteArray frame;
    frame.append(char(0x81)).append(char((masked ? 0x80 : 0) | payload.size()));
    if (masked) {
        const QByteArray key("\x11\x22\x33\x44", 4);
        frame.append(key);
        for (int i = 0; i < payload.size(); ++i)
            frame.append(char(payload[i] ^ key[i % 4]));
    } else {
        frame.append(payload);
    }
    const QByteArray handshake = "GET /v3/tts/stream?api_key=" + QUrl::toPercentEncoding(m_alice) + " HTTP/1.1\r\n"
                                 + hostHeader(m_studio.baseUrl())
                                 + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                                   "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";
    RawClient c(m_studio.baseUrl());
    if (withHandshake) {
        c.send(handshake + frame);
    } else {
        c.send(handshake);
        QCOMPARE(c.status(5000), 101);
        c.send(frame);
    }
    const QByteArray all = c.buffer() + c.readAll(masked && !withHandshake ? 30000 : 5000);
    const qsizetype bodyStart = all.indexOf("\r\n\r\n") + 4;
    if (withHandshake) {
        // Frames before the 101: the upgrade request itself is refused (Qt 6.4's
        // handshake reader would swallow them, and the request would wait unseen).
        const QList<RawAnswer> answers = splitAnswers(all);
        QCOMPARE(answers.size(), 1);
        QCOMPARE(answers.first().status, 400);
        QCOMPARE(jsonOf(answers.first().body).value("detail").toString(),
                 masked ? QStringLiteral("WebSocket frames sent before the handshake completed: wait for 101 Switching Protocols")
                        : QStringLiteral("Client frames must be masked"));
        return;
    }
    QVERIFY2(all.startsWith("HTTP/1.1 101"), all.left(200).constData());
    // Walk the server's frames to the close frame.
    int closeCode = 0;
    bool audio = false;
    for (qsizetype i = bodyStart; i + 2 <= all.size();) {
        const int op = all[i] & 0x0f;
        qint64 len = all[i + 1] & 0x7f;
        qsizetype at = i + 2;
        if (len == 126) {
            len = (quint8(all[at]) << 8) | quint8(all[at + 1]);
            at += 2;
        } else if (len == 127) {
            len = 0;
            for (int k = 0; k < 8; ++k)
                len = (len << 8) | quint8(all[at + k]);
            at += 8;
        }
        if (op == 2)
            audio = true;
        if (op == 8 && len >= 2)
            closeCode = (quint8(all[at]) << 8) | quint8(all[at + 1]);
        i = at + len;
    }
    if (masked) {
        QCOMPARE(closeCode, 1000);
        QVERIFY(audio);
    } else {
        QCOMPARE(closeCode, 1002);
        QVERIFY(!audio);
    }
}

void TestConformance::pipelinedDownloadsArriveWhole()
{
    // Two downloads of a file of several megabytes in one write: the second arrives
    // whole too, not stalled after 64 KiB (an answer made inside the first's
    // bytesWritten gets its own) and cut by the idle timeout.
    QString text;
    for (int i = 0; i < 40; ++i)
        text += QStringLiteral("Sentence number %1 makes the audio file long enough to need many writes. ").arg(i);
    const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v3/tts", m_alice.toUtf8(),
                                     QJsonDocument(QJsonObject{{"text", text}, {"voice_id", "af_sarah"}}).toJson());
    QCOMPARE(r.status, 201);
    const QJsonObject g = waitForStatus(m_studio.baseUrl(), m_alice.toUtf8(), r.json.value("generation_id").toString(),
                                        {"COMPLETED", "FAILED"}, 180000);
    QCOMPARE(g.value("status").toString(), QStringLiteral("COMPLETED"));
    const QUrl audio(g.value("audio_url").toString());
    const QByteArray request = get(audio.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority));
    RawClient c(m_studio.baseUrl());
    c.send(request + request);
    QByteArray all;
    QList<RawAnswer> answers;
    QElapsedTimer t;
    t.start();
    while (answers.size() < 2 && t.elapsed() < 30000 && c.socket().state() == QAbstractSocket::ConnectedState) {
        all += c.readAll(200);
        answers = splitAnswers(all);
    }
    QCOMPARE(answers.size(), 2);
    QVERIFY2(answers[0].body.size() > 4 * 1024 * 1024, QByteArray::number(answers[0].body.size()));
    QCOMPARE(answers[1].status, 200);
    QCOMPARE(answers[1].body, answers[0].body);
}

void TestConformance::upgradeBehindUnansweredRequestIsRefused()
{
    // Qt's WebSocket server writes its 101 at once: behind a POST still being answered,
    // the POST's 201 would have landed inside the WebSocket stream.
    const QByteArray body = R"({"text":"Before an upgrade.","voice_id":"af_sarah"})";
    RawClient c(m_studio.baseUrl());
    c.send("POST /v3/tts HTTP/1.1\r\n" + hostHeader(m_studio.baseUrl()) + "x-api-key: " + m_alice.toUtf8()
           + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body
           + "GET /v3/tts/stream?api_key=" + QUrl::toPercentEncoding(m_alice) + " HTTP/1.1\r\n"
           + hostHeader(m_studio.baseUrl())
           + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n");
    const QList<RawAnswer> answers = splitAnswers(c.readAll(8000));
    QCOMPARE(answers.size(), 2);
    QCOMPARE(answers[0].status, 201);
    QCOMPARE(answers[1].status, 400);
    QCOMPARE(jsonOf(answers[1].body).value("detail").toString(),
             QStringLiteral("WebSocket upgrade sent before earlier requests were answered"));
}

QTEST_MAIN(TestConformance)
#include "tst_conformance.moc"
