// What text is accepted (docs/api.md "The v3 API"): text with nothing a voice can
// say (only emoji, symbols, punctuation, invisible characters) and strings with invalid
// characters (lone surrogate escapes, NUL, control characters) are a 400 with a field
// error on the text, through every door: v3 REST, v2, the WebSocket stream and
// /v1/audio/speech. Nothing is charged and no generation is created. Mixed text is
// still accepted. On /v1 only, text with nothing to say (but nothing invalid) answers a
// valid silent WAV of 20 ms instead, also uncharged and uncreated (sentence-by-sentence
// clients send chunks such as "---"); the rest of such a request is still checked.
#include "testserver.h"
#include "textdoors.h"

#include <QJsonDocument>
#include <QTest>

class ApiTextTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void refusedEverywhere_data();
    void refusedEverywhere();
    void silentOnV1_data();
    void silentOnV1();
    void silentOnV1StillChecksTheRest_data();
    void silentOnV1StillChecksTheRest();
    void otherFieldsRefuseInvalidCharacters();
    void mixedTextAccepted_data();
    void mixedTextAccepted();
    void scriptOfTheVoice_data();
    void scriptOfTheVoice();

private:
    // One request through one door; the status and the field errors named.
    using Answer = DoorAnswer;
    Answer send(const QString &door, const QByteArray &textJson);

    TestServer m_server;
    QByteArray m_key;
};

namespace
{
const QString kAccount = QStringLiteral("texts");

// A JSON string literal (quotes included) for text that QJsonDocument could not write
// as such (lone surrogates, raw NUL): the tests need these exact bytes on the wire.
QByteArray literal(const QString &text)
{
    return QJsonDocument(QJsonObject{{"t", text}}).toJson(QJsonDocument::Compact).mid(5).chopped(1);
}
}

void ApiTextTest::initTestCase()
{
    m_key = m_server.createAccountWithKey(kAccount, {"--plan", "pro", "--credits", "10000000", "--wallet", "5"});
    QVERIFY(!m_key.isEmpty());
    QVERIFY2(m_server.start(), m_server.serverLog().constData());
}

void ApiTextTest::cleanupTestCase()
{
    QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
}

ApiTextTest::Answer ApiTextTest::send(const QString &door, const QByteArray &textJson)
{
    return sendThroughDoor(m_server, door, textJson, m_key);
}

void ApiTextTest::refusedEverywhere_data()
{
    QTest::addColumn<QString>("door");
    QTest::addColumn<QByteArray>("text");  // the JSON string literal sent
    QTest::addColumn<QString>("detail");   // part of the detail

    struct Case
    {
        const char *name;
        QByteArray text;
        const char *detail;
    };
    const QString emoji = QStringLiteral("\U0001F600");
    const QList<Case> cases = {
        {"300 emoji", literal(emoji.repeated(300)), "nothing to speak"},
        {"50,000 emoji", literal(emoji.repeated(50000)), "nothing to speak"},
        {"punctuation only", literal(QStringLiteral("... !!! ??? --- ;;; ,,, ... !!! ??? --- ;;;")), "nothing to speak"},
        {"zero-width only", literal(QStringLiteral("\u200B\u200C\u200D\u2060\uFEFF").repeated(8)), "nothing to speak"},
        {"symbols and spaces", literal(QStringLiteral("\u2605 \u2665 \u263A \u2192 + = % & ").repeated(4)), "nothing to speak"},
        {"lone high surrogate", "\"This sentence is long enough for every door \\ud800 here.\"", "lone surrogate"},
        {"lone low surrogate", "\"This sentence is long enough for every door \\udc00 here.\"", "lone surrogate"},
        {"high surrogate before a letter", "\"This sentence is long enough for every door \\ud800\\u0062 here.\"", "lone surrogate"},
        {"reversed pair", "\"This sentence is long enough for every door \\ude00\\ud83d here.\"", "lone surrogate"},
        {"escaped NUL", "\"This sentence is long enough for every door \\u0000 here.\"", "control character"},
        {"raw NUL", QByteArray("\"This sentence is long enough for every door \0 here.\"", 53), "control character"},
        {"escaped bell", "\"This sentence is long enough for every door \\u0007 here.\"", "control character"},
        {"raw escape byte", "\"This sentence is long enough for every door \x1b here.\"", "control character"},
    };
    for (const char *door : {"v3", "v2", "ws", "v1"})
        for (const Case &c : cases)
            if (c.text.size() < 64 * 1024 || qstrcmp(door, "ws") != 0) // a WebSocket message is capped at 64 KiB
                if (qstrcmp(door, "v1") != 0 || qstrcmp(c.detail, "nothing to speak") != 0) // /v1: silentOnV1
                    QTest::addRow("%s: %s", door, c.name) << QString::fromLatin1(door) << c.text << QString::fromLatin1(c.detail);
}

