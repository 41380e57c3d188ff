// Pronunciation lexicons, against the real server on port 0: PUT, GET and
// DELETE /v3/lexicon (all or nothing, limits, 422 on wrong types, per account), and the
// lexicon applied on every route (v3, v2, WebSocket, /v1): the audio changes for an
// alias or IPA, another account's lexicon is not applied, tokens are still the text as
// sent, and word timings still point at the word as written.

#include "testserver.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QWebSocket>
#include <QtTest>

namespace
{
const QString kText = QStringLiteral("The code is QXZ.");
// Said for QXZ: far longer than its three letters.
const QString kAlias = QStringLiteral("the quick brown fox jumps over the lazy dog");
const QString kIpa = QStringLiteral("ˌhɪpəpəˈtɒməs ænd ˌɛlɪˈfæntəs");

QJsonObject lexicon(const QJsonArray &entries)
{
    return QJsonObject{{"entries", entries}};
}

QJsonArray validEntries()
{
    return QJsonArray{
        QJsonObject{{"grapheme", "QXZ"}, {"alias", kAlias}},
        QJsonObject{{"grapheme", "GIF"}, {"phoneme", "dʒɪf"}, {"alphabet", "ipa"}, {"case_sensitive", true}},
        QJsonObject{{"grapheme", "Chef"}, {"alias", "Schäff"}, {"language_code", "de"}},
    };
}

// The API's form of an entry as GET answers it (defaults filled in).
QJsonArray normalized(const QJsonArray &entries)
{
    QJsonArray out;
    for (const QJsonValue &v : entries) {
        QJsonObject o = v.toObject();
        if (!o.contains("case_sensitive"))
            o.insert("case_sensitive", false);
        if (o.contains("phoneme"))
            o.insert("alphabet", "ipa");
        out.append(o);
    }
    return out;
}

double wavSeconds(const QByteArray &bytes)
{
    const ApiCheck::WavInfo w = ApiCheck::parseWav(bytes);
    return w.ok && w.rate ? double(w.pcm.size()) / 2.0 / double(w.rate) : -1;
}
}

class TestApiLexicon : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void emptyAtFirst();
    void roundTrip();
    void needsKey();
    void allOrNothing_data();
    void allOrNothing();
    void wrongTypes_data();
    void wrongTypes();
    void limits_data();
    void limits();
    void appliedOnV3_data();
    void appliedOnV3();
    void otherLanguageNotApplied();
    void wordTimingsOnTheGrapheme();
    void equivalentGraphemesRepeat_data();
    void equivalentGraphemesRepeat();
    void appliedOnEquivalentSpelling();
    void appliedOnV2();
    void appliedOnWebSocket();
    void appliedOnOpenAi();
    void keptAcrossRestart();

private:
    HttpResponse put(const QByteArray &key, const QJsonObject &body);
    HttpResponse putRaw(const QByteArray &key, const QByteArray &body);
    // Seconds of audio of a finished v3 generation (after POST with extra), or -1; the
    // generation's JSON in *done.
    double v3Seconds(const QByteArray &key, const QString &voice, const QJsonObject &extra = {}, QJsonObject *done = nullptr,
                     const QString &text = kText);
    double streamSeconds(const QByteArray &key);
    double openAiSeconds(const QByteArray &key);

    TestServer m_server;
    QByteArray m_alice, m_bob;
};

void TestApiLexicon::initTestCase()
{
    m_alice = m_server.createAccountWithKey("alice", {"--credits", "1000000"});
    m_bob = m_server.createAccountWithKey("bob", {"--credits", "1000000"});
    QVERIFY(!m_alice.isEmpty() && !m_bob.isEmpty());
    QVERIFY2(m_server.start(), m_server.serverLog().constData());
}

void TestApiLexicon::init()
{
    // Every case starts from alice's lexicon of validEntries() and bob's empty one.
    const HttpResponse r = put(m_alice, lexicon(validEntries()));
    QVERIFY2(r.status == 200, r.describe().constData());
    QCOMPARE(m_server.del("/v3/lexicon", m_bob).status, 200);
}

