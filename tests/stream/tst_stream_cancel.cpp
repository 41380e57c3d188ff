// Streams that end early (docs/api.md "Streams that end early"): a cancel stops a live
// stream at once on the WebSocket and on /v1/audio/speech, with a documented end; and
// the money rule: audio delivered and the client ended it (cancel, disconnect, an owner
// that goes away) -> charged in full; otherwise released. The studio's Stop
// (LiveStream::stop()) keeps what was made: COMPLETED and stopped, billed for the part of
// the text its audio reaches, the rest released; before any audio, FAILED and released.
#include "audiodecoder.h"
#include "engine.h"
#include "functionsink.h"
#include "localengine.h"
#include "livestream.h"
#include "storereader.h"
#include "studioprocess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QUuid>
#include <QWebSocket>
#include <QtTest>

#include <functional>
#include <memory>

namespace
{
// Long enough that the stream lasts many seconds: there is plenty left to not send.
const QString kLongText = QString("This sentence keeps the synthesizer busy for a while. ").repeated(120);
// Audio that may still arrive after the DELETE answer: what was already on its way
// through the sockets when the cancel took effect (the client reads as fast as it can,
// but may handle the answer before data that came earlier on the stream's socket).
// Measured 0 to 0.4 s; a few frames at most. The whole text is minutes.
constexpr qint64 kLateSamplesBound = 24000;

using Store = StoreReader;


QByteArray wsRequest(const QString &text)
{
    return QJsonDocument(QJsonObject{{"text", text}, {"voice_id", "af_sarah"}}).toJson(QJsonDocument::Compact);
}

// What a WebSocket client saw.
struct WsClient
{
    QWebSocket ws;
    QString id;
    QList<QJsonObject> messages;
    int frames = 0;
    qint64 bytes = 0;
    bool closed = false;
    int closeCode = -1;
    QString closeReason;

    void open(const QString &url, const QByteArray &payload)
    {
        QObject::connect(&ws, &QWebSocket::textMessageReceived, [this](const QString &m) {
            const QJsonObject o = QJsonDocument::fromJson(m.toUtf8()).object();
            messages << o;
            if (o.value("type").toString() == QLatin1String("started"))
                id = o.value("generation_id").toString();
        });
        QObject::connect(&ws, &QWebSocket::binaryMessageReceived, [this](const QByteArray &b) {
            ++frames;
            bytes += b.size();
        });
        QObject::connect(&ws, &QWebSocket::disconnected, [this] {
            closed = true;
            closeCode = ws.closeCode();
            closeReason = ws.closeReason();
        });
        QObject::connect(&ws, &QWebSocket::connected, [this, payload] { ws.sendTextMessage(QString::fromUtf8(payload)); });
        ws.open(QUrl(url));
    }
};
}

class TestStreamCancel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void webSocketCancelStopsTheStream();
    void openAiCancelCutsTheReply();
    void disconnectAfterAudioIsCharged();
    void earlyEndMoneyRule_data();
    void earlyEndMoneyRule();

private:
    qint64 credits(const QString &account) const;

    StudioProcess m_studio;
    QByteArray m_key;
    std::unique_ptr<Store> m_store;
};

void TestStreamCancel::initTestCase()
{
    m_key = m_studio.createAccountWithKey("canceller", {"--credits", "5000000"}).toUtf8();
    QVERIFY(!m_key.isEmpty());
    QVERIFY(m_studio.start({"--workers", "1"}));
    m_store = std::make_unique<Store>(m_studio.dataDir());
}

void TestStreamCancel::cleanupTestCase()
{
    if (m_store)
        QVERIFY(m_store->ledgerMatchesBalances());
    m_store.reset();
    m_studio.stop();
}

// The balance as the operator sees it: `tts-studio accounts list`.
qint64 TestStreamCancel::credits(const QString &account) const
{
    const QString out = m_studio.cli({"accounts", "list"});
    for (const QString &line : out.split('\n')) {
        const QStringList cols = line.split('\t');
        if (cols.size() > 3 && cols.at(1) == account)
            return cols.at(3).toLongLong();
    }
    return -1;
}

