// WebSocket /v3/tts/stream against a real headless server: real-time streaming.
#include "rawclient.h"
#include "studioprocess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QWebSocket>
#include <QtTest>

#include <cmath>
#include <memory>

namespace
{
struct StreamResult
{
    QStringList order;              // "started", "audio", "completed", "error" as they came
    QList<QJsonObject> messages;    // JSON messages
    QByteArray pcm;                 // all binary frames
    int binaryFrames = 0;
    int closeCode = -1;
    bool closed = false;
};

// Opens a stream, sends payload, collects everything until the server closes.
StreamResult runStream(const QString &url, const QByteArray &payload, int timeoutMs = 60000,
                       int disconnectAfterFrames = -1)
{
    StreamResult r;
    QWebSocket ws;
    QObject::connect(&ws, &QWebSocket::textMessageReceived, [&](const QString &m) {
        const QJsonObject o = QJsonDocument::fromJson(m.toUtf8()).object();
        r.messages << o;
        r.order << o.value("type").toString();
    });
    QObject::connect(&ws, &QWebSocket::binaryMessageReceived, [&](const QByteArray &b) {
        r.pcm += b;
        ++r.binaryFrames;
        if (r.order.isEmpty() || r.order.last() != "audio")
            r.order << "audio";
        if (disconnectAfterFrames > 0 && r.binaryFrames == disconnectAfterFrames)
            ws.abort();
    });
    QObject::connect(&ws, &QWebSocket::disconnected, [&] {
        r.closed = true;
        r.closeCode = ws.closeCode();
    });
    QObject::connect(&ws, &QWebSocket::connected, [&] {
        if (!payload.isNull())
            ws.sendTextMessage(QString::fromUtf8(payload));
    });
    ws.open(QUrl(url));
    QDeadlineTimer deadline(timeoutMs);
    while (!r.closed && !deadline.hasExpired())
        QTest::qWait(10);
    return r;
}

QByteArray request(const QString &text, const QString &voice = "af_sarah", const QString &extra = {})
{
    QJsonObject o{{"text", text}, {"voice_id", voice}};
    QByteArray json = QJsonDocument(o).toJson(QJsonDocument::Compact);
    if (!extra.isEmpty())
        json.insert(json.size() - 1, ("," + extra).toUtf8());
    return json;
}

double rms(const QByteArray &pcm)
{
    const auto *s = reinterpret_cast<const float *>(pcm.constData());
    const qsizetype n = pcm.size() / 4;
    double sum = 0;
    for (qsizetype i = 0; i < n; ++i)
        sum += double(s[i]) * s[i];
    return n ? std::sqrt(sum / double(n)) : 0;
}

const QString kLongText = QString("This sentence keeps the synthesizer busy for a while. ").repeated(200);

}

class TestStream : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void completesInOrder_data();
    void completesInOrder();
    void rejectsBadKey_data();
    void rejectsBadKey();
    void rejectsBadPayload_data();
    void rejectsBadPayload();
    void insufficientBalance();
    void oversizedMessage();
    void disconnectMidStream();
    void requestsBeforeTheKeyCheckAllComplete();
    void customVoiceStreams();
    void listenersBeyondTheWarmWorkersAreServed();
    void slowReaderIsBounded();
    void plainGetIsUpgradeRequired();

private:
    StudioProcess m_studio;
    QString m_key;
    QString m_poorKey;
};

void TestStream::initTestCase()
{
    m_key = m_studio.createAccountWithKey("streamer", {"--credits", "5000000"});
    m_poorKey = m_studio.createAccountWithKey("poor", {"--credits", "0"});
    QVERIFY(!m_key.isEmpty());
    QVERIFY(m_studio.start({"--workers", "2"}));
}

void TestStream::cleanupTestCase()
{
    m_studio.stop();
}

void TestStream::completesInOrder_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("extra");
    QTest::newRow("flite voice, wav") << "af_sarah" << "";
    QTest::newRow("espeak language, mp3") << "ef_dora" << R"("audio_format":"mp3")";
    QTest::newRow("advanced voice") << "aria" << R"("model":"advanced","exaggeration":0.9)";
}

