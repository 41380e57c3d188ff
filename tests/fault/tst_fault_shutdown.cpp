// Ends the server chose or lost: SIGTERM during streams, a kill -9 and the restart
// after it, a cancel racing a completion, and jobs that outlive their lifetime. The
// real binary; balances through `tts-studio accounts list`, rows and ledger read
// beside it in the store.
#include "storereader.h"
#include "studioprocess.h"

#include <QDir>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QUuid>
#include <QWebSocket>
#include <QtTest>

#include <csignal>
#include <memory>

namespace
{
const QString kLongText = QString("This sentence keeps the synthesizer busy for a while. ").repeated(120);

using Store = StoreReader;

qint64 credits(const StudioProcess &studio, const QString &account)
{
    for (const QString &line : studio.cli({"accounts", "list"}).split('\n')) {
        const QStringList cols = line.split('\t');
        if (cols.size() > 3 && cols.at(1) == account)
            return cols.at(3).toLongLong();
    }
    return -1;
}

struct WsClient
{
    QWebSocket ws;
    QString id;
    QList<QJsonObject> messages;
    int frames = 0;
    bool closed = false;
    int closeCode = -1;
    QString closeReason;

    void open(const QString &url, const QString &text)
    {
        const QByteArray payload
            = QJsonDocument(QJsonObject{{"text", text}, {"voice_id", "af_sarah"}}).toJson(QJsonDocument::Compact);
        QObject::connect(&ws, &QWebSocket::textMessageReceived, [this](const QString &m) {
            const QJsonObject o = QJsonDocument::fromJson(m.toUtf8()).object();
            messages << o;
            if (o.value("type").toString() == QLatin1String("started"))
                id = o.value("generation_id").toString();
        });
        QObject::connect(&ws, &QWebSocket::binaryMessageReceived, [this] { ++frames; });
        QObject::connect(&ws, &QWebSocket::disconnected, [this] {
            closed = true;
            closeCode = ws.closeCode();
            closeReason = ws.closeReason();
        });
        QObject::connect(&ws, &QWebSocket::connected, [this, payload] { ws.sendTextMessage(QString::fromUtf8(payload)); });
        ws.open(QUrl(url));
    }
};

QString postJob(const StudioProcess &studio, const QByteArray &key, const QString &text)
{
    const HttpResult r = httpRequest("POST", studio.baseUrl() + "/v3/tts", key,
                                     QJsonDocument(QJsonObject{{"text", text}, {"voice_id", "af_sarah"}}).toJson());
    return r.status == 201 ? r.json.value("generation_id").toString() : QString();
}
}

class TestFaultShutdown : public QObject
{
    Q_OBJECT

private slots:
    void sigtermEndsStreams();
    void killedStreamsFailOnRestart();
    void secondProcessLeavesLiveStreamsAlone();
    void cancelRacingCompletionIsConflict();
    void jobOutlivingItsLifetimeIsReleased();
};

void TestFaultShutdown::sigtermEndsStreams()
{
    StudioProcess studio;
    const QByteArray key = studio.createAccountWithKey("term", {"--credits", "1000000"}).toUtf8();
    QVERIFY(studio.start({"--workers", "1"}));
    const qint64 before = credits(studio, "term");
    WsClient a, b;
    a.open(studio.wsUrl(QString::fromUtf8(key)), kLongText);
    b.open(studio.wsUrl(QString::fromUtf8(key)), kLongText);
    QTRY_VERIFY_WITH_TIMEOUT(a.frames >= 3 && b.frames >= 3, 30000);

    ::kill(pid_t(studio.pid()), SIGTERM);
    // Each stream hears why it ends, and closes with 1001.
    QTRY_VERIFY_WITH_TIMEOUT(a.closed && b.closed, 20000);
    for (WsClient *c : {&a, &b}) {
        QCOMPARE(c->closeCode, 1001);
        QCOMPARE(c->closeReason, QString("Server shutting down"));
        QCOMPARE(c->messages.last().value("type").toString(), QString("error"));
        QCOMPARE(c->messages.last().value("detail").toString(), QString("Server shutting down"));
        QCOMPARE(c->messages.last().value("generation_id").toString(), c->id);
    }
    studio.stop();
    const QByteArray log = studio.serverOutput();
    QVERIFY2(!log.contains("does not belong to the calling thread"), log.constData());
    QVERIFY2(!log.contains("prepare failed"), log.constData());

    {
        // Recorded before the process exited: FAILED, released, nothing GENERATING.
        Store store(studio.dataDir());
        for (WsClient *c : {&a, &b}) {
            QCOMPARE(store.status(c->id), QString("FAILED"));
            QCOMPARE(store.error(c->id), QString("Server shutting down"));
            QCOMPARE(store.ledgerRows(c->id, "release"), 1);
            QCOMPARE(store.ledgerRows(c->id, "settle"), 0);
        }
        QCOMPARE(store.generating(), 0);
        QVERIFY(store.ledgerMatchesBalances());
    }
    QCOMPARE(credits(studio, "term"), before);

    // And after a restart: the same, visible through the API.
    QVERIFY(studio.start({"--workers", "1"}));
    const HttpResult g = httpRequest("GET", studio.baseUrl() + "/v3/tts?generation_id=" + a.id, key);
    QCOMPARE(g.json.value("status").toString(), QString("FAILED"));
    QVERIFY(g.json.value("dollar_cost").isNull());
    QCOMPARE(Store(studio.dataDir()).generating(), 0);
    studio.stop();
}

