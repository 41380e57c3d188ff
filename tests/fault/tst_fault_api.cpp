// Faults through the real binary: Idempotency-Key retries, cancellation, audio
// storage that disappears, and request framing that once got past the guard.
#include "storereader.h"
#include "studioprocess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTcpSocket>
#include <QUuid>
#include <QtTest>

namespace
{
using Store = StoreReader;

QByteArray body(const QString &text, const QString &voice = QStringLiteral("af_sarah"))
{
    return QJsonDocument(QJsonObject{{"text", text}, {"voice_id", voice}}).toJson(QJsonDocument::Compact);
}

QString longText(int sentences)
{
    QStringList s;
    for (int i = 0; i < sentences; ++i)
        s << QStringLiteral("Sentence number %1 keeps the only worker busy for a while longer.").arg(i + 1);
    return s.join(' ');
}
}

class TestFaultApi : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void idempotencyReplaysWithoutCharging();
    void idempotencyUnderConcurrentRetries();
    void cancelQueuedAndFinished();
    void audioStorageUnavailable();
    void chunkedBodyCannotFakeItsEnd();
    void bareLfHeadsCannotSmuggleABody();
    void duplicateContentLengthIsRefused();
    void blankLinesDoNotKeepAConnection();

private:
    QString post(const QByteArray &json, const QByteArray &idem, int *status, QJsonObject *reply = nullptr);

    StudioProcess m_studio;
    QByteArray m_key;
    std::unique_ptr<Store> m_store;
};

void TestFaultApi::initTestCase()
{
    m_key = m_studio.createAccountWithKey("fault", {"--credits", "1000000"}).toUtf8();
    QVERIFY(!m_key.isEmpty());
    QVERIFY(m_studio.start({"--workers", "1", "--request-timeout", "3"}));
    m_store = std::make_unique<Store>(m_studio.dataDir());
}

void TestFaultApi::cleanupTestCase()
{
    QVERIFY(m_store->ledgerMatchesBalances());
    m_store.reset();
    m_studio.stop();
}

QString TestFaultApi::post(const QByteArray &json, const QByteArray &idem, int *status, QJsonObject *reply)
{
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!idem.isEmpty())
        headers.append({"Idempotency-Key", idem});
    const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v3/tts", m_key, json, headers);
    *status = r.status;
    if (reply)
        *reply = r.json;
    return r.json.value("generation_id").toString();
}

void TestFaultApi::idempotencyReplaysWithoutCharging()
{
    const QByteArray b = body(QStringLiteral("Idempotency keeps this request to a single charge."));
    const qint64 before = m_store->credits("fault");
    int status = 0;
    const QString id = post(b, "idem-one", &status);
    QCOMPARE(status, 201);
    const qint64 charged = before - m_store->credits("fault");
    QVERIFY(charged > 0);

    for (int i = 0; i < 3; ++i) {
        QJsonObject reply;
        QCOMPARE(post(b, "idem-one", &status, &reply), id);
        QCOMPARE(status, 200); // a replay shows the generation as it is now
    }
    QCOMPARE(before - m_store->credits("fault"), charged);
    QCOMPARE(m_store->ledgerRows(id, "reserve"), 1);
    QCOMPARE(m_store->scalar("SELECT COUNT(*) FROM generations WHERE idempotency_key = 'idem-one'"), 1);

    // Same key, another body: 409, nothing charged.
    const qint64 rows = m_store->ledgerRowsTotal();
    QJsonObject reply;
    post(body(QStringLiteral("Another text under the same key.")), "idem-one", &status, &reply);
    QCOMPARE(status, 409);
    QVERIFY(!reply.value("detail").toString().isEmpty());
    QCOMPARE(m_store->ledgerRowsTotal(), rows);
    QCOMPARE(before - m_store->credits("fault"), charged);
    QCOMPARE(waitForStatus(m_studio.baseUrl(), m_key, id).value("status").toString(), QStringLiteral("COMPLETED"));
    QCOMPARE(m_store->ledgerRows(id, "settle"), 1);
}

