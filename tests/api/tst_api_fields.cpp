// Field rules of the v3 resources (spec parts 2 and 3, docs/decisions.md "Fields"):
// the Generation object in each state, history items, history order, pagination
// and status filter, and the voice list.
#include "testserver.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QMap>
#include <QSet>
#include <QTest>
#include <QUrl>
#include <QUrlQuery>

class ApiFieldsTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void createResponse();
    void completedGeneration();
    void generatingGeneration();
    void tokensAreCodePoints_data();
    void tokensAreCodePoints();
    void historyItemFields();
    void historyOrderAndPagination_data();
    void historyOrderAndPagination();
    void historyDefaults();
    void historyStatusFilter();
    void voiceList();
    void voiceListFilterAndPages_data();
    void voiceListFilterAndPages();

private:
    TestServer m_server;
    QByteArray m_key;        // account "alice"
    QByteArray m_pagesKey;   // account "pages": exactly five completed generations
    QJsonObject m_created;   // create response of the first generation
    QStringList m_pageIds;   // oldest first
};

namespace
{
const QSet<QString> kGenerationKeys = {"generation_id", "status",     "input_text", "voice_id",   "voice_name",
                                       "model",         "tokens",     "dollar_cost", "method",    "audio_url",
                                       "error_message", "created_at", "started_at", "completed_at"};
const QSet<QString> kHistoryKeys = {"generation_id", "status", "voice_id", "voice_name", "model",
                                    "tokens",        "dollar_cost", "method", "audio_url", "created_at"};

QSet<QString> keysOf(const QJsonObject &o)
{
    const QStringList k = o.keys();
    return QSet<QString>(k.begin(), k.end());
}

bool isInteger(const QJsonValue &v)
{
    return v.isDouble() && v.toDouble() == double(v.toInteger());
}

QDateTime parseTime(const QJsonValue &v)
{
    return QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
}
}

void ApiFieldsTest::initTestCase()
{
    m_key = m_server.createAccountWithKey("alice");
    QVERIFY(!m_key.isEmpty());
    m_pagesKey = m_server.createAccountWithKey("pages");
    QVERIFY(!m_pagesKey.isEmpty());
    QVERIFY2(m_server.start(), m_server.serverLog().constData());
    // Never all interfaces unless asked (docs/decisions.md "Command line").
    QCOMPARE(QUrl(m_server.baseUrl()).host(), QStringLiteral("127.0.0.1"));
    QVERIFY(QUrl(m_server.baseUrl()).port() > 0);
}

void ApiFieldsTest::cleanupTestCase()
{
    QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
}

void ApiFieldsTest::createResponse()
{
    const QString text = QStringLiteral("Hello world.");
    const qint64 before = QDateTime::currentMSecsSinceEpoch();
    const HttpResponse r = m_server.createGeneration(m_key, text);
    const qint64 after = QDateTime::currentMSecsSinceEpoch();
    QVERIFY2(r.status == 201, r.describe());
    QVERIFY2(r.header("content-type").startsWith("application/json"), r.header("content-type"));
    QVERIFY(r.isJsonObject);
    const QJsonObject g = r.json;
    m_created = g;

    QVERIFY2(keysOf(g).subtract(kGenerationKeys).isEmpty(), QJsonDocument(g).toJson());
    QVERIFY(g.value("generation_id").isString());
    QVERIFY(!g.value("generation_id").toString().isEmpty());
    QCOMPARE(g.value("status").toString(), QStringLiteral("IN_QUEUE"));
    QCOMPARE(g.value("input_text").toString(), text);
    QCOMPARE(g.value("voice_id").toString(), QStringLiteral("af_sarah"));
    QVERIFY(g.value("voice_name").isString());
    QVERIFY(!g.value("voice_name").toString().isEmpty());
    QCOMPARE(g.value("model").toString(), QStringLiteral("base")); // the default
    QVERIFY2(isInteger(g.value("tokens")), "tokens is set in the create response");
    QCOMPARE(g.value("tokens").toInteger(), qint64(text.size()));
    // Null until COMPLETED (spec 2.1 and 4.1, docs/decisions.md "Fields").
    QVERIFY2(g.contains("method") && g.value("method").isNull(), "method must be null");
    QVERIFY2(g.contains("dollar_cost") && g.value("dollar_cost").isNull(), "dollar_cost must be null");
    QVERIFY2(g.contains("started_at") && g.value("started_at").isNull(), "started_at must be null");
    QVERIFY2(g.contains("completed_at") && g.value("completed_at").isNull(), "completed_at must be null");
    QVERIFY2(!g.contains("audio_url"), "audio_url only when COMPLETED");
    QVERIFY2(!g.contains("error_message"), "error_message only when FAILED");
    QVERIFY2(ApiCheck::isIsoUtcMs(g.value("created_at")), qPrintable(g.value("created_at").toString()));
    const qint64 created = parseTime(g.value("created_at")).toMSecsSinceEpoch();
    QVERIFY(created >= before - 5 && created <= after + 5);
}

