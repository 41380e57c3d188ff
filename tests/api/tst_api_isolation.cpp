// Account scope and key revocation (spec part 5): a generation is visible only to
// the account that created it (another account gets the same 404 as for an unknown
// id), and a key revoked while the server runs is refused on the very next request.
#include "testserver.h"

#include <QTest>
#include <QUuid>

class ApiIsolationTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void otherAccountCannotSeeGeneration();
    void otherAccountHistoryDoesNotListIt();
    void otherAccountCannotCancelIt();
    void keysOfOneAccountShareGenerations();
    void revocationWhileRunning();
    void keyListingShowsOnlyLastFour();

private:
    TestServer m_server;
    QByteArray m_keyA;
    QByteArray m_keyA2;
    QByteArray m_keyB;
    QString m_idA;
};

void ApiIsolationTest::initTestCase()
{
    m_keyA = m_server.createAccountWithKey("alice");
    m_keyA2 = m_server.createKey("alice", "second");
    m_keyB = m_server.createAccountWithKey("bob");
    QVERIFY(!m_keyA.isEmpty() && !m_keyA2.isEmpty() && !m_keyB.isEmpty());
    QVERIFY(m_keyA != m_keyA2);
    QVERIFY2(m_server.start(), m_server.serverLog().constData());

    const HttpResponse c = m_server.createGeneration(m_keyA, QStringLiteral("Alice's private words."));
    QVERIFY2(c.status == 201, c.describe());
    m_idA = c.json.value("generation_id").toString();
    const HttpResponse done = m_server.waitForCompleted(m_keyA, m_idA);
    QCOMPARE(done.json.value("status").toString(), QStringLiteral("COMPLETED"));
}

void ApiIsolationTest::cleanupTestCase()
{
    QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
}

void ApiIsolationTest::otherAccountCannotSeeGeneration()
{
    const HttpResponse asB = m_server.getGeneration(m_keyB, m_idA);
    const HttpResponse unknown = m_server.getGeneration(m_keyB, QUuid::createUuid().toString(QUuid::WithoutBraces));
    QVERIFY2(asB.status == 404, asB.describe());
    QCOMPARE(asB.detail(), QStringLiteral("Generation not found"));
    // Indistinguishable from an id that does not exist.
    QCOMPARE(unknown.status, 404);
    QCOMPARE(asB.body, unknown.body);
    QVERIFY2(!asB.body.contains("Alice"), asB.body);
    QCOMPARE(m_server.getGeneration(m_keyA, m_idA).status, 200);
}

void ApiIsolationTest::otherAccountHistoryDoesNotListIt()
{
    for (const QString &filter : {QString(), QStringLiteral("status=COMPLETED")}) {
        const QJsonArray items = m_server.history(m_keyB, filter);
        for (const QJsonValue &v : items)
            QVERIFY(v.toObject().value("generation_id").toString() != m_idA);
        QCOMPARE(items.size(), qsizetype(0));
    }
    bool listedForA = false;
    for (const QJsonValue &v : m_server.history(m_keyA))
        listedForA |= v.toObject().value("generation_id").toString() == m_idA;
    QVERIFY(listedForA);
}

void ApiIsolationTest::otherAccountCannotCancelIt()
{
    const Balance before = m_server.balance("alice");
    const HttpResponse r = m_server.del("/v3/tts?generation_id=" + m_idA, m_keyB);
    QVERIFY2(r.status == 404, r.describe());
    QCOMPARE(r.detail(), QStringLiteral("Generation not found"));
    const HttpResponse still = m_server.getGeneration(m_keyA, m_idA);
    QCOMPARE(still.json.value("status").toString(), QStringLiteral("COMPLETED"));
    QCOMPARE(m_server.balance("alice"), before);
}

void ApiIsolationTest::keysOfOneAccountShareGenerations()
{
    const HttpResponse r = m_server.getGeneration(m_keyA2, m_idA);
    QVERIFY2(r.status == 200, r.describe());
    QCOMPARE(r.json.value("generation_id").toString(), m_idA);
    QCOMPARE(m_server.history(m_keyA2).size(), m_server.history(m_keyA).size());
}

void ApiIsolationTest::revocationWhileRunning()
{
    const QByteArray key = m_server.createKey("bob", "doomed");
    QVERIFY(!key.isEmpty());
    QCOMPARE(m_server.get("/v3/voices?limit=1", key).status, 200); // created while running: usable at once
    const HttpResponse c = m_server.createGeneration(key, QStringLiteral("Before revocation."));
    QVERIFY2(c.status == 201, c.describe());
    // Finished and polled twice: the key and the generation are now answered from memory.
    QCOMPARE(m_server.waitForCompleted(key, c.json.value("generation_id").toString()).json.value("status").toString(),
             QStringLiteral("COMPLETED"));
    QCOMPARE(m_server.getGeneration(key, c.json.value("generation_id").toString()).status, 200);

    const qint64 id = m_server.keyId("bob", "doomed");
    QVERIFY(id > 0);
    QVERIFY(m_server.revokeKey("bob", id));

    // Effective immediately, on every route.
    for (const QString &path : {QStringLiteral("/v3/voices?limit=1"), QStringLiteral("/v3/history"),
                                "/v3/tts?generation_id=" + c.json.value("generation_id").toString()}) {
        const HttpResponse r = m_server.get(path, key);
        QVERIFY2(r.status == 401, qPrintable(path + u' ' + QString::fromUtf8(r.describe())));
        QCOMPARE(r.detail(), QStringLiteral("Invalid or missing API key"));
    }
    QCOMPARE(m_server.createGeneration(key, QStringLiteral("After revocation.")).status, 401);
    // The account's other key still works and still sees the generation made with the revoked one.
    const HttpResponse viaOther = m_server.getGeneration(m_keyB, c.json.value("generation_id").toString());
    QVERIFY2(viaOther.status == 200, viaOther.describe());
    // Revoking twice is harmless; the key stays revoked.
    m_server.revokeKey("bob", id);
    QCOMPARE(m_server.get("/v3/voices?limit=1", key).status, 401);
}

void ApiIsolationTest::keyListingShowsOnlyLastFour()
{
    const TestServer::CliResult r = m_server.cli({"keys", "list", "--account", "alice"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(!r.out.contains(QString::fromLatin1(m_keyA)), "keys list must not show a full key");
    QVERIFY2(!r.out.contains(QString::fromLatin1(m_keyA2)), "keys list must not show a full key");
    QVERIFY(r.out.contains(QString::fromLatin1(m_keyA.right(4))));
    QVERIFY(r.out.contains(QString::fromLatin1(m_keyA2.right(4))));
    // No key in the server's output either (spec 5.7: never logged).
    const QByteArray log = m_server.serverLog();
    QVERIFY(!log.contains(m_keyA));
    QVERIFY(!log.contains(m_keyA2));
    QVERIFY(!log.contains(m_keyB));
}

QTEST_GUILESS_MAIN(ApiIsolationTest)
#include "tst_api_isolation.moc"
