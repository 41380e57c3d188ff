// SSML (docs/api.md "SSML") against the real server on port 0: a malformed document is
// a 400 naming its line and column through every door (v3 REST, v2, the WebSocket
// stream, /v1/audio/speech) with no generation created and nothing charged; a good one
// is billed for the code points of what it says, not for its markup; its captions point
// into the markup the caller sent; `say` speaks it (a break is silence in the file).
#include "testserver.h"
#include "textdoors.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <cmath>

namespace
{
// The longest run of samples under -50 dBFS, in ms of 24 kHz audio.
double longestSilenceMs(const std::vector<float> &x)
{
    size_t best = 0, run = 0;
    for (const float v : x) {
        run = std::abs(v) < 0.0032f ? run + 1 : 0;
        best = std::max(best, run);
    }
    return double(best) * 1000.0 / 24000.0;
}

const QString kAccount = QStringLiteral("ssml");

QByteArray literal(const QString &text)
{
    return QJsonDocument(QJsonObject{{"t", text}}).toJson(QJsonDocument::Compact).mid(5).chopped(1);
}

// A document whose billed text is known: markup, a break, an alias, an entity, a
// say-as number (billed as written) and characters beyond the BMP.
const QString kDocument = QStringLiteral(
    "<speak version=\"1.1\" xml:lang=\"en-US\">\n"
    "  <p>Hello <break time=\"300ms\"/><sub alias=\"World Wide Web\">WWW</sub> &amp; "
    "<prosody rate=\"slow\" volume=\"loud\">more</prosody> \U0001F600.</p>\n"
    "  <p>Call <say-as interpret-as=\"telephone\">555-1234</say-as>!</p>\n"
    "</speak>");
const QString kBilled = QStringLiteral("Hello World Wide Web & more \U0001F600. Call 555-1234!");
}

class ApiSsmlTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void malformedRefusedEverywhere_data();
    void malformedRefusedEverywhere();
    void tokensAreTheSpokenText();
    void webSocketTokensAndAudio();
    void openAiRouteSpeaksSsml();
    void captionsPointIntoTheMarkup();
    void saySpeaksSsml();
    void lexiconAppliesToTheText();
    // What a billed token may say, and SSML values read strictly.
    void amplificationRefusedEverywhere_data();
    void amplificationRefusedEverywhere();
    void legitimateUsesStillSpoken();
    void lenientValuesRefusedEverywhere_data();
    void lenientValuesRefusedEverywhere();
    void declarationAndByteOrderMarkAreSsml();
    void v2MinimumCountsTheSpokenText();

private:
    double secondsOf(const QString &text);
    using Answer = DoorAnswer;
    Answer send(const QString &door, const QByteArray &textJson, const QByteArray &key = {});
    // send() that must be refused with 400 on `text` (`input` on /v1), its detail holding
    // mentions, with nothing created and nothing charged on account's balance.
    void expectRefused(const QString &door, const QString &text, const QString &mentions, const QString &account,
                       const QByteArray &key);

    TestServer m_server;
    QByteArray m_key;
    QByteArray m_lexiconKey; // an account whose lexicon says a letter as 200 digits
};

void ApiSsmlTest::initTestCase()
{
    m_key = m_server.createAccountWithKey(kAccount, {"--plan", "pro", "--credits", "10000000", "--wallet", "5"});
    QVERIFY(!m_key.isEmpty());
    m_lexiconKey = m_server.createAccountWithKey(QStringLiteral("ssml-lexicon"), {"--plan", "pro", "--credits", "100000"});
    QVERIFY(!m_lexiconKey.isEmpty());
    QVERIFY2(m_server.start(), m_server.serverLog().constData());
    const QString digits200 = QStringLiteral("0123456789").repeated(20);
    const HttpResponse put = m_server.request(
        {"PUT", "/v3/lexicon", m_lexiconKey,
         QJsonDocument(QJsonObject{{"entries", QJsonArray{QJsonObject{{"grapheme", "Q"}, {"alias", digits200}},
                                                          QJsonObject{{"grapheme", "NASA"},
                                                                      {"alias", "National Aeronautics and Space Administration"}}}}})
             .toJson(QJsonDocument::Compact),
         {{"Content-Type", "application/json"}}});
    QVERIFY2(put.status == 200, put.describe().constData());
}

void ApiSsmlTest::cleanupTestCase()
{
    QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
}

