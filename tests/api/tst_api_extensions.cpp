// The v3 extensions (docs/api.md): DELETE /v3/tts?generation_id= cancels a queued or
// running generation (FAILED, error_message "Cancelled", the reservation released),
// and custom voices: POST /v3/voices {name, base_voice_id, pitch, rate}, listed after
// the system voices for their owner only, usable in POST /v3/tts, DELETE /v3/voices/<id>.
#include "testserver.h"

#include <QFile>
#include <QJsonDocument>
#include <QTest>

class ApiExtensionsTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void cancelQueuedAndRunning();
    void cancelFinishedIsRefused();
    void customVoiceLifecycle();
    void customVoiceOnAdvancedBase();
    void customVoiceRejected_data();
    void customVoiceRejected();
    void ledgerRecordsReleases();

private:
    TestServer m_server;
    QByteArray m_key;
    QByteArray m_otherKey;
    QStringList m_cancelled;
    QString m_completed;
};

namespace
{
QStringList voiceIds(const HttpResponse &r)
{
    QStringList ids;
    for (const QJsonValue &v : r.json.value("voices").toArray())
        ids << v.toObject().value("voice_id").toString();
    return ids;
}
}

void ApiExtensionsTest::initTestCase()
{
    m_key = m_server.createAccountWithKey("owner", {"--credits", "100000"});
    m_otherKey = m_server.createAccountWithKey("stranger");
    QVERIFY(!m_key.isEmpty() && !m_otherKey.isEmpty());
    QVERIFY2(m_server.start({"--workers", "1"}), m_server.serverLog().constData());
}

void ApiExtensionsTest::cleanupTestCase()
{
    if (m_server.isRunning())
        QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
}

void ApiExtensionsTest::cancelQueuedAndRunning()
{
    const Balance start = m_server.balance("owner");
    // A long job occupies the only worker; two more wait behind it.
    const HttpResponse running = m_server.createGeneration(m_key, ApiCheck::longText(8000));
    QVERIFY2(running.status == 201, running.describe());
    const QString runningId = running.json.value("generation_id").toString();
    QCOMPARE(m_server.waitForStatus(m_key, runningId, {"GENERATING", "COMPLETED"}, 20000).json.value("status").toString(),
             QStringLiteral("GENERATING"));
    QStringList queued;
    for (int i = 0; i < 2; ++i) {
        const HttpResponse q = m_server.createGeneration(m_key, QStringLiteral("Waiting in line %1.").arg(i));
        QVERIFY2(q.status == 201, q.describe());
        queued << q.json.value("generation_id").toString();
    }

    // Cancel the last queued one, then the running one.
    for (const QString &id : {queued.last(), runningId}) {
        const HttpResponse d = m_server.del("/v3/tts?generation_id=" + id, m_key);
        QVERIFY2(d.status == 200, d.describe());
        QCOMPARE(d.json.value("generation_id").toString(), id);
        QCOMPARE(d.json.value("status").toString(), QStringLiteral("FAILED"));
        QCOMPARE(d.json.value("error_message").toString(), QStringLiteral("Cancelled"));
        const HttpResponse g = m_server.getGeneration(m_key, id);
        QCOMPARE(g.status, 200);
        QCOMPARE(g.json.value("status").toString(), QStringLiteral("FAILED"));
        QCOMPARE(g.json.value("error_message").toString(), QStringLiteral("Cancelled"));
        QVERIFY(!g.json.contains("audio_url"));
        QVERIFY(g.json.value("method").isNull());
        QVERIFY(g.json.value("dollar_cost").isNull());
        m_cancelled << id;
    }
    // The worker is free again: the remaining queued job completes promptly.
    const HttpResponse done = m_server.waitForCompleted(m_key, queued.first(), 30000);
    QCOMPARE(done.json.value("status").toString(), QStringLiteral("COMPLETED"));
    m_completed = queued.first();
    // Only the completed job stays charged.
    const qint64 tokens = done.json.value("tokens").toInteger();
    QCOMPARE(m_server.balance("owner"), (Balance{start.credits - tokens, start.walletMicros}));
    // The cancelled job never produces audio later on.
    QTest::qWait(500);
    QCOMPARE(m_server.getGeneration(m_key, runningId).json.value("status").toString(), QStringLiteral("FAILED"));
    QVERIFY(!QFile::exists(m_server.audioDir() + u'/' + runningId + QStringLiteral(".wav")));
    QCOMPARE(m_server.history(m_key, "status=FAILED").size(), qsizetype(2));
}

