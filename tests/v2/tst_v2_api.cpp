// Black-box tests of the legacy v2 API (spec 4.6, docs/decisions.md "v2") against a
// real `tts-studio --headless` with accounts and keys made by its command line.

#include "studioprocess.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QThread>
#include <QtTest>

namespace
{
const QString kText = QStringLiteral("The quick brown fox jumps over the lazy dog near the river bank.");

QByteArray json(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QString longText()
{
    QString t;
    while (t.size() < 1500)
        t += QStringLiteral("Legacy clients still poll the status route while the speech is being produced. ");
    return t;
}
}

class TestV2Api : public QObject
{
    Q_OBJECT

private:
    StudioProcess m_studio;
    QHash<QString, QByteArray> m_keys;   // account name -> key
    QHash<QString, QString> m_ids;       // account name -> account id

    QString url(const QString &path) const { return m_studio.baseUrl() + path; }

    void addAccount(const QString &name, const QStringList &args)
    {
        int code = -1;
        const QString out = m_studio.cli(QStringList{"accounts", "create", name} + args, &code);
        QCOMPARE(code, 0);
        static const QRegularExpression idRe(QStringLiteral("\\(id (\\d+),"));
        const auto m = idRe.match(out);
        QVERIFY2(m.hasMatch(), qPrintable(out));
        m_ids[name] = m.captured(1);
        const QString key = m_studio.cli({"keys", "create", "--account", name, "--name", "v2"}, &code);
        QCOMPARE(code, 0);
        QVERIFY(!key.isEmpty() && !key.contains(u'\n'));
        m_keys[name] = key.toUtf8();
    }

    HttpResult post(const QString &account, const QByteArray &body)
    {
        return httpRequest("POST", url("/v2/tts"), m_keys.value(account), body);
    }

    QString createOk(const QString &account, const QJsonObject &body)
    {
        const HttpResult r = post(account, json(body));
        if (r.status != 201)
            qWarning() << r.status << r.body;
        return r.status == 201 ? r.json.value("generation_id").toString() : QString();
    }

    QJsonObject v2Status(const QString &account, const QString &id)
    {
        return httpRequest("GET", url("/v2/status?generation_id=" + id), m_keys.value(account)).json;
    }

    QJsonObject waitV2(const QString &account, const QString &id, const QString &until, int timeoutMs = 60000)
    {
        QDeadlineTimer deadline(timeoutMs);
        QJsonObject s;
        while (!deadline.hasExpired()) {
            s = v2Status(account, id);
            if (s.value("status").toString() == until || s.value("status").toString() == QLatin1String("Failed"))
                return s;
            QThread::msleep(100);
        }
        return s;
    }

private slots:
    void initTestCase()
    {
        addAccount("alice", {"--plan", "pro", "--credits", "200000"});
        addAccount("carol", {"--plan", "pro"});
        addAccount("bob", {});  // free plan by default
        addAccount("broke", {"--plan", "pro", "--credits", "0"});
        QVERIFY2(m_studio.start({"--workers", "2"}), m_studio.serverOutput().constData());
    }

    void cleanupTestCase() { m_studio.stop(); }

    // GET / answers without a key: name, version, the caller's address.
    void index()
    {
        for (const QByteArray &key : {QByteArray(), QByteArray("not-a-key")}) {
            const HttpResult r = httpRequest("GET", url("/"), key);
            QCOMPARE(r.status, 200);
            QCOMPARE(r.json.value("name").toString(), QStringLiteral("TTS Studio"));
            QCOMPARE(r.json.value("ip").toString(), QStringLiteral("127.0.0.1"));
            const QString version = m_studio.cli({"--version"}).section(u' ', -1);
            QVERIFY(!version.isEmpty());
            QCOMPARE(r.json.value("version").toString(), version);
        }
    }