void ApiFieldsTest::completedGeneration()
{
    QVERIFY(!m_created.isEmpty());
    const QString id = m_created.value("generation_id").toString();
    const HttpResponse r = m_server.waitForCompleted(m_key, id);
    QVERIFY2(r.status == 200, r.describe());
    const QJsonObject g = r.json;
    QCOMPARE(g.value("status").toString(), QStringLiteral("COMPLETED"));
    QVERIFY2(keysOf(g).subtract(kGenerationKeys).isEmpty(), QJsonDocument(g).toJson());

    // Unchanged from creation.
    for (const char *k : {"generation_id", "input_text", "voice_id", "voice_name", "model", "tokens", "created_at"})
        QVERIFY2(g.value(k) == m_created.value(k), k);

    QCOMPARE(g.value("method").toString(), QStringLiteral("CREDITS_BALANCE"));
    QVERIFY(g.value("dollar_cost").isDouble());
    const qint64 tokens = g.value("tokens").toInteger();
    QVERIFY2(ApiCheck::sameUsd(g.value("dollar_cost").toDouble(), tokens * 0.000015),
             qPrintable(QString::number(g.value("dollar_cost").toDouble(), 'g', 12)));
    QVERIFY(!g.contains("error_message"));

    QVERIFY2(ApiCheck::isIsoUtcMs(g.value("started_at")), qPrintable(g.value("started_at").toVariant().toString()));
    QVERIFY2(ApiCheck::isIsoUtcMs(g.value("completed_at")), qPrintable(g.value("completed_at").toVariant().toString()));
    const QDateTime created = parseTime(g.value("created_at"));
    const QDateTime started = parseTime(g.value("started_at"));
    const QDateTime completed = parseTime(g.value("completed_at"));
    QVERIFY(created <= started);
    QVERIFY(started <= completed);

    // audio_url: an absolute URL on this server.
    QVERIFY(g.value("audio_url").isString());
    const QUrl url(g.value("audio_url").toString(), QUrl::StrictMode);
    const QUrl base(m_server.baseUrl());
    QVERIFY2(url.isValid() && !url.isRelative(), qPrintable(url.toString()));
    QCOMPARE(url.scheme(), QStringLiteral("http"));
    QCOMPARE(url.host(), base.host());
    QCOMPARE(url.port(), base.port());
    QVERIFY2(url.path().startsWith(QStringLiteral("/v3/audio/") + id), qPrintable(url.path()));

    // A second read gives the same record.
    const HttpResponse again = m_server.getGeneration(m_key, id);
    QCOMPARE(again.status, 200);
    for (const char *k : {"status", "tokens", "dollar_cost", "method", "started_at", "completed_at"})
        QVERIFY2(again.json.value(k) == g.value(k), k);
}