HttpResponse TestApiLexicon::put(const QByteArray &key, const QJsonObject &body)
{
    return putRaw(key, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

HttpResponse TestApiLexicon::putRaw(const QByteArray &key, const QByteArray &body)
{
    HttpRequest r;
    r.method = "PUT";
    r.path = QStringLiteral("/v3/lexicon");
    r.apiKey = key;
    r.body = body;
    r.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    return m_server.request(r);
}

void TestApiLexicon::emptyAtFirst()
{
    const HttpResponse r = m_server.get("/v3/lexicon", m_bob);
    QCOMPARE(r.status, 200);
    QCOMPARE(r.json, lexicon({}));
}

void TestApiLexicon::roundTrip()
{
    const HttpResponse got = m_server.get("/v3/lexicon", m_alice);
    QCOMPARE(got.status, 200);
    QCOMPARE(got.json.value("entries").toArray(), normalized(validEntries()));
    // Another account sees its own (empty) lexicon.
    QCOMPARE(m_server.get("/v3/lexicon", m_bob).json, lexicon({}));

    const QJsonArray other{QJsonObject{{"grapheme", "SQL"}, {"alias", "sequel"}}};
    const HttpResponse replaced = put(m_alice, lexicon(other));
    QCOMPARE(replaced.status, 200);
    QCOMPARE(replaced.json.value("entries").toArray(), normalized(other));
    QCOMPARE(m_server.get("/v3/lexicon", m_alice).json.value("entries").toArray(), normalized(other));

    const HttpResponse deleted = m_server.del("/v3/lexicon", m_alice);
    QCOMPARE(deleted.status, 200);
    QCOMPARE(deleted.json, lexicon({}));
    QCOMPARE(m_server.get("/v3/lexicon", m_alice).json, lexicon({}));
}

void TestApiLexicon::needsKey()
{
    QCOMPARE(m_server.get("/v3/lexicon", {}).status, 401);
    QCOMPARE(put("not-a-key", lexicon({})).status, 401);
    QCOMPARE(m_server.del("/v3/lexicon", {}).status, 401);
    QCOMPARE(m_server.get("/v3/lexicon", m_alice).json.value("entries").toArray().size(), validEntries().size());
}

void TestApiLexicon::allOrNothing_data()
{
    QTest::addColumn<QJsonObject>("bad");
    QTest::addColumn<QString>("field");
    auto withFourth = [](const QJsonObject &entry) {
        QJsonArray entries{QJsonObject{{"grapheme", "one"}, {"alias", "1"}}, QJsonObject{{"grapheme", "two"}, {"alias", "2"}},
                           QJsonObject{{"grapheme", "three"}, {"alias", "3"}}, entry};
        return lexicon(entries);
    };
    QTest::newRow("unknown IPA") << withFourth({{"grapheme", "x"}, {"phoneme", "h€lo"}}) << "entries[3].phoneme";
    QTest::newRow("no grapheme") << withFourth({{"alias", "x"}}) << "entries[3].grapheme";
    QTest::newRow("empty grapheme") << withFourth({{"grapheme", "  "}, {"alias", "x"}}) << "entries[3].grapheme";
    QTest::newRow("grapheme with a leading space") << withFourth({{"grapheme", " SQL"}, {"alias", "x"}}) << "entries[3].grapheme";
    QTest::newRow("grapheme with a trailing space") << withFourth({{"grapheme", "SQL "}, {"alias", "x"}}) << "entries[3].grapheme";
    QTest::newRow("neither alias nor phoneme") << withFourth({{"grapheme", "x"}}) << "entries[3].alias";
    QTest::newRow("other alphabet") << withFourth({{"grapheme", "x"}, {"phoneme", "a"}, {"alphabet", "x-sampa"}})
                                    << "entries[3].alphabet";
    QTest::newRow("bad language") << withFourth({{"grapheme", "x"}, {"alias", "y"}, {"language_code", "Deutsch!"}})
                                  << "entries[3].language_code";
    QTest::newRow("duplicate") << withFourth({{"grapheme", "TWO"}, {"alias", "x"}}) << "entries[3].grapheme";
    QTest::newRow("control character") << withFourth({{"grapheme", "x"}, {"alias", "a\u0001b"}}) << "entries[3].alias";
    QTest::newRow("no entries") << QJsonObject{{"lexicon", QJsonArray{}}} << "entries";
}

// An invalid entry is a 400 naming it, and the lexicon stays as it was.
void TestApiLexicon::allOrNothing()
{
    QFETCH(QJsonObject, bad);
    QFETCH(QString, field);
    const HttpResponse r = put(m_alice, bad);
    QVERIFY2(r.status == 400, r.describe().constData());
    QVERIFY(!r.detail().isEmpty());
    QVERIFY2(r.hasFieldError(field), r.describe().constData());
    QCOMPARE(m_server.get("/v3/lexicon", m_alice).json.value("entries").toArray(), normalized(validEntries()));
}

void TestApiLexicon::wrongTypes_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("field");
    QTest::newRow("entries an object") << QByteArray(R"({"entries":{"grapheme":"x"}})") << 422 << "entries";
    QTest::newRow("entries a string") << QByteArray(R"({"entries":"x"})") << 422 << "entries";
    QTest::newRow("entry a string") << QByteArray(R"({"entries":["x"]})") << 422 << "entries[0]";
    QTest::newRow("grapheme a number") << QByteArray(R"({"entries":[{"grapheme":7,"alias":"seven"}]})") << 422 << "entries[0].grapheme";
    QTest::newRow("alias an array") << QByteArray(R"({"entries":[{"grapheme":"a","alias":["b"]}]})") << 422 << "entries[0].alias";
    QTest::newRow("case_sensitive a string") << QByteArray(R"({"entries":[{"grapheme":"a","alias":"b","case_sensitive":"true"}]})")
                                             << 422 << "entries[0].case_sensitive";
    // An extension's flag is true, false or absent (never null).
    QTest::newRow("case_sensitive null") << QByteArray(R"({"entries":[{"grapheme":"a","alias":"b","case_sensitive":null}]})")
                                         << 422 << "entries[0].case_sensitive";
    QTest::newRow("malformed JSON") << QByteArray(R"({"entries":[)") << 400 << "body";
    QTest::newRow("not an object") << QByteArray(R"([])") << 400 << "body";
}

void TestApiLexicon::wrongTypes()
{
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, field);
    const HttpResponse r = putRaw(m_alice, body);
    QVERIFY2(r.status == status, r.describe().constData());
    QVERIFY2(r.hasFieldError(field), r.describe().constData());
    QCOMPARE(m_server.get("/v3/lexicon", m_alice).json.value("entries").toArray(), normalized(validEntries()));
}

