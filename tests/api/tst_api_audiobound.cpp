// Audio that went out is never free (docs/api.md "What a token may say"), against the
// real server on port 0 and, for the studio, an in-process engine:
//  - an alias the voices spell letter by letter (a run of consonants) weighs as spelled
//    letters: refused before anything is created, on every route;
//  - an alias the check cannot foresee (a made-up word a voice spells although it has
//    vowels) runs into the audio bound: the generation ends FAILED, its message names the
//    whole bound, and it is charged in full, as a queued job, a WebSocket stream and a
//    /v1 stream alike.

#include "functionsink.h"
#include "lexiconservice.h"
#include "livestream.h"
#include "localengine.h"
#include "testserver.h"
#include "textdoors.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

namespace
{
const QString kAccount = QStringLiteral("bound");
// 20 consonants: the English voices say them as letter names (~0.24 s each).
const QString kConsonants = QStringLiteral("bcdfghjklmnpqrstvwxz");
// Vowels every third letter, yet spelled out by flite (~0.22 s a letter): 200 letters
// (the longest alias) pass the check (weight 200 of the 220 one token allows) and say
// ~43 s, past the bound of one token, (25 s + 1.5 s) + 10 s + 0.1 s = 36.6 s.
const QString kSpelledWithVowels = QStringLiteral("zzazzezzizzozzuzzazz").repeated(10);
const QString kBoundMessage = QStringLiteral("the spoken audio exceeds what the text pays for (37 s for 1 tokens)");

QJsonArray lexiconEntries()
{
    return QJsonArray{
        QJsonObject{{"grapheme", "a"}, {"alias", kConsonants.repeated(2)}},
        QJsonObject{{"grapheme", "q"}, {"alias", kConsonants.repeated(10)}},
        QJsonObject{{"grapheme", "x"}, {"alias", kSpelledWithVowels}},
    };
}

QByteArray literal(const QString &text)
{
    return QJsonDocument(QJsonObject{{"t", text}}).toJson(QJsonDocument::Compact).mid(5).chopped(1);
}
}

class TestApiAudioBound : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void spelledAliasRefused_data();
    void spelledAliasRefused();
    void boundReachedIsCharged_data();
    void boundReachedIsCharged();
    void studioRefusesAndCharges();

private:
    qint64 credits() const { return m_server.balance(kAccount).credits; }
    qsizetype rows() { return m_server.history(m_key, QStringLiteral("include_previews=true")).size(); }

    TestServer m_server;
    QByteArray m_key;
};

void TestApiAudioBound::initTestCase()
{
    m_key = m_server.createAccountWithKey(kAccount, {"--plan", "pro", "--credits", "100000"});
    QVERIFY(!m_key.isEmpty());
    QVERIFY2(m_server.start(), m_server.serverLog().constData());
    const HttpResponse put = m_server.request({"PUT", "/v3/lexicon", m_key,
                                               QJsonDocument(QJsonObject{{"entries", lexiconEntries()}}).toJson(QJsonDocument::Compact),
                                               {{"Content-Type", "application/json"}}});
    QVERIFY2(put.status == 200, put.describe().constData());
}

void TestApiAudioBound::cleanupTestCase()
{
    m_server.stop();
}

void TestApiAudioBound::spelledAliasRefused_data()
{
    QTest::addColumn<QString>("door");
    QTest::addColumn<QString>("text");
    // 79 tokens of "a" said as 40 spelled letters each (161 s of audio when let through).
    const QString manyA = QStringLiteral("a ").repeated(40).trimmed();
    for (const char *d : {"v3", "ws", "v1"}) {
        QTest::addRow("%s: 79 tokens, each a 40-consonant alias", d) << QString::fromLatin1(d) << manyA;
        QTest::addRow("%s: 1 token, a 200-consonant alias", d) << QString::fromLatin1(d) << QStringLiteral("q");
        QTest::addRow("%s: the alias in SSML", d) << QString::fromLatin1(d) << QStringLiteral("<speak>q q</speak>");
    }
}

