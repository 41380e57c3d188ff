// Word timings and captions, against the real server on port 0:
// POST /v3/tts with "timestamps": true gives a COMPLETED generation a signed
// captions_url (json, srt, vtt), the WebSocket sends "words" messages before the
// audio they describe, the file lies beside the audio and goes with it, and
// `say --captions` writes SubRip or WebVTT.

#include "testserver.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QUrlQuery>
#include <QWebSocket>
#include <QtTest>

namespace
{
const QString kText = QStringLiteral(
    "Captions help people follow along, even in a loud room. The first sentence is short. "
    "This second one, however, goes on for quite a while, with clauses, pauses and more words than a "
    "single subtitle line could ever hold; it has to be broken into several cues. Done!");

// An SSML document whose words hold markup, comments and entities in their spans: the
// words a caption shows (the document's visible text) and their spans of the document.
const QString kSsml = QStringLiteral(
    "<speak>Call foo<x/>bar at AT&amp;T, wo<!-- c -->rld. See <sub alias=\"World Wide Web\">WWW</sub> and "
    "<say-as interpret-as=\"cardinal\">42</say-as> <phoneme ph=\"t\u0259\u02c8me\u026ato\u028az\">tomatoes</phoneme> now.</speak>");
const QStringList kSsmlWords{"Call", "foobar", "at", "AT&T,", "world.", "See", "WWW", "and", "42", "tomatoes", "now."};
const QStringList kSsmlSpans{"Call", "foo<x/>bar", "at", "AT&amp;T,", "wo<!-- c -->rld.", "See", "WWW", "and", "42", "tomatoes", "now."};

// Problems with the words of kSsml as an API answer lists them (empty: none).
QString ssmlWordProblems(const QJsonArray &words)
{
    const QList<uint> input = kSsml.toUcs4();
    QStringList got, spans;
    for (const QJsonValue &v : words) {
        const QJsonObject w = v.toObject();
        const int cs = w.value("char_start").toInt(), ce = w.value("char_end").toInt();
        if (cs < 0 || ce <= cs || ce > input.size())
            return QStringLiteral("bad span %1..%2").arg(cs).arg(ce);
        got << w.value("word").toString();
        spans << QString::fromUcs4(reinterpret_cast<const char32_t *>(input.constData() + cs), ce - cs);
    }
    if (got != kSsmlWords)
        return QStringLiteral("words: %1").arg(got.join(u'|'));
    if (spans != kSsmlSpans)
        return QStringLiteral("spans: %1").arg(spans.join(u'|'));
    return {};
}

int wordCount(const QString &text)
{
    return int(text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts).size());
}

QString withQuery(const QString &url, const QString &extra)
{
    return url + u'&' + extra;
}

double seconds(const QString &stamp)
{
    // 00:00:01,234 or 00:00:01.234
    const QStringList p = QString(stamp).replace(u',', u'.').split(u':');
    return p.value(0).toDouble() * 3600 + p.value(1).toDouble() * 60 + p.value(2).toDouble();
}

struct Cue
{
    double start = 0, end = 0;
    QStringList lines;
};

// Cues of a SubRip or WebVTT body (blocks separated by blank lines).
QList<Cue> parseCues(const QString &body)
{
    QList<Cue> out;
    static const QRegularExpression timing(QStringLiteral("^(\\S+) --> (\\S+)$"));
    for (const QString &block : body.split(QStringLiteral("\n\n"), Qt::SkipEmptyParts)) {
        QStringList lines = block.split(u'\n', Qt::SkipEmptyParts);
        while (!lines.isEmpty() && !timing.match(lines.first()).hasMatch())
            lines.removeFirst();
        if (lines.isEmpty())
            continue;
        const auto m = timing.match(lines.takeFirst());
        out.append({seconds(m.captured(1)), seconds(m.captured(2)), lines});
    }
    return out;
}
}

class TestApiCaptions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void restCaptions();
    void captionFormats_data();
    void captionFormats();
    void captionTextIsNeverSyntax();
    void linkIsSignedWithoutFormat();
    void noTimestampsNoCaptions();
    void captionsGoWithTheGeneration();
    void webSocketWords();
    void ssmlWordsAreTheVisibleText();
    void sayWritesCaptions_data();
    void sayWritesCaptions();