void TestStreamCancel::webSocketCancelStopsTheStream()
{
    const qint64 before = credits("canceller");
    WsClient c;
    c.open(m_studio.wsUrl(QString::fromUtf8(m_key)), wsRequest(kLongText));
    QTRY_VERIFY_WITH_TIMEOUT(!c.id.isEmpty() && c.frames >= 3, 30000);

    const HttpResult del = httpRequest("DELETE", m_studio.baseUrl() + "/v3/tts?generation_id=" + c.id, m_key);
    const qint64 bytesAtAnswer = c.bytes;
    QTRY_VERIFY_WITH_TIMEOUT(c.closed, 10000);

    // The answer: cancelled, and charged since audio had been delivered.
    QCOMPARE(del.status, 200);
    QCOMPARE(del.json.value("status").toString(), QString("FAILED"));
    QCOMPARE(del.json.value("error_message").toString(), QString("Cancelled"));
    QVERIFY(del.json.value("dollar_cost").toDouble() > 0);
    QCOMPARE(del.json.value("method").toString(), QString("CREDITS_BALANCE"));

    // The stream stopped: only what was already on its way arrived after the answer.
    const qint64 lateSamples = (c.bytes - bytesAtAnswer) / 4;
    qInfo("WebSocket: %lld samples before the DELETE answer, %lld after", bytesAtAnswer / 4, lateSamples);
    QVERIFY2(lateSamples <= kLateSamplesBound, qPrintable(QString("%1 samples after the DELETE answer").arg(lateSamples)));
    QVERIFY2(c.bytes / 4 < 24000 * 60, "the whole text was streamed");
    QCOMPARE(c.closeCode, 4000);
    QCOMPARE(c.closeReason, QString("Cancelled"));
    const QJsonObject last = c.messages.last();
    QCOMPARE(last.value("type").toString(), QString("error"));
    QCOMPARE(last.value("detail").toString(), QString("Cancelled"));
    QCOMPARE(last.value("generation_id").toString(), c.id);
    QCOMPARE(last.value("dollar_cost").toDouble(), del.json.value("dollar_cost").toDouble());

    // GET agrees; the whole text was charged, once: reserve + settle, no release.
    const HttpResult g = httpRequest("GET", m_studio.baseUrl() + "/v3/tts?generation_id=" + c.id, m_key);
    QCOMPARE(g.json.value("status").toString(), QString("FAILED"));
    QCOMPARE(g.json.value("error_message").toString(), QString("Cancelled"));
    QCOMPARE(before - credits("canceller"), qint64(kLongText.size()));
    QCOMPARE(m_store->ledgerRows(c.id, "reserve"), 1);
    QCOMPARE(m_store->ledgerRows(c.id, "settle"), 1);
    QCOMPARE(m_store->ledgerRows(c.id, "release"), 0);
    QVERIFY(m_store->ledgerMatchesBalances());

    // A second cancel: finished, 409.
    QCOMPARE(httpRequest("DELETE", m_studio.baseUrl() + "/v3/tts?generation_id=" + c.id, m_key).status, 409);
}

void TestStreamCancel::openAiCancelCutsTheReply()
{
    const qint64 before = credits("canceller");
    const QByteArray body = QJsonDocument(QJsonObject{{"model", "tts-1"}, {"voice", "alloy"}, {"input", kLongText},
                                                      {"response_format", "pcm"}})
                                .toJson(QJsonDocument::Compact);
    const QUrl base(m_studio.baseUrl());
    QTcpSocket s;
    QByteArray received;
    bool gone = false;
    connect(&s, &QTcpSocket::readyRead, this, [&] { received += s.readAll(); });
    connect(&s, &QTcpSocket::disconnected, this, [&] { gone = true; });
    s.connectToHost(base.host(), quint16(base.port()));
    QVERIFY(s.waitForConnected(5000));
    s.write("POST /v1/audio/speech HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(base.port())
            + "\r\nAuthorization: Bearer " + m_key + "\r\nContent-Type: application/json\r\nContent-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n" + body);
    // Headers, then some audio.
    QTRY_VERIFY_WITH_TIMEOUT(received.indexOf("\r\n\r\n") > 0 && received.size() - received.indexOf("\r\n\r\n") > 20000, 30000);
    const QByteArray head = received.left(received.indexOf("\r\n\r\n"));
    QVERIFY2(head.startsWith("HTTP/1.1 200"), head.constData());
    QString id;
    for (const QByteArray &line : head.split('\n'))
        if (line.toLower().startsWith("x-generation-id:"))
            id = QString::fromLatin1(line.mid(16).trimmed());
    QVERIFY(!id.isEmpty());

    const HttpResult del = httpRequest("DELETE", m_studio.baseUrl() + "/v3/tts?generation_id=" + id, m_key);
    const qint64 bytesAtAnswer = received.size();
    QTRY_VERIFY_WITH_TIMEOUT(gone, 10000);

    QCOMPARE(del.status, 200);
    QCOMPARE(del.json.value("status").toString(), QString("FAILED"));
    QCOMPARE(del.json.value("error_message").toString(), QString("Cancelled"));
    QVERIFY(del.json.value("dollar_cost").toDouble() > 0);
    // The connection is cut: no final chunk, so no client takes it for a whole file.
    QVERIFY(!received.endsWith("0\r\n\r\n"));
    const qint64 lateSamples = (received.size() - bytesAtAnswer) / 2; // pcm: 16-bit
    qInfo("/v1: %lld bytes before the DELETE answer, %lld samples after", bytesAtAnswer, lateSamples);
    QVERIFY2(lateSamples <= kLateSamplesBound, qPrintable(QString("%1 samples after the DELETE answer").arg(lateSamples)));
    QCOMPARE(before - credits("canceller"), qint64(kLongText.size()));
    QCOMPARE(m_store->ledgerRows(id, "settle"), 1);
    QCOMPARE(m_store->ledgerRows(id, "release"), 0);
}