ApiSsmlTest::Answer ApiSsmlTest::send(const QString &door, const QByteArray &textJson, const QByteArray &keyOrEmpty)
{
    return sendThroughDoor(m_server, door, textJson, keyOrEmpty.isEmpty() ? m_key : keyOrEmpty);
}

void ApiSsmlTest::malformedRefusedEverywhere_data()
{
    QTest::addColumn<QString>("door");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("where"); // "line L, column C"
    struct Case
    {
        const char *name;
        QString text;
        const char *where;
    };
    const QList<Case> cases = {
        {"unclosed", QStringLiteral("<speak>Hello there, this is long enough"), "line 1, column 39"},
        {"mismatched tag", QStringLiteral("<speak>\n  <p>Hello there, friends.</speak>"), "line 2, column 34"},
        {"bad break time", QStringLiteral("<speak>Hello there,\n  friends <break time=\"soon\"/> again.</speak>"),
         "line 2, column 11"},
        {"undeclared entity", QStringLiteral("<speak>Hello&nbsp;there, my friends.</speak>"), "line 1, column 18"},
        {"too deep", QStringLiteral("<speak>Hello there, friends. ") + QStringLiteral("<s>").repeated(120) + u'x'
                         + QStringLiteral("</s>").repeated(120) + QStringLiteral("</speak>"),
         "line 1, column 327"},
        // A reference to a character no text may hold is refused like the character.
        {"noncharacter reference", QStringLiteral("<speak>Hello there, my friends &#xFDD0;.</speak>"), "line 1, column 32"},
        {"DOCTYPE", QStringLiteral("<?xml version=\"1.0\"?>\n<!DOCTYPE speak [<!ENTITY a \"Hello there\">]>"
                                   "<speak>&a;, my friends.</speak>"),
         "line 2, column 1"},
    };
    for (const char *door : {"v3", "v2", "ws", "v1"})
        for (const Case &c : cases)
            QTest::addRow("%s: %s", door, c.name) << QString::fromLatin1(door) << c.text << QString::fromLatin1(c.where);
}

void ApiSsmlTest::malformedRefusedEverywhere()
{
    QFETCH(QString, door);
    QFETCH(QString, text);
    QFETCH(QString, where);
    const Balance before = m_server.balance(kAccount);
    const qsizetype rows = m_server.history(m_key, QStringLiteral("include_previews=true")).size();

    const Answer a = send(door, literal(text));
    QVERIFY2(a.status == 400, a.raw.left(400).constData());
    QVERIFY2(a.detail.contains(QStringLiteral("SSML")) && a.detail.contains(where), qPrintable(a.detail));
    QVERIFY2(a.fields.contains(door == QLatin1String("v1") ? QStringLiteral("input") : QStringLiteral("text")),
             qPrintable(a.fields.join(',')));

    QCOMPARE(m_server.balance(kAccount), before);
    QCOMPARE(m_server.history(m_key, QStringLiteral("include_previews=true")).size(), rows);
}

void ApiSsmlTest::tokensAreTheSpokenText()
{
    const qint64 tokens = kBilled.toUcs4().size();
    QCOMPARE(tokens, 45); // the rule, spelled out: 44 BMP characters and one emoji
    const Balance before = m_server.balance(kAccount);
    const HttpResponse created = m_server.createGeneration(m_key, kDocument);
    QVERIFY2(created.status == 201, created.describe().constData());
    QCOMPARE(created.json.value("tokens").toInteger(), tokens);
    const QString id = created.json.value("generation_id").toString();
    const HttpResponse done = m_server.waitForCompleted(m_key, id);
    QCOMPARE(done.json.value("status").toString(), QStringLiteral("COMPLETED"));
    QCOMPARE(done.json.value("tokens").toInteger(), tokens);
    QCOMPARE(done.json.value("input_text").toString(), kDocument); // stored as sent
    const Balance after = m_server.balance(kAccount);
    QCOMPARE(before.credits - after.credits, tokens * ApiCheck::creditsPerToken("base"));

    // The audio holds the speech and the break: longer than the same words without markup
    // would be less the pause is not checked here (tst_ssmlspeech measures it); it is WAV.
    const HttpResponse audio = m_server.get(done.json.value("audio_url").toString(), {});
    QCOMPARE(audio.status, 200);
    const ApiCheck::WavInfo wav = ApiCheck::parseWav(audio.body);
    QVERIFY2(wav.ok, qPrintable(wav.error));
    QVERIFY(wav.pcm.size() / 2 > 24000 * 2);

    // v2 bills the same way (its status carries no tokens: the balance says it).
    const Balance beforeV2 = m_server.balance(kAccount);
    HttpRequest r{"POST", "/v2/tts", m_key, "{\"text\":" + literal(kDocument) + ",\"voice\":\"af_sarah\"}",
                  {{"Content-Type", "application/json"}}};
    const HttpResponse v2 = m_server.request(r);
    QVERIFY2(v2.status == 200 || v2.status == 201, v2.describe().constData());
    QCOMPARE(beforeV2.credits - m_server.balance(kAccount).credits, tokens * ApiCheck::creditsPerToken("base"));
}

