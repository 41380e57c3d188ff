// Error statuses (spec parts 5, 7, 8; docs/decisions.md "Status codes", "Rate limit"):
// 401 for missing, wrong and revoked keys (any spelling of the header name works),
// 402, 404 for unknown generations and paths, 405 with Allow, 413 over 1 MiB,
// 429 with Retry-After, 503 with Retry-After when the queue is full.
#include "testserver.h"

#include <QJsonDocument>
#include <QSet>
#include <QTest>
#include <QUuid>

class ApiErrorsTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void unauthorized_data();
    void unauthorized();
    void unauthorizedCreatesNothing();
    void headerNameSpellings_data();
    void headerNameSpellings();
    void insufficientBalance();
    void generationNotFound_data();
    void generationNotFound();
    void unknownPath_data();
    void unknownPath();
    void methodNotAllowed_data();
    void methodNotAllowed();
    void payloadTooLarge_data();
    void payloadTooLarge();
    void payloadTooLargeReachesQtClient();
    void rateLimited();
    void rateLimitRefills();
    void queueFull();

private:
    TestServer m_server;
    QByteArray m_key;
    QByteArray m_brokeKey;
    QByteArray m_revokedKey;
};

namespace
{
const QString kInvalidKey = QStringLiteral("Invalid or missing API key");

// A POST /v3/tts body of exactly `size` bytes.
QByteArray bodyOfSize(qsizetype size)
{
    const QByteArray head = "{\"voice_id\":\"af_sarah\",\"text\":\"";
    const QByteArray tail = "\"}";
    QByteArray b = head;
    b.append(size - head.size() - tail.size(), 'a');
    b.append(tail);
    return b;
}

QSet<QByteArray> allowSet(const QByteArray &allow)
{
    QSet<QByteArray> out;
    for (const QByteArray &m : allow.split(','))
        if (!m.trimmed().isEmpty())
            out.insert(m.trimmed().toUpper());
    return out;
}
}

void ApiErrorsTest::initTestCase()
{
    m_key = m_server.createAccountWithKey("main");
    QVERIFY(!m_key.isEmpty());
    m_brokeKey = m_server.createAccountWithKey("broke", {"--credits", "0", "--wallet", "0"});
    QVERIFY(!m_brokeKey.isEmpty());
    m_revokedKey = m_server.createKey("main", "to-revoke");
    QVERIFY(!m_revokedKey.isEmpty());
    QVERIFY(m_server.revokeKey("main", m_server.keyId("main", "to-revoke")));
    QVERIFY2(m_server.start(), m_server.serverLog().constData());
}

void ApiErrorsTest::cleanupTestCase()
{
    QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
}

void ApiErrorsTest::unauthorized_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("keyKind"); // none, wrong, empty, revoked, mangled, upper, query, bearer
    // The server throttles an address after 20 failed authentications a minute (429),
    // so this table stays below that: every route without a key, every kind of bad key
    // on two routes. (17 failures with unauthorizedCreatesNothing.)
    const QList<QPair<QByteArray, QString>> routes = {
        {"POST", "/v3/tts"},
        {"GET", "/v3/tts?generation_id=" + QUuid::createUuid().toString(QUuid::WithoutBraces)},
        {"DELETE", "/v3/tts?generation_id=" + QUuid::createUuid().toString(QUuid::WithoutBraces)},
        {"GET", "/v3/voices"},
        {"GET", "/v3/history"},
        {"POST", "/v3/voices"},
        {"DELETE", "/v3/voices/custom_x"},
    };
    for (const auto &route : routes)
        QTest::newRow(qPrintable(QStringLiteral("%1 %2 no key").arg(QString::fromLatin1(route.first), route.second.section(u'?', 0, 0))))
            << route.first << route.second << QByteArray("none");
    for (const char *kind : {"wrong", "empty", "revoked", "mangled", "upper", "query", "bearer"})
        QTest::newRow(qPrintable(QStringLiteral("GET /v3/voices %1 key").arg(kind)))
            << QByteArray("GET") << QStringLiteral("/v3/voices") << QByteArray(kind);
    for (const char *kind : {"wrong", "revoked"})
        QTest::newRow(qPrintable(QStringLiteral("POST /v3/tts %1 key").arg(kind)))
            << QByteArray("POST") << QStringLiteral("/v3/tts") << QByteArray(kind);
}