    void unauthorized_data()
    {
        QTest::addColumn<QByteArray>("method");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("key");
        const QList<QPair<QByteArray, QString>> routes = {
            {"POST", "/v2/tts"}, {"GET", "/v2/status?generation_id=x"}, {"GET", "/v2/voices?model=base"}};
        for (const auto &r : routes) {
            QTest::newRow(qPrintable(r.first + ' ' + r.second + " no key")) << r.first << r.second << QByteArray();
            QTest::newRow(qPrintable(r.first + ' ' + r.second + " bad key")) << r.first << r.second << QByteArray("sk-wrong");
        }
    }
    void unauthorized()
    {
        QFETCH(QByteArray, method);
        QFETCH(QString, path);
        QFETCH(QByteArray, key);
        const QByteArray body = method == "POST" ? json({{"text", kText}, {"voice", "af_sarah"}}) : QByteArray();
        const HttpResult r = httpRequest(method, url(path), key, body);
        QCOMPARE(r.status, 401);
        QCOMPARE(r.json.value("detail").toString(), QStringLiteral("Invalid API Key"));
    }

    // Every refusal of POST /v2/tts, with its status and detail text.
    void createErrors_data()
    {
        QTest::addColumn<QString>("account");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("detail"); // exact, or a prefix when it ends with "*"

        auto b = [](QJsonObject o) {
            if (!o.contains("text"))
                o.insert("text", kText);
            if (!o.contains("voice"))
                o.insert("voice", "af_sarah");
            for (const QString &k : o.keys())
                if (o.value(k) == QJsonValue(QStringLiteral("<drop>")))
                    o.remove(k);
            return json(o);
        };
        const QString drop = QStringLiteral("<drop>");
        QTest::newRow("text too short") << "alice" << b({{"text", "Only twenty-nine characters."}}) << 400
                                        << "Text is too short: at least 30 characters are required (got 28)";
        QTest::newRow("text missing") << "alice" << b({{"text", drop}}) << 400 << "Missing required field: text";
        QTest::newRow("voice missing") << "alice" << b({{"voice", drop}}) << 400 << "Missing required field: voice";
        QTest::newRow("voice unknown") << "alice" << b({{"voice", "af_nobody"}}) << 400 << "Invalid voice ID";
        QTest::newRow("voice of other model") << "alice" << b({{"voice", "aria"}}) << 400 << "Invalid voice ID*";
        QTest::newRow("model advanced (v3 name)") << "alice" << b({{"model", "advanced"}}) << 400
                                                  << "Invalid Model | Expected: [base, advance]";
        QTest::newRow("model unknown") << "alice" << b({{"model", "turbo"}}) << 400 << "Invalid Model | Expected: [base, advance]";
        QTest::newRow("speed high") << "alice" << b({{"speed", 2.5}}) << 400 << "Invalid Speed | Expected Range: 0.5 - 2.0";
        QTest::newRow("speed low") << "alice" << b({{"speed", 0.4}}) << 400 << "Invalid Speed | Expected Range: 0.5 - 2.0";
        QTest::newRow("emotion unknown") << "alice" << b({{"model", "advance"}, {"voice", "aria"}, {"emotion", "bored"}})
                                         << 400 << "Invalid Emotion | Expected: [neutral, happy, sad, angry, surprised]";
        QTest::newRow("temperature high") << "alice" << b({{"model", "advance"}, {"voice", "aria"}, {"temperature", 0.95}})
                                          << 400 << "Invalid Temperature | Expected Range: 0.7 - 0.9";
        QTest::newRow("temperature low") << "alice" << b({{"model", "advance"}, {"voice", "aria"}, {"temperature", 0.5}})
                                         << 400 << "Invalid Temperature | Expected Range: 0.7 - 0.9";
        QTest::newRow("top_p high") << "alice" << b({{"model", "advance"}, {"voice", "aria"}, {"top_p", 0.99}}) << 400
                                    << "Invalid Top P | Expected Range: 0.7 - 0.98";
        QTest::newRow("top_p low") << "alice" << b({{"model", "advance"}, {"voice", "aria"}, {"top_p", 0.6}}) << 400
                                   << "Invalid Top P | Expected Range: 0.7 - 0.98";
        QTest::newRow("malformed JSON") << "alice" << QByteArray("{\"text\": ") << 400 << "Malformed JSON in request body";
        QTest::newRow("not an object") << "alice" << QByteArray("[1,2]") << 400 << "Request body must be a JSON object";
        QTest::newRow("text wrong type") << "alice" << b({{"text", 12345}}) << 422 << "Validation error: text must be a string";
        QTest::newRow("speed wrong type") << "alice" << b({{"speed", "fast"}}) << 422
                                          << "Validation error: speed must be a number";
        QTest::newRow("do_sample wrong type") << "alice" << b({{"model", "advance"}, {"voice", "aria"}, {"do_sample", "yes"}})
                                              << 422 << "Validation error: do_sample must be a boolean";
        QTest::newRow("temperature wrong type") << "alice" << b({{"model", "advance"}, {"voice", "aria"}, {"temperature", "hot"}})
                                                << 422 << "Validation error: temperature must be a number";
        QTest::newRow("free plan, premium voice") << "bob" << b({{"model", "advance"}, {"voice", "aria"}}) << 403
                                                  << "This voice is only available for paid plans*";
        QTest::newRow("free plan, premium voice, any case") << "bob" << b({{"model", "advance"}, {"voice", "ATLAS"}}) << 403
                                                            << "This voice is only available for paid plans*";
        QTest::newRow("insufficient balance") << "broke" << b({}) << 402 << "Insufficient Balance";
    }
    void createErrors()
    {
        QFETCH(QString, account);
        QFETCH(QByteArray, body);
        QFETCH(int, status);
        QFETCH(QString, detail);
        const HttpResult r = post(account, body);
        QVERIFY2(r.status == status, r.body.constData());
        const QString got = r.json.value("detail").toString();
        if (detail.endsWith(u'*'))
            QVERIFY2(got.startsWith(detail.chopped(1)), qPrintable(got));
        else
            QCOMPARE(got, detail);
    }

