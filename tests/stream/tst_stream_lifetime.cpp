// Lifetimes that must not dangle: owners of a live generation that go away at any
// moment (LiveStream, in-process), and WebSocket clients that leave while the server
// still works for them (the key check on a store thread). Meant to be run under
// AddressSanitizer too (scripts/asan.sh tst_stream_lifetime): there a use after free
// is a failure even when it happens not to crash.
#include "engine.h"
#include "functionsink.h"
#include "localengine.h"
#include "livestream.h"
#include "studioprocess.h"

#include <QDirIterator>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QWebSocket>
#include <QtTest>

#include <functional>
#include <memory>

namespace
{
const QString kLongText = QString("This sentence keeps the synthesizer busy for a while. ").repeated(40);


QStringList partFiles(const QString &dir)
{
    QStringList found;
    QDirIterator it(dir, {"*.part"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        found << it.next();
    return found;
}
}

class TestStreamLifetime : public QObject
{
    Q_OBJECT

private slots:
    void ownerGoesAway_data();
    void ownerGoesAway();
    void rejectedOwnerGoesAway();
    void clientsLeaveDuringTheKeyCheck();
};

// The owner destroys its LiveStream at each point of the stream's life, including
// inside the Sink call that tells it something. Nothing is heard after that, the
// stream's place is given back, the row records the end by the money rule, and no
// part file is left behind.
void TestStreamLifetime::ownerGoesAway_data()
{
    QTest::addColumn<QString>("when");
    QTest::addColumn<QString>("status"); // the row afterwards
    QTest::addColumn<bool>("charged");
    QTest::newRow("right after start") << "start" << "FAILED" << false;
    QTest::newRow("in liveStarted") << "started" << "FAILED" << false;
    QTest::newRow("in the first liveAudio") << "audio" << "FAILED" << true;
    QTest::newRow("in liveEnded") << "ended" << "COMPLETED" << true;
}

void TestStreamLifetime::ownerGoesAway()
{
    QFETCH(QString, when);
    QFETCH(QString, status);
    QFETCH(bool, charged);

    LocalEngine local("owner");
    QVERIFY(local.isReady());
    Engine &engine = local.engine();
    const qint64 credits = LocalEngine::kCredits;
    const CreateGeneration req = LocalEngine::request(when == "ended" ? QString("A short sentence that ends.") : kLongText);

    FunctionSink sink;
    auto live = std::make_unique<LiveStream>(engine.live(), sink, "Stopped in the studio");
    QString id;
    int callsAfterGone = 0;
    bool gone = false;
    const auto goAway = [&](const QString &at) {
        if (gone)
            ++callsAfterGone;
        if (at == when && !gone) {
            gone = true;
            live.reset();
        }
    };
    sink.started = [&](const Generation &g) {
        id = g.id;
        goAway("started");
    };
    sink.audio = [&](const QByteArray &b) {
        goAway("audio");
        if (live)
            live->acknowledge(b.size());
    };
    sink.ended = [&](const LiveStream::Outcome &out) {
        if (when == "ended")
            QCOMPARE(int(out.kind), int(LiveStream::Outcome::Kind::Completed));
        goAway("ended");
    };
    live->start(local.auth(), req);
    QCOMPARE(int(live->state()), int(LiveStream::State::Starting));
    if (when == "start") {
        gone = true;
        live.reset();
    }

    QTRY_VERIFY_WITH_TIMEOUT(gone, 30000);
    QTRY_COMPARE_WITH_TIMEOUT(engine.live().active(), 0, 20000);
    QTest::qWait(200); // anything still queued for the owner would arrive now
    QCOMPARE(callsAfterGone, 0);

    const QList<Generation> rows = engine.generations().history(local.accountId(), QString(), 10, 0);
    QCOMPARE(rows.size(), 1);
    const Generation row = rows.first();
    QCOMPARE(row.status == GenerationStatus::Completed ? QString("COMPLETED") : QString("FAILED"), status);
    QCOMPARE(row.charged, charged);
    if (status == "FAILED")
        QCOMPARE(row.errorMessage, QString("Stopped in the studio"));
    else
        QVERIFY(QFileInfo(row.audioPath).size() > 1000);
    const qint64 spent = credits - engine.accounts().find(local.accountId())->credits;
    QCOMPARE(spent, charged ? qint64(req.speech.text.size()) : qint64(0));
    QVERIFY(engine.accounts().ledgerConsistent(local.accountId()));
    // The file work of an abandoned stream is done on a store thread: give it a moment.
    QTRY_COMPARE_WITH_TIMEOUT(partFiles(local.dataDir()), QStringList(), 5000);
}

// Over capacity: the rejection comes after start() returned (never from inside it),
// and an owner that goes away in it, or before it, hears nothing more.
void TestStreamLifetime::rejectedOwnerGoesAway()
{
    LocalEngine local("cap", 1);
    QVERIFY(local.isReady());
    Engine &engine = local.engine();
    const AuthContext auth = local.auth();
    const CreateGeneration req = LocalEngine::request(kLongText);

    FunctionSink first;
    first.started = [](const Generation &) {};
    first.audio = [](const QByteArray &) {};
    first.ended = [](const LiveStream::Outcome &) {};
    auto running = std::make_unique<LiveStream>(engine.live(), first, "Stopped in the studio");
    running->start(auth, req);
    QCOMPARE(engine.live().active(), 1);

    // Rejected, and the owner goes in liveEnded.
    FunctionSink second;
    std::optional<LiveStream::Outcome> outcome;
    int calls = 0;
    auto rejected = std::make_unique<LiveStream>(engine.live(), second, "Stopped in the studio");
    second.started = [&](const Generation &) { ++calls; };
    second.audio = [&](const QByteArray &) { ++calls; };
    second.ended = [&](const LiveStream::Outcome &out) {
        ++calls;
        outcome = out;
        rejected.reset();
    };
    rejected->start(auth, req);
    QVERIFY(!outcome); // not from inside start()
    QTRY_VERIFY_WITH_TIMEOUT(outcome.has_value(), 5000);
    QCOMPARE(int(outcome->kind), int(LiveStream::Outcome::Kind::Rejected));
    QCOMPARE(outcome->error.kind, ServiceError::Kind::Unavailable);
    QCOMPARE(outcome->error.retryAfterSeconds, 1);

    // Rejected, and the owner already gone before the rejection arrives.
    FunctionSink third;
    int thirdCalls = 0;
    third.started = [&](const Generation &) { ++thirdCalls; };
    third.audio = [&](const QByteArray &) { ++thirdCalls; };
    third.ended = [&](const LiveStream::Outcome &) { ++thirdCalls; };
    auto early = std::make_unique<LiveStream>(engine.live(), third, "Stopped in the studio");
    early->start(auth, req);
    early.reset();
    QTest::qWait(200);
    QCOMPARE(thirdCalls, 0);
    QCOMPARE(calls, 1);

    running.reset();
    QTRY_COMPARE_WITH_TIMEOUT(engine.live().active(), 0, 20000);
    QCOMPARE(engine.generations().history(local.accountId(), QString(), 10, 0).size(), 1); // only the admitted one
}

// Clients that connect with a key the server has not seen (checked on a store thread)
// and leave before the answer: the answer must not reach the session they closed.
void TestStreamLifetime::clientsLeaveDuringTheKeyCheck()
{
    StudioProcess studio;
    const QString known = studio.createAccountWithKey("leaver", {"--credits", "5000000"});
    constexpr int kClients = 40;
    QStringList keys;
    for (int i = 0; i < kClients; ++i)
        keys << studio.cli({"keys", "create", "--account", "leaver", "--name", QString("unseen %1").arg(i)});
    QVERIFY(studio.start());

    for (int i = 0; i < kClients; ++i) {
        QWebSocket ws;
        bool done = false;
        // Half leave at once, half right after sending their request.
        const bool sendFirst = i % 2;
        QObject::connect(&ws, &QWebSocket::connected, &ws, [&] {
            if (sendFirst)
                ws.sendTextMessage(R"({"text":"Gone before the key is checked.","voice_id":"af_sarah"})");
            ws.abort();
            done = true;
        });
        QObject::connect(&ws, &QWebSocket::disconnected, &ws, [&] { done = true; });
        ws.open(QUrl(studio.wsUrl(keys.at(i))));
        QTRY_VERIFY_WITH_TIMEOUT(done, 10000);
    }
    QTest::qWait(300); // the key checks answer now, to sessions that are gone

    // The server is whole: it answers, and a stream with a known key completes.
    QCOMPARE(httpRequest("GET", studio.baseUrl() + "/healthz").status, 200);
    QWebSocket ws;
    QString last;
    bool closed = false;
    QObject::connect(&ws, &QWebSocket::textMessageReceived, &ws, [&](const QString &m) {
        last = QJsonDocument::fromJson(m.toUtf8()).object().value("type").toString();
    });
    QObject::connect(&ws, &QWebSocket::connected, &ws, [&] {
        ws.sendTextMessage(R"({"text":"Still here.","voice_id":"af_sarah"})");
    });
    QObject::connect(&ws, &QWebSocket::disconnected, &ws, [&] { closed = true; });
    ws.open(QUrl(studio.wsUrl(known)));
    QTRY_VERIFY_WITH_TIMEOUT(closed, 30000);
    QCOMPARE(last, QString("completed"));
    QCOMPARE(ws.closeCode(), QWebSocketProtocol::CloseCodeNormal);
}

QTEST_GUILESS_MAIN(TestStreamLifetime)
#include "tst_stream_lifetime.moc"