void ApiErrorsTest::unauthorized()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QByteArray, keyKind);
    HttpRequest req;
    req.method = method;
    req.path = path;
    if (method == "POST")
        req.body = path == QLatin1String("/v3/tts") ? QByteArray(R"({"text":"Hello","voice_id":"af_sarah"})")
                                                    : QByteArray(R"({"name":"V","base_voice_id":"af_sarah"})");
    if (keyKind == "wrong")
        req.apiKey = "tts_thisIsNotAValidKeyAtAll0000000000000000000";
    else if (keyKind == "empty")
        req.headers << qMakePair(QByteArray("x-api-key"), QByteArray(""));
    else if (keyKind == "revoked")
        req.apiKey = m_revokedKey;
    else if (keyKind == "mangled")
        req.apiKey = m_key + "x";
    else if (keyKind == "upper")
        req.apiKey = m_key.toUpper();
    else if (keyKind == "query")
        req.path += "?api_key=" + QString::fromLatin1(m_key);
    else if (keyKind == "bearer")
        req.headers << qMakePair(QByteArray("Authorization"), "Bearer " + m_key);
    const HttpResponse r = m_server.request(req);
    QVERIFY2(r.status == 401, r.describe());
    QVERIFY2(r.header("content-type").startsWith("application/json"), r.header("content-type"));
    QCOMPARE(r.detail(), kInvalidKey);
}

void ApiErrorsTest::unauthorizedCreatesNothing()
{
    const int before = int(m_server.history(m_key).size());
    const Balance balance = m_server.balance("main");
    HttpRequest req;
    req.method = "POST";
    req.path = "/v3/tts";
    req.apiKey = m_revokedKey; // a key of this very account, but revoked
    req.body = R"({"text":"Hello","voice_id":"af_sarah"})";
    QCOMPARE(m_server.request(req).status, 401);
    QCOMPARE(int(m_server.history(m_key).size()), before);
    QCOMPARE(m_server.balance("main"), balance);
}

void ApiErrorsTest::headerNameSpellings_data()
{
    QTest::addColumn<QByteArray>("headerName");
    QTest::newRow("x-api-key") << QByteArray("x-api-key");
    QTest::newRow("X-API-Key") << QByteArray("X-API-Key");
    QTest::newRow("X-Api-Key") << QByteArray("X-Api-Key");
    QTest::newRow("X-API-KEY") << QByteArray("X-API-KEY");
}

void ApiErrorsTest::headerNameSpellings()
{
    QFETCH(QByteArray, headerName);
    HttpRequest get;
    get.path = "/v3/voices?limit=1";
    get.apiKey = m_key;
    get.apiKeyHeader = headerName;
    const HttpResponse r = m_server.request(get);
    QVERIFY2(r.status == 200, r.describe());

    HttpRequest post;
    post.method = "POST";
    post.path = "/v3/tts";
    post.apiKey = m_key;
    post.apiKeyHeader = headerName;
    post.body = R"({"text":"Spelling test.","voice_id":"af_sarah"})";
    const HttpResponse c = m_server.request(post);
    QVERIFY2(c.status == 201, c.describe());
}

void ApiErrorsTest::insufficientBalance()
{
    const Balance before = m_server.balance("broke");
    QCOMPARE(before, (Balance{0, 0}));
    for (const char *voice : {"af_sarah", "aria"}) {
        QJsonObject extra;
        if (QByteArray(voice) == "aria")
            extra.insert("model", "advanced");
        const HttpResponse r = m_server.createGeneration(m_brokeKey, QStringLiteral("Hello"), voice, extra);
        QVERIFY2(r.status == 402, r.describe());
        QCOMPARE(r.detail(), QStringLiteral("Insufficient Balance"));
    }
    QCOMPARE(m_server.history(m_brokeKey).size(), qsizetype(0));
    QCOMPARE(m_server.balance("broke"), before);
    // Reading is free: a broke account still lists voices and its (empty) history.
    QCOMPARE(m_server.get("/v3/voices?limit=1", m_brokeKey).status, 200);
}