void ApiSsmlTest::webSocketTokensAndAudio()
{
    const Answer plain = send(QStringLiteral("ws"), literal(QStringLiteral("<speak>One. Two.</speak>")));
    QCOMPARE(plain.status, 200);
    QCOMPARE(plain.completed.value("tokens").toInteger(), qint64(9)); // "One. Two."
    const Answer paused = send(QStringLiteral("ws"), literal(QStringLiteral("<speak>One.<break time=\"2s\"/>Two.</speak>")));
    QCOMPARE(paused.status, 200);
    QCOMPARE(paused.completed.value("tokens").toInteger(), qint64(9)); // a break costs nothing
    // The two-second break is in the stream, in place of the sentence pause.
    QVERIFY2(longestSilenceMs(plain.audio) < 1000, qPrintable(QString::number(longestSilenceMs(plain.audio))));
    const double ms = longestSilenceMs(paused.audio);
    QVERIFY2(std::abs(ms - 2000.0) <= 30.0, qPrintable(QString::number(ms)));
}

void ApiSsmlTest::openAiRouteSpeaksSsml()
{
    const Answer a = send(QStringLiteral("v1"), literal(QStringLiteral("<speak>Hello <break time=\"1s\"/> world.</speak>")));
    QCOMPARE(a.status, 200);
    // A streamed WAV (its sizes unknown when the header left): the samples after it.
    QVERIFY(a.raw.startsWith("RIFF"));
    const auto *pcm = reinterpret_cast<const qint16 *>(a.raw.constData() + 44);
    std::vector<float> audio;
    for (qsizetype i = 0; i < (a.raw.size() - 44) / 2; ++i)
        audio.push_back(float(pcm[i]) / 32768.0f);
    const double ms = longestSilenceMs(audio);
    QVERIFY2(std::abs(ms - 1000.0) <= 30.0, qPrintable(QString::number(ms)));
}

void ApiSsmlTest::captionsPointIntoTheMarkup()
{
    const QString doc = QStringLiteral(
        "<speak>Good <emphasis>morning</emphasis>, <sub alias=\"doctor\">Dr.</sub> Smith."
        "<break time=\"500ms\"/>Welcome <say-as interpret-as=\"cardinal\">42</say-as> times!</speak>");
    const HttpResponse created = m_server.createGeneration(m_key, doc, QStringLiteral("af_sarah"), {{"timestamps", true}});
    QVERIFY2(created.status == 201, created.describe().constData());
    const HttpResponse done = m_server.waitForCompleted(m_key, created.json.value("generation_id").toString());
    QCOMPARE(done.json.value("status").toString(), QStringLiteral("COMPLETED"));
    const HttpResponse captions = m_server.get(done.json.value("captions_url").toString(), {});
    QCOMPARE(captions.status, 200);
    const QList<uint> input = doc.toUcs4();
    QStringList words;
    double smithEnd = 0, welcomeStart = 0;
    for (const QJsonValue &v : captions.json.value("words").toArray()) {
        const QJsonObject w = v.toObject();
        const int cs = w.value("char_start").toInt(), ce = w.value("char_end").toInt();
        QVERIFY(cs >= 0 && ce > cs && ce <= input.size());
        const QString span = QString::fromUcs4(reinterpret_cast<const char32_t *>(input.constData() + cs), ce - cs);
        QCOMPARE(w.value("word").toString(), span);
        QVERIFY2(!span.contains(u'<') && !span.contains(u'>'), qPrintable(span));
        words << span;
        if (span == QLatin1String("Smith."))
            smithEnd = w.value("end").toDouble();
        if (span == QLatin1String("Welcome"))
            welcomeStart = w.value("start").toDouble();
    }
    QCOMPARE(words, (QStringList{"Good", "morning", "Dr.", "Smith.", "Welcome", "42", "times!"}));
    QVERIFY2(welcomeStart - smithEnd >= 0.45, qPrintable(QStringLiteral("%1 -> %2").arg(smithEnd).arg(welcomeStart)));
}

