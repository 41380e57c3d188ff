// GET /openapi.json against the server: the document lists exactly the routes the
// server registers (same methods, same paths, same authentication), and every
// documented operation answers on a live `tts-studio --headless` with a status the
// document lists for it (never a routing 404 or a 405).

#include "apiroutes.h"
#include "apiserver.h"
#include "engine.h"
#include "studioprocess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

namespace
{
const QStringList kMethods = {"get", "put", "post", "delete", "options", "head", "patch", "trace"};

// "/v3/voices/{voice_id}" -> "/v3/voices/*" (the server's pattern for one more segment).
QString toPattern(const QString &openApiPath)
{
    static const QRegularExpression param(QStringLiteral("\\{[^}/]+\\}"));
    QString p = openApiPath;
    p.replace(param, QStringLiteral("*"));
    return p;
}

struct Operation
{
    QString method; // upper case
    QString path;   // as in the document
    QJsonObject op;
    QJsonArray pathParameters;
};

QList<Operation> operations(const QJsonObject &doc)
{
    QList<Operation> out;
    const QJsonObject paths = doc.value("paths").toObject();
    for (auto it = paths.begin(); it != paths.end(); ++it) {
        const QJsonObject item = it.value().toObject();
        for (auto m = item.begin(); m != item.end(); ++m)
            if (kMethods.contains(m.key()))
                out.append({m.key().toUpper(), it.key(), m.value().toObject(), item.value("parameters").toArray()});
    }
    return out;
}

// The security requirements in force for an operation: its own, else the document's.
QStringList securityOf(const QJsonObject &doc, const QJsonObject &op)
{
    const QJsonArray reqs = op.contains("security") ? op.value("security").toArray() : doc.value("security").toArray();
    QStringList out;
    for (const QJsonValue &r : reqs) {
        const QJsonObject o = r.toObject();
        out << (o.isEmpty() ? QStringLiteral("none") : o.keys().join(u'+'));
    }
    return out;
}

QStringList expectedSecurity(const ApiServer::RouteInfo &r)
{
    if (r.webSocket)
        return {"ApiKeyQuery"};
    switch (r.auth) {
    case ApiServer::Auth::None: return {"none"};
    case ApiServer::Auth::V3:
    case ApiServer::Auth::V2: return {"ApiKeyHeader"};
    case ApiServer::Auth::OpenAi: return {"BearerAuth", "ApiKeyHeader"};
    case ApiServer::Auth::OpenAiOptional: return {"BearerAuth", "ApiKeyHeader", "none"};
    }
    return {};
}

// A request path for an operation: path parameters from their examples (or "x").
QString concretePath(const Operation &o)
{
    QString path = o.path;
    QJsonArray params = o.pathParameters;
    for (const QJsonValue &v : o.op.value("parameters").toArray())
        params.append(v);
    for (const QJsonValue &v : params) {
        const QJsonObject p = v.toObject();
        if (p.value("in").toString() != QLatin1String("path"))
            continue;
        const QString value = p.value("example").toString(QStringLiteral("x"));
        path.replace(u'{' + p.value("name").toString() + u'}', value);
    }
    return path;
}

QByteArray sampleBody(const Operation &o)
{
    return o.op.contains("requestBody") ? QByteArray("{}") : QByteArray();
}
}

class TestOpenApi : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void documentIsServed();
    void documentMatchesRouteTable_data();
    void documentMatchesRouteTable();
    void everyOperationAnswersWithAKey();
    void everyOperationAnswersWithoutAKey();
    void cleanupTestCase();

private:
    StudioProcess m_studio;
    QByteArray m_key;
    QJsonObject m_doc;
};

void TestOpenApi::initTestCase()
{
    m_key = m_studio.createAccountWithKey("eco").toUtf8();
    QVERIFY(!m_key.isEmpty());
    QVERIFY2(m_studio.start(), m_studio.serverOutput().constData());
    const HttpResult r = httpRequest("GET", m_studio.baseUrl() + "/openapi.json");
    QCOMPARE(r.status, 200);
    QVERIFY(r.header("content-type").startsWith("application/json"));
    m_doc = r.json;
    QVERIFY(!m_doc.isEmpty());
}

void TestOpenApi::documentIsServed()
{
    QCOMPARE(m_doc.value("openapi").toString(), QStringLiteral("3.1.0"));
    QVERIFY(!m_doc.value("info").toObject().value("title").toString().isEmpty());
    // The servers entry points at the address the document was fetched from.
    QCOMPARE(m_doc.value("servers").toArray().first().toObject().value("url").toString(), m_studio.baseUrl());
    const QJsonObject schemes = m_doc.value("components").toObject().value("securitySchemes").toObject();
    QCOMPARE(schemes.value("ApiKeyHeader").toObject().value("name").toString(), QStringLiteral("x-api-key"));
    QCOMPARE(schemes.value("ApiKeyHeader").toObject().value("in").toString(), QStringLiteral("header"));
    QCOMPARE(schemes.value("BearerAuth").toObject().value("scheme").toString(), QStringLiteral("bearer"));
    QCOMPARE(schemes.value("ApiKeyQuery").toObject().value("name").toString(), QStringLiteral("api_key"));
    QCOMPARE(schemes.value("ApiKeyQuery").toObject().value("in").toString(), QStringLiteral("query"));
    // Every operation has an id, a summary and responses; error responses have a body schema.
    QSet<QString> ids;
    for (const Operation &o : operations(m_doc)) {
        const QString where = o.method + u' ' + o.path;
        const QString id = o.op.value("operationId").toString();
        QVERIFY2(!id.isEmpty() && !ids.contains(id), qPrintable(where));
        ids.insert(id);
        QVERIFY2(!o.op.value("summary").toString().isEmpty(), qPrintable(where));
        QVERIFY2(!o.op.value("responses").toObject().isEmpty(), qPrintable(where));
    }
}

