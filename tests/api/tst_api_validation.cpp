// Validation (spec parts 4, 7, 8; docs/decisions.md "Status codes"): every field and bound
// of POST /v3/tts and the query parameters of the GET routes. A refused request
// answers 400 (bad value, missing field, malformed JSON) or 422 (wrong JSON type)
// with `detail` and `errors[{field, message}]`, and changes nothing: no generation
// appears in the history and no money moves. The values at the bounds are accepted.
#include "testserver.h"

#include <QJsonDocument>
#include <QTest>

class ApiValidationTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void rejected_data();
    void rejected();
    void acceptedBounds_data();
    void acceptedBounds();
    void longestTextAccepted_data();
    void longestTextAccepted();
    void acceptedGenerationsComplete();

private:
    TestServer m_server;
    QByteArray m_key;
    Balance m_expected;              // what the balance must be after the accepted rows
    QStringList m_accepted;          // generation ids that must complete
};

namespace
{
const QString kAccount = QStringLiteral("validator");
const qint64 kCredits = 1000000;

QByteArray ttsBody(const QJsonObject &overrides, const QStringList &remove = {})
{
    QJsonObject o{{"text", "Hello there."}, {"voice_id", "af_sarah"}};
    for (auto it = overrides.begin(); it != overrides.end(); ++it)
        o.insert(it.key(), it.value());
    for (const QString &k : remove)
        o.remove(k);
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

// n code points of text, ending with `tail` (which may hold astral characters).
QString codePoints(int n, const QString &tail = {})
{
    const int tailPoints = int(tail.toUcs4().size());
    return ApiCheck::textOfLength(n - tailPoints) + tail;
}
}

void ApiValidationTest::initTestCase()
{
    m_key = m_server.createAccountWithKey(kAccount, {"--credits", QString::number(kCredits), "--wallet", "0"});
    QVERIFY(!m_key.isEmpty());
    QVERIFY2(m_server.start(), m_server.serverLog().constData());
    m_expected = m_server.balance(kAccount);
    QCOMPARE(m_expected.credits, kCredits);
    QCOMPARE(m_expected.walletMicros, qint64(0));
}

void ApiValidationTest::cleanupTestCase()
{
    QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
}

void ApiValidationTest::rejected_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QStringList>("fields"); // each must appear in errors[]; empty: not checked

    const QByteArray P = "POST";
    const QString tts = QStringLiteral("/v3/tts");
    const QJsonValue null(QJsonValue::Null);
    const QJsonObject adv{{"voice_id", "aria"}, {"model", "advanced"}};
    auto advWith = [&](const char *k, const QJsonValue &v) {
        QJsonObject o = adv;
        o.insert(k, v);
        return ttsBody(o);
    };