private:
    QString completedWithCaptions(const QString &text, const QString &voice = QStringLiteral("af_sarah"));

    TestServer m_server;
    QByteArray m_key;
    QString m_captionsUrl; // of kText
};

void TestApiCaptions::initTestCase()
{
    m_key = m_server.createAccountWithKey("alice", {"--credits", "1000000"});
    QVERIFY(!m_key.isEmpty());
    QVERIFY2(m_server.start(), m_server.serverLog().constData());
    m_captionsUrl = completedWithCaptions(kText);
    QVERIFY(!m_captionsUrl.isEmpty());
}

QString TestApiCaptions::completedWithCaptions(const QString &text, const QString &voice)
{
    const HttpResponse created = m_server.createGeneration(m_key, text, voice, {{"timestamps", true}});
    if (created.status != 201)
        return {};
    const HttpResponse done = m_server.waitForCompleted(m_key, created.json.value("generation_id").toString());
    if (done.json.value("status").toString() != "COMPLETED") {
        qWarning("%s", done.describe().constData());
        return {};
    }
    return done.json.value("captions_url").toString();
}

void TestApiCaptions::restCaptions()
{
    const HttpResponse r = m_server.get(m_captionsUrl, {});
    QCOMPARE(r.status, 200);
    const QJsonArray words = r.json.value("words").toArray();
    QCOMPARE(words.size(), wordCount(kText));
    const QList<uint> text = kText.toUcs4();
    double lastStart = -1;
    for (const QJsonValue &v : words) {
        const QJsonObject w = v.toObject();
        const int cs = w.value("char_start").toInt(), ce = w.value("char_end").toInt();
        QVERIFY(cs >= 0 && ce > cs && ce <= text.size());
        // The word is exactly that span of input_text, its punctuation attached.
        QCOMPARE(w.value("word").toString(),
                 QString::fromUcs4(reinterpret_cast<const char32_t *>(text.constData() + cs), ce - cs));
        QVERIFY2(w.value("start").toDouble() >= lastStart, "starts are monotonic");
        QVERIFY(w.value("end").toDouble() >= w.value("start").toDouble());
        lastStart = w.value("start").toDouble();
    }
    QCOMPARE(words.first().toObject().value("word").toString(), QStringLiteral("Captions"));
    QCOMPARE(words.last().toObject().value("word").toString(), QStringLiteral("Done!"));
    // Two pauses between sentences lie between the first and the last word.
    QVERIFY(words.last().toObject().value("start").toDouble() > 5.0);
}

void TestApiCaptions::captionFormats_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("contentType");
    QTest::newRow("srt") << "srt" << QByteArray("application/x-subrip");
    QTest::newRow("vtt") << "vtt" << QByteArray("text/vtt");
}

void TestApiCaptions::captionFormats()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, contentType);
    const HttpResponse r = m_server.get(withQuery(m_captionsUrl, "format=" + format), {});
    QCOMPARE(r.status, 200);
    QVERIFY2(r.header("content-type").startsWith(contentType), r.header("content-type").constData());
    const QString body = QString::fromUtf8(r.body);
    if (format == "vtt")
        QVERIFY(body.startsWith("WEBVTT\n\n"));
    else
        QVERIFY(body.startsWith("1\n00:00:"));
    const QList<Cue> cues = parseCues(body);
    QVERIFY2(cues.size() >= 5, qPrintable(body));
    QStringList all;
    double lastEnd = 0;
    for (const Cue &c : cues) {
        QVERIFY2(!c.lines.isEmpty() && c.lines.size() <= 2, qPrintable(c.lines.join('|')));
        for (const QString &line : c.lines)
            QVERIFY2(line.size() <= 42, qPrintable(line));
        QVERIFY2(c.end - c.start <= 7.0 && c.end >= c.start, qPrintable(c.lines.join('|')));
        QVERIFY(c.start >= lastEnd - 1e-3);
        lastEnd = c.end;
        all << c.lines.join(u' ');
    }
    // Every word once, in order; sentences never share a cue.
    QCOMPARE(all.join(u' '), kText.simplified());
    for (const QString &cue : all)
        QVERIFY2(!cue.contains(QRegularExpression(QStringLiteral("[.!?;] \\S"))), qPrintable(cue));
    QVERIFY(all.contains(QStringLiteral("The first sentence is short.")));
    // The long sentence breaks after a clause where it must break.
    QVERIFY2(std::any_of(all.begin(), all.end(), [](const QString &c) { return c.endsWith(u','); }), qPrintable(all.join('\n')));
}