void TestOpenApi::documentMatchesRouteTable_data()
{
    QTest::addColumn<bool>("metricsOpen");
    QTest::newRow("metrics open") << true;
    QTest::newRow("metrics with key") << false;
}

void TestOpenApi::documentMatchesRouteTable()
{
    QFETCH(bool, metricsOpen);
    // The route table of the product, built by the same function the binary calls.
    QTemporaryDir dir;
    Engine::Options options;
    options.dataDir = dir.path();
    Engine engine(options);
    QCOMPARE(engine.open(), QString());
    ApiServer server(engine.services());
    registerApiRoutes(server, metricsOpen);

    QHash<QString, Operation> documented; // "METHOD pattern"
    for (const Operation &o : operations(m_doc))
        documented.insert(o.method + u' ' + toPattern(o.path), o);
    QSet<QString> registered;
    QStringList missing, wrongAuth;
    for (const ApiServer::RouteInfo &r : server.routes()) {
        const QString key = QString::fromLatin1(r.method) + u' ' + r.path;
        registered.insert(key);
        if (!documented.contains(key)) {
            missing << key;
            continue;
        }
        const QStringList security = securityOf(m_doc, documented.value(key).op);
        for (const QString &s : expectedSecurity(r))
            if (!security.contains(s))
                wrongAuth << key + QStringLiteral(" (needs %1, documented %2)").arg(s, security.join(u','));
        // A route that needs a key must not be documented as open, except /metrics,
        // whose key depends on --metrics-auth.
        const bool open = r.auth == ApiServer::Auth::None || r.auth == ApiServer::Auth::OpenAiOptional;
        if (!open && !r.webSocket && security.contains("none") && r.path != "/metrics")
            wrongAuth << key + QStringLiteral(" (documented as open)");
    }
    QStringList extra;
    for (const QString &k : documented.keys())
        if (!registered.contains(k))
            extra << k;
    missing.sort();
    extra.sort();
    QVERIFY2(missing.isEmpty(), qPrintable("routes missing from the document: " + missing.join(", ")));
    QVERIFY2(extra.isEmpty(), qPrintable("documented operations the server does not register: " + extra.join(", ")));
    QVERIFY2(wrongAuth.isEmpty(), qPrintable("security differs: " + wrongAuth.join("; ")));
    QCOMPARE(documented.size(), registered.size());
}

void TestOpenApi::everyOperationAnswersWithAKey()
{
    // With a valid key every operation reaches its handler: the answer is one the
    // document lists for it, and never the router's 404/405.
    const QList<Operation> ops = operations(m_doc);
    QVERIFY(ops.size() >= 20);
    for (const Operation &o : ops) {
        const QString path = concretePath(o);
        const QString where = o.method + u' ' + path;
        const HttpResult r = httpRequest(o.method.toLatin1(), m_studio.baseUrl() + path, m_key, sampleBody(o));
        QVERIFY2(r.status != 0, qPrintable(where + ": " + r.error));
        QVERIFY2(r.status != 405, qPrintable(where + " answered 405"));
        QVERIFY2(!(r.status == 404 && r.json.value("detail").toString() == QLatin1String("Not Found")),
                 qPrintable(where + " answered the router's 404"));
        const QJsonObject responses = o.op.value("responses").toObject();
        QVERIFY2(responses.contains(QString::number(r.status)) || responses.contains("default"),
                 qPrintable(QStringLiteral("%1 answered %2, not documented: %3").arg(where).arg(r.status)
                                .arg(QString::fromUtf8(r.body.left(300)))));
    }
}

void TestOpenApi::everyOperationAnswersWithoutAKey()
{
    // Without a key: the open routes answer, the others refuse with 401 (or 429 once
    // the failed-authentication throttle steps in); none is unknown to the router.
    for (const Operation &o : operations(m_doc)) {
        const QString path = concretePath(o);
        const QString where = o.method + u' ' + path;
        const HttpResult r = httpRequest(o.method.toLatin1(), m_studio.baseUrl() + path, {}, sampleBody(o));
        QVERIFY2(r.status != 0, qPrintable(where + ": " + r.error));
        QVERIFY2(r.status != 404 && r.status != 405, qPrintable(QStringLiteral("%1 answered %2").arg(where).arg(r.status)));
        const QStringList security = securityOf(m_doc, o.op);
        const bool open = security.contains("none");
        const bool webSocket = o.path == QLatin1String("/v3/tts/stream");
        if (!open && !webSocket)
            QVERIFY2(r.status == 401 || r.status == 429, qPrintable(QStringLiteral("%1 answered %2 without a key").arg(where).arg(r.status)));
        if (webSocket)
            QCOMPARE(r.status, 426); // a plain GET, no upgrade
        const QJsonObject responses = o.op.value("responses").toObject();
        QVERIFY2(responses.contains(QString::number(r.status)),
                 qPrintable(QStringLiteral("%1 answered %2, not documented").arg(where).arg(r.status)));
    }
}

void TestOpenApi::cleanupTestCase()
{
    m_studio.stop();
}

QTEST_GUILESS_MAIN(TestOpenApi)
#include "tst_openapi.moc"