void ApiExtensionsTest::cancelFinishedIsRefused()
{
    QVERIFY(!m_completed.isEmpty());
    const Balance before = m_server.balance("owner");
    for (const QString &id : {m_completed, m_cancelled.first()}) {
        const HttpResponse d = m_server.del("/v3/tts?generation_id=" + id, m_key);
        QVERIFY2(d.status == 409 || d.status == 400, d.describe());
        QVERIFY(!d.detail().isEmpty());
    }
    QCOMPARE(m_server.getGeneration(m_key, m_completed).json.value("status").toString(), QStringLiteral("COMPLETED"));
    QCOMPARE(m_server.balance("owner"), before);
}

void ApiExtensionsTest::customVoiceLifecycle()
{
    const int systemVoices = m_server.get("/v3/voices?limit=500", m_key).json.value("length").toInt();
    QVERIFY(systemVoices > 0);

    const HttpResponse c = m_server.post("/v3/voices", m_key,
                                         {{"name", "My Narrator"}, {"base_voice_id", "af_sarah"}, {"pitch", 1.2}, {"rate", 0.9}});
    QVERIFY2(c.status == 201, c.describe());
    const QString id = c.json.value("voice_id").toString();
    QVERIFY(!id.isEmpty());
    QCOMPARE(c.json.value("name").toString(), QStringLiteral("My Narrator"));
    QCOMPARE(c.json.value("model").toString(), QStringLiteral("base"));
    QCOMPARE(c.json.value("is_custom").toBool(), true);
    QVERIFY(c.json.value("free").isBool());
    QVERIFY(QStringList({"Male", "Female", "Neutral"}).contains(c.json.value("gender").toString()));

    // Listed after the system voices, for its owner only.
    const HttpResponse mine = m_server.get("/v3/voices?limit=500", m_key);
    QCOMPARE(mine.json.value("length").toInt(), systemVoices + 1);
    QCOMPARE(voiceIds(mine).last(), id);
    QVERIFY(voiceIds(m_server.get("/v3/voices?model=base&limit=500", m_key)).contains(id));
    QVERIFY(!voiceIds(m_server.get("/v3/voices?model=advanced&limit=500", m_key)).contains(id));
    const HttpResponse tail = m_server.get(QStringLiteral("/v3/voices?limit=1&offset=%1").arg(systemVoices), m_key);
    QCOMPARE(voiceIds(tail), QStringList{id});
    QVERIFY(!voiceIds(m_server.get("/v3/voices?limit=500", m_otherKey)).contains(id));

    // Usable by its owner, unknown to anyone else.
    const HttpResponse g = m_server.createGeneration(m_key, QStringLiteral("A custom voice speaks."), id);
    QVERIFY2(g.status == 201, g.describe());
    QCOMPARE(g.json.value("voice_id").toString(), id);
    QCOMPARE(g.json.value("voice_name").toString(), QStringLiteral("My Narrator"));
    const HttpResponse other = m_server.createGeneration(m_otherKey, QStringLiteral("Borrowed."), id);
    QVERIFY2(other.status == 400 && other.hasFieldError("voice_id"), other.describe());
    const HttpResponse done = m_server.waitForCompleted(m_key, g.json.value("generation_id").toString());
    QCOMPARE(done.json.value("status").toString(), QStringLiteral("COMPLETED"));

    // Only the owner deletes it.
    QCOMPARE(m_server.del("/v3/voices/" + id, m_otherKey).status, 404);
    const HttpResponse d = m_server.del("/v3/voices/" + id, m_key);
    QVERIFY2(d.status == 200, d.describe());
    QVERIFY(!voiceIds(m_server.get("/v3/voices?limit=500", m_key)).contains(id));
    QCOMPARE(m_server.del("/v3/voices/" + id, m_key).status, 404);
    const HttpResponse after = m_server.createGeneration(m_key, QStringLiteral("Gone."), id);
    QVERIFY2(after.status == 400 && after.hasFieldError("voice_id"), after.describe());
    // Its finished generation stays readable.
    QCOMPARE(m_server.getGeneration(m_key, g.json.value("generation_id").toString()).status, 200);
}