void ApiTextTest::refusedEverywhere()
{
    QFETCH(QString, door);
    QFETCH(QByteArray, text);
    QFETCH(QString, detail);
    const Balance before = m_server.balance(kAccount);
    const qsizetype rows = m_server.history(m_key).size();

    const Answer a = send(door, text);
    QVERIFY2(a.status == 400, a.raw.left(400).constData());
    QVERIFY2(a.detail.contains(detail), qPrintable(a.detail));
    QVERIFY2(a.fields.contains(door == QLatin1String("v1") ? QStringLiteral("input") : QStringLiteral("text")),
             qPrintable(a.fields.join(',')));

    QCOMPARE(m_server.balance(kAccount), before);
    QCOMPARE(m_server.history(m_key).size(), rows);
}

void ApiTextTest::silentOnV1_data()
{
    QTest::addColumn<QByteArray>("text");
    const QString emoji = QStringLiteral("\U0001F600");
    QTest::newRow("one emoji") << literal(emoji);
    QTest::newRow("50,000 emoji") << literal(emoji.repeated(50000));
    QTest::newRow("a rule") << literal(QStringLiteral("---"));
    QTest::newRow("punctuation") << literal(QStringLiteral("... !!! ??? ;;;"));
    QTest::newRow("zero-width only") << literal(QStringLiteral("\u200B\u200C\u200D\u2060").repeated(8));
    QTest::newRow("symbols") << literal(QStringLiteral("\u2605 \u2665 \u263A \u2192"));
    QTest::newRow("SSML saying nothing") << literal(QStringLiteral("<speak>\U0001F44D<break time=\"200ms\"/></speak>"));
}

void ApiTextTest::silentOnV1()
{
    QFETCH(QByteArray, text);
    const Balance before = m_server.balance(kAccount);
    const qsizetype rows = m_server.history(m_key).size();

    const Answer a = send(QStringLiteral("v1"), text);
    QVERIFY2(a.status == 200, a.raw.left(400).constData());
    const ApiCheck::WavInfo wav = ApiCheck::parseWav(a.raw); // strict: real sizes
    QVERIFY2(wav.ok, qPrintable(wav.error));
    QCOMPARE(wav.rate, quint32(24000));
    QCOMPARE(wav.channels, quint16(1));
    QCOMPARE(wav.pcm.size(), qsizetype(24000 * 2 * 20 / 1000)); // 20 ms
    QVERIFY(wav.pcm.count('\0') == wav.pcm.size());             // silence

    QCOMPARE(m_server.balance(kAccount), before);
    QCOMPARE(m_server.history(m_key).size(), rows);
}

void ApiTextTest::silentOnV1StillChecksTheRest_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("param");
    QTest::newRow("unknown voice") << QByteArray(R"({"model":"tts-1","voice":"nobody","input":"---"})") << "voice";
    QTest::newRow("unknown model") << QByteArray(R"({"model":"tts-9","voice":"alloy","input":"---"})") << "model";
    QTest::newRow("speed") << QByteArray(R"({"model":"tts-1","voice":"alloy","input":"---","speed":9})") << "speed";
    QTest::newRow("format") << QByteArray(R"({"model":"tts-1","voice":"alloy","input":"---","response_format":"ogg"})")
                            << "response_format";
    QTest::newRow("empty") << QByteArray(R"({"model":"tts-1","voice":"alloy","input":"  "})") << "input";
    QTest::newRow("lone surrogate") << QByteArray(R"({"model":"tts-1","voice":"alloy","input":"--- \ud800"})") << "input";
}

void ApiTextTest::silentOnV1StillChecksTheRest()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, param);
    const Balance before = m_server.balance(kAccount);
    HttpRequest r{"POST", QStringLiteral("/v1/audio/speech"), "Bearer " + m_key, body,
                  {{"Content-Type", "application/json"}}, "Authorization"};
    const HttpResponse resp = m_server.request(r);
    QVERIFY2(resp.status == 400, resp.describe().constData());
    QCOMPARE(resp.json.value("error").toObject().value("param").toString(), param);
    QCOMPARE(m_server.balance(kAccount), before);
}