    // Accepted requests answer 201 with exactly {"generation_id": "..."}.
    void createAccepted_data()
    {
        QTest::addColumn<QString>("account");
        QTest::addColumn<QJsonObject>("body");
        QTest::addColumn<QString>("voice"); // as stored (canonical case)
        QTest::addColumn<QString>("model"); // as v2 reports it

        QTest::newRow("defaults") << "alice" << QJsonObject{{"text", kText}, {"voice", "af_sarah"}} << "af_sarah" << "base";
        QTest::newRow("voice upper case") << "alice" << QJsonObject{{"text", kText}, {"voice", "AF_SARAH"}} << "af_sarah" << "base";
        QTest::newRow("voice mixed case") << "alice" << QJsonObject{{"text", kText}, {"voice", "Am_Michael"}, {"model", "base"}}
                                          << "am_michael" << "base";
        QTest::newRow("base ignores advance fields")
            << "alice"
            << QJsonObject{{"text", kText}, {"voice", "bf_emma"}, {"emotion", "furious"}, {"temperature", 5}, {"top_p", "x"},
                           {"do_sample", "maybe"}}
            << "bf_emma" << "base";
        QTest::newRow("advance all fields")
            << "alice"
            << QJsonObject{{"text", kText}, {"voice", "Aria"}, {"model", "advance"}, {"speed", 1.2}, {"emotion", "angry"},
                           {"temperature", 0.8}, {"top_p", 0.95}, {"do_sample", true}}
            << "aria" << "advance";
        QTest::newRow("advance emotion case") << "alice"
                                              << QJsonObject{{"text", kText}, {"voice", "luna"}, {"model", "advance"},
                                                             {"emotion", "SAD"}}
                                              << "luna" << "advance";
        QTest::newRow("free plan, free voice") << "bob" << QJsonObject{{"text", kText}, {"voice", "EF_DORA"}} << "ef_dora"
                                               << "base";
    }
    void createAccepted()
    {
        QFETCH(QString, account);
        QFETCH(QJsonObject, body);
        QFETCH(QString, voice);
        QFETCH(QString, model);
        const HttpResult r = post(account, json(body));
        QVERIFY2(r.status == 201, r.body.constData());
        QCOMPARE(r.json.keys(), QStringList{"generation_id"});
        const QString id = r.json.value("generation_id").toString();
        QVERIFY(!id.isEmpty());
        const QJsonObject s = v2Status(account, id);
        QCOMPARE(s.value("generation_id").toString(), id);
        QCOMPARE(s.value("voice").toString(), voice);
        QCOMPARE(s.value("model").toString(), model);
        QVERIFY(QStringList({"Generating", "Completed"}).contains(s.value("status").toString()));
    }