void TestApiLexicon::limits_data()
{
    QTest::addColumn<int>("entries");
    QTest::addColumn<int>("graphemeLength");
    QTest::addColumn<int>("aliasLength");
    QTest::addColumn<int>("phonemeLength");
    QTest::addColumn<QString>("field"); // empty: accepted
    QTest::newRow("500 entries at the limits") << 500 << 100 << 200 << 200 << QString();
    QTest::newRow("501 entries") << 501 << 10 << 10 << 10 << "entries";
    QTest::newRow("grapheme of 101") << 1 << 101 << 10 << 10 << "entries[0].grapheme";
    QTest::newRow("alias of 201") << 1 << 10 << 201 << 10 << "entries[0].alias";
    QTest::newRow("phoneme of 201") << 1 << 10 << 10 << 201 << "entries[0].phoneme";
}

void TestApiLexicon::limits()
{
    QFETCH(int, entries);
    QFETCH(int, graphemeLength);
    QFETCH(int, aliasLength);
    QFETCH(int, phonemeLength);
    QFETCH(QString, field);
    QJsonArray list;
    for (int i = 0; i < entries; ++i) {
        // Distinct graphemes of the wanted length: a number, then letters (code points).
        QString g = QString::number(i) + u'w';
        g += QString(qMax(0, graphemeLength - int(g.size())), u'ä');
        list.append(QJsonObject{{"grapheme", g}, {"alias", QString(aliasLength, u'b')}, {"phoneme", QString(phonemeLength, u'ə')}});
    }
    const HttpResponse r = put(m_alice, lexicon(list));
    if (field.isEmpty()) {
        QVERIFY2(r.status == 200, r.describe().constData());
        QCOMPARE(m_server.get("/v3/lexicon", m_alice).json.value("entries").toArray().size(), entries);
    } else {
        QVERIFY2(r.status == 400, r.describe().constData());
        QVERIFY2(r.hasFieldError(field), r.describe().constData());
        QCOMPARE(m_server.get("/v3/lexicon", m_alice).json.value("entries").toArray(), normalized(validEntries()));
    }
}

