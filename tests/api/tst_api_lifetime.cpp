// Generation lifetime (spec part 3, docs/decisions.md "Lifetime"), with --generation-ttl 5:
// once the TTL has passed since created_at, GET /v3/tts answers 404, the history
// shows the item as EXPIRED without audio_url (and the EXPIRED filter finds it), the
// audio file is deleted from DATA_DIR/audio/, and the old audio_url stops working.
#include "testserver.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>
#include <QUuid>

class ApiLifetimeTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void expiry_data();
    void expiry();

private:
    TestServer m_server;
    QByteArray m_key;
};

namespace
{
constexpr int kTtlSeconds = 5; // long enough for a short job on a loaded 2-core machine
}

void ApiLifetimeTest::initTestCase()
{
    m_key = m_server.createAccountWithKey("ephemeral");
    QVERIFY(!m_key.isEmpty());
    QVERIFY2(m_server.start({"--generation-ttl", QString::number(kTtlSeconds)}), m_server.serverLog().constData());
    // Warm the workers so that the real cases complete well inside the TTL.
    const HttpResponse warm = m_server.createGeneration(m_key, QStringLiteral("Warm up."));
    QVERIFY2(warm.status == 201, warm.describe());
    m_server.waitForCompleted(m_key, warm.json.value("generation_id").toString(), kTtlSeconds * 1000);
}

void ApiLifetimeTest::cleanupTestCase()
{
    QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
}

void ApiLifetimeTest::expiry_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<bool>("timestamps"); // its captions file goes with the audio
    QTest::newRow("wav") << QStringLiteral("wav") << false;
    QTest::newRow("mp3 with captions") << QStringLiteral("mp3") << true;
}

void ApiLifetimeTest::expiry()
{
    QFETCH(QString, format);
    QFETCH(bool, timestamps);
    const HttpResponse c = m_server.createGeneration(m_key, QStringLiteral("Short lived."), QStringLiteral("af_sarah"),
                                                     {{"audio_format", format}, {"timestamps", timestamps}});
    QVERIFY2(c.status == 201, c.describe());
    const QString id = c.json.value("generation_id").toString();
    const qint64 createdAt = QDateTime::fromString(c.json.value("created_at").toString(), Qt::ISODateWithMs).toMSecsSinceEpoch();

    // Completes (and resolves) while younger than the TTL.
    const HttpResponse done = m_server.waitForCompleted(m_key, id, kTtlSeconds * 1000);
    QVERIFY2(done.status == 200 && done.json.value("status").toString() == QLatin1String("COMPLETED"),
             qPrintable("did not complete within the TTL: " + done.describe()));
    const QString audioUrl = done.json.value("audio_url").toString();
    // The file the row names: <id>.<format> here, with the node's mark on a shared store.
    const QString audioFile = StoreReader(m_server.databasePath())
                                  .scalar(QStringLiteral("SELECT audio_path FROM generations WHERE id = ?"), {id})
                                  .toString();
    QVERIFY(QFileInfo(audioFile).fileName().startsWith(id + u'.') && audioFile.endsWith(u'.' + format));
    QVERIFY2(QFile::exists(audioFile), qPrintable(audioFile));
    const QString captionsUrl = done.json.value("captions_url").toString();
    const QString captionsFile = QDir(m_server.audioDir()).filePath(id + ".words.json");
    QCOMPARE(QFile::exists(captionsFile), timestamps);
    QCOMPARE(captionsUrl.isEmpty(), !timestamps);
    if (timestamps)
        QCOMPARE(m_server.get(captionsUrl, {}).status, 200);
    const HttpResponse download = m_server.get(audioUrl, {});
    QVERIFY2(download.status == 200, download.describe());
    bool listed = false;
    for (const QJsonValue &v : m_server.history(m_key, "status=COMPLETED"))
        listed |= v.toObject().value("generation_id").toString() == id;
    QVERIFY(listed);

    // Past the TTL (counted from created_at).
    const qint64 wait = createdAt + kTtlSeconds * 1000 + 300 - QDateTime::currentMSecsSinceEpoch();
    if (wait > 0)
        QTest::qWait(int(wait));

    const HttpResponse gone = m_server.getGeneration(m_key, id);
    QVERIFY2(gone.status == 404, gone.describe());
    const HttpResponse unknown = m_server.getGeneration(m_key, QUuid::createUuid().toString(QUuid::WithoutBraces));
    QCOMPARE(gone.body, unknown.body); // same answer as an unknown id: "Generation not found"
    QCOMPARE(gone.detail(), QStringLiteral("Generation not found"));

    // History: EXPIRED, no audio_url, still with its billing fields.
    QJsonObject item;
    for (const QJsonValue &v : m_server.history(m_key))
        if (v.toObject().value("generation_id").toString() == id)
            item = v.toObject();
    QVERIFY2(!item.isEmpty(), "an expired generation stays in the history");
    QCOMPARE(item.value("status").toString(), QStringLiteral("EXPIRED"));
    QVERIFY2(!item.contains("audio_url"), "EXPIRED items carry no audio_url");
    QCOMPARE(item.value("tokens"), c.json.value("tokens"));

    bool inExpired = false, inCompleted = false;
    for (const QJsonValue &v : m_server.history(m_key, "status=EXPIRED")) {
        QCOMPARE(v.toObject().value("status").toString(), QStringLiteral("EXPIRED"));
        inExpired |= v.toObject().value("generation_id").toString() == id;
    }
    for (const QJsonValue &v : m_server.history(m_key, "status=COMPLETED"))
        inCompleted |= v.toObject().value("generation_id").toString() == id;
    QVERIFY2(inExpired, "status=EXPIRED lists it");
    QVERIFY2(!inCompleted, "status=COMPLETED no longer lists it");

    // The audio is deleted and the old link no longer downloads.
    QTRY_VERIFY2_WITH_TIMEOUT(!QFile::exists(audioFile), qPrintable(audioFile + " still exists"), 5000);
    const HttpResponse old = m_server.get(audioUrl, {});
    QVERIFY2(old.status == 403 || old.status == 404 || old.status == 410, old.describe());
    QVERIFY(!old.body.startsWith("RIFF") && !old.body.startsWith("ID3"));
    QTRY_VERIFY2_WITH_TIMEOUT(!QFile::exists(captionsFile), qPrintable(captionsFile + " still exists"), 5000);
    if (timestamps) {
        const int status = m_server.get(captionsUrl, {}).status;
        QVERIFY2(status == 403 || status == 404, qPrintable(QString::number(status)));
    }

    // Nor can it be cancelled any more.
    QCOMPARE(m_server.del("/v3/tts?generation_id=" + id, m_key).status, 404);
}

QTEST_GUILESS_MAIN(ApiLifetimeTest)
#include "tst_api_lifetime.moc"