void TestStream::completesInOrder()
{
    QFETCH(QString, voice);
    QFETCH(QString, extra);
    const QString text = "Streaming starts after the first sentence. The rest follows while you listen. Done.";
    const StreamResult r = runStream(m_studio.wsUrl(m_key), request(text, voice, extra));
    QCOMPARE(r.closeCode, 1000);
    QCOMPARE(r.order, (QStringList{"started", "audio", "completed"}));
    QVERIFY(r.binaryFrames >= 2);
    QCOMPARE(r.pcm.size() % 4, 0);
    // Raw float32 PCM: finite, within [-1, 1], not silence.
    const auto *s = reinterpret_cast<const float *>(r.pcm.constData());
    for (qsizetype i = 0; i < r.pcm.size() / 4; ++i)
        QVERIFY2(std::isfinite(s[i]) && s[i] >= -1.0f && s[i] <= 1.0f, "sample out of range");
    QVERIFY2(rms(r.pcm) > 0.02, "stream is silent");
    QVERIFY(r.pcm.size() / 4 > 24000); // more than a second of audio

    const QJsonObject started = r.messages.first();
    const QJsonObject done = r.messages.last();
    const QString id = started.value("generation_id").toString();
    QVERIFY(!id.isEmpty());
    QCOMPARE(done.value("generation_id").toString(), id);
    QCOMPARE(done.value("tokens").toInt(), text.size());
    QVERIFY(done.value("dollar_cost").toDouble() > 0);

    // The completed file holds exactly the streamed samples.
    const HttpResult file = httpRequest("GET", done.value("audio_url").toString());
    QCOMPARE(file.status, 200);
    if (extra.contains("mp3")) {
        QCOMPARE(file.header("Content-Type"), QByteArray("audio/mpeg"));
    } else {
        QCOMPARE(file.header("Content-Type"), QByteArray("audio/wav"));
        QCOMPARE(qsizetype(file.body.size() - 44) / 2, r.pcm.size() / 4);
    }

    // A streamed generation is an ordinary one: GET and history show it, billed.
    const HttpResult g = httpRequest("GET", m_studio.baseUrl() + "/v3/tts?generation_id=" + id, m_key.toUtf8());
    QCOMPARE(g.json.value("status").toString(), QString("COMPLETED"));
    QCOMPARE(g.json.value("method").toString(), QString("CREDITS_BALANCE"));
    // The completed message tells what the row says (it comes back with the update).
    QCOMPARE(done.value("audio_url").toString(), g.json.value("audio_url").toString());
    QCOMPARE(done.value("dollar_cost").toDouble(), g.json.value("dollar_cost").toDouble());
    const HttpResult h = httpRequest("GET", m_studio.baseUrl() + "/v3/history?limit=100", m_key.toUtf8());
    bool listed = false;
    for (const auto &v : h.json.value("history").toArray())
        listed |= v.toObject().value("generation_id").toString() == id;
    QVERIFY(listed);
}

void TestStream::rejectsBadKey_data()
{
    QTest::addColumn<QString>("key");
    QTest::newRow("wrong") << "tts_not-a-real-key";
    QTest::newRow("missing") << "";
}

void TestStream::rejectsBadKey()
{
    QFETCH(QString, key);
    const StreamResult r = runStream(m_studio.wsUrl(key), request("Hello there, this is a test."));
    QCOMPARE(r.closeCode, 1008);
    QVERIFY(r.pcm.isEmpty());
    QVERIFY(!r.order.contains("started"));
}

void TestStream::rejectsBadPayload_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QString>("field");
    QTest::newRow("malformed JSON") << QByteArray("{not json") << "body";
    QTest::newRow("missing text") << QByteArray(R"({"voice_id":"af_sarah"})") << "text";
    QTest::newRow("speed out of range") << request("Hello there.", "af_sarah", R"("speed":5)") << "speed";
    QTest::newRow("unknown voice") << request("Hello there.", "nobody") << "voice_id";
    QTest::newRow("wrong type") << QByteArray(R"({"text":42,"voice_id":"af_sarah"})") << "text";
}

void TestStream::rejectsBadPayload()
{
    QFETCH(QByteArray, payload);
    QFETCH(QString, field);
    const StreamResult r = runStream(m_studio.wsUrl(m_key), payload);
    QCOMPARE(r.closeCode, 1003);
    QCOMPARE(r.order, QStringList{"error"});
    const QJsonObject e = r.messages.first();
    QVERIFY(!e.value("detail").toString().isEmpty());
    QCOMPARE(e.value("errors").toArray().first().toObject().value("field").toString(), field);
}