void ApiTextTest::otherFieldsRefuseInvalidCharacters()
{
    // Every string field, not only the text: nothing is stored changed.
    const HttpResponse r = m_server.request({"POST", "/v3/voices", m_key,
                                             "{\"name\":\"Broken \\ud800 name\",\"base_voice_id\":\"af_sarah\"}",
                                             {{"Content-Type", "application/json"}}});
    QVERIFY2(r.status == 400, r.describe().constData());
    QVERIFY2(r.hasFieldError("name"), r.describe().constData());
    QVERIFY2(r.detail().contains("lone surrogate"), r.describe().constData());
}

void ApiTextTest::mixedTextAccepted_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("words and emoji") << literal(QStringLiteral("Good morning \U0001F600, have a nice day \U0001F31E!"));
    QTest::newRow("escaped surrogate pair") << QByteArray("\"Smile \\ud83d\\ude00 please.\"");
    QTest::newRow("zero-width space inside words") << literal(QStringLiteral("Zero\u200Bwidth spaces join these words."));
    QTest::newRow("tabs and new lines") << QByteArray("\"First line.\\nSecond\\tline.\\r\\nThird line.\"");
    QTest::newRow("digits only") << literal(QStringLiteral("1234 5678"));
}

void ApiTextTest::mixedTextAccepted()
{
    QFETCH(QByteArray, text);
    const Answer a = send(QStringLiteral("v3"), text);
    QVERIFY2(a.status == 201, a.raw.left(400).constData());
    const QJsonObject g = QJsonDocument::fromJson(a.raw).object();
    const HttpResponse done = m_server.waitForCompleted(m_key, g.value("generation_id").toString());
    QVERIFY2(done.json.value("status").toString() == QLatin1String("COMPLETED"), done.describe().constData());
}

void ApiTextTest::scriptOfTheVoice_data()
{
    // English voices (flite) read A-Z and 0-9 only: other scripts would be billed silence.
    QTest::addColumn<QJsonObject>("body");
    QTest::addColumn<int>("status");
    const QString chinese = QStringLiteral("你好世界，今天天气很好。");
    const QString russian = QStringLiteral("Привет мир, как дела?");
    QTest::newRow("Chinese, English voice") << QJsonObject{{"text", chinese}, {"voice_id", "af_sarah"}} << 400;
    QTest::newRow("Russian, advanced voice speaking English")
        << QJsonObject{{"text", russian}, {"voice_id", "aria"}, {"model", "advanced"}} << 400;
    QTest::newRow("accents only, English voice") << QJsonObject{{"text", QStringLiteral("éàü Ñ")}, {"voice_id", "af_sarah"}} << 400;
    QTest::newRow("Chinese, Mandarin voice") << QJsonObject{{"text", chinese}, {"voice_id", "zf_xiaobei"}} << 201;
    QTest::newRow("Russian, advanced voice speaking Russian")
        << QJsonObject{{"text", russian}, {"voice_id", "aria"}, {"model", "advanced"}, {"language_code", "ru"}} << 201;
    QTest::newRow("Russian with an English name, English voice")
        << QJsonObject{{"text", russian + QStringLiteral(" Bob.")}, {"voice_id", "af_sarah"}} << 201;
}

void ApiTextTest::scriptOfTheVoice()
{
    QFETCH(QJsonObject, body);
    QFETCH(int, status);
    const Balance before = m_server.balance(kAccount);
    const qsizetype rows = m_server.history(m_key).size();
    const HttpResponse r = m_server.post(QStringLiteral("/v3/tts"), m_key, body);
    QVERIFY2(r.status == status, r.describe().constData());
    if (status == 400) {
        QVERIFY2(r.hasFieldError("text"), r.describe().constData());
        QVERIFY2(r.detail().contains("nothing this voice can speak"), r.describe().constData());
        QCOMPARE(m_server.balance(kAccount), before);
        QCOMPARE(m_server.history(m_key).size(), rows);
        return;
    }
    const HttpResponse done = m_server.waitForCompleted(m_key, r.json.value("generation_id").toString());
    QVERIFY2(done.json.value("status").toString() == QLatin1String("COMPLETED"), done.describe().constData());
}

QTEST_MAIN(ApiTextTest)
#include "tst_api_text.moc"