void TestFaultApi::idempotencyUnderConcurrentRetries()
{
    // A client that retries impatiently: eight identical requests in flight at once.
    const QByteArray b = body(QStringLiteral("Eight retries in flight, one generation, one charge."));
    const qint64 before = m_store->credits("fault");
    QNetworkAccessManager nam;
    QList<QNetworkReply *> replies;
    for (int i = 0; i < 8; ++i) {
        QNetworkRequest req{QUrl(m_studio.baseUrl() + "/v3/tts")};
        req.setRawHeader("x-api-key", m_key);
        req.setRawHeader("Idempotency-Key", "idem-concurrent");
        req.setHeader(QNetworkRequest::ContentTypeHeader, "application/json");
        replies << nam.post(req, b);
    }
    QTRY_VERIFY_WITH_TIMEOUT(std::all_of(replies.cbegin(), replies.cend(), [](QNetworkReply *r) { return r->isFinished(); }),
                             30000);
    QSet<QString> ids;
    int created = 0;
    for (QNetworkReply *r : replies) {
        const int status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        QVERIFY2(status == 201 || status == 200, qPrintable(QString::number(status)));
        created += status == 201;
        ids.insert(QJsonDocument::fromJson(r->readAll()).object().value("generation_id").toString());
        r->deleteLater();
    }
    QCOMPARE(ids.size(), 1);
    QCOMPARE(created, 1);
    const QString id = *ids.cbegin();
    QCOMPARE(m_store->ledgerRows(id, "reserve"), 1);
    QCOMPARE(before - m_store->credits("fault"), qint64(QStringLiteral("Eight retries in flight, one generation, one charge.").size()));
    QCOMPARE(waitForStatus(m_studio.baseUrl(), m_key, id).value("status").toString(), QStringLiteral("COMPLETED"));
}

void TestFaultApi::cancelQueuedAndFinished()
{
    // One worker, which also takes one job ahead: two long jobs fill it, the third waits.
    int status = 0;
    const QString long1 = post(body(longText(40)), {}, &status);
    QCOMPARE(status, 201);
    const QString long2 = post(body(longText(40)), {}, &status);
    QCOMPARE(status, 201);
    const qint64 before = m_store->credits("fault");
    const QString text = QStringLiteral("This queued job will be cancelled.");
    const QString queued = post(body(text), {}, &status);
    QCOMPARE(status, 201);
    QCOMPARE(before - m_store->credits("fault"), qint64(text.size()));
    const HttpResult seen = httpRequest("GET", m_studio.baseUrl() + "/v3/tts?generation_id=" + queued, m_key);
    if (seen.json.value("status").toString() != QLatin1String("IN_QUEUE"))
        qWarning("the job to cancel was already %s", qPrintable(seen.json.value("status").toString()));

    const HttpResult cancelled = httpRequest("DELETE", m_studio.baseUrl() + "/v3/tts?generation_id=" + queued, m_key);
    QCOMPARE(cancelled.status, 200);
    QCOMPARE(cancelled.json.value("status").toString(), QStringLiteral("FAILED"));
    QCOMPARE(cancelled.json.value("error_message").toString(), QStringLiteral("Cancelled"));
    const HttpResult after = httpRequest("GET", m_studio.baseUrl() + "/v3/tts?generation_id=" + queued, m_key);
    QCOMPARE(after.json.value("status").toString(), QStringLiteral("FAILED"));
    QCOMPARE(after.json.value("error_message").toString(), QStringLiteral("Cancelled"));
    // Money released: one reserve, one release, nothing settled; the balance is back.
    QCOMPARE(m_store->ledgerRows(queued, "reserve"), 1);
    QCOMPARE(m_store->ledgerRows(queued, "release"), 1);
    QCOMPARE(m_store->ledgerRows(queued, "settle"), 0);
    QCOMPARE(m_store->credits("fault"), before);
    // Cancelling again, or cancelling what has finished: 409.
    QCOMPARE(httpRequest("DELETE", m_studio.baseUrl() + "/v3/tts?generation_id=" + queued, m_key).status, 409);
    QCOMPARE(waitForStatus(m_studio.baseUrl(), m_key, long1, {"COMPLETED", "FAILED"}, 120000).value("status").toString(),
             QStringLiteral("COMPLETED"));
    const HttpResult finished = httpRequest("DELETE", m_studio.baseUrl() + "/v3/tts?generation_id=" + long1, m_key);
    QCOMPARE(finished.status, 409);
    QVERIFY(!finished.json.value("detail").toString().isEmpty());
    QCOMPARE(m_store->ledgerRows(long1, "settle"), 1);
    QCOMPARE(m_store->ledgerRows(long1, "release"), 0);
    QCOMPARE(httpRequest("DELETE", m_studio.baseUrl() + "/v3/tts?generation_id=no-such-id", m_key).status, 404);
    waitForStatus(m_studio.baseUrl(), m_key, long2, {"COMPLETED", "FAILED"}, 120000);
}