    // text
    QTest::newRow("text missing") << P << tts << ttsBody({}, {"text"}) << 400 << QStringList{"text"};
    QTest::newRow("text null") << P << tts << ttsBody({{"text", null}}) << 400 << QStringList{"text"};
    QTest::newRow("text empty") << P << tts << ttsBody({{"text", ""}}) << 400 << QStringList{"text"};
    QTest::newRow("text only spaces") << P << tts << ttsBody({{"text", "   "}}) << 400 << QStringList{"text"};
    QTest::newRow("text 50,001 chars") << P << tts << ttsBody({{"text", ApiCheck::textOfLength(50001)}}) << 400
                                       << QStringList{"text"};
    QTest::newRow("text 50,001 code points, astral tail")
        << P << tts << ttsBody({{"text", codePoints(50001, QStringLiteral("\U0001F600\U0001F600"))}}) << 400
        << QStringList{"text"};
    QTest::newRow("text number") << P << tts << ttsBody({{"text", 123}}) << 422 << QStringList{"text"};
    QTest::newRow("text array") << P << tts << ttsBody({{"text", QJsonArray{"a"}}}) << 422 << QStringList{"text"};
    QTest::newRow("text object") << P << tts << ttsBody({{"text", QJsonObject{{"a", 1}}}}) << 422 << QStringList{"text"};
    // voice_id
    QTest::newRow("voice_id missing") << P << tts << ttsBody({}, {"voice_id"}) << 400 << QStringList{"voice_id"};
    QTest::newRow("voice_id empty") << P << tts << ttsBody({{"voice_id", ""}}) << 400 << QStringList{"voice_id"};
    QTest::newRow("voice_id unknown") << P << tts << ttsBody({{"voice_id", "no_such_voice"}}) << 400
                                      << QStringList{"voice_id"};
    QTest::newRow("voice_id advanced voice, base model") << P << tts << ttsBody({{"voice_id", "aria"}}) << 400
                                                         << QStringList{"voice_id"};
    QTest::newRow("voice_id base voice, advanced model")
        << P << tts << ttsBody({{"voice_id", "af_sarah"}, {"model", "advanced"}}) << 400 << QStringList{"voice_id"};
    QTest::newRow("voice_id number") << P << tts << ttsBody({{"voice_id", 7}}) << 422 << QStringList{"voice_id"};
    QTest::newRow("text and voice_id missing") << P << tts << QByteArray("{}") << 400 << QStringList{"text", "voice_id"};
    // model
    QTest::newRow("model invalid") << P << tts << ttsBody({{"model", "turbo"}}) << 400 << QStringList{"model"};
    QTest::newRow("model v2 spelling advance") << P << tts << ttsBody({{"model", "advance"}}) << 400
                                               << QStringList{"model"};
    QTest::newRow("model upper case Base") << P << tts << ttsBody({{"model", "Base"}}) << 400 << QStringList{"model"};
    QTest::newRow("model empty") << P << tts << ttsBody({{"model", ""}}) << 400 << QStringList{"model"};
    QTest::newRow("model number") << P << tts << ttsBody({{"model", 2}}) << 422 << QStringList{"model"};
    // speed
    QTest::newRow("speed 0.49") << P << tts << ttsBody({{"speed", 0.49}}) << 400 << QStringList{"speed"};
    QTest::newRow("speed 2.01") << P << tts << ttsBody({{"speed", 2.01}}) << 400 << QStringList{"speed"};
    QTest::newRow("speed 0") << P << tts << ttsBody({{"speed", 0}}) << 400 << QStringList{"speed"};
    QTest::newRow("speed -1") << P << tts << ttsBody({{"speed", -1}}) << 400 << QStringList{"speed"};
    QTest::newRow("speed \"fast\"") << P << tts << ttsBody({{"speed", "fast"}}) << 422 << QStringList{"speed"};
    QTest::newRow("speed \"1.0\"") << P << tts << ttsBody({{"speed", "1.0"}}) << 422 << QStringList{"speed"};
    QTest::newRow("speed true") << P << tts << ttsBody({{"speed", true}}) << 422 << QStringList{"speed"};
    // cfg_weight, exaggeration (advanced settings)
    QTest::newRow("cfg_weight 0.9") << P << tts << advWith("cfg_weight", 0.9) << 400 << QStringList{"cfg_weight"};
    QTest::newRow("cfg_weight 5.1") << P << tts << advWith("cfg_weight", 5.1) << 400 << QStringList{"cfg_weight"};
    QTest::newRow("cfg_weight \"high\"") << P << tts << advWith("cfg_weight", "high") << 422
                                         << QStringList{"cfg_weight"};
    QTest::newRow("exaggeration -0.1") << P << tts << advWith("exaggeration", -0.1) << 400
                                       << QStringList{"exaggeration"};
    QTest::newRow("exaggeration 1.1") << P << tts << advWith("exaggeration", 1.1) << 400 << QStringList{"exaggeration"};
    QTest::newRow("exaggeration []") << P << tts << advWith("exaggeration", QJsonArray{}) << 422
                                     << QStringList{"exaggeration"};
    // audio_format
    QTest::newRow("audio_format ogg") << P << tts << ttsBody({{"audio_format", "ogg"}}) << 400
                                      << QStringList{"audio_format"};
    QTest::newRow("audio_format empty") << P << tts << ttsBody({{"audio_format", ""}}) << 400
                                        << QStringList{"audio_format"};
    QTest::newRow("audio_format number") << P << tts << ttsBody({{"audio_format", 3}}) << 422
                                         << QStringList{"audio_format"};
    // language_code
    QTest::newRow("language_code en for base") << P << tts << ttsBody({{"language_code", "en"}}) << 400
                                               << QStringList{"language_code"};
    QTest::newRow("language_code a for advanced") << P << tts << advWith("language_code", "a") << 400
                                                  << QStringList{"language_code"};
    QTest::newRow("language_code unknown xx") << P << tts << ttsBody({{"language_code", "xx"}}) << 400
                                              << QStringList{"language_code"};
    QTest::newRow("language_code zh for base") << P << tts << ttsBody({{"language_code", "zh"}}) << 400
                                               << QStringList{"language_code"};
    QTest::newRow("language_code number") << P << tts << ttsBody({{"language_code", 1}}) << 422
                                          << QStringList{"language_code"};
    // body
    QTest::newRow("malformed JSON") << P << tts << QByteArray("{\"text\": \"Hello\", \"voice_id\": ") << 400
                                    << QStringList{};
    QTest::newRow("trailing garbage") << P << tts << QByteArray("{\"text\":\"Hi\",\"voice_id\":\"af_sarah\"} x") << 400
                                      << QStringList{};
    QTest::newRow("body is an array") << P << tts << QByteArray("[{\"text\":\"Hi\",\"voice_id\":\"af_sarah\"}]") << 400
                                      << QStringList{};
    QTest::newRow("body empty") << P << tts << QByteArray() << 400 << QStringList{};