double TestApiLexicon::v3Seconds(const QByteArray &key, const QString &voice, const QJsonObject &extra, QJsonObject *done,
                                 const QString &text)
{
    const HttpResponse created = m_server.createGeneration(key, text, voice, extra);
    if (created.status != 201) {
        qWarning("%s", created.describe().constData());
        return -1;
    }
    const HttpResponse finished = m_server.waitForCompleted(key, created.json.value("generation_id").toString(), 120000);
    if (finished.json.value("status").toString() != QLatin1String("COMPLETED")) {
        qWarning("%s", finished.describe().constData());
        return -1;
    }
    if (done)
        *done = finished.json;
    return wavSeconds(m_server.get(finished.json.value("audio_url").toString(), {}).body);
}

void TestApiLexicon::appliedOnV3_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QJsonObject>("extra");
    QTest::addColumn<QJsonObject>("entry");
    QTest::newRow("alias, flite") << "af_sarah" << QJsonObject{} << QJsonObject{{"grapheme", "qxz"}, {"alias", kAlias}};
    QTest::newRow("ipa, flite") << "am_michael" << QJsonObject{} << QJsonObject{{"grapheme", "QXZ"}, {"phoneme", kIpa}};
    QTest::newRow("ipa, espeak-ng") << "aria" << QJsonObject{{"model", "advanced"}, {"language_code", "es"}}
                                    << QJsonObject{{"grapheme", "QXZ"}, {"phoneme", kIpa}, {"alphabet", "ipa"}};
}

// The same text is much longer for alice (her entry is said) than for bob (no lexicon);
// both are billed for the text as sent.
void TestApiLexicon::appliedOnV3()
{
    QFETCH(QString, voice);
    QFETCH(QJsonObject, extra);
    QFETCH(QJsonObject, entry);
    QCOMPARE(put(m_alice, lexicon({entry})).status, 200);
    QJsonObject aliceDone, bobDone;
    const double alice = v3Seconds(m_alice, voice, extra, &aliceDone);
    const double bob = v3Seconds(m_bob, voice, extra, &bobDone);
    qInfo("%s: alice %.2f s, bob %.2f s", qPrintable(voice), alice, bob);
    QVERIFY(alice > 0 && bob > 0);
    QVERIFY2(alice > bob + 0.8, "alice's entry is said, bob's audio has none");
    QCOMPARE(aliceDone.value("tokens").toInt(), int(kText.toUcs4().size()));
    QCOMPARE(aliceDone.value("tokens"), bobDone.value("tokens"));
    QCOMPARE(aliceDone.value("input_text").toString(), kText);
}

void TestApiLexicon::otherLanguageNotApplied()
{
    QCOMPARE(put(m_alice, lexicon({QJsonObject{{"grapheme", "QXZ"}, {"alias", kAlias}, {"language_code", "de"}}})).status, 200);
    const double alice = v3Seconds(m_alice, "af_sarah");
    const double bob = v3Seconds(m_bob, "af_sarah");
    QVERIFY(alice > 0 && bob > 0);
    QVERIFY2(qAbs(alice - bob) < 0.4, qPrintable(QStringLiteral("alice %1 s, bob %2 s").arg(alice).arg(bob)));
}