void ApiFieldsTest::generatingGeneration()
{
    // Long enough to be observed while a worker is on it.
    const HttpResponse c = m_server.createGeneration(m_key, ApiCheck::longText(6000));
    QVERIFY2(c.status == 201, c.describe());
    const QString id = c.json.value("generation_id").toString();
    const HttpResponse r = m_server.waitForStatus(m_key, id, {"GENERATING", "COMPLETED", "FAILED"});
    QVERIFY2(r.status == 200, r.describe());
    QCOMPARE(r.json.value("status").toString(), QStringLiteral("GENERATING"));
    const QJsonObject g = r.json;
    QVERIFY2(ApiCheck::isIsoUtcMs(g.value("started_at")), "started_at is set once processing begins");
    QVERIFY(g.contains("completed_at") && g.value("completed_at").isNull());
    QVERIFY(g.contains("method") && g.value("method").isNull());
    QVERIFY(g.contains("dollar_cost") && g.value("dollar_cost").isNull());
    QVERIFY(!g.contains("audio_url"));
    QVERIFY(!g.contains("error_message"));

    // The history filter sees it while it runs.
    bool listed = false;
    for (const QJsonValue &v : m_server.history(m_key, "status=GENERATING"))
        listed |= v.toObject().value("generation_id").toString() == id;
    QVERIFY(listed);

    // Free the worker (cancel is an extension; FAILED "Cancelled").
    const HttpResponse d = m_server.del("/v3/tts?generation_id=" + id, m_key);
    QVERIFY2(d.status == 200, d.describe());
    const HttpResponse f = m_server.getGeneration(m_key, id);
    QCOMPARE(f.json.value("status").toString(), QStringLiteral("FAILED"));
    QCOMPARE(f.json.value("error_message").toString(), QStringLiteral("Cancelled"));
    QVERIFY(!f.json.contains("audio_url"));
    QVERIFY(f.json.value("method").isNull());
    QVERIFY(f.json.value("dollar_cost").isNull());
}

void ApiFieldsTest::tokensAreCodePoints_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("tokens");
    QTest::newRow("ascii") << QStringLiteral("Hi there") << qint64(8);
    QTest::newRow("latin accents") << QStringLiteral("Héllo wörld") << qint64(11);
    QTest::newRow("emoji is one token") << QStringLiteral("Hi \U0001F600") << qint64(4);
    QTest::newRow("japanese") << QStringLiteral("こんにちは") << qint64(5);
}

void ApiFieldsTest::tokensAreCodePoints()
{
    QFETCH(QString, text);
    QFETCH(qint64, tokens);
    const QString voice = text.startsWith(u'こ') ? QStringLiteral("jf_alpha") : QStringLiteral("af_sarah");
    const HttpResponse r = m_server.createGeneration(m_key, text, voice);
    QVERIFY2(r.status == 201, r.describe());
    QCOMPARE(r.json.value("tokens").toInteger(), tokens);
    QCOMPARE(r.json.value("input_text").toString(), text);
}

void ApiFieldsTest::historyItemFields()
{
    QVERIFY(!m_created.isEmpty());
    const QString id = m_created.value("generation_id").toString();
    const QJsonArray items = m_server.history(m_key);
    QVERIFY(!items.isEmpty());
    bool sawCompleted = false, sawFailed = false;
    for (const QJsonValue &v : items) {
        const QJsonObject h = v.toObject();
        const QString status = h.value("status").toString();
        QVERIFY2(keysOf(h).subtract(kHistoryKeys).isEmpty(), QJsonDocument(h).toJson());
        for (const char *absent : {"input_text", "error_message", "started_at", "completed_at"})
            QVERIFY2(!h.contains(absent), absent);
        for (const char *present : {"generation_id", "status", "voice_id", "voice_name", "model", "tokens", "created_at"})
            QVERIFY2(h.contains(present), present);
        QVERIFY(ApiCheck::isIsoUtcMs(h.value("created_at")));
        QVERIFY(QStringList({"IN_QUEUE", "GENERATING", "COMPLETED", "FAILED", "EXPIRED"}).contains(status));
        QCOMPARE(h.contains("audio_url"), status == QLatin1String("COMPLETED"));
        if (h.value("generation_id").toString() == id) {
            sawCompleted = true;
            QCOMPARE(status, QStringLiteral("COMPLETED"));
            QCOMPARE(h.value("method").toString(), QStringLiteral("CREDITS_BALANCE"));
            QVERIFY(ApiCheck::sameUsd(h.value("dollar_cost").toDouble(), h.value("tokens").toInteger() * 0.000015));
            QVERIFY(QUrl(h.value("audio_url").toString()).isValid());
            QCOMPARE(h.value("tokens"), m_created.value("tokens"));
            QCOMPARE(h.value("created_at"), m_created.value("created_at"));
        }
        sawFailed |= status == QLatin1String("FAILED");
    }
    QVERIFY(sawCompleted);
    QVERIFY2(sawFailed, "generatingGeneration() left a FAILED (cancelled) item");
}