void ApiErrorsTest::generationNotFound_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("id");
    const QString uuid = QUuid::createUuid().toString(QUuid::WithoutBraces);
    QTest::newRow("GET unknown uuid") << QByteArray("GET") << uuid;
    QTest::newRow("GET garbage id") << QByteArray("GET") << QStringLiteral("not-an-id");
    QTest::newRow("GET sql-ish id") << QByteArray("GET") << QStringLiteral("' OR '1'='1");
    QTest::newRow("DELETE unknown uuid") << QByteArray("DELETE") << uuid;
}

void ApiErrorsTest::generationNotFound()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, id);
    HttpRequest req;
    req.method = method;
    req.path = "/v3/tts?generation_id=" + QString::fromLatin1(QUrl::toPercentEncoding(id));
    req.apiKey = m_key;
    const HttpResponse r = m_server.request(req);
    QVERIFY2(r.status == 404, r.describe());
    QCOMPARE(r.detail(), QStringLiteral("Generation not found"));
}

void ApiErrorsTest::unknownPath_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("withKey");
    QTest::newRow("GET /v3/nope") << QByteArray("GET") << "/v3/nope" << true;
    QTest::newRow("GET /v3/nope without key") << QByteArray("GET") << "/v3/nope" << false;
    QTest::newRow("POST /v3/generate") << QByteArray("POST") << "/v3/generate" << true;
    QTest::newRow("GET /v4/tts") << QByteArray("GET") << "/v4/tts" << true;
    QTest::newRow("GET /v3") << QByteArray("GET") << "/v3" << true;
    QTest::newRow("GET /v3/tts/extra/segments") << QByteArray("GET") << "/v3/tts/extra/segments" << true;
    QTest::newRow("GET /v3/history/123") << QByteArray("GET") << "/v3/history/123" << true;
    QTest::newRow("DELETE /v3/nope") << QByteArray("DELETE") << "/v3/nope" << true;
}

void ApiErrorsTest::unknownPath()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(bool, withKey);
    HttpRequest req;
    req.method = method;
    req.path = path;
    if (withKey)
        req.apiKey = m_key;
    if (method == "POST")
        req.body = "{}";
    const HttpResponse r = m_server.request(req);
    QVERIFY2(r.status == 404, r.describe());
    QVERIFY2(r.header("content-type").startsWith("application/json"), r.header("content-type"));
    QCOMPARE(r.json, (QJsonObject{{"detail", "Not Found"}}));
}

void ApiErrorsTest::methodNotAllowed_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QStringList>("allowed"); // at least these
    const QStringList tts{"GET", "POST", "DELETE"};
    QTest::newRow("PUT /v3/tts") << QByteArray("PUT") << "/v3/tts" << tts;
    QTest::newRow("PATCH /v3/tts") << QByteArray("PATCH") << "/v3/tts" << tts;
    QTest::newRow("POST /v3/history") << QByteArray("POST") << "/v3/history" << QStringList{"GET"};
    QTest::newRow("DELETE /v3/history") << QByteArray("DELETE") << "/v3/history" << QStringList{"GET"};
    QTest::newRow("PUT /v3/voices") << QByteArray("PUT") << "/v3/voices" << QStringList{"GET", "POST"};
    QTest::newRow("GET /v3/voices/x") << QByteArray("GET") << "/v3/voices/custom_x" << QStringList{"DELETE"};
    QTest::newRow("POST /v3/audio/x.wav") << QByteArray("POST") << "/v3/audio/x.wav" << QStringList{"GET"};
}

void ApiErrorsTest::methodNotAllowed()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QStringList, allowed);
    HttpRequest req;
    req.method = method;
    req.path = path;
    req.apiKey = m_key;
    if (method != "GET" && method != "DELETE")
        req.body = "{}";
    const HttpResponse r = m_server.request(req);
    QVERIFY2(r.status == 405, r.describe());
    QVERIFY2(r.isJsonObject && !r.detail().isEmpty(), r.describe());
    QVERIFY2(!r.header("allow").isEmpty(), "405 must carry an Allow header");
    // Allow names every method of the path (extensions may add more), never the refused one.
    const QSet<QByteArray> allow = allowSet(r.header("allow"));
    for (const QString &m : allowed)
        QVERIFY2(allow.contains(m.toLatin1()), qPrintable(m + " missing from Allow: " + r.header("allow")));
    QVERIFY2(!allow.contains(method), r.header("allow"));
}

