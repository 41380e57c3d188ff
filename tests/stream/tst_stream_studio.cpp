// What the API shows of generations made in the studio (docs/api.md): a stream stopped
// with LiveStream::stop() is COMPLETED with "stopped": true and "billed_tokens", costs
// the part only, and its audio downloads as a whole WAV; a voice preview carries
// "preview": true and stays out of GET /v3/history unless include_previews=true.
// The studio's generations are made by an in-process engine on the data dir, then the
// real server binary answers for them.
#include "audiodecoder.h"
#include "engine.h"
#include "functionsink.h"
#include "livestream.h"
#include "storereader.h"
#include "studioprocess.h"

#include <QJsonArray>
#include <QtTest>

#include <memory>

namespace
{
const QString kLongText = QString("This sentence keeps the synthesizer busy for a while. ").repeated(60);

// Runs one live generation to its end; stops it after stopAfterFrames audio frames
// (0: never). Returns the reported row; *bytes: the audio the owner was handed.
Generation runLive(Engine &engine, const AuthContext &auth, const CreateGeneration &req, int stopAfterFrames,
                   qint64 *bytes, LiveStream::Outcome::Kind *kind)
{
    FunctionSink sink;
    auto live = std::make_unique<LiveStream>(engine.live(), sink, "Stopped in the studio");
    int frames = 0;
    bool ended = false;
    Generation reported;
    sink.audio = [&](const QByteArray &b) {
        *bytes += b.size();
        if (++frames == stopAfterFrames)
            live->stop();
    };
    sink.ended = [&](const LiveStream::Outcome &o) {
        ended = true;
        *kind = o.kind;
        reported = o.generation;
    };
    live->start(auth, req);
    if (!QTest::qWaitFor([&] { return ended; }, 60000))
        return {};
    return reported;
}
}

class TestStreamStudio : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void stoppedGenerationInTheApi();
    void previewsLeftOutOfHistory();
    void cleanupTestCase();

private:
    StudioProcess m_studio;
    QByteArray m_key;
    QString m_stoppedId;
    qint64 m_stoppedBytes = 0;
    QString m_previewId;
};

void TestStreamStudio::initTestCase()
{
    m_key = m_studio.createAccountWithKey("creator").toUtf8();
    QVERIFY(!m_key.isEmpty());

    // The studio's work, on the same data dir.
    Engine::Options o;
    o.dataDir = m_studio.dataDir();
    o.workers = 1;
    o.streamWorkers = 1;
    Engine engine(o);
    QVERIFY(engine.open().isEmpty());
    engine.startRuntime();
    const auto account = engine.accounts().findByName("creator");
    QVERIFY(account);
    const AuthContext auth{account->id, 0, account->plan};

    CreateGeneration req;
    req.speech.text = kLongText;
    req.voiceId = QStringLiteral("af_sarah");
    req.apiVersion = QStringLiteral("studio");
    LiveStream::Outcome::Kind kind = LiveStream::Outcome::Kind::Failed;
    const Generation stopped = runLive(engine, auth, req, 5, &m_stoppedBytes, &kind);
    QVERIFY(kind == LiveStream::Outcome::Kind::Stopped);
    QCOMPARE(stopped.status, GenerationStatus::Completed);
    m_stoppedId = stopped.id;

    req.speech.text = QStringLiteral("Hello! This is how I sound.");
    req.preview = true;
    qint64 previewBytes = 0;
    const Generation preview = runLive(engine, auth, req, 0, &previewBytes, &kind);
    QVERIFY(kind == LiveStream::Outcome::Kind::Completed);
    m_previewId = preview.id;
    engine.shutdown(5000);

    QVERIFY(m_studio.start({"--workers", "1"}));
}

void TestStreamStudio::stoppedGenerationInTheApi()
{
    const HttpResult r = httpRequest("GET", m_studio.baseUrl() + "/v3/tts?generation_id=" + m_stoppedId, m_key);
    QCOMPARE(r.status, 200);
    const QJsonObject g = r.json;
    QCOMPARE(g.value("status").toString(), QString("COMPLETED"));
    QCOMPARE(g.value("stopped").toBool(), true);
    const qint64 tokens = g.value("tokens").toInteger();
    const qint64 billed = g.value("billed_tokens").toInteger();
    qInfo("stopped: billed %lld of %lld tokens", billed, tokens);
    QCOMPARE(tokens, qint64(kLongText.size()));
    QVERIFY(billed > 0 && billed < tokens);
    QCOMPARE(qRound64(g.value("dollar_cost").toDouble() * 1e6), billed * 15); // base: $0.000015 per token
    QCOMPARE(g.value("method").toString(), QString("CREDITS_BALANCE"));
    QVERIFY(!g.contains("error_message"));

    // The kept audio: a whole WAV of exactly what the studio was handed.
    const HttpResult audio = httpRequest("GET", g.value("audio_url").toString());
    QCOMPARE(audio.status, 200);
    const AudioDecoder::Decoded decoded = AudioDecoder::decodeWav(audio.body);
    QVERIFY(decoded.ok());
    QCOMPARE(qint64(decoded.float32.size()), m_stoppedBytes);

    // The account paid the part: reserve the text, settle the part, release the rest.
    StoreReader store(m_studio.dataDir());
    QCOMPARE(store.ledgerRows(m_stoppedId, "reserve"), 1);
    QCOMPARE(store.ledgerRows(m_stoppedId, "settle"), 1);
    QCOMPARE(store.ledgerRows(m_stoppedId, "release"), 1);
    QCOMPARE(store.scalar("SELECT -SUM(credits_delta) FROM ledger WHERE generation_id = ?", {m_stoppedId}), billed);
    QVERIFY(store.ledgerMatchesBalances());

    // The history says so too.
    const HttpResult h = httpRequest("GET", m_studio.baseUrl() + "/v3/history", m_key);
    QCOMPARE(h.status, 200);
    bool found = false;
    for (const QJsonValue &v : h.json.value("history").toArray()) {
        const QJsonObject item = v.toObject();
        if (item.value("generation_id").toString() != m_stoppedId)
            continue;
        found = true;
        QCOMPARE(item.value("stopped").toBool(), true);
        QCOMPARE(item.value("billed_tokens").toInteger(), billed);
    }
    QVERIFY(found);
}

void TestStreamStudio::previewsLeftOutOfHistory()
{
    const HttpResult g = httpRequest("GET", m_studio.baseUrl() + "/v3/tts?generation_id=" + m_previewId, m_key);
    QCOMPARE(g.status, 200);
    QCOMPARE(g.json.value("preview").toBool(), true);
    QVERIFY(!g.json.contains("stopped"));

    const auto ids = [this](const QString &query) {
        QStringList out;
        const HttpResult h = httpRequest("GET", m_studio.baseUrl() + "/v3/history" + query, m_key);
        for (const QJsonValue &v : h.json.value("history").toArray())
            out << v.toObject().value("generation_id").toString();
        return out;
    };
    QCOMPARE(ids(""), QStringList{m_stoppedId});
    QCOMPARE(ids("?include_previews=false"), QStringList{m_stoppedId});
    QCOMPARE(ids("?include_previews=true"), (QStringList{m_previewId, m_stoppedId}));
    const HttpResult bad = httpRequest("GET", m_studio.baseUrl() + "/v3/history?include_previews=yes", m_key);
    QCOMPARE(bad.status, 400);
}

void TestStreamStudio::cleanupTestCase()
{
    m_studio.stop();
}

QTEST_GUILESS_MAIN(TestStreamStudio)
#include "tst_stream_studio.moc"