void ApiFieldsTest::historyOrderAndPagination_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<int>("limit");
    QTest::addColumn<int>("offset");
    QTest::addColumn<QList<int>>("expected"); // indices into m_pageIds (0 = oldest)
    QTest::newRow("all") << "limit=100" << 100 << 0 << QList<int>{4, 3, 2, 1, 0};
    QTest::newRow("limit 2") << "limit=2" << 2 << 0 << QList<int>{4, 3};
    QTest::newRow("limit 2 offset 2") << "limit=2&offset=2" << 2 << 2 << QList<int>{2, 1};
    QTest::newRow("limit 2 offset 4") << "limit=2&offset=4" << 2 << 4 << QList<int>{0};
    QTest::newRow("offset past end") << "limit=2&offset=5" << 2 << 5 << QList<int>{};
    QTest::newRow("limit 1") << "limit=1" << 1 << 0 << QList<int>{4};
    QTest::newRow("offset only") << "offset=3" << 20 << 3 << QList<int>{1, 0};
}

void ApiFieldsTest::historyOrderAndPagination()
{
    if (m_pageIds.isEmpty()) {
        for (int i = 0; i < 5; ++i) {
            const HttpResponse r = m_server.createGeneration(m_pagesKey, QStringLiteral("Item number %1.").arg(i + 1));
            QVERIFY2(r.status == 201, r.describe());
            m_pageIds << r.json.value("generation_id").toString();
        }
        for (const QString &id : std::as_const(m_pageIds))
            QCOMPARE(m_server.waitForCompleted(m_pagesKey, id).json.value("status").toString(), QStringLiteral("COMPLETED"));
    }
    QFETCH(QString, query);
    QFETCH(int, limit);
    QFETCH(int, offset);
    QFETCH(QList<int>, expected);
    const HttpResponse r = m_server.get("/v3/history?" + query, m_pagesKey);
    QVERIFY2(r.status == 200, r.describe());
    QCOMPARE(r.json.value("limit").toInt(), limit);
    QCOMPARE(r.json.value("offset").toInt(), offset);
    const QJsonArray items = r.json.value("history").toArray();
    QCOMPARE(r.json.value("length").toInt(), int(items.size()));
    QStringList got, want;
    for (const QJsonValue &v : items)
        got << v.toObject().value("generation_id").toString();
    for (int i : expected)
        want << m_pageIds.at(i);
    QCOMPARE(got, want);
    // Newest first.
    for (qsizetype i = 1; i < items.size(); ++i)
        QVERIFY(parseTime(items.at(i - 1).toObject().value("created_at"))
                >= parseTime(items.at(i).toObject().value("created_at")));
}

void ApiFieldsTest::historyDefaults()
{
    const HttpResponse r = m_server.get("/v3/history", m_key);
    QVERIFY2(r.status == 200, r.describe());
    QCOMPARE(r.json.value("limit").toInt(), 20);
    QCOMPARE(r.json.value("offset").toInt(), 0);
    QVERIFY(r.json.value("history").isArray());
    QCOMPARE(r.json.value("length").toInt(), int(r.json.value("history").toArray().size()));
}

void ApiFieldsTest::historyStatusFilter()
{
    // alice has: completed ones, the cancelled one (FAILED), maybe some still queued.
    const QJsonArray all = m_server.history(m_key);
    QMap<QString, int> counts;
    for (const QJsonValue &v : all)
        counts[v.toObject().value("status").toString()]++;
    for (const QString &status : {"IN_QUEUE", "GENERATING", "COMPLETED", "FAILED", "EXPIRED"}) {
        const HttpResponse r = m_server.get("/v3/history?limit=100&status=" + status, m_key);
        QVERIFY2(r.status == 200, r.describe());
        const QJsonArray items = r.json.value("history").toArray();
        for (const QJsonValue &v : items)
            QCOMPARE(v.toObject().value("status").toString(), status);
        // Statuses may move on between the two reads, except the final ones.
        if (status == QLatin1String("FAILED") || status == QLatin1String("EXPIRED"))
            QCOMPARE(int(items.size()), counts.value(status));
    }
    QCOMPARE(counts.value("FAILED"), 1);
    QCOMPARE(counts.value("EXPIRED"), 0);

    // The pages account: five COMPLETED, nothing else.
    QCOMPARE(m_server.history(m_pagesKey, "status=COMPLETED").size(), 5);
    QCOMPARE(m_server.history(m_pagesKey, "status=FAILED").size(), 0);
    QCOMPARE(m_server.history(m_pagesKey, "status=IN_QUEUE").size(), 0);
}