    // GET /v3/voices
    const QByteArray G = "GET";
    QTest::newRow("voices limit 0") << G << "/v3/voices?limit=0" << QByteArray() << 400 << QStringList{"limit"};
    QTest::newRow("voices limit 501") << G << "/v3/voices?limit=501" << QByteArray() << 400 << QStringList{"limit"};
    QTest::newRow("voices limit -1") << G << "/v3/voices?limit=-1" << QByteArray() << 400 << QStringList{"limit"};
    QTest::newRow("voices limit x") << G << "/v3/voices?limit=x" << QByteArray() << 422 << QStringList{"limit"};
    QTest::newRow("voices offset -1") << G << "/v3/voices?offset=-1" << QByteArray() << 400 << QStringList{"offset"};
    QTest::newRow("voices offset x") << G << "/v3/voices?offset=x" << QByteArray() << 422 << QStringList{"offset"};
    QTest::newRow("voices model turbo") << G << "/v3/voices?model=turbo" << QByteArray() << 400
                                        << QStringList{"model"};
    // GET /v3/history
    QTest::newRow("history limit 0") << G << "/v3/history?limit=0" << QByteArray() << 400 << QStringList{"limit"};
    QTest::newRow("history limit 101") << G << "/v3/history?limit=101" << QByteArray() << 400 << QStringList{"limit"};
    QTest::newRow("history limit x") << G << "/v3/history?limit=x" << QByteArray() << 422 << QStringList{"limit"};
    QTest::newRow("history offset -1") << G << "/v3/history?offset=-1" << QByteArray() << 400 << QStringList{"offset"};
    QTest::newRow("history status DONE") << G << "/v3/history?status=DONE" << QByteArray() << 400
                                         << QStringList{"status"};
    QTest::newRow("history status lower case") << G << "/v3/history?status=completed" << QByteArray() << 400
                                               << QStringList{"status"};
    // GET /v3/tts
    QTest::newRow("get generation_id missing") << G << "/v3/tts" << QByteArray() << 400 << QStringList{"generation_id"};
    QTest::newRow("get generation_id empty") << G << "/v3/tts?generation_id=" << QByteArray() << 400
                                             << QStringList{"generation_id"};
    QTest::newRow("cancel generation_id missing") << QByteArray("DELETE") << "/v3/tts" << QByteArray() << 400
                                                  << QStringList{"generation_id"};
}

void ApiValidationTest::rejected()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QStringList, fields);

    const int historyBefore = int(m_server.history(m_key).size());
    const Balance before = m_server.balance(kAccount);
    QVERIFY(before.credits >= 0);

    HttpRequest req;
    req.method = method;
    req.path = path;
    req.apiKey = m_key;
    req.body = body;
    if (method == "POST")
        req.headers << qMakePair(QByteArray("Content-Type"), QByteArray("application/json"));
    const HttpResponse r = m_server.request(req);

    QVERIFY2(r.status == status, r.describe());
    QVERIFY2(r.header("content-type").startsWith("application/json"), r.header("content-type"));
    QVERIFY2(r.isJsonObject, r.body.left(200));
    QVERIFY2(r.json.value("detail").isString() && !r.detail().isEmpty(), r.describe());
    if (r.json.contains("errors")) {
        QVERIFY(r.json.value("errors").isArray());
        for (const QJsonValue &e : r.errors()) {
            QVERIFY2(e.toObject().value("field").isString(), r.describe());
            QVERIFY2(e.toObject().value("message").isString(), r.describe());
        }
    }
    for (const QString &f : fields)
        QVERIFY2(r.hasFieldError(f), qPrintable(QStringLiteral("errors[] must name '%1': %2").arg(f, r.describe())));

    // Nothing was created or charged.
    QCOMPARE(int(m_server.history(m_key).size()), historyBefore);
    QCOMPARE(m_server.balance(kAccount), before);
}