void TestStreamCancel::disconnectAfterAudioIsCharged()
{
    // Leaving just before the end does not get the audio for free.
    const qint64 before = credits("canceller");
    WsClient c;
    c.open(m_studio.wsUrl(QString::fromUtf8(m_key)), wsRequest(kLongText));
    QTRY_VERIFY_WITH_TIMEOUT(!c.id.isEmpty() && c.frames >= 3, 30000);
    c.ws.abort();
    const QJsonObject g = waitForStatus(m_studio.baseUrl(), m_key, c.id, {"FAILED", "COMPLETED"}, 20000);
    QCOMPARE(g.value("status").toString(), QString("FAILED"));
    QCOMPARE(g.value("error_message").toString(), QString("Client disconnected before the stream completed"));
    QVERIFY(g.value("dollar_cost").toDouble() > 0);
    QCOMPARE(before - credits("canceller"), qint64(kLongText.size()));
    QCOMPARE(m_store->ledgerRows(c.id, "settle"), 1);
    QCOMPARE(m_store->ledgerRows(c.id, "release"), 0);
    QVERIFY(m_store->ledgerMatchesBalances());
}

// The rule through LiveGeneration itself (in-process engine): what decides is whether
// audio() was emitted before the end, and who ended the stream.
void TestStreamCancel::earlyEndMoneyRule_data()
{
    QTest::addColumn<QString>("action");   // cancel, abandon (the owner goes away), stop (the studio's Stop), shutdown
    QTest::addColumn<bool>("afterAudio");  // acted on the first audio(), else on started()
    QTest::addColumn<QString>("money");    // full (the whole text), part (what the audio reaches), released
    QTest::newRow("cancel before audio") << "cancel" << false << "released";
    QTest::newRow("cancel after audio") << "cancel" << true << "full";
    // A WebSocket or /v1 client that disconnects, or any owner that goes away.
    QTest::newRow("owner gone before audio") << "abandon" << false << "released";
    QTest::newRow("owner gone after audio") << "abandon" << true << "full";
    // The studio's Stop keeps the work (was: FAILED and charged in full after audio).
    QTest::newRow("studio stop before audio") << "stop" << false << "released";
    QTest::newRow("studio stop after audio") << "stop" << true << "part";
    QTest::newRow("shutdown after audio") << "shutdown" << true << "released";
}

