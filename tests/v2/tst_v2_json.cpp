// The v2 request rules and the emotion / sampling mapping, without a server.

#include "v2json.h"

#include <QJsonDocument>
#include <QtTest>

class TestV2Json : public QObject
{
    Q_OBJECT

private:
    static QByteArray body(QJsonObject o)
    {
        if (!o.contains("text"))
            o.insert("text", QStringLiteral("This sentence is comfortably over thirty characters."));
        if (!o.contains("voice"))
            o.insert("voice", QStringLiteral("af_sarah"));
        return QJsonDocument(o).toJson(QJsonDocument::Compact);
    }

private slots:
    void parse_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<int>("kind"); // ServiceError::Kind when !ok
        QTest::addColumn<QString>("detail");

        const int invalid = int(ServiceError::Kind::InvalidInput);
        const int wrongType = int(ServiceError::Kind::WrongType);
        QTest::newRow("defaults") << body({}) << true << 0 << QString();
        QTest::newRow("exactly 30") << body({{"text", QString(30, u'a')}}) << true << 0 << QString();
        QTest::newRow("29") << body({{"text", QString(29, u'a')}}) << false << invalid
                            << "Text is too short: at least 30 characters are required (got 29)";
        QTest::newRow("30 with padding") << body({{"text", "   " + QString(29, u'a') + "   "}}) << false << invalid
                                         << "Text is too short: at least 30 characters are required (got 29)";
        // A byte order mark is dropped before the text is said: not one of the 30.
        QTest::newRow("29 after a BOM") << body({{"text", QChar(0xFEFF) + QString(29, u'a')}}) << false << invalid
                                        << "Text is too short: at least 30 characters are required (got 29)";
        QTest::newRow("30 after a BOM") << body({{"text", QChar(0xFEFF) + QString(30, u'a')}}) << true << 0 << QString();
        QTest::newRow("missing text") << QByteArray(R"({"voice":"af_sarah"})") << false << invalid
                                      << "Missing required field: text";
        QTest::newRow("missing voice") << QByteArray(R"({"text":"This sentence is comfortably over thirty characters."})")
                                       << false << invalid << "Missing required field: voice";
        QTest::newRow("empty voice") << body({{"voice", ""}}) << false << invalid << "Invalid voice ID";
        QTest::newRow("model advanced") << body({{"model", "advanced"}}) << false << invalid
                                        << "Invalid Model | Expected: [base, advance]";
        QTest::newRow("speed high") << body({{"speed", 2.01}}) << false << invalid << "Invalid Speed | Expected Range: 0.5 - 2.0";
        QTest::newRow("speed edge") << body({{"speed", 0.5}}) << true << 0 << QString();
        QTest::newRow("emotion bad") << body({{"model", "advance"}, {"emotion", "bored"}}) << false << invalid
                                     << "Invalid Emotion | Expected: [neutral, happy, sad, angry, surprised]";
        QTest::newRow("emotion case") << body({{"model", "advance"}, {"emotion", "Happy"}}) << true << 0 << QString();
        QTest::newRow("temperature low") << body({{"model", "advance"}, {"temperature", 0.69}}) << false << invalid
                                         << "Invalid Temperature | Expected Range: 0.7 - 0.9";
        QTest::newRow("temperature edges") << body({{"model", "advance"}, {"temperature", 0.7}, {"top_p", 0.98}}) << true << 0
                                           << QString();
        QTest::newRow("top_p high") << body({{"model", "advance"}, {"top_p", 0.99}}) << false << invalid
                                    << "Invalid Top P | Expected Range: 0.7 - 0.98";
        QTest::newRow("base ignores") << body({{"emotion", 7}, {"temperature", 3}, {"top_p", "x"}, {"do_sample", "yes"}})
                                      << true << 0 << QString();
        QTest::newRow("text type") << body({{"text", 42}}) << false << wrongType << "Validation error: text must be a string";
        QTest::newRow("do_sample type") << body({{"model", "advance"}, {"do_sample", "yes"}}) << false << wrongType
                                        << "Validation error: do_sample must be a boolean";
        // A field of the spec: null is its default, as for every optional spec field.
        QTest::newRow("do_sample null") << body({{"model", "advance"}, {"do_sample", QJsonValue::Null}}) << true << 0 << QString();
        // The minimum counts what SSML says, not its markup.
        QTest::newRow("SSML padded with markup")
            << body({{"text", "<speak><!-- padding, padding, padding --><p>Hi there.</p><break time=\"1s\"/></speak>"}}) << false
            << invalid << "Text is too short: at least 30 characters are required (got 9)";
        QTest::newRow("SSML saying 30") << body({{"text", "<speak><p>" + QString(30, u'a') + "</p></speak>"}}) << true << 0
                                        << QString();
        QTest::newRow("SSML saying 29") << body({{"text", "<speak>\n<p> " + QString(29, u'a') + " </p>\n</speak>"}}) << false
                                        << invalid << "Text is too short: at least 30 characters are required (got 29)";
        QTest::newRow("malformed SSML is left to the request check") << body({{"text", "<speak>Hi"}}) << true << 0 << QString();
        QTest::newRow("malformed") << QByteArray("{\"text\":") << false << invalid << "Malformed JSON in request body";
    }
    void parse()
    {
        QFETCH(QByteArray, body);
        QFETCH(bool, ok);
        QFETCH(int, kind);
        QFETCH(QString, detail);
        const auto r = V2Json::parseCreate(body);
        QCOMPARE(bool(r), ok);
        if (!ok) {
            QCOMPARE(int(r.error().kind), kind);
            QCOMPARE(r.error().detail, detail);
        }
    }

    void modelNames()
    {
        QCOMPARE(V2Json::fromV2Model("advance"), QStringLiteral("advanced"));
        QCOMPARE(V2Json::fromV2Model("base"), QStringLiteral("base"));
        QVERIFY(V2Json::fromV2Model("advanced").isEmpty());
        QCOMPARE(V2Json::toV2Model("advanced"), QStringLiteral("advance"));
        QCOMPARE(V2Json::status("IN_QUEUE"), QStringLiteral("Generating"));
        QCOMPARE(V2Json::status("GENERATING"), QStringLiteral("Generating"));
        QCOMPARE(V2Json::status("COMPLETED"), QStringLiteral("Completed"));
        QCOMPARE(V2Json::status("FAILED"), QStringLiteral("Failed"));
    }

    void emotionsChangeProsody()
    {
        const auto neutral = V2Json::emotionProsody("neutral");
        QCOMPARE(neutral.pitch, 1.0);
        QCOMPARE(neutral.pitchRange, 1.0);
        QCOMPARE(neutral.speed, 1.0);
        for (const QString &e : V2Json::emotions()) {
            if (e == QLatin1String("neutral"))
                continue;
            const auto p = V2Json::emotionProsody(e);
            QVERIFY2(p.pitch != 1.0 || p.pitchRange != 1.0 || p.speed != 1.0, qPrintable(e));
        }
        const auto sad = V2Json::emotionProsody("sad");
        QVERIFY(sad.pitch < 1.0 && sad.speed < 1.0 && sad.pitchRange < 1.0);
    }

    void samplingIsBoundedAndOptIn()
    {
        auto request = V2Json::parseCreate(body({{"model", "advance"}, {"emotion", "happy"}})).value();
        int calls = 0;
        auto counting = [&calls] { ++calls; return 1.0; };
        // do_sample false: deterministic, the random source is never asked.
        const auto fixed = V2Json::prosodyFor(request, counting);
        QCOMPARE(calls, 0);
        QCOMPARE(fixed.pitch, 1.12);
        QCOMPARE(fixed.speed, 1.08);

        request.doSample = true;
        request.temperature = 0.9;
        request.topP = 0.98;
        const double s = V2Json::samplingSpread(0.9, 0.98);
        QVERIFY(qAbs(s - 0.0588) < 1e-9);
        const auto up = V2Json::prosodyFor(request, [] { return 1.0; });
        const auto down = V2Json::prosodyFor(request, [] { return -1.0; });
        QVERIFY(qAbs(up.pitch - 1.12 * (1 + s)) < 1e-9);
        QVERIFY(qAbs(down.pitch - 1.12 * (1 - s)) < 1e-9);
        QVERIFY(qAbs(up.pitchRange - 1.5 * (1 + 2 * s)) < 1e-9);
        QVERIFY(qAbs(down.speed - 1.08 * (1 - s)) < 1e-9);
        // The spread grows with temperature and top_p.
        QVERIFY(V2Json::samplingSpread(0.7, 0.7) < V2Json::samplingSpread(0.8, 0.7));
        QVERIFY(V2Json::samplingSpread(0.8, 0.7) < V2Json::samplingSpread(0.8, 0.9));

        // Base ignores emotion and sampling entirely.
        request.model = QStringLiteral("base");
        const auto base = V2Json::prosodyFor(request, counting);
        QCOMPARE(calls, 0);
        QCOMPARE(base.pitch, 1.0);
        QCOMPARE(base.speed, 1.0);
    }

    void shapes()
    {
        Generation g;
        g.id = "g1";
        g.status = GenerationStatus::InQueue;
        g.model = "advanced";
        g.voiceId = "aria";
        g.audioFormat = "wav";
        g.createdAt = 1700000000000;
        V3Json::AudioLink link{"http://h:1", nullptr, 5};
        auto o = V2Json::generation(g, link);
        QCOMPARE(o.value("status").toString(), QStringLiteral("Generating"));
        QCOMPARE(o.value("model").toString(), QStringLiteral("advance"));
        QVERIFY(!o.contains("audio_url"));
        QVERIFY(!o.contains("error_message"));
        g.status = GenerationStatus::Completed;
        o = V2Json::generation(g, link);
        QVERIFY(o.value("audio_url").toString().startsWith("http://h:1/v3/audio/g1.wav?expires=5"));
        g.status = GenerationStatus::Failed;
        g.errorMessage = "boom";
        o = V2Json::generation(g, link);
        QCOMPARE(o.value("status").toString(), QStringLiteral("Failed"));
        QCOMPARE(o.value("error_message").toString(), QStringLiteral("boom"));
        QVERIFY(!o.contains("audio_url"));

        Voice v;
        v.id = "x";
        v.name = "X";
        v.gender = "Male";
        v.free = false;
        const auto vo = V2Json::voice(v);
        QCOMPARE(vo.keys(), (QStringList{"accent", "description", "free", "gender", "name", "voice_id"}));
    }
};

QTEST_GUILESS_MAIN(TestV2Json)
#include "tst_v2_json.moc"