// The captions' word for QXZ is "QXZ." at its place in the input, and lasts as long as
// the alias said for it.
void TestApiLexicon::wordTimingsOnTheGrapheme()
{
    QJsonObject done;
    QVERIFY(v3Seconds(m_alice, "am_michael", {{"timestamps", true}}, &done) > 0);
    const HttpResponse captions = m_server.get(done.value("captions_url").toString(), {});
    QCOMPARE(captions.status, 200);
    const QJsonArray words = captions.json.value("words").toArray();
    QCOMPARE(words.size(), 4);
    const QJsonObject qxz = words.at(3).toObject();
    QCOMPARE(qxz.value("word").toString(), QStringLiteral("QXZ."));
    QCOMPARE(qxz.value("char_start").toInt(), int(kText.indexOf("QXZ")));
    QCOMPARE(qxz.value("char_end").toInt(), int(kText.size()));
    const double said = qxz.value("end").toDouble() - qxz.value("start").toDouble();
    QVERIFY2(said > 1.5, qPrintable(QStringLiteral("QXZ lasts %1 s").arg(said)));
}

// Graphemes that differ only in Unicode normalization (or, without case sensitivity, in
// full case folding and compatibility forms) are one grapheme: the second is the
// duplicate 400, and the stored lexicon stays as it was.
void TestApiLexicon::equivalentGraphemesRepeat_data()
{
    QTest::addColumn<QJsonObject>("first");
    QTest::addColumn<QJsonObject>("second");
    QTest::addColumn<bool>("repeats");
    const QString nfc = QStringLiteral("Caf\u00e9"), nfd = QStringLiteral("Cafe\u0301");
    QTest::newRow("NFC, NFD") << QJsonObject{{"grapheme", nfc}, {"alias", "a"}} << QJsonObject{{"grapheme", nfd}, {"alias", "b"}}
                              << true;
    QTest::newRow("NFD, NFC, case-sensitive") << QJsonObject{{"grapheme", nfd}, {"alias", "a"}, {"case_sensitive", true}}
                                              << QJsonObject{{"grapheme", nfc}, {"alias", "b"}, {"case_sensitive", true}} << true;
    QTest::newRow("sharp s, SS") << QJsonObject{{"grapheme", QStringLiteral("stra\u00dfe")}, {"alias", "a"}}
                                 << QJsonObject{{"grapheme", "STRASSE"}, {"alias", "b"}} << true;
    QTest::newRow("fullwidth") << QJsonObject{{"grapheme", "NASA"}, {"alias", "a"}}
                               << QJsonObject{{"grapheme", QStringLiteral("\uff2e\uff21\uff33\uff21")}, {"alias", "b"}} << true;
    QTest::newRow("sharp s, SS, case-sensitive: two")
        << QJsonObject{{"grapheme", QStringLiteral("Stra\u00dfe")}, {"alias", "a"}, {"case_sensitive", true}}
        << QJsonObject{{"grapheme", "STRASSE"}, {"alias", "b"}, {"case_sensitive", true}} << false;
    QTest::newRow("fullwidth, case-sensitive: two")
        << QJsonObject{{"grapheme", "NASA"}, {"alias", "a"}, {"case_sensitive", true}}
        << QJsonObject{{"grapheme", QStringLiteral("\uff2e\uff21\uff33\uff21")}, {"alias", "b"}, {"case_sensitive", true}} << false;
}

void TestApiLexicon::equivalentGraphemesRepeat()
{
    QFETCH(QJsonObject, first);
    QFETCH(QJsonObject, second);
    QFETCH(bool, repeats);
    const HttpResponse r = put(m_alice, lexicon({first, second}));
    if (!repeats) {
        QVERIFY2(r.status == 200, r.describe().constData());
        // Stored as written: the text of each grapheme is not rewritten.
        QCOMPARE(r.json.value("entries").toArray(), normalized({first, second}));
        return;
    }
    QVERIFY2(r.status == 400, r.describe().constData());
    QVERIFY2(r.hasFieldError("entries[1].grapheme"), r.describe().constData());
    QCOMPARE(m_server.get("/v3/lexicon", m_alice).json.value("entries").toArray(), normalized(validEntries()));
}