void TestFaultShutdown::killedStreamsFailOnRestart()
{
    StudioProcess studio;
    const QByteArray key = studio.createAccountWithKey("killed", {"--credits", "1000000"}).toUtf8();
    QVERIFY(studio.start({"--workers", "1"}));
    const qint64 before = credits(studio, "killed");
    const QString job = postJob(studio, key, kLongText);
    QVERIFY(!job.isEmpty());
    QCOMPARE(waitForStatus(studio.baseUrl(), key, job, {"GENERATING", "COMPLETED"}).value("status").toString(),
             QString("GENERATING"));
    WsClient c;
    c.open(studio.wsUrl(QString::fromUtf8(key)), kLongText);
    QTRY_VERIFY_WITH_TIMEOUT(c.frames >= 3, 30000);
    studio.kill9();
    QCOMPARE(Store(studio.dataDir()).generating(), 2);

    // The stream cannot resume (its client is gone): failed and released at start.
    // The file job runs again.
    QVERIFY(studio.start({"--workers", "1"}));
    {
        Store store(studio.dataDir());
        QCOMPARE(store.status(c.id), QString("FAILED"));
        QCOMPARE(store.error(c.id), QString("Server stopped during the stream"));
        QCOMPARE(store.ledgerRows(c.id, "release"), 1);
        QVERIFY(store.status(job) == "IN_QUEUE" || store.status(job) == "GENERATING");
    }
    QCOMPARE(waitForStatus(studio.baseUrl(), key, job, {"COMPLETED", "FAILED"}, 120000).value("status").toString(),
             QString("COMPLETED"));
    QCOMPARE(Store(studio.dataDir()).generating(), 0);
    QCOMPARE(before - credits(studio, "killed"), qint64(kLongText.size())); // the job only
    QVERIFY(Store(studio.dataDir()).ledgerMatchesBalances());
    studio.stop();
}

void TestFaultShutdown::secondProcessLeavesLiveStreamsAlone()
{
    // The studio and a headless server share the default data dir: the one starting
    // second must not take the other's live streams for orphans.
    StudioProcess studio;
    const QByteArray key = studio.createAccountWithKey("shared", {"--credits", "1000000"}).toUtf8();
    QVERIFY(studio.start({"--workers", "1"}));
    WsClient c;
    c.open(studio.wsUrl(QString::fromUtf8(key)), kLongText);
    QTRY_VERIFY_WITH_TIMEOUT(c.frames >= 3, 30000);

    QProcess second;
    second.start(StudioProcess::binary(), {"--headless", "--port", "0", "--workers", "1", "--data-dir", studio.dataDir()});
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += second.readAllStandardOutput()).contains("listening on"), 30000);
    const QString secondUrl = QString::fromUtf8(out.mid(out.indexOf("http://")).trimmed());
    QCOMPARE(Store(studio.dataDir()).status(c.id), QString("GENERATING"));
    QVERIFY(!c.closed);

    // The other process cannot stop it, so it does not pretend to.
    const HttpResult other = httpRequest("DELETE", secondUrl + "/v3/tts?generation_id=" + c.id, key);
    QCOMPARE(other.status, 409);
    QVERIFY2(other.json.value("detail").toString().contains("another server process"),
             qPrintable(other.json.value("detail").toString()));
    QCOMPARE(Store(studio.dataDir()).status(c.id), QString("GENERATING"));
    // Its own process can.
    const HttpResult own = httpRequest("DELETE", studio.baseUrl() + "/v3/tts?generation_id=" + c.id, key);
    QCOMPARE(own.status, 200);
    QTRY_VERIFY_WITH_TIMEOUT(c.closed, 10000);
    QCOMPARE(c.closeCode, 4000);

    ::kill(pid_t(second.processId()), SIGTERM);
    QVERIFY(second.waitForFinished(20000));
    studio.stop();
    QVERIFY(Store(studio.dataDir()).ledgerMatchesBalances());
}