void TestFaultApi::audioStorageUnavailable()
{
    // The audio dir is replaced by a regular file (as a full or lost volume would
    // make it unusable): POST answers 503 with a clear detail, charges nothing, the
    // server stays up; once the dir is back, generation works again.
    const QString audio = m_studio.dataDir() + "/audio";
    QVERIFY(QDir(audio).exists());
    QVERIFY(QDir().rename(audio, audio + ".away"));
    {
        QFile blocker(audio);
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.write("not a directory");
    }
    const qint64 before = m_store->credits("fault");
    const qint64 rows = m_store->ledgerRowsTotal();
    const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v3/tts", m_key, body(QStringLiteral("No room for audio.")));
    QCOMPARE(r.status, 503);
    QVERIFY2(r.json.value("detail").toString().startsWith(QStringLiteral("Audio storage is unavailable")), r.body.constData());
    QVERIFY(r.header("Retry-After").toInt() > 0);
    QCOMPARE(m_store->credits("fault"), before);
    QCOMPARE(m_store->ledgerRowsTotal(), rows);
    QCOMPARE(httpRequest("GET", m_studio.baseUrl() + "/v3/voices?limit=1", m_key).status, 200);

    QVERIFY(QFile::remove(audio));
    QVERIFY(QDir().rename(audio + ".away", audio));
    int status = 0;
    const QString id = post(body(QStringLiteral("Storage is back.")), {}, &status);
    QCOMPARE(status, 201);
    QCOMPARE(waitForStatus(m_studio.baseUrl(), m_key, id).value("status").toString(), QStringLiteral("COMPLETED"));
}

namespace
{
QByteArray hostHeader(const QString &baseUrl)
{
    const QUrl u(baseUrl);
    return "Host: " + u.host().toUtf8() + ":" + QByteArray::number(u.port()) + "\r\n";
}

// Sends pieces (with a pause between them, so they arrive as separate reads) until
// the server answers or closes; returns the answer's status (0: none) and how many
// pieces were sent before it.
int sendPieces(QTcpSocket &s, const QByteArray &head, const QList<QByteArray> &pieces, QByteArray *answer = nullptr,
               int *sent = nullptr, const QByteArray &until = "\r\n", int pauseMs = 2)
{
    s.write(head);
    s.waitForBytesWritten(3000);
    QByteArray in;
    int n = 0;
    for (const QByteArray &p : pieces) {
        if (s.state() != QAbstractSocket::ConnectedState)
            break;
        s.write(p);
        s.waitForBytesWritten(3000);
        ++n;
        if (s.waitForReadyRead(pauseMs))
            in += s.readAll();
        if (in.contains(until))
            break;
    }
    if (sent)
        *sent = n;
    QElapsedTimer t;
    t.start();
    while (!in.contains(until) && t.elapsed() < 5000 && s.state() == QAbstractSocket::ConnectedState)
        if (s.waitForReadyRead(100))
            in += s.readAll();
    in += s.readAll();
    if (answer)
        *answer = in;
    return in.startsWith("HTTP/1.1 ") ? in.mid(9, 3).toInt() : 0;
}
}