void ApiFieldsTest::voiceList()
{
    const HttpResponse r = m_server.get("/v3/voices", m_key);
    QVERIFY2(r.status == 200, r.describe());
    QCOMPARE(r.json.value("limit").toInt(), 100);
    QCOMPARE(r.json.value("offset").toInt(), 0);
    const QJsonArray voices = r.json.value("voices").toArray();
    QCOMPARE(r.json.value("length").toInt(), int(voices.size()));
    QStringList ids;
    for (const QJsonValue &v : voices) {
        const QJsonObject o = v.toObject();
        QVERIFY2(keysOf(o).subtract({"voice_id", "name", "model", "gender", "accent", "description", "is_custom", "free"})
                     .isEmpty(),
                 QJsonDocument(o).toJson());
        QVERIFY(o.value("voice_id").isString());
        QVERIFY(!o.value("name").toString().isEmpty());
        const QString model = o.value("model").toString();
        QVERIFY2(model == QLatin1String("base") || model == QLatin1String("advanced"), qPrintable(model));
        QVERIFY2(QStringList({"Male", "Female", "Neutral"}).contains(o.value("gender").toString()),
                 qPrintable(o.value("gender").toString()));
        QVERIFY(o.value("is_custom").isBool());
        QCOMPARE(o.value("is_custom").toBool(), false);
        QVERIFY(o.value("free").isBool());
        // Standard (base) voices are free; all advanced voices are premium.
        QCOMPARE(o.value("free").toBool(), model == QLatin1String("base"));
        if (o.contains("accent"))
            QVERIFY(o.value("accent").isString());
        if (o.contains("description"))
            QVERIFY(o.value("description").isString());
        ids << o.value("voice_id").toString();
    }
    for (const char *known : {"af_sarah", "am_michael", "bf_emma", "jf_alpha", "aria", "marcus"})
        QVERIFY2(ids.contains(QLatin1String(known)), known);
    QStringList sorted = ids;
    std::sort(sorted.begin(), sorted.end());
    QCOMPARE(ids, sorted); // system voices sorted by voice_id
}

void ApiFieldsTest::voiceListFilterAndPages_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("model");
    QTest::addColumn<int>("limit");
    QTest::addColumn<int>("offset");
    QTest::newRow("base") << "model=base" << "base" << 100 << 0;
    QTest::newRow("advanced") << "model=advanced" << "advanced" << 100 << 0;
    QTest::newRow("page 5 from 3") << "limit=5&offset=3" << "" << 5 << 3;
    QTest::newRow("limit 1") << "limit=1" << "" << 1 << 0;
    QTest::newRow("limit 500") << "limit=500" << "" << 500 << 0;
    QTest::newRow("advanced page") << "model=advanced&limit=2&offset=1" << "advanced" << 2 << 1;
    QTest::newRow("offset past end") << "offset=1000" << "" << 100 << 1000;
}

void ApiFieldsTest::voiceListFilterAndPages()
{
    QFETCH(QString, query);
    QFETCH(QString, model);
    QFETCH(int, limit);
    QFETCH(int, offset);
    const HttpResponse all = m_server.get("/v3/voices?limit=500", m_key);
    QCOMPARE(all.status, 200);
    QJsonArray expected;
    for (const QJsonValue &v : all.json.value("voices").toArray())
        if (model.isEmpty() || v.toObject().value("model").toString() == model)
            expected.append(v);
    QJsonArray page;
    for (qsizetype i = offset; i < expected.size() && page.size() < limit; ++i)
        page.append(expected.at(i));

    const HttpResponse r = m_server.get("/v3/voices?" + query, m_key);
    QVERIFY2(r.status == 200, r.describe());
    QCOMPARE(r.json.value("limit").toInt(), limit);
    QCOMPARE(r.json.value("offset").toInt(), offset);
    QCOMPARE(r.json.value("length").toInt(), int(page.size()));
    QCOMPARE(r.json.value("voices").toArray(), page);
    if (!model.isEmpty())
        QVERIFY(!page.isEmpty() || offset > 0);
}

QTEST_GUILESS_MAIN(ApiFieldsTest)
#include "tst_api_fields.moc"