void TestFaultShutdown::cancelRacingCompletionIsConflict()
{
    StudioProcess studio;
    const QByteArray key = studio.createAccountWithKey("racer", {"--credits", "1000000"}).toUtf8();
    QVERIFY(studio.start({"--workers", "1"}));
    const QString id = postJob(studio, key, kLongText);
    QVERIFY(!id.isEmpty());

    // The race, made certain: the store's write lock is held here while the cancel
    // reads the job as unfinished and then waits to write; the job completes first.
    Store store(studio.dataDir());
    QVERIFY(store.exec("BEGIN IMMEDIATE"));
    QNetworkAccessManager nam;
    QNetworkRequest req(QUrl(studio.baseUrl() + "/v3/tts?generation_id=" + id));
    req.setRawHeader("x-api-key", key);
    QNetworkReply *reply = nam.deleteResource(req);
    QTest::qWait(500);
    QVERIFY(!reply->isFinished());
    QVERIFY(store.exec("UPDATE generations SET status = 'COMPLETED', completed_at = started_at WHERE id = ?", {id}));
    QVERIFY(store.exec("COMMIT"));
    QTRY_VERIFY_WITH_TIMEOUT(reply->isFinished(), 20000);

    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QJsonObject body = QJsonDocument::fromJson(reply->readAll()).object();
    QCOMPARE(status, 409);
    QVERIFY2(body.value("detail").toString().contains("COMPLETED"), qPrintable(body.value("detail").toString()));
    QCOMPARE(store.status(id), QString("COMPLETED"));
    QCOMPARE(store.ledgerRows(id, "release"), 0);
    reply->deleteLater();
    studio.kill9(); // the job the store now calls COMPLETED is still synthesizing

}

void TestFaultShutdown::jobOutlivingItsLifetimeIsReleased()
{
    StudioProcess studio;
    const QByteArray key = studio.createAccountWithKey("brief", {"--credits", "1000000"}).toUtf8();
    QVERIFY(studio.start({"--workers", "1", "--generation-ttl", "1"}));
    const qint64 before = credits(studio, "brief");
    const QString id = postJob(studio, key, kLongText); // takes far longer than a second
    QVERIFY(!id.isEmpty());
    Store store(studio.dataDir());
    QTRY_VERIFY_WITH_TIMEOUT(store.status(id) == "COMPLETED" || store.status(id) == "FAILED", 120000);

    // Not charged for audio that was deleted (or never kept) before anyone could fetch it.
    QCOMPARE(store.status(id), QString("FAILED"));
    QCOMPARE(store.error(id), QString("Expired before completion"));
    QCOMPARE(store.ledgerRows(id, "release"), 1);
    QCOMPARE(store.ledgerRows(id, "settle"), 0);
    QCOMPARE(credits(studio, "brief"), before);
    QVERIFY(QDir(studio.dataDir() + "/audio").entryList({id + "*"}, QDir::Files).isEmpty());
    QCOMPARE(httpRequest("GET", studio.baseUrl() + "/v3/tts?generation_id=" + id, key).status, 404);
    QVERIFY(store.ledgerMatchesBalances());
    studio.stop();
}

QTEST_GUILESS_MAIN(TestFaultShutdown)
#include "tst_fault_shutdown.moc"