void TestStream::insufficientBalance()
{
    const StreamResult r = runStream(m_studio.wsUrl(m_poorKey), request("Hello there, this costs money."));
    QCOMPARE(r.order, QStringList{"error"});
    QCOMPARE(r.messages.first().value("detail").toString(), QString("Insufficient Balance"));
    QCOMPARE(r.closeCode, 1008);
    QVERIFY(r.pcm.isEmpty());
}

void TestStream::oversizedMessage()
{
    const QByteArray big = request(QString(70 * 1024, QChar('a')));
    const StreamResult r = runStream(m_studio.wsUrl(m_key), big);
    QCOMPARE(r.closeCode, 1009);
    QVERIFY(r.pcm.isEmpty());
}

void TestStream::disconnectMidStream()
{
    const StreamResult cut = runStream(m_studio.wsUrl(m_key), request(kLongText), 60000, 3);
    QVERIFY(cut.binaryFrames >= 3);
    const QString id = cut.messages.first().value("generation_id").toString();
    // The abandoned generation fails with a reason (charged: audio had been delivered,
    // docs/api.md "Streams that end early"; tst_stream_cancel checks the money).
    const QJsonObject g = waitForStatus(m_studio.baseUrl(), m_key.toUtf8(), id, {"FAILED", "COMPLETED"}, 20000);
    QCOMPARE(g.value("status").toString(), QString("FAILED"));
    QVERIFY(!g.value("error_message").toString().isEmpty());
    // The worker was freed: 8 new streams all succeed.
    for (int i = 0; i < 8; ++i) {
        const StreamResult r = runStream(m_studio.wsUrl(m_key), request(QString("Stream number %1 works fine.").arg(i)));
        QCOMPARE(r.closeCode, 1000);
        QCOMPARE(r.order.last(), QString("completed"));
    }
}

void TestStream::requestsBeforeTheKeyCheckAllComplete()
{
    // Clients that send at once race the key check: a request that comes first waits
    // for it and must then be answered as if it had come later. Keys the server has not
    // seen (a known one is checked from memory, without a wait), and long texts, because
    // a request read after it was freed came out garbled only when it was long.
    constexpr int kClients = 10;
    for (int round = 0; round < 3; ++round) { // a race: several tries
        QStringList keys;
        for (int i = 0; i < kClients; ++i)
            keys << m_studio.cli({"keys", "create", "--account", "streamer", "--name", QString("early %1").arg(i)});
        QList<QStringList> orders(kClients);
        QList<QWebSocket *> sockets;
        int closed = 0;
        for (int i = 0; i < kClients; ++i) {
            auto *ws = new QWebSocket;
            sockets << ws;
            QStringList *order = &orders[i];
            const QByteArray payload = request(kLongText.left(2500 + i), i % 2 ? "ef_dora" : "af_sarah");
            QObject::connect(ws, &QWebSocket::textMessageReceived, ws, [order](const QString &m) {
                *order << QJsonDocument::fromJson(m.toUtf8()).object().value("type").toString();
            });
            QObject::connect(ws, &QWebSocket::binaryMessageReceived, ws, [ws, order] {
                if (!order->contains("audio")) {
                    *order << "audio";
                    ws->close(); // the beginning is what this is about
                }
            });
            QObject::connect(ws, &QWebSocket::connected, ws, [ws, payload] { ws->sendTextMessage(QString::fromUtf8(payload)); });
            QObject::connect(ws, &QWebSocket::disconnected, ws, [&closed] { ++closed; });
            ws->open(QUrl(m_studio.wsUrl(keys.at(i))));
        }
        QTRY_COMPARE_WITH_TIMEOUT(closed, kClients, 60000);
        qDeleteAll(sockets);
        for (const QStringList &order : std::as_const(orders))
            QCOMPARE(order, (QStringList{"started", "audio"}));
    }
}

void TestStream::customVoiceStreams()
{
    // A custom voice is planned from the store, after the generation row exists.
    const HttpResult c = httpRequest("POST", m_studio.baseUrl() + "/v3/voices", m_key.toUtf8(),
                                     R"({"name":"Stream Narrator","base_voice_id":"ef_dora","pitch":1.2})",
                                     {{"Content-Type", "application/json"}});
    QVERIFY2(c.status == 201, c.body.constData());
    const QString voice = c.json.value("voice_id").toString();
    const StreamResult r = runStream(m_studio.wsUrl(m_key), request("Una voz propia también se escucha en directo.", voice));
    QCOMPARE(r.closeCode, 1000);
    QCOMPARE(r.order, (QStringList{"started", "audio", "completed"}));
    QVERIFY(rms(r.pcm) > 0.01);
    const QJsonObject done = r.messages.last();
    QCOMPARE(done.value("samples").toInteger(), qint64(r.pcm.size() / 4));
}

