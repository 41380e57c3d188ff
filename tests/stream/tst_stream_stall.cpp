// The stall bound (memory per stream is bounded): a client that keeps its
// connection but takes none of the audio for --stream-stall seconds has its stream ended
// as if it had gone (docs/api.md "Streams that end early"): FAILED, charged in full since
// audio was delivered, its slot given back, no part file left. On the WebSocket and on
// /v1/audio/speech, each with a raw client that stops reading once it knows its
// generation's id.
#include "storereader.h"
#include "rawclient.h"
#include "studioprocess.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QTcpSocket>
#include <QWebSocket>
#include <QtTest>

namespace
{
constexpr int kStallSeconds = 3;
// Minutes of espeak-ng audio: far more than the socket buffers between server and
// client hold, so the server is left with audio the client does not take.
const QString kLongText = QString("This sentence keeps the synthesizer busy for a while. ").repeated(400);

QByteArray json(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}


// Files a stream could leave behind: its audio while it is being written.
QStringList partFiles(const QString &dir)
{
    QStringList found;
    QDirIterator it(dir, {QStringLiteral("*.part")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        found << it.next();
    return found;
}
}

class TestStreamStall : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void stalledClientEndsItsStream_data();
    void stalledClientEndsItsStream();

private:
    // Opens the stream with a raw socket and reads until the generation's id is known
    // (the "started" message or the X-Generation-Id header); then the caller stops reading.
    QString openAndStopReading(QTcpSocket &raw, const QString &route);
    QString shortStreamEnd();

    StudioProcess m_studio;
    QString m_key;
    std::unique_ptr<StoreReader> m_store;
};

void TestStreamStall::initTestCase()
{
    m_key = m_studio.createAccountWithKey("staller", {"--credits", "50000000"});
    QVERIFY(!m_key.isEmpty());
    // One stream at a time: whether the stalled stream's slot came back shows directly.
    QVERIFY(m_studio.start({"--workers", "1", "--max-streams", "1", "--stream-stall", QString::number(kStallSeconds)}));
    m_store = std::make_unique<StoreReader>(m_studio.dataDir());
}

void TestStreamStall::cleanupTestCase()
{
    if (m_store)
        QVERIFY(m_store->ledgerMatchesBalances());
    m_store.reset();
    m_studio.stop();
}

QString TestStreamStall::openAndStopReading(QTcpSocket &raw, const QString &route)
{
    const QUrl base(m_studio.baseUrl());
    raw.connectToHost(base.host(), quint16(base.port()));
    if (!raw.waitForConnected(5000))
        return {};
    // Qt takes no more from the kernel than this once the test stops reading: the
    // rest waits in the socket buffers, and then in the server.
    raw.setReadBufferSize(4096);
    const QByteArray host = base.host().toUtf8() + ":" + QByteArray::number(base.port());
    QByteArray marker;
    if (route == QLatin1String("websocket")) {
        const QUrl ws(m_studio.wsUrl(m_key));
        raw.write("GET " + ws.path(QUrl::FullyEncoded).toUtf8() + "?" + ws.query(QUrl::FullyEncoded).toUtf8()
                  + " HTTP/1.1\r\nHost: " + host
                  + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    "Sec-WebSocket-Version: 13\r\n\r\n");
        // Frames go after the 101 (RFC 6455; the server refuses them before).
        QByteArray head;
        QDeadlineTimer upgraded(10000);
        while (!head.contains("\r\n\r\n") && !upgraded.hasExpired()) {
            raw.waitForReadyRead(100);
            head += raw.readAll();
        }
        if (!head.startsWith("HTTP/1.1 101"))
            return {};
        raw.write(maskedTextFrame(json({{"text", kLongText}, {"voice_id", "ef_dora"}})));
        marker = "\"generation_id\":\"";
    } else {
        const QByteArray body = json({{"model", "tts-1"}, {"voice", "alloy"}, {"input", kLongText},
                                      {"response_format", "pcm"}});
        raw.write("POST /v1/audio/speech HTTP/1.1\r\nHost: " + host + "\r\nAuthorization: Bearer " + m_key.toUtf8()
                  + "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
                  + "\r\n\r\n" + body);
        marker = "\r\nx-generation-id: ";
    }
    QByteArray got;
    QDeadlineTimer deadline(30000);
    qsizetype at = -1, end = -1;
    while (!deadline.hasExpired()) {
        if (raw.bytesAvailable() == 0)
            raw.waitForReadyRead(100);
        got += raw.read(4096);
        at = got.toLower().indexOf(marker);
        end = at < 0 ? -1 : got.indexOf(route == QLatin1String("websocket") ? QByteArray("\"") : QByteArray("\r\n"), at + marker.size());
        if (end > 0)
            break;
    }
    return end > 0 ? QString::fromLatin1(got.mid(at + marker.size(), end - at - marker.size())) : QString();
}

// How a whole WebSocket stream of a short text ends: its last message ("completed", or
// "error 503" for a refusal; the close code of a refusal, 1013, is not checked: Qt 6.4's
// client takes it for invalid and reports 1002).
QString TestStreamStall::shortStreamEnd()
{
    QWebSocket ws;
    QString last;
    bool closed = false;
    QObject::connect(&ws, &QWebSocket::connected, &ws, [&ws] {
        ws.sendTextMessage(QString::fromUtf8(json({{"text", "A newcomer is served."}, {"voice_id", "af_sarah"}})));
    });
    QObject::connect(&ws, &QWebSocket::textMessageReceived, &ws, [&last](const QString &m) {
        const QJsonObject o = QJsonDocument::fromJson(m.toUtf8()).object();
        last = o.value("type").toString();
        if (o.contains("status"))
            last += u' ' + QString::number(o.value("status").toInt());
    });
    QObject::connect(&ws, &QWebSocket::disconnected, &ws, [&closed] { closed = true; });
    ws.open(QUrl(m_studio.wsUrl(m_key)));
    QDeadlineTimer deadline(60000);
    while (!closed && !deadline.hasExpired())
        QTest::qWait(10);
    return last;
}

void TestStreamStall::stalledClientEndsItsStream_data()
{
    QTest::addColumn<QString>("route");
    QTest::addColumn<QString>("errorMessage");
    QTest::newRow("websocket") << "websocket" << QString("Client read none of the stream for %1 s").arg(kStallSeconds);
    QTest::newRow("/v1/audio/speech") << "openai" << QString("Client read none of the audio for %1 s").arg(kStallSeconds);
}

void TestStreamStall::stalledClientEndsItsStream()
{
    QFETCH(QString, route);
    QFETCH(QString, errorMessage);
    const qint64 before = m_store->credits("staller");
    QTcpSocket raw;
    const QString id = openAndStopReading(raw, route);
    QVERIFY2(!id.isEmpty(), "no generation id before the client stopped reading");
    QElapsedTimer sinceLastRead;
    sinceLastRead.start();

    // The stalled stream holds the one slot: a newcomer is turned away meanwhile.
    QCOMPARE(shortStreamEnd(), QString("error 503"));

    // The server gives up on it: no sooner than the bound, and well before the text's
    // minutes of audio could have been taken.
    const QJsonObject g = waitForStatus(m_studio.baseUrl(), m_key.toUtf8(), id, {"FAILED", "COMPLETED"}, 90000);
    const qint64 endedAfterMs = sinceLastRead.elapsed();
    qInfo("%s: the stream ended %lld ms after the client's last read", qPrintable(route), endedAfterMs);
    QCOMPARE(g.value("status").toString(), QString("FAILED"));
    QCOMPARE(g.value("error_message").toString(), errorMessage);
    QVERIFY2(endedAfterMs >= kStallSeconds * 1000 - 100, qPrintable(QString::number(endedAfterMs)));

    // The money rule of a client that goes: audio was delivered, so the whole text is
    // charged, once (reserve, settle, no release).
    QVERIFY(g.value("dollar_cost").toDouble() > 0);
    QCOMPARE(before - m_store->credits("staller"), qint64(kLongText.size()));
    QCOMPARE(m_store->ledgerRows(id, "reserve"), 1);
    QCOMPARE(m_store->ledgerRows(id, "settle"), 1);
    QCOMPARE(m_store->ledgerRows(id, "release"), 0);
    QVERIFY(m_store->ledgerMatchesBalances());

    // Its slot is back (the stalled client has not closed its end): a newcomer is served.
    QTRY_COMPARE_WITH_TIMEOUT(shortStreamEnd(), QString("completed"), 30000);
    // Its audio file being written went with it.
    QTRY_VERIFY_WITH_TIMEOUT(partFiles(m_studio.dataDir()).isEmpty(), 10000);
    raw.abort();
}

QTEST_MAIN(TestStreamStall)
#include "tst_stream_stall.moc"