void TestStreamCancel::earlyEndMoneyRule()
{
    QFETCH(QString, action);
    QFETCH(bool, afterAudio);
    QFETCH(QString, money);
    const bool charged = money != QLatin1String("released");
    const bool kept = money == QLatin1String("part");

    LocalEngine local("rule");
    QVERIFY(local.isReady());
    Engine &engine = local.engine();
    const qint64 accountId = local.accountId();
    const AuthContext auth = local.auth();
    const CreateGeneration req = LocalEngine::request(kLongText);

    FunctionSink sink;
    auto live = std::make_unique<LiveStream>(engine.live(), sink, "Stopped in the studio");
    QString id;
    int audioSignals = 0;
    qint64 deliveredBytes = 0;
    int audioAtAction = -1;
    bool acted = false;
    std::optional<LiveStream::Outcome::Kind> why;
    std::optional<Generation> reported;
    const auto act = [&] {
        if (acted)
            return;
        acted = true;
        audioAtAction = audioSignals;
        if (action == "cancel") {
            const auto r = engine.generations().cancel(accountId, id);
            QVERIFY(r);
            QCOMPARE(r->status, GenerationStatus::Failed);
        } else if (action == "abandon") {
            live.reset();
        } else if (action == "stop") {
            live->stop();
        } else {
            QMetaObject::invokeMethod(&engine, [&engine] { engine.endLiveGenerations(5000); }, Qt::QueuedConnection);
        }
    };
    sink.started = [&](const Generation &g) {
        id = g.id;
        if (!afterAudio)
            act(); // synchronously: before any audio of this generation
    };
    sink.audio = [&](const QByteArray &bytes) {
        ++audioSignals;
        deliveredBytes += bytes.size();
        if (afterAudio)
            act();
    };
    sink.ended = [&](const LiveStream::Outcome &o) {
        QVERIFY(o.kind != LiveStream::Outcome::Kind::Completed); // the whole text was not synthesized
        why = o.kind;
        reported = o.generation;
        live.reset();
    };
    live->start(auth, req);

    QTRY_VERIFY_WITH_TIMEOUT(acted, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(engine.live().active() == 0, 20000);
    const auto row = engine.generations().findForDownload(id);
    QVERIFY(row);
    QCOMPARE(row->status, kept ? GenerationStatus::Completed : GenerationStatus::Failed);
    QCOMPARE(row->charged, charged);
    QCOMPARE(row->stopped, action == "stop");
    QCOMPARE(audioSignals > 0, afterAudio);
    if (!afterAudio)
        QCOMPARE(audioSignals, 0); // nothing handed out after a cancel/stop that came first
    if (action == "stop") {
        QVERIFY(why && *why == LiveStream::Outcome::Kind::Stopped);
        if (!kept)
            QCOMPARE(row->errorMessage, QString("Stopped in the studio"));
    } else if (action == "cancel") {
        QVERIFY(why && *why == LiveStream::Outcome::Kind::Cancelled);
        QCOMPARE(row->errorMessage, QString("Cancelled"));
    } else if (action == "shutdown") {
        QVERIFY(why && *why == LiveStream::Outcome::Kind::ShuttingDown);
        QCOMPARE(row->errorMessage, QString("Server shutting down"));
    } else {
        QVERIFY(!why); // abandoned: the owner hears nothing more
        QCOMPARE(row->errorMessage, QString("Stopped in the studio"));
    }
    if (reported)
        QCOMPARE(reported->charged, charged);

    // Money: full -> the whole text, one settle; part -> the text the kept audio reaches,
    // one settle and the rest released; released -> back to where it was.
    const qint64 spent = 1000000 - engine.accounts().find(accountId)->credits;
    int settles = 0, releases = 0;
    for (const LedgerEntry &e : engine.accounts().ledger(accountId)) {
        settles += e.generationId == id && e.kind == QLatin1String("settle");
        releases += e.generationId == id && e.kind == QLatin1String("release");
    }
    if (kept) {
        // Stopped on the first audio of a text of minutes: a little of it, never all.
        qInfo("stopped after %lld of %lld tokens: %lld samples kept", row->billedTokens, row->tokens, deliveredBytes / 4);
        QVERIFY(row->billedTokens > 0);
        QVERIFY(row->billedTokens < row->tokens);
        QCOMPARE(spent, row->billedTokens); // base: one credit per token
        QCOMPARE(row->costCredits, row->billedTokens);
        QCOMPARE(row->dollarCostMicros, row->billedTokens * 15);
        QVERIFY(reported && reported->status == GenerationStatus::Completed && reported->stopped);
        // The audio made until the stop is the generation's file, a whole WAV that holds
        // exactly the samples the owner was handed.
        QVERIFY(QFileInfo::exists(row->audioPath));
        const AudioDecoder::Decoded audio = AudioDecoder::decodeFile(row->audioPath, row->audioFormat);
        QVERIFY(audio.ok());
        QCOMPARE(qint64(audio.float32.size()), deliveredBytes);
    } else {
        QCOMPARE(spent, charged ? qint64(kLongText.size()) : qint64(0));
    }
    QCOMPARE(settles, charged ? 1 : 0);
    QCOMPARE(releases, money == QLatin1String("full") ? 0 : 1);
    QVERIFY(engine.accounts().ledgerConsistent(accountId));
}

QTEST_GUILESS_MAIN(TestStreamCancel)
#include "tst_stream_cancel.moc"