void ApiSsmlTest::saySpeaksSsml()
{
    const QString out = QDir(m_server.dataDir()).filePath("ssml.wav");
    const auto ok = m_server.cli({"say", "<speak>Left.<break time=\"1500ms\"/>Right.</speak>", "--voice", "af_sarah", "-o", out});
    QVERIFY2(ok.exitCode == 0, qPrintable(ok.err));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const ApiCheck::WavInfo wav = ApiCheck::parseWav(f.readAll());
    QVERIFY2(wav.ok, qPrintable(wav.error));
    // The longest run of near-silence (|x| < -50 dBFS) is the break.
    const auto *pcm = reinterpret_cast<const qint16 *>(wav.pcm.constData());
    const qsizetype n = wav.pcm.size() / 2;
    qsizetype best = 0, run = 0;
    for (qsizetype i = 0; i < n; ++i) {
        run = std::abs(int(pcm[i])) < 104 ? run + 1 : 0;
        best = qMax(best, run);
    }
    const double ms = double(best) * 1000.0 / 24000.0;
    qInfo("say: 1500 ms break -> %.0f ms of silence", ms);
    QVERIFY2(std::abs(ms - 1500.0) <= 30.0, qPrintable(QString::number(ms)));

    const auto bad = m_server.cli({"say", "<speak>Left.<break time=\"1500\"/></speak>", "--voice", "af_sarah", "-o", out});
    QCOMPARE(bad.exitCode, 2);
    QVERIFY2(bad.err.contains(QStringLiteral("line 1, column 13")), qPrintable(bad.err));
}

double ApiSsmlTest::secondsOf(const QString &text)
{
    const HttpResponse created = m_server.createGeneration(m_key, text, QStringLiteral("af_sarah"), {{"audio_format", "wav"}});
    if (created.status != 201)
        return -1;
    const HttpResponse done = m_server.waitForCompleted(m_key, created.json.value("generation_id").toString());
    const ApiCheck::WavInfo wav = ApiCheck::parseWav(m_server.get(done.json.value("audio_url").toString(), {}).body);
    return wav.ok ? double(wav.pcm.size()) / 2.0 / 24000.0 : -1;
}

void ApiSsmlTest::lexiconAppliesToTheText()
{
    // The account's lexicon is said on the document's words, never on its markup, and
    // does not change its tokens.
    const QString doc = QStringLiteral("<speak>I say <emphasis>QXZ</emphasis> now.</speak>");
    const double without = secondsOf(doc);
    const HttpResponse put = m_server.request(
        {"PUT", "/v3/lexicon", m_key,
         "{\"entries\":[{\"grapheme\":\"QXZ\",\"alias\":\"seven hundred and seventy seven thousand\"},"
         "{\"grapheme\":\"emphasis\",\"alias\":\"a very long alias that must never be heard at all\"}]}",
         {{"Content-Type", "application/json"}}});
    QVERIFY2(put.status == 200, put.describe().constData());
    const double with = secondsOf(doc);
    const HttpResponse created = m_server.createGeneration(m_key, doc);
    QCOMPARE(created.json.value("tokens").toInteger(), qint64(QStringLiteral("I say QXZ now.").size()));
    QCOMPARE(m_server.del("/v3/lexicon", m_key).status, 200);
    qInfo("lexicon on SSML: %.2f s without, %.2f s with", without, with);
    QVERIFY(without > 0 && with > 0);
    // The alias on QXZ adds about a second and a half; one on the tag would add as much again.
    QVERIFY2(with > without + 0.8 && with < without + 2.5, qPrintable(QStringLiteral("%1 -> %2").arg(without).arg(with)));
}

void ApiSsmlTest::expectRefused(const QString &door, const QString &text, const QString &mentions, const QString &account,
                                const QByteArray &key)
{
    const Balance before = m_server.balance(account);
    const qsizetype rows = m_server.history(key, QStringLiteral("include_previews=true")).size();
    const Answer a = send(door, literal(text), key);
    QVERIFY2(a.status == 400, a.raw.left(400).constData());
    QVERIFY2(a.detail.contains(mentions), qPrintable(a.detail));
    QVERIFY2(a.fields.contains(door == QLatin1String("v1") ? QStringLiteral("input") : QStringLiteral("text")),
             qPrintable(a.fields.join(',')));
    QCOMPARE(m_server.balance(account), before);
    QCOMPARE(m_server.history(key, QStringLiteral("include_previews=true")).size(), rows);
}

