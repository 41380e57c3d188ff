// Black box: the web studio's page and files served by a real `tts-studio --headless`
// (port 0, temporary data dir) beside the API: content negotiation at /, types,
// validators and security headers of the files, the API's 404 for anything else, and
// the account route the page shows the balance from.

#include "rawclient.h"
#include "studioprocess.h"

#include <QSignalSpy>
#include <QWebSocket>
#include <QtTest>

namespace
{
const QByteArray kBrowserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
}

class TestWebServing : public QObject
{
    Q_OBJECT

private:
    StudioProcess m_studio;
    QByteArray m_key;

    QString url(const QString &path) const { return m_studio.baseUrl() + path; }

private slots:
    void initTestCase()
    {
        m_key = m_studio.createAccountWithKey("walt").toUtf8();
        QVERIFY(!m_key.isEmpty());
        QVERIFY2(m_studio.start({"--workers", "1"}), m_studio.serverOutput().constData());
    }

    void cleanupTestCase() { m_studio.stop(); }

    // A browser navigating gets the page; programs keep the v2 index (JSON).
    void indexByAccept_data()
    {
        QTest::addColumn<QByteArray>("accept");
        QTest::addColumn<bool>("page");
        QTest::newRow("browser") << kBrowserAccept << true;
        QTest::newRow("text/html") << QByteArray("text/html") << true;
        QTest::newRow("no Accept") << QByteArray() << false;
        QTest::newRow("*/*") << QByteArray("*/*") << false;
        QTest::newRow("json") << QByteArray("application/json") << false;
        QTest::newRow("json preferred") << QByteArray("application/json, text/html;q=0.5") << false;
        QTest::newRow("html refused") << QByteArray("text/html;q=0, */*") << false;
        QTest::newRow("html preferred") << QByteArray("text/html, application/json;q=0.9") << true;
    }