void TestApiCaptions::captionTextIsNeverSyntax()
{
    // Text that looks like a cue's timing line or like WebVTT markup stays text: a player
    // must not see a second cue from 0 s to 59 min, nor bold text.
    const QString url = completedWithCaptions(
        QStringLiteral("Please read these words 00:00:00.000 --> 00:59:00.000 and <b>bold</b> & more."),
        QStringLiteral("af_sarah"));
    QVERIFY(!url.isEmpty());
    for (const QString format : {QStringLiteral("srt"), QStringLiteral("vtt")}) {
        const HttpResponse r = m_server.get(withQuery(url, "format=" + format), {});
        QCOMPARE(r.status, 200);
        const QString body = QString::fromUtf8(r.body);
        const QList<Cue> cues = parseCues(body);
        QVERIFY2(!cues.isEmpty(), qPrintable(body));
        QCOMPARE(body.count(QStringLiteral("-->")), cues.size()); // one arrow per cue: its timing line
        for (const Cue &c : cues)
            QVERIFY2(c.end - c.start <= 7.0, qPrintable(body));
        if (format == "vtt") {
            QVERIFY2(!body.contains(u'<') && body.contains("&lt;b&gt;bold&lt;/b&gt; &amp; more."), qPrintable(body));
        } else {
            // SubRip has no escapes: a player's markup is left out, the words stay.
            QVERIFY2(!body.contains(u'<') && body.contains("and bold & more."), qPrintable(body));
        }
    }
}

void TestApiCaptions::linkIsSignedWithoutFormat()
{
    // Tampered signature, expired link, and the audio link's signature on the captions.
    QUrl url(m_captionsUrl);
    QUrlQuery q(url);
    const QString sig = q.queryItemValue("sig");
    q.removeQueryItem("sig");
    q.addQueryItem("sig", QString(sig).replace(0, 1, sig.startsWith('a') ? "b" : "a"));
    url.setQuery(q);
    QCOMPARE(m_server.get(url.toString(), {}).status, 403);
    QUrlQuery old{QUrl(m_captionsUrl)};
    old.removeQueryItem("expires");
    old.addQueryItem("expires", "1000000000");
    QUrl expired(m_captionsUrl);
    expired.setQuery(old);
    QCOMPARE(m_server.get(expired.toString(), {}).status, 403);
    QCOMPARE(m_server.get(withQuery(m_captionsUrl, "format=xml"), {}).status, 400);
    QCOMPARE(m_server.get(withQuery(m_captionsUrl, "format=json"), {}).status, 200);
}