void ApiSsmlTest::amplificationRefusedEverywhere_data()
{
    // What a billed token may make: at most 10 s of breaks plus 1 s per 10 tokens, and
    // 20 characters said per token plus 200 (docs/api.md). Texts that would say more
    // are refused before anything is created, on every door.
    QTest::addColumn<QString>("door");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("mentions");
    QTest::addColumn<bool>("lexicon"); // sent by the account whose lexicon says Q as 200 digits
    const QString tenSeconds = QStringLiteral("<break time=\"10s\"/>");
    const QString breaks = QStringLiteral("<speak>a") + tenSeconds.repeated(60) + QStringLiteral("</speak>");
    // v2 wants 30 characters said: the same with a sentence.
    const QString breaksV2 = QStringLiteral("<speak>This sentence is long enough for v2.") + tenSeconds.repeated(60)
                             + QStringLiteral("</speak>");
    const QString phonemes = QStringLiteral("<speak>Thirty characters said for the v2 door. ")
                             + QStringLiteral("<phoneme ph=\"%1\">a</phoneme> ").arg(QStringLiteral("ta").repeated(100)).repeated(20)
                             + QStringLiteral("</speak>");
    for (const char *d : {"v3", "v2", "ws", "v1"}) {
        const QString door = QString::fromLatin1(d);
        const bool v2 = door == QLatin1String("v2");
        QTest::addRow("%s: 60 breaks of 10 s", d) << door << (v2 ? breaksV2 : breaks) << "breaks add up" << false;
        QTest::addRow("%s: lexicon alias of 200 digits", d)
            << door << (v2 ? QStringLiteral("The code word for today is: Q.") : QStringLiteral("Q")) << "per token" << true;
        QTest::addRow("%s: lexicon alias in SSML", d)
            << door << QStringLiteral("<speak>The code word for today is: <emphasis>Q</emphasis>.</speak>") << "per token" << true;
        QTest::addRow("%s: long phonemes on a letter", d) << door << phonemes << "per token" << false;
    }
}

void ApiSsmlTest::amplificationRefusedEverywhere()
{
    QFETCH(QString, door);
    QFETCH(QString, text);
    QFETCH(QString, mentions);
    QFETCH(bool, lexicon);
    expectRefused(door, text, mentions, lexicon ? QStringLiteral("ssml-lexicon") : kAccount, lexicon ? m_lexiconKey : m_key);
}

void ApiSsmlTest::legitimateUsesStillSpoken()
{
    // An alias that says more than its letters, money, a phone number and a few pauses.
    const QString doc = QStringLiteral(
        "<speak>NASA spent 1,250.50 € on it.<break time=\"3s\"/>Call <say-as interpret-as=\"telephone\">"
        "+1 555-123-4567</say-as>.<break time=\"500ms\"/>Thanks!<break time=\"2s\"/></speak>");
    const QList<std::pair<QString, QString>> cases = {
        {doc, QStringLiteral("NASA spent 1,250.50 € on it. Call +1 555-123-4567. Thanks!")},
        {QStringLiteral("NASA spent 1,250.50 € on it."), QStringLiteral("NASA spent 1,250.50 € on it.")},
    };
    for (const auto &[text, billed] : cases) {
        const Balance before = m_server.balance(QStringLiteral("ssml-lexicon"));
        const HttpResponse created = m_server.createGeneration(m_lexiconKey, text);
        QVERIFY2(created.status == 201, created.describe().constData());
        const qint64 tokens = created.json.value("tokens").toInteger();
        QCOMPARE(tokens, qint64(billed.toUcs4().size()));
        const HttpResponse done = m_server.waitForCompleted(m_lexiconKey, created.json.value("generation_id").toString());
        QCOMPARE(done.json.value("status").toString(), QStringLiteral("COMPLETED"));
        QCOMPARE(before.credits - m_server.balance(QStringLiteral("ssml-lexicon")).credits, tokens);
    }
}