    // IN_QUEUE / GENERATING read Generating; then Completed with a signed absolute link.
    void statusGeneratingThenCompleted()
    {
        const QString id = createOk("alice", {{"text", longText()}, {"voice", "am_michael"}});
        QVERIFY(!id.isEmpty());
        const QJsonObject first = v2Status("alice", id);
        QCOMPARE(first.value("status").toString(), QStringLiteral("Generating"));
        QVERIFY(!first.contains("audio_url"));
        QVERIFY(!first.contains("error_message"));
        QCOMPARE(first.value("tokens").toInt(), longText().size());
        QVERIFY(first.value("created_at").toString().endsWith(u'Z'));
        QCOMPARE(first.value("model").toString(), QStringLiteral("base"));

        const QJsonObject done = waitV2("alice", id, "Completed");
        QCOMPARE(done.value("status").toString(), QStringLiteral("Completed"));
        QVERIFY(!done.contains("error_message"));
        const QString audio = done.value("audio_url").toString();
        QVERIFY2(audio.startsWith(m_studio.baseUrl() + "/v3/audio/" + id + ".wav?"), qPrintable(audio));
        QVERIFY(!done.value("completed_at").isNull());
        QVERIFY(done.value("dollar_cost").toDouble() > 0);
        // Same link as v3, downloadable without the key.
        const HttpResult v3 = httpRequest("GET", url("/v3/tts?generation_id=" + id), m_keys["alice"]);
        QCOMPARE(v3.json.value("audio_url").toString(), audio);
        const HttpResult wav = httpRequest("GET", audio);
        QCOMPARE(wav.status, 200);
        QVERIFY(wav.body.startsWith("RIFF"));
        QVERIFY(wav.body.size() > 24000 * 2 * 5);
    }

    // A cancelled (v3 extension) generation reads Failed with its message.
    void statusFailed()
    {
        QString text = longText();
        text += text;
        const QString id = createOk("alice", {{"text", text}, {"voice", "af_nicole"}});
        QVERIFY(!id.isEmpty());
        const HttpResult c = httpRequest("DELETE", url("/v3/tts?generation_id=" + id), m_keys["alice"]);
        QVERIFY2(c.status == 200, c.body.constData());
        const QJsonObject s = v2Status("alice", id);
        QCOMPARE(s.value("status").toString(), QStringLiteral("Failed"));
        QCOMPARE(s.value("error_message").toString(), QStringLiteral("Cancelled"));
        QVERIFY(!s.contains("audio_url"));
    }