    void indexByAccept()
    {
        QFETCH(QByteArray, accept);
        QFETCH(bool, page);
        QList<QPair<QByteArray, QByteArray>> headers;
        if (!accept.isEmpty())
            headers.append({"Accept", accept});
        const HttpResult r = httpRequest("GET", url("/"), {}, {}, headers);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("Vary"), QByteArray("Accept"));
        if (page) {
            QCOMPARE(r.header("Content-Type"), QByteArray("text/html; charset=utf-8"));
            QVERIFY(r.body.contains("<script type=\"module\" src=\"/web/app.js\"></script>"));
            QVERIFY(r.header("Content-Security-Policy").contains("default-src 'none'"));
        } else {
            QCOMPARE(r.header("Content-Type"), QByteArray("application/json"));
            QCOMPARE(r.json.value("name").toString(), QStringLiteral("TTS Studio"));
        }
    }

    void files_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("type");
        QTest::addColumn<QByteArray>("contains");
        QTest::newRow("app.js") << "/web/app.js" << QByteArray("text/javascript; charset=utf-8") << QByteArray("import");
        QTest::newRow("worklet") << "/web/pcm-worklet.js" << QByteArray("text/javascript; charset=utf-8") << QByteArray("registerProcessor");
        QTest::newRow("style.css") << "/web/style.css" << QByteArray("text/css; charset=utf-8") << QByteArray(":root");
        QTest::newRow("icon.svg") << "/web/icon.svg" << QByteArray("image/svg+xml") << QByteArray("<svg");
    }

    // Each file: its type, a strong ETag answered by 304, revalidation on every load and
    // the page's security headers; HEAD like GET without the body.
    void files()
    {
        QFETCH(QString, path);
        QFETCH(QByteArray, type);
        QFETCH(QByteArray, contains);
        const HttpResult r = httpRequest("GET", url(path));
        QCOMPARE(r.status, 200);
        QCOMPARE(r.header("Content-Type"), type);
        QVERIFY(r.body.contains(contains));
        QCOMPARE(r.header("X-Content-Type-Options"), QByteArray("nosniff"));
        QCOMPARE(r.header("Cache-Control"), QByteArray("no-cache"));
        const QByteArray policy = r.header("Content-Security-Policy");
        for (const char *part : {"default-src 'none'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"})
            QVERIFY2(policy.contains(part), policy.constData());
        const QByteArray etag = r.header("ETag");
        QVERIFY(etag.startsWith('"') && etag.endsWith('"') && etag.size() > 10);

        const HttpResult again = httpRequest("GET", url(path), {}, {}, {{"If-None-Match", etag}});
        QCOMPARE(again.status, 304);
        QVERIFY(again.body.isEmpty());
        QCOMPARE(again.header("ETag"), etag);
        QCOMPARE(httpRequest("GET", url(path), {}, {}, {{"If-None-Match", "\"other\""}}).status, 200);

        // HEAD over a raw socket (QNetworkAccessManager would wait for a body).
        RawClient raw(m_studio.baseUrl());
        raw.send("HEAD " + path.toUtf8() + " HTTP/1.1\r\n" + hostHeader(m_studio.baseUrl()) + "Connection: close\r\n\r\n");
        const QByteArray bytes = raw.readAll(10000);
        QVERIFY2(bytes.startsWith("HTTP/1.1 200 OK\r\n"), bytes.constData());
        QVERIFY(bytes.endsWith("\r\n\r\n")); // no body
        QVERIFY(bytes.contains("Content-Length: " + QByteArray::number(r.body.size()) + "\r\n"));
    }

    // The page names every module its first view imports (directly or through another)
    // in a modulepreload link, so the browser fetches them in one round instead of one
    // per import level; the other views are import()ed later and the worklet is loaded
    // by audioWorklet.addModule, so neither is preloaded.
    void everyImportedModuleIsPreloaded()
    {
        const HttpResult page = httpRequest("GET", url("/"), {}, {}, {{"Accept", "text/html"}});
        QCOMPARE(page.status, 200);
        const QRegularExpression preloadLink(QStringLiteral("<link rel=\"modulepreload\" href=\"/web/([a-z0-9-]+\\.js)\">"));
        QSet<QString> preloaded;
        for (const auto &m : preloadLink.globalMatch(QString::fromUtf8(page.body)))
            preloaded.insert(m.captured(1));

        const QRegularExpression importFrom(QStringLiteral("from '\\./([a-z0-9-]+\\.js)'"));
        QSet<QString> imported;
        QStringList todo{QStringLiteral("app.js")};
        while (!todo.isEmpty()) {
            const QString name = todo.takeLast();
            const HttpResult module = httpRequest("GET", url("/web/" + name));
            QVERIFY2(module.status == 200, qPrintable(name));
            for (const auto &m : importFrom.globalMatch(QString::fromUtf8(module.body))) {
                if (!imported.contains(m.captured(1)))
                    todo.append(m.captured(1));
                imported.insert(m.captured(1));
            }
        }
        QVERIFY(imported.size() > 5);
        QCOMPARE(preloaded, imported);
    }

    void unknownPaths_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("missing file") << "/web/nothing.js";
        QTest::newRow("index.html by name") << "/web/index.html";
        QTest::newRow("folder") << "/web/";
        QTest::newRow("two segments") << "/web/a/app.js";
        QTest::newRow("dotdot") << "/web/%2e%2e%2fopenapi.json";
        QTest::newRow("page by name") << "/index.html";
    }

    // Anything else stays the API's 404, for browsers too.
    void unknownPaths()
    {
        QFETCH(QString, path);
        const HttpResult r = httpRequest("GET", url(path), {}, {}, {{"Accept", kBrowserAccept}});
        QCOMPARE(r.status, 404);
        QCOMPARE(r.json, QJsonObject({{"detail", "Not Found"}}));
    }

    // The page's own origin passes the Origin check; another origin is refused as before.
    void origin_data()
    {
        QTest::addColumn<bool>("same");
        QTest::newRow("same origin") << true;
        QTest::newRow("other origin") << false;
    }

    void origin()
    {
        QFETCH(bool, same);
        const QByteArray origin = same ? m_studio.baseUrl().toUtf8() : QByteArray("http://evil.example");
        const HttpResult r = httpRequest("GET", url("/v3/account"), m_key, {}, {{"Origin", origin}});
        QCOMPARE(r.status, same ? 200 : 403);
    }

    void account_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<int>("status");
        QTest::newRow("own key") << QByteArray("own") << 200;
        QTest::newRow("no key") << QByteArray() << 401;
        QTest::newRow("wrong key") << QByteArray("not-a-key") << 401;
    }

    // Extension: the caller's account and balance.
    void account()
    {
        QFETCH(QByteArray, key);
        QFETCH(int, status);
        const HttpResult r = httpRequest("GET", url("/v3/account"), key == "own" ? m_key : key);
        QCOMPARE(r.status, status);
        if (status != 200) {
            QCOMPARE(r.json.value("detail").toString(), QStringLiteral("Invalid or missing API key"));
            return;
        }
        QCOMPARE(r.json.value("name").toString(), QStringLiteral("walt"));
        QCOMPARE(r.json.value("plan").toString(), QStringLiteral("free"));
        QCOMPARE(r.json.value("credits").toInteger(), 10000);
        QCOMPARE(r.json.value("wallet_dollars").toDouble(), 0.0);
    }

    // API answers (an account's balance, texts, signed links) are kept by no cache; the
    // page's own files are revalidated instead (files()).
    void apiAnswersAreNotStored_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("withKey");
        QTest::addColumn<int>("status");
        QTest::newRow("account") << "/v3/account" << true << 200;
        QTest::newRow("history") << "/v3/history" << true << 200;
        QTest::newRow("lexicon") << "/v3/lexicon" << true << 200;
        QTest::newRow("refused key") << "/v3/account" << false << 401;
        QTest::newRow("unknown generation") << "/v3/tts?generation_id=none" << true << 404;
        QTest::newRow("JSON index") << "/" << false << 200;
    }

    void apiAnswersAreNotStored()
    {
        QFETCH(QString, path);
        QFETCH(bool, withKey);
        QFETCH(int, status);
        const HttpResult r = httpRequest("GET", url(path), withKey ? m_key : QByteArray());
        QCOMPARE(r.status, status);
        QCOMPARE(r.header("Cache-Control"), QByteArray("no-store"));
    }

    // A WebSocket stream writes its request-log line when the connection ends: the
    // route, 101, the account; never the key its address carried.
    void webSocketIsLogged()
    {
        QWebSocket ws;
        QSignalSpy closed(&ws, &QWebSocket::disconnected);
        connect(&ws, &QWebSocket::connected, &ws,
                [&ws] { ws.sendTextMessage(QStringLiteral(R"({"text":"Hello.","voice_id":"af_sarah"})")); });
        connect(&ws, &QWebSocket::textMessageReceived, &ws, [&ws](const QString &m) {
            if (m.contains(QLatin1String("\"completed\"")))
                ws.close();
        });
        ws.open(QUrl(m_studio.wsUrl(QString::fromUtf8(m_key))));
        QVERIFY(closed.wait(10000));
        QByteArray line;
        QTRY_VERIFY_WITH_TIMEOUT(!(line = streamLogLine()).isEmpty(), 10000);
        QVERIFY2(line.contains("\"status\":101") && line.contains("\"account_id\":"), line.constData());
        QVERIFY(!m_studio.serverOutput().contains(m_key));
    }

private:
    QByteArray streamLogLine()
    {
        for (const QByteArray &l : m_studio.serverOutput().split('\n'))
            if (l.startsWith("tts.request: ") && l.contains("\"path\":\"/v3/tts/stream\""))
                return l;
        return {};
    }
};

QTEST_GUILESS_MAIN(TestWebServing)
#include "tst_web_serving.moc"
