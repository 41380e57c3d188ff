// Black box: browser origins against a real `tts-studio --headless` started with
// --allow-origin and --public-url: CORS preflights and headers for allowed origins,
// 403 for others as before, the proxy's public origin as same-origin, WebSocket upgrades.

#include "rawclient.h"
#include "studioprocess.h"

#include <QWebSocket>
#include <QtTest>

namespace
{
const QByteArray kAllowed = "http://app.example:8080";
const QByteArray kEvil = "http://evil.example";
const QByteArray kProxyHost = "tts.example.com";
}

class TestWebOrigins : public QObject
{
    Q_OBJECT

private:
    StudioProcess m_studio;
    QByteArray m_key;

    // One request over a raw socket (QNetworkAccessManager would not send our Host).
    RawAnswer exchange(const QByteArray &head, const QByteArray &body = {})
    {
        RawClient raw(m_studio.baseUrl());
        QByteArray request = head + "Connection: close\r\n";
        if (!body.isEmpty())
            request += "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n";
        raw.send(request + "\r\n" + body);
        const QList<RawAnswer> answers = splitAnswers(raw.readAll(30000));
        return answers.isEmpty() ? RawAnswer{} : answers.first();
    }

private slots:
    void initTestCase()
    {
        m_key = m_studio.createAccountWithKey("olga").toUtf8();
        QVERIFY(!m_key.isEmpty());
        QVERIFY2(m_studio.start({"--workers", "1", "--allow-origin", QString::fromLatin1(kAllowed), "--allow-origin",
                                 "https://other.example/", "--allow-origin", "http://[::1]:9999", "--public-url", "https://tts.example.com"}),
                 m_studio.serverOutput().constData());
    }

    void cleanupTestCase() { m_studio.stop(); }