void ApiSsmlTest::lenientValuesRefusedEverywhere_data()
{
    // Values SSML writes strictly, refused (with where) instead of read past.
    QTest::addColumn<QString>("door");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("where");
    const QList<std::pair<const char *, QString>> cases = {
        {"empty time", QStringLiteral("<break time=\"\"/>")},
        {"spaced time", QStringLiteral("<break time=\" 1s \"/>")},
        {"negative time", QStringLiteral("<break time=\"-1s\"/>")},
        {"exponent", QStringLiteral("<break time=\"1e3ms\"/>")},
        {"NaN", QStringLiteral("<break time=\"NaNs\"/>")},
        {"pitch -1000st", QStringLiteral("<prosody pitch=\"-1000st\">there</prosody>")},
        {"rate -99%", QStringLiteral("<prosody rate=\"-99%\">there</prosody>")},
        {"volume -99.99%", QStringLiteral("<prosody volume=\"-99.99%\">there</prosody>")},
    };
    for (const char *door : {"v3", "v2", "ws", "v1"})
        for (const auto &[name, element] : cases)
            QTest::addRow("%s: %s", door, name)
                << QString::fromLatin1(door)
                << QStringLiteral("<speak>Hello, this text is long enough for v2.\n") + element + QStringLiteral("</speak>")
                << "line 2, column 1";
}

void ApiSsmlTest::lenientValuesRefusedEverywhere()
{
    QFETCH(QString, door);
    QFETCH(QString, text);
    QFETCH(QString, where);
    expectRefused(door, text, where, kAccount, m_key);
}

void ApiSsmlTest::declarationAndByteOrderMarkAreSsml()
{
    // Read as SSML, not aloud as markup; billed for what it says.
    const QString declared = QStringLiteral("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<speak>Hello <break time=\"300ms\"/>world.</speak>");
    const QString marked = QChar(0xFEFF) + declared;
    for (const QString &text : {declared, marked, QChar(0xFEFF) + QStringLiteral("<speak>Hello world.</speak>")}) {
        const HttpResponse created = m_server.createGeneration(m_key, text, QStringLiteral("af_sarah"), {{"timestamps", true}});
        QVERIFY2(created.status == 201, created.describe().constData());
        QCOMPARE(created.json.value("tokens").toInteger(), qint64(12)); // "Hello world."
        const HttpResponse done = m_server.waitForCompleted(m_key, created.json.value("generation_id").toString());
        QCOMPARE(done.json.value("status").toString(), QStringLiteral("COMPLETED"));
        // A leading byte order mark is no part of the text: input_text is without it, and
        // the words point into input_text.
        const QString stored = text.startsWith(QChar(0xFEFF)) ? text.mid(1) : text;
        QCOMPARE(done.json.value("input_text").toString(), stored);
        const HttpResponse captions = m_server.get(done.json.value("captions_url").toString(), {});
        QCOMPARE(captions.status, 200);
        const QList<uint> input = stored.toUcs4();
        QStringList words;
        for (const QJsonValue &v : captions.json.value("words").toArray()) {
            const QJsonObject w = v.toObject();
            const int cs = w.value("char_start").toInt(), ce = w.value("char_end").toInt();
            words << QString::fromUcs4(reinterpret_cast<const char32_t *>(input.constData() + cs), ce - cs);
        }
        QCOMPARE(words, (QStringList{"Hello", "world."}));
    }
    const Answer ws = send(QStringLiteral("ws"), literal(QChar(0xFEFF) + QStringLiteral("<?xml version=\"1.0\"?><speak>One. Two.</speak>")));
    QCOMPARE(ws.status, 200);
    QCOMPARE(ws.completed.value("tokens").toInteger(), qint64(9));
}

void ApiSsmlTest::v2MinimumCountsTheSpokenText()
{
    // v2's 30 characters are counted on what is said, as tokens are.
    const QString padded = QStringLiteral("<speak><!-- padding, padding, padding --><p>Hi there.</p><break time=\"1s\"/></speak>");
    QVERIFY(padded.size() > 30);
    expectRefused(QStringLiteral("v2"), padded, QStringLiteral("at least 30 characters are required (got 9)"), kAccount, m_key);
    const Answer ok = send(QStringLiteral("v2"), literal(QStringLiteral("<speak><p>Thirty characters are said here.</p></speak>")));
    QVERIFY2(ok.status == 201, ok.raw.constData());
}

QTEST_GUILESS_MAIN(ApiSsmlTest)
#include "tst_api_ssml.moc"