// An entry written precomposed (NFC) is said for the word sent decomposed (NFD), and the
// captions' word is that word at its place in the text as sent (code points of the NFD).
void TestApiLexicon::appliedOnEquivalentSpelling()
{
    const QString text = QStringLiteral("The cafe\u0301 is open.");
    QCOMPARE(put(m_alice, lexicon({QJsonObject{{"grapheme", QStringLiteral("CAF\u00c9")}, {"alias", kAlias}}})).status, 200);
    QJsonObject done;
    const double alice = v3Seconds(m_alice, "am_michael", {{"timestamps", true}}, &done, text);
    const double bob = v3Seconds(m_bob, "am_michael", {}, nullptr, text);
    QVERIFY(alice > 0 && bob > 0);
    QVERIFY2(alice > bob + 0.8, qPrintable(QStringLiteral("alice %1 s, bob %2 s").arg(alice).arg(bob)));
    QCOMPARE(done.value("input_text").toString(), text);
    QCOMPARE(done.value("tokens").toInt(), int(text.toUcs4().size()));
    const HttpResponse captions = m_server.get(done.value("captions_url").toString(), {});
    QCOMPARE(captions.status, 200);
    const QJsonArray words = captions.json.value("words").toArray();
    QCOMPARE(words.size(), 4);
    const QJsonObject cafe = words.at(1).toObject();
    QCOMPARE(cafe.value("word").toString(), QStringLiteral("cafe\u0301"));
    QCOMPARE(cafe.value("char_start").toInt(), 4);
    QCOMPARE(cafe.value("char_end").toInt(), 9);
    const double said = cafe.value("end").toDouble() - cafe.value("start").toDouble();
    QVERIFY2(said > 1.5, qPrintable(QStringLiteral("the cafe lasts %1 s").arg(said)));
}

void TestApiLexicon::appliedOnV2()
{
    auto v2Seconds = [&](const QByteArray &key) -> double {
        // v2 wants at least 30 characters.
        const HttpResponse created = m_server.post("/v2/tts", key, {{"text", kText + QStringLiteral(" Thank you very much.")}, {"voice", "af_sarah"}});
        if (created.status != 201) {
            qWarning("%s", created.describe().constData());
            return -1;
        }
        const HttpResponse done = m_server.waitForCompleted(key, created.json.value("generation_id").toString(), 120000);
        const HttpResponse audio = m_server.get(done.json.value("audio_url").toString(), {});
        if (wavSeconds(audio.body) < 0)
            qWarning("%s / %s", done.describe().constData(), audio.describe().constData());
        return wavSeconds(audio.body);
    };
    const double alice = v2Seconds(m_alice), bob = v2Seconds(m_bob);
    qInfo("v2: alice %.2f s, bob %.2f s", alice, bob);
    QVERIFY(alice > 0 && bob > 0);
    QVERIFY(alice > bob + 0.8);
}

double TestApiLexicon::streamSeconds(const QByteArray &key)
{
    QWebSocket ws;
    const QUrl url = m_server.streamUrl(key);
    qint64 samples = 0;
    bool completed = false;
    connect(&ws, &QWebSocket::binaryMessageReceived, &ws, [&](const QByteArray &b) { samples += b.size() / 4; });
    connect(&ws, &QWebSocket::textMessageReceived, &ws, [&](const QString &m) {
        completed = completed || QJsonDocument::fromJson(m.toUtf8()).object().value("type") == QLatin1String("completed");
    });
    QSignalSpy connected(&ws, &QWebSocket::connected);
    QSignalSpy closed(&ws, &QWebSocket::disconnected);
    ws.open(url);
    if (!connected.wait(10000))
        return -1;
    ws.sendTextMessage(QString::fromUtf8(
        QJsonDocument(QJsonObject{{"text", kText}, {"voice_id", "af_sarah"}}).toJson(QJsonDocument::Compact)));
    if (!closed.wait(60000) || !completed)
        return -1;
    return double(samples) / 24000.0;
}