    void statusErrors_data()
    {
        QTest::addColumn<QString>("account");
        QTest::addColumn<QString>("query");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("detail");
        QTest::newRow("missing parameter") << "alice" << "" << 400 << "Missing required query parameter: generation_id";
        QTest::newRow("empty parameter") << "alice" << "?generation_id=" << 400 << "Missing required query parameter: generation_id";
        QTest::newRow("unknown id") << "alice" << "?generation_id=00000000-0000-0000-0000-000000000000" << 404
                                    << "Generation not found";
        QTest::newRow("another account's id") << "carol" << "?generation_id=ALICE" << 403 << "Access denied for this generation";
    }
    void statusErrors()
    {
        QFETCH(QString, account);
        QFETCH(QString, query);
        QFETCH(int, status);
        QFETCH(QString, detail);
        if (query.contains("ALICE")) {
            const QString id = createOk("alice", {{"text", kText}, {"voice", "af_sarah"}});
            QVERIFY(!id.isEmpty());
            query.replace("ALICE", id);
            // v3 keeps it indistinguishable from unknown.
            QCOMPARE(httpRequest("GET", url("/v3/tts" + query), m_keys[account]).status, 404);
        }
        const HttpResult r = httpRequest("GET", url("/v2/status" + query), m_keys[account]);
        QVERIFY2(r.status == status, r.body.constData());
        QCOMPARE(r.json.value("detail").toString(), detail);
    }

    // v2 generations are ordinary generations: in v3 history, billed like v3.
    void v2GenerationInV3History()
    {
        const QString text = QStringLiteral("History should show this legacy generation exactly once.");
        const QString id = createOk("alice", {{"text", text}, {"voice", "Atlas"}, {"model", "advance"}});
        QVERIFY(!id.isEmpty());
        const HttpResult v3 = httpRequest("POST", url("/v3/tts"), m_keys["alice"],
                                          json({{"text", text}, {"voice_id", "atlas"}, {"model", "advanced"}}));
        QCOMPARE(v3.status, 201);
        const QString v3id = v3.json.value("generation_id").toString();
        const QJsonObject a = waitV2("alice", id, "Completed");
        QCOMPARE(a.value("status").toString(), QStringLiteral("Completed"));
        const QJsonObject b = waitForStatus(m_studio.baseUrl(), m_keys["alice"], v3id);
        QCOMPARE(b.value("status").toString(), QStringLiteral("COMPLETED"));
        QCOMPARE(a.value("tokens").toInt(), b.value("tokens").toInt());
        QCOMPARE(a.value("dollar_cost").toDouble(), b.value("dollar_cost").toDouble());
        QCOMPARE(a.value("method").toString(), b.value("method").toString());

        const HttpResult h = httpRequest("GET", url("/v3/history?limit=100"), m_keys["alice"]);
        QCOMPARE(h.status, 200);
        int seen = 0;
        for (const QJsonValue &v : h.json.value("history").toArray()) {
            const QJsonObject item = v.toObject();
            if (item.value("generation_id").toString() != id)
                continue;
            ++seen;
            QCOMPARE(item.value("model").toString(), QStringLiteral("advanced"));
            QCOMPARE(item.value("voice_id").toString(), QStringLiteral("atlas"));
            QCOMPARE(item.value("status").toString(), QStringLiteral("COMPLETED"));
        }
        QCOMPARE(seen, 1);
        // Not in another account's history.
        const HttpResult other = httpRequest("GET", url("/v3/history?limit=100"), m_keys["carol"]);
        QVERIFY(!other.body.contains(id.toUtf8()));
    }