void ApiErrorsTest::payloadTooLarge_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<qint64>("size");
    QTest::addColumn<int>("status");
    const qint64 MiB = 1024 * 1024;
    QTest::newRow("1 MiB + 1 to POST /v3/tts") << "/v3/tts" << MiB + 1 << 413;
    QTest::newRow("8 MiB to POST /v3/tts") << "/v3/tts" << 8 * MiB << 413;
    QTest::newRow("2 MiB to POST /v3/voices") << "/v3/voices" << 2 * MiB << 413;
    // Exactly 1 MiB is not too large: it is refused for its text length instead.
    QTest::newRow("exactly 1 MiB to POST /v3/tts") << "/v3/tts" << MiB << 400;
}

void ApiErrorsTest::payloadTooLarge()
{
    // A plain socket client that writes the whole request and then reads the answer,
    // even if the server answers (and closes) before the body is all sent.
    QFETCH(QString, path);
    QFETCH(qint64, size);
    QFETCH(int, status);
    const int before = int(m_server.history(m_key).size());
    const Balance balance = m_server.balance("main");
    const QByteArray body = bodyOfSize(size);
    const QByteArray raw = "POST " + path.toLatin1() + " HTTP/1.1\r\nHost: " + QUrl(m_server.baseUrl()).authority().toLatin1()
                           + "\r\nx-api-key: " + m_key + "\r\nContent-Type: application/json\r\nContent-Length: "
                           + QByteArray::number(body.size()) + "\r\n\r\n" + body;
    const HttpResponse r = m_server.rawExchange(raw, 60000);
    QVERIFY2(r.status == status, r.describe());
    QVERIFY2(r.isJsonObject && !r.detail().isEmpty(), r.describe());
    if (status == 400)
        QVERIFY(r.hasFieldError("text"));
    QCOMPARE(int(m_server.history(m_key).size()), before);
    QCOMPARE(m_server.balance("main"), balance);
    // The server is still healthy.
    QCOMPARE(m_server.get("/v3/voices?limit=1", m_key).status, 200);
}

void ApiErrorsTest::payloadTooLargeReachesQtClient()
{
    // The same through QNetworkAccessManager, which gives up on an upload when the
    // peer resets the connection: the 413 only reaches it if the server lets the
    // client finish sending (or drains the body) before it closes.
    HttpRequest req;
    req.method = "POST";
    req.path = "/v3/tts";
    req.apiKey = m_key;
    req.body = bodyOfSize(8 * 1024 * 1024);
    const HttpResponse r = m_server.request(req, 60000);
    QVERIFY2(r.status == 413, r.describe());
    QVERIFY2(r.isJsonObject && !r.detail().isEmpty(), r.describe());
}

void ApiErrorsTest::rateLimited()
{
    TestServer server;
    const QByteArray key = server.createAccountWithKey("limited");
    QVERIFY(!key.isEmpty());
    const QByteArray otherKey = server.createKey("limited", "second");
    QVERIFY(!otherKey.isEmpty());
    QVERIFY2(server.start({"--rate-limit", "5"}), server.serverLog().constData());

    for (int i = 0; i < 5; ++i) {
        const HttpResponse r = server.get("/v3/voices?limit=1", key);
        QVERIFY2(r.status == 200, qPrintable(QStringLiteral("request %1: %2").arg(i + 1).arg(QString::fromUtf8(r.describe()))));
    }
    const HttpResponse limited = server.get("/v3/voices?limit=1", key);
    QVERIFY2(limited.status == 429, limited.describe());
    QCOMPARE(limited.detail(), QStringLiteral("Rate limit exceeded. Please retry after 30 seconds."));
    bool ok = false;
    const int retryAfter = limited.header("retry-after").toInt(&ok);
    // Whole seconds; the bucket refills 5 a minute, so a request fits again within 12 s.
    QVERIFY2(ok && retryAfter >= 1 && retryAfter <= 12,
             qPrintable("Retry-After must be whole seconds, at most 12: '" + limited.header("retry-after") + "'"));

    // A limited POST creates nothing; every route counts against the same key.
    const HttpResponse post = server.createGeneration(key, "Hello");
    QCOMPARE(post.status, 429);
    QCOMPARE(server.get("/v3/history", key).status, 429);

    // The limit is per key: another key of the same account is unaffected.
    const HttpResponse other = server.get("/v3/history?limit=100", otherKey);
    QVERIFY2(other.status == 200, other.describe());
    QCOMPARE(other.json.value("length").toInt(), 0);
    QCOMPARE(server.balance("limited").credits, qint64(10000));
    QVERIFY(server.stop());
}