void TestApiAudioBound::spelledAliasRefused()
{
    QFETCH(QString, door);
    QFETCH(QString, text);
    const qint64 before = credits();
    const qsizetype rowsBefore = rows();
    const DoorAnswer a = sendThroughDoor(m_server, door, literal(text), m_key);
    QVERIFY2(a.status == 400, a.raw.left(400).constData());
    QVERIFY2(a.detail.contains(QStringLiteral("says too much for what it is billed")), qPrintable(a.detail));
    QCOMPARE(credits(), before);
    QCOMPARE(rows(), rowsBefore);
}

void TestApiAudioBound::boundReachedIsCharged_data()
{
    QTest::addColumn<QString>("door");
    QTest::newRow("queued job") << QStringLiteral("v3");
    QTest::newRow("WebSocket") << QStringLiteral("ws");
    QTest::newRow("/v1/audio/speech") << QStringLiteral("v1");
}

void TestApiAudioBound::boundReachedIsCharged()
{
    QFETCH(QString, door);
    const qint64 before = credits();
    const DoorAnswer a = sendThroughDoor(m_server, door, literal(QStringLiteral("x")), m_key, 120000);
    if (door == QLatin1String("v3")) {
        QVERIFY2(a.status == 201, a.raw.left(400).constData());
        const QString id = QJsonDocument::fromJson(a.raw).object().value("generation_id").toString();
        const HttpResponse done = m_server.waitForCompleted(m_key, id, 120000);
        QCOMPARE(done.json.value("status").toString(), QStringLiteral("FAILED"));
        QCOMPARE(done.json.value("error_message").toString(), kBoundMessage);
    } else if (door == QLatin1String("ws")) {
        // The stream's units share the bound: the audio that went out is the bound's.
        const double seconds = double(a.audio.size()) / 24000.0;
        QVERIFY2(seconds > 30.0 && seconds <= 36.7, qPrintable(QString::number(seconds)));
    }
    // One token of the advanced-free base voice: charged, not released.
    QTRY_COMPARE_WITH_TIMEOUT(before - credits(), ApiCheck::creditsPerToken("base"), 20000);
    const QString newest = m_server.history(m_key).first().toObject().value("generation_id").toString();
    const HttpResponse row = m_server.getGeneration(m_key, newest);
    QCOMPARE(row.json.value("status").toString(), QStringLiteral("FAILED"));
    QCOMPARE(row.json.value("error_message").toString(), kBoundMessage);
}

// The studio makes its generations as the API does (LiveStream on the same engine).
void TestApiAudioBound::studioRefusesAndCharges()
{
    LocalEngine local(QStringLiteral("studio"));
    QVERIFY(local.isReady());
    Engine &engine = local.engine();
    QVERIFY(engine.generations().lexicons().replace(local.accountId(), lexiconEntries()));

    const auto refused = engine.generations().create(local.auth(), LocalEngine::request(QStringLiteral("q")));
    QVERIFY(!refused);
    QVERIFY2(refused.error().detail.contains(QStringLiteral("says too much")), qPrintable(refused.error().detail));
    QCOMPARE(engine.accounts().find(local.accountId())->credits, LocalEngine::kCredits);

    FunctionSink sink;
    LiveStream live(engine.live(), sink, QStringLiteral("Stopped in the studio"));
    std::optional<LiveStream::Outcome> outcome;
    qint64 samples = 0;
    sink.audio = [&](const QByteArray &bytes) { samples += bytes.size() / qsizetype(sizeof(float)); };
    sink.ended = [&](const LiveStream::Outcome &o) { outcome = o; };
    live.start(local.auth(), LocalEngine::request(QStringLiteral("x")));
    QTRY_VERIFY_WITH_TIMEOUT(outcome.has_value(), 120000);
    QCOMPARE(int(outcome->kind), int(LiveStream::Outcome::Kind::Failed));
    QCOMPARE(outcome->generation.errorMessage, kBoundMessage);
    QVERIFY(samples > 30 * 24000);
    QTRY_VERIFY_WITH_TIMEOUT(engine.live().active() == 0, 20000);
    QCOMPARE(LocalEngine::kCredits - engine.accounts().find(local.accountId())->credits, qint64(1));
}

QTEST_MAIN(TestApiAudioBound)
#include "tst_api_audiobound.moc"