void TestApiLexicon::appliedOnWebSocket()
{
    // Twice for alice: the first stream may start without her lexicon and start over
    // with the store's plan, the second starts from the lexicon this process already
    // knows; both must say the alias.
    const double first = streamSeconds(m_alice), second = streamSeconds(m_alice), bob = streamSeconds(m_bob);
    qInfo("stream: alice %.2f / %.2f s, bob %.2f s", first, second, bob);
    QVERIFY(first > 0 && second > 0 && bob > 0);
    QVERIFY(first > bob + 0.8);
    QVERIFY(second > bob + 0.8);
    // A lexicon changed between streams is said at once.
    QCOMPARE(m_server.del("/v3/lexicon", m_alice).status, 200);
    const double after = streamSeconds(m_alice);
    QVERIFY2(qAbs(after - bob) < 0.4, qPrintable(QStringLiteral("after DELETE %1 s, bob %2 s").arg(after).arg(bob)));
}

double TestApiLexicon::openAiSeconds(const QByteArray &key)
{
    HttpRequest r;
    r.method = "POST";
    r.path = QStringLiteral("/v1/audio/speech");
    r.apiKeyHeader = "Authorization";
    r.apiKey = "Bearer " + key;
    r.body = QJsonDocument(QJsonObject{{"input", kText}, {"voice", "alloy"}, {"model", "tts-1"}, {"response_format", "pcm"}})
                 .toJson(QJsonDocument::Compact);
    r.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    const HttpResponse resp = m_server.request(r, 60000);
    return resp.status == 200 ? double(resp.body.size()) / 2.0 / 24000.0 : -1;
}

void TestApiLexicon::appliedOnOpenAi()
{
    const double alice = openAiSeconds(m_alice), bob = openAiSeconds(m_bob);
    qInfo("/v1: alice %.2f s, bob %.2f s", alice, bob);
    QVERIFY(alice > 0 && bob > 0);
    QVERIFY(alice > bob + 0.8);
}

// The lexicon is in the store: after a restart GET answers it, and the first stream of
// a process that has not read it yet still says the alias (it starts over with the
// store's plan).
void TestApiLexicon::keptAcrossRestart()
{
    QVERIFY(m_server.stop());
    {
        // Each generation keeps the matches it was made with (its stored plan), so a job
        // re-run after a crash says what it would have said: alice's have them, bob's not.
        StoreReader db(m_server.databasePath());
        QVERIFY2(db.isOpen(), qPrintable(db.lastError()));
        const QString count = QStringLiteral("SELECT COUNT(*) FROM generations g JOIN accounts a ON a.id = g.account_id "
                                             "WHERE a.name = ? AND g.synthesis LIKE ?");
        QVERIFY(db.scalar(count, {"alice", "%\"pronunciations\"%quick brown fox%"}).toInt() > 0);
        QCOMPARE(db.scalar(count, {"bob", "%\"pronunciations\"%"}).toInt(), 0);
        QVERIFY(db.scalar(QStringLiteral("SELECT COUNT(*) FROM generations g JOIN accounts a ON a.id = g.account_id WHERE a.name = ?"),
                          {"bob"}).toInt() > 0);
    }
    QVERIFY2(m_server.restart(), m_server.serverLog().constData());
    const double alice = streamSeconds(m_alice), bob = streamSeconds(m_bob);
    qInfo("after restart: alice %.2f s, bob %.2f s", alice, bob);
    QVERIFY(alice > 0 && bob > 0);
    QVERIFY(alice > bob + 0.8);
    QCOMPARE(m_server.get("/v3/lexicon", m_alice).json.value("entries").toArray(), normalized(validEntries()));
}

QTEST_GUILESS_MAIN(TestApiLexicon)
#include "tst_api_lexicon.moc"