    void requests_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QByteArray>("path");
        QTest::addColumn<QByteArray>("host");   // empty: the server's own address
        QTest::addColumn<QByteArray>("origin"); // empty: none
        QTest::addColumn<QByteArray>("extra");  // more header lines
        QTest::addColumn<int>("status");
        QTest::addColumn<bool>("cors");
        const QByteArray preflight = "Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: x-api-key, content-type\r\n";
        QTest::newRow("preflight, allowed origin") << QByteArray("OPTIONS") << QByteArray("/v3/tts") << QByteArray() << kAllowed << preflight << 204 << true;
        QTest::newRow("preflight, second allowed origin") << QByteArray("OPTIONS") << QByteArray("/v3/lexicon") << QByteArray() << QByteArray("https://other.example") << QByteArray(preflight).replace("POST", "PUT") << 204 << true;
        QTest::newRow("preflight, other origin") << QByteArray("OPTIONS") << QByteArray("/v3/tts") << QByteArray() << kEvil << preflight << 403 << false;
        QTest::newRow("preflight, unknown path") << QByteArray("OPTIONS") << QByteArray("/nowhere") << QByteArray() << kAllowed << preflight << 404 << true;
        QTest::newRow("OPTIONS without preflight") << QByteArray("OPTIONS") << QByteArray("/v3/tts") << QByteArray() << kAllowed << QByteArray() << 405 << true;
        QTest::newRow("GET, allowed origin") << QByteArray("GET") << QByteArray("/v3/account") << QByteArray() << kAllowed << QByteArray("x-api-key: KEY\r\n") << 200 << true;
        QTest::newRow("401, allowed origin") << QByteArray("GET") << QByteArray("/v3/account") << QByteArray() << kAllowed << QByteArray() << 401 << true;
        QTest::newRow("GET, other origin") << QByteArray("GET") << QByteArray("/v3/account") << QByteArray() << kEvil << QByteArray("x-api-key: KEY\r\n") << 403 << false;
        QTest::newRow("proxy: public origin and host") << QByteArray("GET") << QByteArray("/v3/account") << kProxyHost << QByteArray("https://tts.example.com") << QByteArray("x-api-key: KEY\r\n") << 200 << false;
        QTest::newRow("proxy host, other origin") << QByteArray("GET") << QByteArray("/v3/account") << kProxyHost << kEvil << QByteArray("x-api-key: KEY\r\n") << 403 << false;
        QTest::newRow("public origin, loopback host") << QByteArray("GET") << QByteArray("/v3/account") << QByteArray() << QByteArray("https://tts.example.com") << QByteArray("x-api-key: KEY\r\n") << 403 << false;
        QTest::newRow("proxy host with the default port") << QByteArray("GET") << QByteArray("/v3/account") << QByteArray("tts.example.com:443") << QByteArray("https://tts.example.com") << QByteArray("x-api-key: KEY\r\n") << 200 << false;
        QTest::newRow("proxy host with another port") << QByteArray("GET") << QByteArray("/v3/account") << QByteArray("tts.example.com:8443") << QByteArray("https://tts.example.com") << QByteArray("x-api-key: KEY\r\n") << 403 << false;
        QTest::newRow("allowed IPv6 origin") << QByteArray("GET") << QByteArray("/v3/account") << QByteArray() << QByteArray("http://[::1]:9999") << QByteArray("x-api-key: KEY\r\n") << 200 << true;
        QTest::newRow("IPv6 origin without brackets") << QByteArray("GET") << QByteArray("/v3/account") << QByteArray() << QByteArray("http://::1:9999") << QByteArray("x-api-key: KEY\r\n") << 403 << false;
        QTest::newRow("unknown host") << QByteArray("GET") << QByteArray("/v3/account") << QByteArray("evil.example") << QByteArray() << QByteArray("x-api-key: KEY\r\n") << 403 << false;
    }

    void requests()
    {
        QFETCH(QByteArray, method);
        QFETCH(QByteArray, path);
        QFETCH(QByteArray, host);
        QFETCH(QByteArray, origin);
        QFETCH(QByteArray, extra);
        QFETCH(int, status);
        QFETCH(bool, cors);
        QByteArray head = method + ' ' + path + " HTTP/1.1\r\n"
                          + (host.isEmpty() ? hostHeader(m_studio.baseUrl()) : "Host: " + host + "\r\n");
        if (!origin.isEmpty())
            head += "Origin: " + origin + "\r\n";
        head += QByteArray(extra).replace("KEY", m_key);
        const RawAnswer a = exchange(head);
        QVERIFY2(a.status == status, a.head.constData());
        QCOMPARE(a.header("access-control-allow-origin"), cors ? origin : QByteArray());
        if (!cors)
            return;
        QCOMPARE(a.head.count("Access-Control-Allow-Origin:"), 1); // browsers refuse two
        QVERIFY(a.head.contains("\r\nVary: Origin\r\n"));
        QVERIFY(a.header("access-control-expose-headers").contains("Retry-After"));
        if (status == 204) {
            const QByteArray asked = extra.mid(extra.indexOf(": ") + 2, extra.indexOf("\r\n") - extra.indexOf(": ") - 2);
            QVERIFY2(a.header("access-control-allow-methods").contains(asked), a.head.constData());
            const QByteArray headers = a.header("access-control-allow-headers");
            for (const char *h : {"x-api-key", "authorization", "content-type", "idempotency-key"})
                QVERIFY2(headers.contains(h), headers.constData());
            QVERIFY(!a.head.contains("Content-Length"));
        }
    }

    // Chromium's Private Network Access: a public page on an allowed origin asks before it
    // reaches this server; the preflight says yes to that origin only.
    void privateNetworkPreflight_data()
    {
        QTest::addColumn<QByteArray>("origin");
        QTest::addColumn<bool>("asks");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("allowPrivate");
        QTest::newRow("allowed origin asks") << kAllowed << true << 204 << QByteArray("true");
        QTest::newRow("allowed origin does not ask") << kAllowed << false << 204 << QByteArray();
        QTest::newRow("other origin asks") << kEvil << true << 403 << QByteArray();
    }

    void privateNetworkPreflight()
    {
        QFETCH(QByteArray, origin);
        QFETCH(bool, asks);
        QFETCH(int, status);
        QFETCH(QByteArray, allowPrivate);
        QByteArray head = "OPTIONS /v3/tts HTTP/1.1\r\n" + hostHeader(m_studio.baseUrl()) + "Origin: " + origin
                          + "\r\nAccess-Control-Request-Method: POST\r\n";
        if (asks)
            head += "Access-Control-Request-Private-Network: true\r\n";
        const RawAnswer a = exchange(head);
        QVERIFY2(a.status == status, a.head.constData());
        QCOMPARE(a.header("access-control-allow-private-network"), allowPrivate);
    }

    void earlyRefusals_data()
    {
        QTest::addColumn<QByteArray>("origin");
        QTest::addColumn<bool>("cors");
        QTest::newRow("allowed origin") << kAllowed << true;
        QTest::newRow("other origin") << kEvil << false;
    }

    // The guard's own refusals, answered before any route, carry the CORS headers for an
    // allowed origin too (a page reads them), and none for another.
    void earlyRefusals()
    {
        QFETCH(QByteArray, origin);
        QFETCH(bool, cors);
        const QByteArray head = hostHeader(m_studio.baseUrl()) + "Origin: " + origin + "\r\nx-api-key: " + m_key + "\r\n";
        RawClient big(m_studio.baseUrl());
        big.send("POST /v3/tts HTTP/1.1\r\n" + head + "Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n");
        const QList<RawAnswer> tooLarge = splitAnswers(big.readAll(30000));
        QVERIFY(!tooLarge.isEmpty());
        QCOMPARE(tooLarge.first().status, 413);
        QCOMPARE(tooLarge.first().header("access-control-allow-origin"), cors ? origin : QByteArray());

        RawClient pipelined(m_studio.baseUrl());
        QByteArray requests;
        for (int i = 0; i < 40; ++i)
            requests += "GET /v3/account HTTP/1.1\r\n" + head + "\r\n";
        pipelined.send(requests);
        const QList<RawAnswer> answers = splitAnswers(pipelined.readAll(30000));
        QVERIFY(!answers.isEmpty());
        QCOMPARE(answers.last().status, 429);
        QCOMPARE(answers.last().header("access-control-allow-origin"), cors ? origin : QByteArray());
    }

    // A streamed answer (/v1/audio/speech) carries the headers in its chunked head too.
    void streamedAnswer()
    {
        const QByteArray head = "POST /v1/audio/speech HTTP/1.1\r\n" + hostHeader(m_studio.baseUrl()) + "Origin: " + kAllowed
                                + "\r\nAuthorization: Bearer " + m_key + "\r\n";
        RawClient raw(m_studio.baseUrl());
        const QByteArray body = R"({"model":"tts-1","input":"Hello there.","voice":"alloy","response_format":"wav"})";
        raw.send(head + "Connection: close\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
                 + "\r\n\r\n" + body);
        const QByteArray bytes = raw.readAll(60000);
        QVERIFY2(bytes.startsWith("HTTP/1.1 200"), bytes.left(300).constData());
        const QByteArray answerHead = bytes.left(bytes.indexOf("\r\n\r\n") + 2);
        QVERIFY2(answerHead.contains("Access-Control-Allow-Origin: " + kAllowed + "\r\n"), answerHead.constData());
    }

    void webSocket_data()
    {
        QTest::addColumn<QString>("origin");
        QTest::addColumn<bool>("accepted");
        QTest::newRow("allowed origin") << QString::fromLatin1(kAllowed) << true;
        QTest::newRow("other origin") << QString::fromLatin1(kEvil) << false;
    }

    // The upgrade is let in from an allowed origin (the stream then runs as usual).
    void webSocket()
    {
        QFETCH(QString, origin);
        QFETCH(bool, accepted);
        QWebSocket ws(origin);
        bool connected = false;
        bool ended = false;
        connect(&ws, &QWebSocket::connected, this, [&] { connected = true; });
        connect(&ws, &QWebSocket::disconnected, this, [&] { ended = true; });
        ws.open(QUrl(m_studio.wsUrl(QString::fromLatin1(m_key))));
        QTRY_VERIFY_WITH_TIMEOUT(connected || ended, 10000);
        QCOMPARE(connected, accepted);
        ws.close();
    }
};

QTEST_GUILESS_MAIN(TestWebOrigins)
#include "tst_web_origins.moc"