void TestFaultApi::chunkedBodyCannotFakeItsEnd()
{
    // A chunked body ends where its chunk sizes say, not at any read ending in
    // "0\r\n\r\n": a big chunk sent in pieces ending that way must not reach Qt whole
    // (60 MB would go through, server RSS 37 -> 170 MB).
    const qint64 rssBefore = m_studio.rssKiB();
    QTcpSocket s;
    s.connectToHost(QUrl(m_studio.baseUrl()).host(), quint16(QUrl(m_studio.baseUrl()).port()));
    QVERIFY(s.waitForConnected(3000));
    const QByteArray head = "POST /v3/tts HTTP/1.1\r\n" + hostHeader(m_studio.baseUrl()) + "x-api-key: " + m_key
                            + "\r\nTransfer-Encoding: chunked\r\n\r\n";
    // Well-framed chunks of 8005 bytes whose data ends like a last chunk, each piece
    // ending there (the CRLF that closes a chunk starts the next piece): 3.2 MB.
    const QByteArray data = QByteArray(8000, 'y') + "0\r\n\r\n";
    QList<QByteArray> pieces;
    for (int i = 0; i < 400; ++i)
        pieces << (i ? QByteArray("\r\n") : QByteArray()) + QByteArray::number(data.size(), 16) + "\r\n" + data;
    QByteArray answer;
    QCOMPARE(sendPieces(s, head, pieces, &answer), 413);
    QVERIFY(answer.contains("1 MiB"));
    qInfo("server RSS %lld -> %lld KiB", rssBefore, m_studio.rssKiB());
    QVERIFY(m_studio.rssKiB() - rssBefore < 16 * 1024);
}

void TestFaultApi::bareLfHeadsCannotSmuggleABody()
{
    // Heads ended by bare LFs (which Qt accepts) are heads to the guard too: else it
    // would read the first Content-Length of the pipeline (0) and let the second
    // request's 5 MB body through.
    QTcpSocket s;
    s.connectToHost(QUrl(m_studio.baseUrl()).host(), quint16(QUrl(m_studio.baseUrl()).port()));
    QVERIFY(s.waitForConnected(3000));
    const QByteArray host = hostHeader(m_studio.baseUrl()).trimmed();
    const QByteArray head = "GET / HTTP/1.1\n" + host + "\nContent-Length: 0\n\n" + "POST /v3/tts HTTP/1.1\n" + host
                            + "\nx-api-key: " + m_key + "\nContent-Length: 5000000\n\n";
    QList<QByteArray> pieces;
    for (int i = 0; i < 500; ++i)
        pieces << (QByteArray(1000, 'x') + "\r\n\r\n").repeated(10);
    QByteArray answer;
    int sent = 0;
    sendPieces(s, head, pieces, &answer, &sent, "HTTP/1.1 413", 10);
    // The POST is refused by the guard from its announcement, not by the server after
    // Qt has buffered the body (the first guard: "413 Request Entity Too Large" after
    // all 5 MB).
    QVERIFY2(answer.contains("HTTP/1.1 413 Payload Too Large"), answer.left(400).constData());
    qInfo("refused after %d of %lld pieces", sent, qint64(pieces.size()));
    QVERIFY(sent < 10);
}

void TestFaultApi::duplicateContentLengthIsRefused()
{
    QTcpSocket s;
    s.connectToHost(QUrl(m_studio.baseUrl()).host(), quint16(QUrl(m_studio.baseUrl()).port()));
    QVERIFY(s.waitForConnected(3000));
    QByteArray answer;
    QCOMPARE(sendPieces(s, "POST /v3/tts HTTP/1.1\r\n" + hostHeader(m_studio.baseUrl()) + "x-api-key: " + m_key
                               + "\r\nContent-Length: 2\r\nContent-Length: 4000\r\n\r\n{}",
                        {}, &answer),
             400);
    QVERIFY2(answer.contains("Duplicate Content-Length"), answer.constData());
}

void TestFaultApi::blankLinesDoNotKeepAConnection()
{
    // Blank lines are not requests and do not restart the idle timer: a client
    // trickling them cannot hold a connection (of the 512) forever.
    QTcpSocket s;
    s.connectToHost(QUrl(m_studio.baseUrl()).host(), quint16(QUrl(m_studio.baseUrl()).port()));
    QVERIFY(s.waitForConnected(3000));
    QElapsedTimer t;
    t.start();
    while (s.state() == QAbstractSocket::ConnectedState && t.elapsed() < 12000) {
        s.write("\r\n\r\n");
        s.waitForBytesWritten(1000);
        s.waitForReadyRead(500);
        s.readAll();
    }
    qInfo("closed after %lld ms (idle timeout 3 s)", t.elapsed());
    QVERIFY(t.elapsed() < 8000);
}

QTEST_MAIN(TestFaultApi)
#include "tst_fault_api.moc"