void TestStream::listenersBeyondTheWarmWorkersAreServed()
{
    // One warm stream worker and three long streams at once: the pool grows, so no
    // listener waits for another's stream to end before hearing anything.
    StudioProcess studio;
    const QString key = studio.createAccountWithKey("listeners", {"--credits", "5000000"});
    QVERIFY(studio.start({"--workers", "1", "--stream-workers", "1"}));
    constexpr int kListeners = 3;
    QList<QWebSocket *> sockets;
    int heard = 0;
    int completedBeforeAllHeard = 0;
    for (int i = 0; i < kListeners; ++i) {
        auto *ws = new QWebSocket;
        sockets << ws;
        const QByteArray payload = request(kLongText.repeated(2), "ef_dora"); // seconds of CPU each
        auto got = std::make_shared<bool>(false);
        QObject::connect(ws, &QWebSocket::binaryMessageReceived, ws, [&heard, got] {
            if (!*got) {
                *got = true;
                ++heard;
            }
        });
        QObject::connect(ws, &QWebSocket::textMessageReceived, ws, [&](const QString &m) {
            if (m.contains(QLatin1String("\"completed\"")) && heard < kListeners)
                ++completedBeforeAllHeard;
        });
        QObject::connect(ws, &QWebSocket::connected, ws, [ws, payload] { ws->sendTextMessage(QString::fromUtf8(payload)); });
        ws->open(QUrl(studio.wsUrl(key)));
    }
    QTRY_COMPARE_WITH_TIMEOUT(heard, kListeners, 60000);
    QCOMPARE(completedBeforeAllHeard, 0);
    qDeleteAll(sockets);
    studio.stop();
}

void TestStream::slowReaderIsBounded()
{
    // A raw client that upgrades, sends the request, then never reads.
    QTcpSocket raw;
    const QUrl url(m_studio.wsUrl(m_key));
    raw.connectToHost(url.host(), quint16(url.port()));
    QVERIFY(raw.waitForConnected(5000));
    raw.setReadBufferSize(4096);
    raw.write("GET " + url.path(QUrl::FullyEncoded).toUtf8() + "?" + url.query(QUrl::FullyEncoded).toUtf8()
              + " HTTP/1.1\r\nHost: " + url.host().toUtf8() + ":" + QByteArray::number(url.port())
              + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n");
    QVERIFY(raw.waitForBytesWritten(5000));
    QTRY_VERIFY_WITH_TIMEOUT(raw.bytesAvailable() > 0, 5000);
    // One masked text frame with the request (a long text: ~1 GB of float32 if unbounded).
    raw.write(maskedTextFrame(request(kLongText.repeated(4), "ef_dora")));
    QVERIFY(raw.waitForBytesWritten(5000));

    const qint64 before = m_studio.rssKiB();
    QTest::qWait(6000); // unbounded, espeak would have produced minutes of audio by now
    const qint64 after = m_studio.rssKiB();
    qInfo("server RSS with a stalled reader: %lld KiB -> %lld KiB", before, after);
#ifndef __SANITIZE_ADDRESS__
    QVERIFY2(after - before < 40 * 1024, "server memory grows with a slow reader");
#else
    // scripts/asan.sh: the sanitized server keeps what it frees resident in ASan's
    // quarantine (256 MB), so its RSS says nothing about buffering (measured: +77 MB
    // here, +10 MB with the quarantine off). The bound is checked by the plain build;
    // under ASan this test is for the stalled socket and its abort below.
#endif

    // Other streams are unaffected meanwhile.
    const StreamResult r = runStream(m_studio.wsUrl(m_key), request("Another listener is served normally."));
    QCOMPARE(r.closeCode, 1000);
    raw.abort();
}

void TestStream::plainGetIsUpgradeRequired()
{
    const HttpResult r = httpRequest("GET", m_studio.baseUrl() + "/v3/tts/stream");
    QCOMPARE(r.status, 426);
}

QTEST_MAIN(TestStream)
#include "tst_stream.moc"