void ApiValidationTest::acceptedBounds_data()
{
    QTest::addColumn<QJsonObject>("fields");

    const QJsonObject adv{{"voice_id", "aria"}, {"model", "advanced"}};
    auto advWith = [&](const char *k, const QJsonValue &v) {
        QJsonObject o = adv;
        o.insert(k, v);
        return o;
    };
    QTest::newRow("defaults only") << QJsonObject{};
    QTest::newRow("model base explicit") << QJsonObject{{"model", "base"}};
    QTest::newRow("speed 0.5") << QJsonObject{{"speed", 0.5}};
    QTest::newRow("speed 2.0") << QJsonObject{{"speed", 2.0}};
    QTest::newRow("speed integer 1") << QJsonObject{{"speed", 1}};
    QTest::newRow("cfg_weight 1.0") << advWith("cfg_weight", 1.0);
    QTest::newRow("cfg_weight 5.0") << advWith("cfg_weight", 5.0);
    QTest::newRow("exaggeration 0.0") << advWith("exaggeration", 0.0);
    QTest::newRow("exaggeration 1.0") << advWith("exaggeration", 1.0);
    QTest::newRow("audio_format wav") << QJsonObject{{"audio_format", "wav"}};
    QTest::newRow("audio_format mp3") << QJsonObject{{"audio_format", "mp3"}};
    QTest::newRow("null optional fields")
        << QJsonObject{{"speed", QJsonValue::Null}, {"audio_format", QJsonValue::Null}, {"language_code", QJsonValue::Null}};
    for (const char *code : {"a", "b", "j", "z", "e", "f", "h", "i", "p"})
        QTest::newRow(qPrintable(QStringLiteral("base language %1").arg(code))) << QJsonObject{{"language_code", code}};
    for (const char *code : {"en", "ar", "da", "de", "el", "es", "fi", "fr", "he", "hi", "it", "ja",
                             "ko", "ms", "nl", "no", "pl", "pt", "ru", "sv", "sw", "tr", "zh"})
        QTest::newRow(qPrintable(QStringLiteral("advanced language %1").arg(code))) << advWith("language_code", code);
}

void ApiValidationTest::acceptedBounds()
{
    QFETCH(QJsonObject, fields);
    const QString text = QStringLiteral("Hi.");
    HttpRequest req;
    req.method = "POST";
    req.path = "/v3/tts";
    req.apiKey = m_key;
    req.body = ttsBody(fields);
    const HttpResponse r = m_server.request(req);
    QVERIFY2(r.status == 201, r.describe());
    QCOMPARE(r.json.value("status").toString(), QStringLiteral("IN_QUEUE"));
    const QString model = fields.value("model").toString(QStringLiteral("base"));
    QCOMPARE(r.json.value("model").toString(), model);
    m_accepted << r.json.value("generation_id").toString();
    m_expected.credits -= r.json.value("tokens").toInteger() * ApiCheck::creditsPerToken(model);
}

void ApiValidationTest::longestTextAccepted_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("50,000 chars") << ApiCheck::textOfLength(50000);
    // 50,000 code points but 50,001 UTF-16 units: the limit counts characters.
    QTest::newRow("50,000 code points, astral tail") << codePoints(50000, QStringLiteral("\U0001F600"));
}

void ApiValidationTest::longestTextAccepted()
{
    QFETCH(QString, text);
    const Balance before = m_server.balance(kAccount);
    const HttpResponse r = m_server.createGeneration(m_key, text);
    QVERIFY2(r.status == 201, r.describe());
    QCOMPARE(r.json.value("tokens").toInteger(), qint64(50000));
    QCOMPARE(m_server.balance(kAccount).credits, before.credits - 50000); // reserved at creation
    // Cancelled at once (extension): the reservation is released, nothing stays charged.
    const QString id = r.json.value("generation_id").toString();
    const HttpResponse d = m_server.del("/v3/tts?generation_id=" + id, m_key);
    QVERIFY2(d.status == 200, d.describe());
    QCOMPARE(d.json.value("status").toString(), QStringLiteral("FAILED"));
    QCOMPARE(m_server.balance(kAccount), before);
}

void ApiValidationTest::acceptedGenerationsComplete()
{
    QVERIFY(!m_accepted.isEmpty());
    for (const QString &id : std::as_const(m_accepted)) {
        const HttpResponse r = m_server.waitForCompleted(m_key, id, 90000);
        QVERIFY2(r.status == 200, r.describe());
        QVERIFY2(r.json.value("status").toString() == QLatin1String("COMPLETED"), r.describe());
    }
    QCOMPARE(m_server.balance(kAccount), m_expected);
}

QTEST_GUILESS_MAIN(ApiValidationTest)
#include "tst_api_validation.moc"