void TestApiCaptions::noTimestampsNoCaptions()
{
    const HttpResponse created = m_server.createGeneration(m_key, QStringLiteral("No captions for this one."));
    QCOMPARE(created.status, 201);
    const QString id = created.json.value("generation_id").toString();
    const HttpResponse done = m_server.waitForCompleted(m_key, id);
    QCOMPARE(done.json.value("status").toString(), QStringLiteral("COMPLETED"));
    QVERIFY(done.json.contains("audio_url"));
    QVERIFY(!done.json.contains("captions_url"));
    QVERIFY(!QFile::exists(QDir(m_server.audioDir()).filePath(id + ".words.json")));
    // A wrong JSON type is refused like any other field.
    QCOMPARE(m_server.createGeneration(m_key, QStringLiteral("Bad flag."), "af_sarah", {{"timestamps", "yes"}}).status, 422);
    // null is no boolean either: 422 naming the field, nothing created, on
    // REST and on the WebSocket (an error message, close 1003).
    const qsizetype rows = m_server.history(m_key).size();
    const HttpResponse nulled = m_server.createGeneration(m_key, QStringLiteral("Null flag."), "af_sarah",
                                                          {{"timestamps", QJsonValue::Null}});
    QCOMPARE(nulled.status, 422);
    QVERIFY2(nulled.hasFieldError(QStringLiteral("timestamps")), nulled.describe().constData());
    QWebSocket ws;
    const QUrl url = m_server.streamUrl(m_key);
    QJsonObject error;
    connect(&ws, &QWebSocket::textMessageReceived, &ws, [&](const QString &m) {
        const QJsonObject o = QJsonDocument::fromJson(m.toUtf8()).object();
        if (o.value("type") == "error")
            error = o;
    });
    QSignalSpy connected(&ws, &QWebSocket::connected);
    QSignalSpy closed(&ws, &QWebSocket::disconnected);
    ws.open(url);
    QVERIFY(connected.wait(10000));
    ws.sendTextMessage(QString::fromUtf8(
        QJsonDocument(QJsonObject{{"text", "Null flag."}, {"voice_id", "af_sarah"}, {"timestamps", QJsonValue::Null}})
            .toJson(QJsonDocument::Compact)));
    QVERIFY(closed.wait(30000));
    QCOMPARE(ws.closeCode(), QWebSocketProtocol::CloseCodeDatatypeNotSupported);
    QVERIFY2(error.value("detail").toString().contains(QStringLiteral("timestamps")), QJsonDocument(error).toJson().constData());
    QCOMPARE(m_server.history(m_key).size(), rows);
}

void TestApiCaptions::captionsGoWithTheGeneration()
{
    // The file lies beside the audio; the history offers the captions too.
    const HttpResponse created = m_server.createGeneration(m_key, QStringLiteral("Hola, ¿qué tal? Muy bien."), "ef_dora",
                                                           {{"timestamps", true}});
    QCOMPARE(created.status, 201);
    const QString id = created.json.value("generation_id").toString();
    QCOMPARE(m_server.waitForCompleted(m_key, id).json.value("status").toString(), QStringLiteral("COMPLETED"));
    const QString file = QDir(m_server.audioDir()).filePath(id + ".words.json");
    QVERIFY(QFile::exists(file));
    bool listed = false;
    for (const QJsonValue &v : m_server.history(m_key))
        if (v.toObject().value("generation_id").toString() == id)
            listed = v.toObject().contains("captions_url");
    QVERIFY(listed);
    const HttpResponse words = m_server.get(m_server.getGeneration(m_key, id).json.value("captions_url").toString(), {});
    QCOMPARE(words.json.value("words").toArray().size(), 5);
}

void TestApiCaptions::webSocketWords()
{
    QWebSocket ws;
    const QUrl url = m_server.streamUrl(m_key);
    qint64 samples = 0;
    int wordsMessages = 0, wordsSeen = 0;
    QString problem;
    QJsonObject completed;
    connect(&ws, &QWebSocket::binaryMessageReceived, &ws, [&](const QByteArray &b) { samples += b.size() / 4; });
    connect(&ws, &QWebSocket::textMessageReceived, &ws, [&](const QString &m) {
        const QJsonObject o = QJsonDocument::fromJson(m.toUtf8()).object();
        if (o.value("type") == "words") {
            ++wordsMessages;
            for (const QJsonValue &w : o.value("words").toArray()) {
                ++wordsSeen;
                // Before or with its audio: no word starts in audio already received. Times
                // are in whole milliseconds: a word that starts on the first sample of its
                // piece (a flite voice's first sentence, cut by the ramp, has no lead
                // silence there) may read up to half a millisecond early.
                if (w.toObject().value("start").toDouble() * 24000 < double(samples) - 12 && problem.isEmpty())
                    problem = QStringLiteral("word '%1' at %2 s arrived after %3 samples").arg(w.toObject().value("word").toString())
                                  .arg(w.toObject().value("start").toDouble()).arg(samples);
            }
        } else if (o.value("type") == "completed") {
            completed = o;
        }
    });
    QSignalSpy connected(&ws, &QWebSocket::connected);
    QSignalSpy closed(&ws, &QWebSocket::disconnected);
    ws.open(url);
    QVERIFY(connected.wait(10000));
    ws.sendTextMessage(QString::fromUtf8(QJsonDocument(QJsonObject{{"text", kText}, {"voice_id", "am_michael"}, {"timestamps", true}})
                                             .toJson(QJsonDocument::Compact)));
    QVERIFY(closed.wait(60000));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY2(wordsMessages >= 4, "one words message per sentence");
    QCOMPARE(wordsSeen, wordCount(kText));
    QVERIFY2(completed.contains("captions_url"), QJsonDocument(completed).toJson().constData());
    const HttpResponse stored = m_server.get(completed.value("captions_url").toString(), {});
    QCOMPARE(stored.json.value("words").toArray().size(), wordCount(kText));
}