void ApiErrorsTest::rateLimitRefills()
{
    // 60 a minute: the bucket holds 60 and refills one per second.
    TestServer server;
    const QByteArray key = server.createAccountWithKey("refill");
    QVERIFY(!key.isEmpty());
    QVERIFY2(server.start({"--rate-limit", "60"}), server.serverLog().constData());
    HttpResponse r;
    int ok = 0;
    for (int i = 0; i < 80; ++i) {
        r = server.get("/v3/voices?limit=1", key);
        if (r.status != 200)
            break;
        ++ok;
    }
    QVERIFY2(r.status == 429, r.describe());
    QVERIFY2(ok >= 60, qPrintable(QString::number(ok))); // the whole burst was allowed
    const int retryAfter = r.header("retry-after").toInt();
    QCOMPARE(retryAfter, 1);
    // Honouring Retry-After is enough.
    QTest::qWait(retryAfter * 1000 + 100);
    const HttpResponse again = server.get("/v3/voices?limit=1", key);
    QVERIFY2(again.status == 200, again.describe());
    QVERIFY(server.stop());
}

void ApiErrorsTest::queueFull()
{
    TestServer server;
    const QByteArray key = server.createAccountWithKey("queue", {"--credits", "1000000"});
    QVERIFY(!key.isEmpty());
    QVERIFY2(server.start({"--max-queue", "1", "--workers", "1"}), server.serverLog().constData());

    const QString text = ApiCheck::longText(4000);
    QStringList accepted;
    HttpResponse full;
    qint64 charged = 0;
    for (int i = 0; i < 8 && full.status != 503; ++i) {
        const Balance before = server.balance("queue");
        const HttpResponse r = server.createGeneration(key, text);
        if (r.status == 201) {
            accepted << r.json.value("generation_id").toString();
            charged += r.json.value("tokens").toInteger();
        } else {
            QVERIFY2(r.status == 503, r.describe());
            full = r;
            QCOMPARE(server.balance("queue"), before); // a refused job costs nothing
        }
    }
    QVERIFY2(full.status == 503, "with --max-queue 1 and one busy worker, a POST must be refused");
    QVERIFY2(accepted.size() >= 2, "the first jobs fit");
    QVERIFY2(full.isJsonObject && !full.detail().isEmpty(), full.describe());
    bool ok = false;
    const int retryAfter = full.header("retry-after").toInt(&ok);
    QVERIFY2(ok && retryAfter >= 1, qPrintable("503 needs Retry-After in seconds: '" + full.header("retry-after") + "'"));
    QCOMPARE(int(server.history(key).size()), int(accepted.size()));
    QCOMPARE(server.balance("queue").credits, 1000000 - charged);

    // Once the queue has room again, jobs are accepted.
    for (const QString &id : std::as_const(accepted))
        QCOMPARE(server.del("/v3/tts?generation_id=" + id, key).status, 200);
    const HttpResponse again = server.createGeneration(key, "Room again.");
    QVERIFY2(again.status == 201, again.describe());
    QCOMPARE(server.waitForCompleted(key, again.json.value("generation_id").toString()).json.value("status").toString(),
             QStringLiteral("COMPLETED"));
    QVERIFY(server.stop());
}

QTEST_GUILESS_MAIN(ApiErrorsTest)
#include "tst_api_errors.moc"