    void voices_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<bool>("free");
        QTest::newRow("base") << "base" << true;
        QTest::newRow("advance") << "advance" << false;
    }
    void voices()
    {
        QFETCH(QString, model);
        QFETCH(bool, free);
        const HttpResult r = httpRequest("GET", url("/v2/voices?model=" + model), m_keys["carol"]);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.json.keys(), (QStringList{"model", "user_id", "voices"}));
        QCOMPARE(r.json.value("user_id").toString(), m_ids["carol"]);
        QCOMPARE(r.json.value("model").toString(), model);
        const QJsonArray voices = r.json.value("voices").toArray();
        QVERIFY(!voices.isEmpty());
        for (const QJsonValue &v : voices) {
            const QJsonObject o = v.toObject();
            QCOMPARE(o.keys(), (QStringList{"accent", "description", "free", "gender", "name", "voice_id"}));
            QCOMPARE(o.value("free").toBool(), free);
            QVERIFY(QStringList({"Male", "Female", "Neutral"}).contains(o.value("gender").toString()));
        }
        // Each listed voice is accepted by POST /v2/tts with this model.
        const QString first = voices.first().toObject().value("voice_id").toString();
        QVERIFY(!createOk("carol", {{"text", kText}, {"voice", first.toUpper()}, {"model", model}}).isEmpty());
    }

    void customVoiceInV2()
    {
        const HttpResult c = httpRequest("POST", url("/v3/voices"), m_keys["carol"],
                                         json({{"name", "Carol Narrator"}, {"base_voice_id", "af_sarah"}, {"pitch", 1.1}}));
        QVERIFY2(c.status == 201, c.body.constData());
        const QString id = c.json.value("voice_id").toString();
        const HttpResult r = httpRequest("GET", url("/v2/voices?model=base"), m_keys["carol"]);
        QJsonObject mine;
        for (const QJsonValue &v : r.json.value("voices").toArray())
            if (v.toObject().value("voice_id").toString() == id)
                mine = v.toObject();
        QCOMPARE(mine.value("accent").toString(), QStringLiteral("Custom"));
        QCOMPARE(mine.value("name").toString(), QStringLiteral("Carol Narrator"));
        QCOMPARE(mine.value("free").toBool(), true);
        // Usable case-insensitively by its owner, unknown to everyone else.
        QVERIFY(!createOk("carol", {{"text", kText}, {"voice", id.toUpper()}}).isEmpty());
        const HttpResult other = post("alice", json({{"text", kText}, {"voice", id}}));
        QCOMPARE(other.status, 400);
        QCOMPARE(other.json.value("detail").toString(), QStringLiteral("Invalid voice ID"));
        QVERIFY(!httpRequest("GET", url("/v2/voices?model=base"), m_keys["alice"]).body.contains(id.toUtf8()));
    }

    void voicesErrors_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("detail");
        QTest::newRow("missing model") << "" << "Missing required query parameter: model (expected base or advance)";
        QTest::newRow("empty model") << "?model=" << "Missing required query parameter: model (expected base or advance)";
        QTest::newRow("v3 model name") << "?model=advanced" << "Invalid Model | Expected: [base, advance]";
        QTest::newRow("unknown model") << "?model=basic" << "Invalid Model | Expected: [base, advance]";
    }
    void voicesErrors()
    {
        QFETCH(QString, query);
        QFETCH(QString, detail);
        const HttpResult r = httpRequest("GET", url("/v2/voices" + query), m_keys["alice"]);
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json.value("detail").toString(), detail);
    }

    // 429 as in v3: spec detail and Retry-After, on a server with a tiny budget.
    void rateLimited()
    {
        StudioProcess limited;
        int code = -1;
        limited.cli({"accounts", "create", "dave", "--plan", "pro"}, &code);
        QCOMPARE(code, 0);
        const QByteArray key = limited.cli({"keys", "create", "--account", "dave", "--name", "rl"}).toUtf8();
        QVERIFY(limited.start({"--rate-limit", "2", "--workers", "1"}));
        const QString base = limited.baseUrl();
        QCOMPARE(httpRequest("GET", base + "/v2/voices?model=base", key).status, 200);
        QCOMPARE(httpRequest("GET", base + "/v2/voices?model=base", key).status, 200);
        const HttpResult r = httpRequest("POST", base + "/v2/tts", key, json({{"text", kText}, {"voice", "af_sarah"}}));
        QCOMPARE(r.status, 429);
        QCOMPARE(r.json.value("detail").toString(), QStringLiteral("Rate limit exceeded. Please retry after 30 seconds."));
        QVERIFY(r.header("Retry-After").toInt() >= 1);
        // GET / needs no key and is not limited per key.
        QCOMPARE(httpRequest("GET", base + "/").status, 200);
        limited.stop();
    }
};

QTEST_GUILESS_MAIN(TestV2Api)
#include "tst_v2_api.moc"