// A caption's word is the text a reader sees, never markup or an entity
// as written, in the JSON words, both subtitle formats and the WebSocket's words messages;
// char_start/char_end still span the word's whole source in input_text.
void TestApiCaptions::ssmlWordsAreTheVisibleText()
{
    const QString url = completedWithCaptions(kSsml);
    QVERIFY(!url.isEmpty());
    const HttpResponse json = m_server.get(url, {});
    QCOMPARE(json.status, 200);
    const QString problem = ssmlWordProblems(json.json.value("words").toArray());
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    const QList<Cue> srt = parseCues(QString::fromUtf8(m_server.get(withQuery(url, "format=srt"), {}).body));
    QStringList lines;
    for (const Cue &c : srt)
        lines << c.lines.join(u' ');
    QCOMPARE(lines, (QStringList{"Call foobar at AT&T, world.", "See WWW and 42 tomatoes now."}));
    const QString vtt = QString::fromUtf8(m_server.get(withQuery(url, "format=vtt"), {}).body);
    QVERIFY2(vtt.contains("Call foobar at AT&amp;T, world.\n") && !vtt.contains(u'<'), qPrintable(vtt));

    // The WebSocket's words messages show the same words.
    QWebSocket ws;
    const QUrl wsUrl = m_server.streamUrl(m_key);
    QJsonArray streamed;
    connect(&ws, &QWebSocket::textMessageReceived, &ws, [&](const QString &m) {
        const QJsonObject o = QJsonDocument::fromJson(m.toUtf8()).object();
        if (o.value("type") == "words")
            for (const QJsonValue &w : o.value("words").toArray())
                streamed.append(w);
    });
    QSignalSpy connected(&ws, &QWebSocket::connected);
    QSignalSpy closed(&ws, &QWebSocket::disconnected);
    ws.open(wsUrl);
    QVERIFY(connected.wait(10000));
    ws.sendTextMessage(QString::fromUtf8(QJsonDocument(QJsonObject{{"text", kSsml}, {"voice_id", "af_sarah"}, {"timestamps", true}})
                                             .toJson(QJsonDocument::Compact)));
    QVERIFY(closed.wait(60000));
    const QString streamedProblem = ssmlWordProblems(streamed);
    QVERIFY2(streamedProblem.isEmpty(), qPrintable(streamedProblem));
}

void TestApiCaptions::sayWritesCaptions_data()
{
    QTest::addColumn<QString>("extension");
    QTest::newRow("srt") << "srt";
    QTest::newRow("vtt") << "vtt";
}

void TestApiCaptions::sayWritesCaptions()
{
    QFETCH(QString, extension);
    const QString out = QDir(m_server.dataDir()).filePath("say.wav");
    const QString captions = QDir(m_server.dataDir()).filePath("say." + extension);
    const auto r = m_server.cli({"say", kText, "--voice", "bm_george", "-o", out, "--captions", captions});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QFile f(captions);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString body = QString::fromUtf8(f.readAll());
    QCOMPARE(body.startsWith("WEBVTT"), extension == "vtt");
    QStringList all;
    for (const Cue &c : parseCues(body))
        all << c.lines.join(u' ');
    QCOMPARE(all.join(u' '), kText.simplified());
    const auto bad = m_server.cli({"say", "Hi.", "--voice", "bm_george", "-o", out, "--captions", captions + ".txt"});
    QCOMPARE(bad.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestApiCaptions)
#include "tst_api_captions.moc"