void ApiExtensionsTest::customVoiceOnAdvancedBase()
{
    const HttpResponse c = m_server.post("/v3/voices", m_key, {{"name", "Deep Aria"}, {"base_voice_id", "aria"}, {"pitch", 0.8}});
    QVERIFY2(c.status == 201, c.describe());
    const QString id = c.json.value("voice_id").toString();
    QCOMPARE(c.json.value("model").toString(), QStringLiteral("advanced"));
    QCOMPARE(c.json.value("free").toBool(), false); // premium like its base
    // It follows the model rules of its base voice and costs the advanced price.
    const HttpResponse wrongModel = m_server.createGeneration(m_key, QStringLiteral("Hello"), id);
    QVERIFY2(wrongModel.status == 400 && wrongModel.hasFieldError("voice_id"), wrongModel.describe());
    const Balance before = m_server.balance("owner");
    const HttpResponse g = m_server.createGeneration(m_key, QStringLiteral("Hello"), id, {{"model", "advanced"}});
    QVERIFY2(g.status == 201, g.describe());
    QCOMPARE(m_server.balance("owner").credits, before.credits - 10);
    QCOMPARE(m_server.waitForCompleted(m_key, g.json.value("generation_id").toString()).json.value("status").toString(),
             QStringLiteral("COMPLETED"));
    QCOMPARE(m_server.del("/v3/voices/" + id, m_key).status, 200);
}

void ApiExtensionsTest::customVoiceRejected_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("field");
    QTest::newRow("name missing") << QByteArray(R"({"base_voice_id":"af_sarah"})") << 400 << "name";
    QTest::newRow("name empty") << QByteArray(R"({"name":"","base_voice_id":"af_sarah"})") << 400 << "name";
    QTest::newRow("name number") << QByteArray(R"({"name":5,"base_voice_id":"af_sarah"})") << 422 << "name";
    QTest::newRow("base_voice_id missing") << QByteArray(R"({"name":"V"})") << 400 << "base_voice_id";
    QTest::newRow("base_voice_id unknown") << QByteArray(R"({"name":"V","base_voice_id":"nobody"})") << 400
                                           << "base_voice_id";
    QTest::newRow("pitch 0") << QByteArray(R"({"name":"V","base_voice_id":"af_sarah","pitch":0})") << 400 << "pitch";
    QTest::newRow("pitch 100") << QByteArray(R"({"name":"V","base_voice_id":"af_sarah","pitch":100})") << 400 << "pitch";
    QTest::newRow("pitch string") << QByteArray(R"({"name":"V","base_voice_id":"af_sarah","pitch":"high"})") << 422
                                  << "pitch";
    QTest::newRow("rate -1") << QByteArray(R"({"name":"V","base_voice_id":"af_sarah","rate":-1})") << 400 << "rate";
    QTest::newRow("rate 50") << QByteArray(R"({"name":"V","base_voice_id":"af_sarah","rate":50})") << 400 << "rate";
    QTest::newRow("malformed JSON") << QByteArray(R"({"name":"V",)") << 400 << "";
}

void ApiExtensionsTest::customVoiceRejected()
{
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, field);
    const int before = m_server.get("/v3/voices?limit=500", m_key).json.value("length").toInt();
    HttpRequest req;
    req.method = "POST";
    req.path = "/v3/voices";
    req.apiKey = m_key;
    req.body = body;
    const HttpResponse r = m_server.request(req);
    QVERIFY2(r.status == status, r.describe());
    QVERIFY2(!r.detail().isEmpty(), r.describe());
    if (!field.isEmpty())
        QVERIFY2(r.hasFieldError(field), r.describe());
    QCOMPARE(m_server.get("/v3/voices?limit=500", m_key).json.value("length").toInt(), before);
}

void ApiExtensionsTest::ledgerRecordsReleases()
{
    QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
    StoreReader db(m_server.databasePath());
    QVERIFY(db.isOpen());
    for (const QString &id : std::as_const(m_cancelled)) {
        const QList<QVariantMap> rows = db.rows("SELECT kind, credits_delta FROM ledger WHERE generation_id = ? ORDER BY id", {id});
        QCOMPARE(rows.size(), qsizetype(2));
        QCOMPARE(rows.at(0).value("kind").toString(), QStringLiteral("reserve"));
        QCOMPARE(rows.at(1).value("kind").toString(), QStringLiteral("release"));
        QCOMPARE(rows.at(0).value("credits_delta").toLongLong(), -rows.at(1).value("credits_delta").toLongLong());
    }
    const qint64 credits = db.scalar("SELECT credits FROM accounts WHERE name = 'owner'").toLongLong();
    QCOMPARE(db.scalar("SELECT SUM(credits_delta) FROM ledger l JOIN accounts a ON a.id = l.account_id WHERE a.name = 'owner'")
                 .toLongLong(),
             credits);
}

QTEST_GUILESS_MAIN(ApiExtensionsTest)
#include "tst_api_extensions.moc"
