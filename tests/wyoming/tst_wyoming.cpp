// The Wyoming listener as Home Assistant uses it (docs/wyoming.md), through a client
// written from the protocol: describe → info; synthesize → audio-start, 16-bit PCM
// audio-chunks as long as /v1's pcm of the same request, audio-stop; data in the data
// block or inline; text streamed in chunks cut anywhere, spoken sentence by sentence;
// unknown events ignored; refusals as error events; the limits; the command line;
// billing to the configured account.
#include "testserver.h"
#include "wyomingclient.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>

#include <memory>
#include <vector>

using DataIn = WyomingClient::DataIn;
Q_DECLARE_METATYPE(WyomingClient::DataIn)

class WyomingTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void describe_data();
    void describe();
    void synthesize_data();
    void synthesize();
    void streamedText_data();
    void streamedText();
    void streamedSsml_data();
    void streamedSsml();
    void streamVoiceChange_data();
    void streamVoiceChange();
    void streamSpeaksBeforeItsEnd();
    void nothingToSay();
    void unknownEventsIgnored_data();
    void unknownEventsIgnored();
    void refused_data();
    void refused();
    void limits_data();
    void limits();
    void queueCap_data();
    void queueCap();
    void unreadAnswers_data();
    void unreadAnswers();
    void eventsCutAcrossWrites_data();
    void eventsCutAcrossWrites();
    void connectionCap();
    void ping();
    void billed();
    void outOfCredits();
    void shutdownEndsSpeech();
    void commandLine_data();
    void commandLine();

private:
    bool connectClient(WyomingClient &client, TestServer &server);
    QByteArray v1Pcm(const QString &text, const QString &voice);
    QStringList wyomingTextsAfter(qint64 rowid);
    QList<QPair<QString, QString>> wyomingVoicesAfter(qint64 rowid);
    qint64 lastRowid();

    TestServer m_server;
    TestServer m_stallServer; // --stream-stall 2: a client taking nothing is cut within seconds
    QByteArray m_key;
};

namespace
{
const QString kText = QStringLiteral("The quick brown fox jumps over the lazy dog. It was a bright cold day in April.");

struct Heard
{
    QByteArray pcm;
    QString problem; // empty when the events were as the protocol says
};

// audio-start {24000, 2, 1}, audio-chunks of that format with payloads, audio-stop last.
Heard hear(const QList<ClientEvent> &events, const QString &last = QStringLiteral("audio-stop"))
{
    Heard h;
    const QJsonObject format{{"rate", 24000}, {"width", 2}, {"channels", 1}};
    auto sameFormat = [&format](const QJsonObject &d) {
        return d.value("rate") == format.value("rate") && d.value("width") == format.value("width")
               && d.value("channels") == format.value("channels");
    };
    if (events.isEmpty() || events.first().type != QLatin1String("audio-start") || !sameFormat(events.first().data))
        return Heard{{}, QStringLiteral("no audio-start {rate 24000, width 2, channels 1} first")};
    if (events.last().type != last)
        return Heard{{}, QStringLiteral("ends with %1, not %2").arg(events.last().type, last)};
    for (const ClientEvent &e : events.mid(1)) {
        if (e.type == QLatin1String("audio-chunk")) {
            if (!sameFormat(e.data) || e.payload.isEmpty() || e.payload.size() % 2)
                return Heard{{}, QStringLiteral("an audio-chunk without its format or a 16-bit payload")};
            h.pcm += e.payload;
        } else if (e.type != QLatin1String("audio-stop") && e.type != last) {
            return Heard{{}, QStringLiteral("unexpected %1 among the audio").arg(e.type)};
        }
    }
    return h;
}

QString joinedWords(const QStringList &texts)
{
    return texts.join(u' ').simplified();
}

QByteArray encoded(const QString &type, const QJsonObject &data = {})
{
    QJsonObject header{{"type", type}};
    const QByteArray block = data.isEmpty() ? QByteArray() : QJsonDocument(data).toJson(QJsonDocument::Compact);
    if (!block.isEmpty())
        header.insert("data_length", block.size());
    return QJsonDocument(header).toJson(QJsonDocument::Compact) + '\n' + block;
}

// The server's resident memory (VmRSS) in MiB, -1 if unknown.
qint64 rssMiB(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/status").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong() / 1024;
    return -1;
}
}

void WyomingTest::initTestCase()
{
    m_key = m_server.createAccountWithKey(QStringLiteral("home"), {"--credits", "1000000"});
    QVERIFY(!m_key.isEmpty());
    QVERIFY2(m_server.start({"--wyoming-port", "0", "--wyoming-account", "home"}), m_server.serverLog().constData());
    QVERIFY2(wyomingPortIn(m_server.serverLog()) > 0, m_server.serverLog().constData());
    QVERIFY(m_stallServer.createAccount(QStringLiteral("home")));
    QVERIFY2(m_stallServer.start({"--wyoming-port", "0", "--wyoming-account", "home", "--stream-stall", "2"}),
             m_stallServer.serverLog().constData());
}

void WyomingTest::cleanupTestCase()
{
    QVERIFY(m_server.stop());
    QVERIFY(m_stallServer.stop());
}

bool WyomingTest::connectClient(WyomingClient &client, TestServer &server)
{
    return client.connectTo(QStringLiteral("127.0.0.1"), wyomingPortIn(server.serverLog()));
}

// The same request on /v1 as raw 16-bit PCM: what the voice says for this text.
QByteArray WyomingTest::v1Pcm(const QString &text, const QString &voice)
{
    HttpRequest r;
    r.method = "POST";
    r.path = QStringLiteral("/v1/audio/speech");
    r.headers = {{"Authorization", "Bearer " + m_key}, {"Content-Type", "application/json"}};
    r.body = QJsonDocument(QJsonObject{{"model", "tts-1"}, {"input", text}, {"voice", voice}, {"response_format", "pcm"}})
                 .toJson();
    const HttpResponse res = m_server.request(r, 60000);
    return res.status == 200 ? res.body : QByteArray();
}

qint64 WyomingTest::lastRowid()
{
    StoreReader store(m_server.databasePath());
    return store.scalar(QStringLiteral("SELECT COALESCE(MAX(rowid), 0) FROM generations")).toLongLong();
}

QStringList WyomingTest::wyomingTextsAfter(qint64 rowid)
{
    StoreReader store(m_server.databasePath());
    QStringList texts;
    for (const QVariantMap &row : store.rows(QStringLiteral("SELECT input_text FROM generations WHERE api_version = 'wyoming' "
                                                            "AND rowid > ? ORDER BY rowid"), {rowid}))
        texts << row.value("input_text").toString();
    return texts;
}

// (input_text, voice_id) of the Wyoming generations after rowid, in order.
QList<QPair<QString, QString>> WyomingTest::wyomingVoicesAfter(qint64 rowid)
{
    StoreReader store(m_server.databasePath());
    QList<QPair<QString, QString>> out;
    for (const QVariantMap &row : store.rows(QStringLiteral("SELECT input_text, voice_id FROM generations WHERE api_version = "
                                                            "'wyoming' AND rowid > ? ORDER BY rowid"), {rowid}))
        out.append({row.value("input_text").toString(), row.value("voice_id").toString()});
    return out;
}

void WyomingTest::describe_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("language");
    QTest::newRow("American base voice") << "af_sarah" << "en-US";
    QTest::newRow("British base voice") << "bf_emma" << "en-GB";
    QTest::newRow("Spanish") << "ef_dora" << "es";
    QTest::newRow("Brazilian Portuguese") << "pf_dora" << "pt-BR";
    QTest::newRow("Scottish advanced voice") << "fergus" << "en-GB";
    QTest::newRow("American advanced voice") << "nova" << "en-US";
}

void WyomingTest::describe()
{
    QFETCH(QString, voice);
    QFETCH(QString, language);
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    client.send(QStringLiteral("describe"));
    const auto info = client.next();
    QVERIFY(info);
    QCOMPARE(info->type, QStringLiteral("info"));
    const QJsonArray programs = info->data.value("tts").toArray();
    QCOMPARE(programs.size(), 1);
    const QJsonObject program = programs.first().toObject();
    QCOMPARE(program.value("supports_synthesize_streaming"), QJsonValue(true));
    QCOMPARE(program.value("installed"), QJsonValue(true));
    QVERIFY(program.value("attribution").toObject().contains("url"));
    QJsonObject found;
    const QRegularExpression bcp47(QStringLiteral("^[a-z]{2,3}(-[A-Z]{2})?$"));
    for (const QJsonValue &v : program.value("voices").toArray()) {
        const QJsonObject o = v.toObject();
        for (const char *field : {"name", "description", "version"})
            QVERIFY2(o.value(QLatin1String(field)).isString(), field);
        QVERIFY(o.value("attribution").toObject().value("name").isString());
        QVERIFY(o.value("attribution").toObject().value("url").isString());
        QCOMPARE(o.value("installed"), QJsonValue(true));
        for (const QJsonValue &l : o.value("languages").toArray())
            QVERIFY2(bcp47.match(l.toString()).hasMatch(), qPrintable(l.toString()));
        if (o.value("name").toString() == voice)
            found = o;
    }
    QVERIFY2(!found.isEmpty(), qPrintable(voice));
    QCOMPARE(found.value("languages").toArray(), QJsonArray{language});
}

void WyomingTest::synthesize_data()
{
    QTest::addColumn<QJsonObject>("voice");
    QTest::addColumn<QString>("speaks"); // the voice_id that answers
    QTest::addColumn<DataIn>("where");
    QTest::addColumn<QString>("text");
    QTest::newRow("flite voice, data block") << QJsonObject{{"name", "af_sarah"}} << "af_sarah" << DataIn::Block << kText;
    QTest::newRow("flite voice, inline data") << QJsonObject{{"name", "bm_george"}} << "bm_george" << DataIn::Inline << kText;
    QTest::newRow("espeak-ng voice, data block")
        << QJsonObject{{"name", "ef_dora"}} << "ef_dora" << DataIn::Block << QStringLiteral("Hola. ¿Qué tal estás hoy?");
    QTest::newRow("espeak-ng voice, inline data")
        << QJsonObject{{"name", "ff_siwis"}} << "ff_siwis" << DataIn::Inline << QStringLiteral("Bonjour à tous. Il fait beau.");
    QTest::newRow("language as the name") << QJsonObject{{"name", "es"}} << "ef_dora" << DataIn::Block
                                          << QStringLiteral("Buenos días.");
    QTest::newRow("language only: a free voice first") << QJsonObject{{"language", "en-GB"}} << "bf_emma" << DataIn::Block
                                                       << QStringLiteral("Good morning.");
    QTest::newRow("primary language only") << QJsonObject{{"language", "en"}} << "af_nicole" << DataIn::Block
                                           << QStringLiteral("Good evening.");
    QTest::newRow("SSML document") << QJsonObject{{"name", "af_sarah"}} << "af_sarah" << DataIn::Block
                                   << QStringLiteral("<speak>Good morning. <break time=\"300ms\"/>The lights are "
                                                     "<emphasis>on</emphasis>.</speak>");
}

void WyomingTest::synthesize()
{
    QFETCH(QJsonObject, voice);
    QFETCH(QString, speaks);
    QFETCH(DataIn, where);
    QFETCH(QString, text);
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    client.send(QStringLiteral("synthesize"), QJsonObject{{"text", text}, {"voice", voice}}, where);
    const Heard heard = hear(client.until(QStringLiteral("audio-stop")));
    QVERIFY2(heard.problem.isEmpty(), qPrintable(heard.problem));
    // Speech, not silence, as long as the same request on /v1 (the same engine path).
    const QByteArray reference = v1Pcm(text, speaks);
    QVERIFY(!reference.isEmpty());
    qInfo("%s: %.2f s of audio (/v1: %.2f s), RMS %.0f", qPrintable(speaks), heard.pcm.size() / 48000.0,
          reference.size() / 48000.0, rmsOf(heard.pcm));
    QVERIFY(heard.pcm.size() > 48000 / 2);
    QVERIFY(qAbs(heard.pcm.size() - reference.size()) <= reference.size() / 50);
    QVERIFY2(rmsOf(heard.pcm) > 300, qPrintable(QString::number(rmsOf(heard.pcm))));
    // The connection stays open for the next request.
    client.send(QStringLiteral("describe"));
    const auto info = client.next();
    QVERIFY(info && info->type == QLatin1String("info"));
}

void WyomingTest::streamedText_data()
{
    QTest::addColumn<int>("cut");
    QTest::addColumn<QString>("text");
    const QString text = QStringLiteral("Turn on the kitchen lights. The temperature is 21.5 degrees! "
                                        "Would you like anything else? Goodbye.");
    QTest::newRow("one character at a time") << 1 << text;
    QTest::newRow("three characters") << 3 << text;
    QTest::newRow("seven characters") << 7 << text;
    QTest::newRow("whole text in one chunk") << int(text.size()) << text;
}

void WyomingTest::streamedText()
{
    QFETCH(int, cut);
    QFETCH(QString, text);
    const qint64 before = lastRowid();
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    client.send(QStringLiteral("synthesize-start"), QJsonObject{{"voice", QJsonObject{{"name", "am_michael"}}}});
    for (qsizetype at = 0; at < text.size(); at += cut)
        client.send(QStringLiteral("synthesize-chunk"), QJsonObject{{"text", text.mid(at, cut)}});
    // Sent for servers that do not stream text: ignored while streaming.
    client.send(QStringLiteral("synthesize"), QJsonObject{{"text", "Ignored words."}, {"voice", QJsonObject{{"name", "am_michael"}}}});
    client.send(QStringLiteral("synthesize-stop"));
    const Heard heard = hear(client.until(QStringLiteral("synthesize-stopped")), QStringLiteral("synthesize-stopped"));
    QVERIFY2(heard.problem.isEmpty(), qPrintable(heard.problem));
    QVERIFY2(rmsOf(heard.pcm) > 300, qPrintable(QString::number(rmsOf(heard.pcm))));
    QVERIFY(heard.pcm.size() > 3 * 48000);
    // The words reached the voice whole, in order, and nothing else did.
    const QStringList texts = wyomingTextsAfter(before);
    QCOMPARE(joinedWords(texts), text.simplified());
    for (const QString &t : texts)
        QVERIFY2(t.trimmed().endsWith(u'.') || t.trimmed().endsWith(u'!') || t.trimmed().endsWith(u'?'), qPrintable(t));
}

void WyomingTest::streamedSsml_data()
{
    QTest::addColumn<int>("cut");
    QTest::addColumn<QString>("document");
    const QString document = QStringLiteral("<speak>Turn on the lights. <break time=\"200ms\"/>"
                                            "<prosody rate=\"slow\">It is late.</prosody> Goodnight.</speak>");
    QTest::newRow("one character at a time") << 1 << document;
    QTest::newRow("five characters") << 5 << document;
    QTest::newRow("whole document in one chunk") << int(document.size()) << document;
    QTest::newRow("after spaces") << 4 << QStringLiteral("  ") + document;
}

// Streamed text that is an SSML document is spoken whole at synthesize-stop: one
// generation of the document, never sentences cut out of it.
void WyomingTest::streamedSsml()
{
    QFETCH(int, cut);
    QFETCH(QString, document);
    const qint64 before = lastRowid();
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    client.send(QStringLiteral("synthesize-start"), QJsonObject{{"voice", QJsonObject{{"name", "af_sarah"}}}});
    for (qsizetype at = 0; at < document.size(); at += cut)
        client.send(QStringLiteral("synthesize-chunk"), QJsonObject{{"text", document.mid(at, cut)}});
    client.send(QStringLiteral("synthesize-stop"));
    const Heard heard = hear(client.until(QStringLiteral("synthesize-stopped")), QStringLiteral("synthesize-stopped"));
    QVERIFY2(heard.problem.isEmpty(), qPrintable(heard.problem));
    QVERIFY2(rmsOf(heard.pcm) > 300, qPrintable(QString::number(rmsOf(heard.pcm))));
    QCOMPARE(wyomingTextsAfter(before), QStringList{document.trimmed()});
}

void WyomingTest::streamVoiceChange_data()
{
    QTest::addColumn<QStringList>("events"); // "start VOICE" or the text of a chunk
    QTest::addColumn<QString>("firstVoice");  // speaks the text before the second start
    QTest::addColumn<QString>("firstWords");
    QTest::addColumn<QString>("secondVoice"); // speaks the rest
    QTest::addColumn<QString>("secondWords");
    QTest::newRow("another voice mid-sentence") << QStringList{"start af_sarah", "One two", "start ef_dora", " tres. Cuatro. "}
                                                << "af_sarah" << "One two" << "ef_dora" << "tres. Cuatro.";
    QTest::newRow("another voice after a sentence")
        << QStringList{"start bm_george", "Good morning. Lights", "start ff_siwis", " Bonjour. "} << "bm_george"
        << "Good morning. Lights" << "ff_siwis" << "Bonjour.";
    QTest::newRow("the same voice again") << QStringList{"start af_sarah", "One two", "start af_sarah", " three. Four. "}
                                          << "af_sarah" << "One two three. Four." << "af_sarah" << "";
}

// A second synthesize-start naming another voice mid-stream: the text sent before it is
// spoken (and billed) in the voice it was sent under.
void WyomingTest::streamVoiceChange()
{
    QFETCH(QStringList, events);
    QFETCH(QString, firstVoice);
    QFETCH(QString, firstWords);
    QFETCH(QString, secondVoice);
    QFETCH(QString, secondWords);
    const qint64 before = lastRowid();
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    for (const QString &e : events) {
        if (e.startsWith(QLatin1String("start ")))
            client.send(QStringLiteral("synthesize-start"), QJsonObject{{"voice", QJsonObject{{"name", e.mid(6)}}}});
        else
            client.send(QStringLiteral("synthesize-chunk"), QJsonObject{{"text", e}});
    }
    client.send(QStringLiteral("synthesize-stop"));
    const Heard heard = hear(client.until(QStringLiteral("synthesize-stopped")), QStringLiteral("synthesize-stopped"));
    QVERIFY2(heard.problem.isEmpty(), qPrintable(heard.problem));
    QStringList first, second;
    const auto rows = wyomingVoicesAfter(before);
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const bool isFirst = firstVoice == secondVoice || (rows.at(i).second == firstVoice && second.isEmpty());
        QVERIFY2(rows.at(i).second == (isFirst ? firstVoice : secondVoice),
                 qPrintable(rows.at(i).first + QStringLiteral(" in ") + rows.at(i).second));
        (isFirst ? first : second) << rows.at(i).first;
    }
    QCOMPARE(joinedWords(first), firstWords);
    QCOMPARE(joinedWords(second), secondWords);
}

// The first sentence is spoken while the rest of the text has not come yet.
void WyomingTest::streamSpeaksBeforeItsEnd()
{
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    client.send(QStringLiteral("synthesize-start"), QJsonObject{{"voice", QJsonObject{{"name", "ef_dora"}}}});
    client.send(QStringLiteral("synthesize-chunk"), QJsonObject{{"text", "Hola a todos. Hoy hace so"}});
    const auto start = client.next(20000);
    QVERIFY(start && start->type == QLatin1String("audio-start"));
    const auto chunk = client.next(20000);
    QVERIFY(chunk && chunk->type == QLatin1String("audio-chunk"));
    client.send(QStringLiteral("synthesize-chunk"), QJsonObject{{"text", "l."}});
    client.send(QStringLiteral("synthesize-stop"));
    const QList<ClientEvent> rest = client.until(QStringLiteral("synthesize-stopped"));
    QVERIFY(!rest.isEmpty());
    QCOMPARE(rest.at(rest.size() - 2).type, QStringLiteral("audio-stop"));
}

// Text without a letter or digit ("---", an emoji): an empty utterance, nothing created.
void WyomingTest::nothingToSay()
{
    const qint64 before = lastRowid();
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    client.send(QStringLiteral("synthesize"), QJsonObject{{"text", QStringLiteral("--- \U0001F600")}});
    const QList<ClientEvent> events = client.until(QStringLiteral("audio-stop"));
    QCOMPARE(events.size(), 2);
    QCOMPARE(events.first().type, QStringLiteral("audio-start"));
    QVERIFY(wyomingTextsAfter(before).isEmpty());
}

void WyomingTest::unknownEventsIgnored_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QJsonObject>("data");
    QTest::addColumn<QByteArray>("payload");
    QTest::newRow("another service's event") << "transcribe" << QJsonObject{{"language", "en"}} << QByteArray();
    QTest::newRow("audio sent to a speech server") << "audio-chunk" << QJsonObject{{"rate", 16000}, {"width", 2}, {"channels", 1}}
                                                   << QByteArray(3200, '\1');
    QTest::newRow("a type no one knows") << "x-bridge-hello" << QJsonObject{{"nested", QJsonObject{{"a", 1}}}} << QByteArray();
    QTest::newRow("stream chunk outside a stream") << "synthesize-chunk" << QJsonObject{{"text", "Hello."}} << QByteArray();
    QTest::newRow("stream stop outside a stream") << "synthesize-stop" << QJsonObject() << QByteArray();
}

void WyomingTest::unknownEventsIgnored()
{
    QFETCH(QString, type);
    QFETCH(QJsonObject, data);
    QFETCH(QByteArray, payload);
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    client.send(type, data, DataIn::Block, payload);
    client.send(QStringLiteral("describe"));
    const auto answer = client.next();
    QVERIFY(answer);
    QCOMPARE(answer->type, QStringLiteral("info")); // no error before it
}

void WyomingTest::refused_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QJsonObject>("data");
    QTest::addColumn<QString>("code");
    QTest::newRow("unknown voice") << "synthesize" << QJsonObject{{"text", "Hello."}, {"voice", QJsonObject{{"name", "no_such_voice"}}}}
                                   << "invalid_request";
    QTest::newRow("voice not an object") << "synthesize" << QJsonObject{{"text", "Hello."}, {"voice", "af_sarah"}} << "invalid_request";
    QTest::newRow("no text") << "synthesize" << QJsonObject{{"voice", QJsonObject{{"name", "af_sarah"}}}} << "invalid_request";
    QTest::newRow("a language no voice speaks") << "synthesize" << QJsonObject{{"text", "Hi."}, {"voice", QJsonObject{{"language", "xx-YY"}}}}
                                                << "invalid_request";
    QTest::newRow("English voice, nothing it can read") << "synthesize" << QJsonObject{{"text", "Привет."}, {"voice", QJsonObject{{"name", "af_sarah"}}}}
                                                        << "invalid_request";
    QTest::newRow("text over 50,000 characters") << "synthesize" << QJsonObject{{"text", QString(50001, u'a')}} << "too_large";
    // Characters are code points, as billed: 26,000 outside the BMP are 52,000 UTF-16 units
    // and within the limit (refused only because an English voice cannot read them).
    const QString boldA = QStringLiteral("\U0001D400");
    QTest::newRow("26,000 characters outside the BMP") << "synthesize"
                                                       << QJsonObject{{"text", boldA.repeated(26000)}, {"voice", QJsonObject{{"name", "af_sarah"}}}}
                                                       << "invalid_request";
    QTest::newRow("50,001 characters outside the BMP") << "synthesize" << QJsonObject{{"text", boldA.repeated(50001)}} << "too_large";
    QTest::newRow("voice name of 300,000 characters")
        << "synthesize" << QJsonObject{{"text", "Hello."}, {"voice", QJsonObject{{"name", QString(300000, u'A')}}}} << "invalid_request";
    QTest::newRow("language of 300,000 characters")
        << "synthesize" << QJsonObject{{"text", "Hello."}, {"voice", QJsonObject{{"language", QString(300000, u'A')}}}}
        << "invalid_request";
}

void WyomingTest::refused()
{
    QFETCH(QString, type);
    QFETCH(QJsonObject, data);
    QFETCH(QString, code);
    const qsizetype logBefore = m_server.serverLog().size();
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    client.send(type, data);
    const auto error = client.next();
    QVERIFY(error);
    QCOMPARE(error->type, QStringLiteral("error"));
    QCOMPARE(error->data.value("code").toString(), code);
    // Said once, and short whatever was sent: names are cut in the text and in the log.
    const QString text = error->data.value("text").toString();
    QVERIFY(!text.isEmpty());
    QVERIFY2(text.size() <= 1001, qPrintable(text.left(200)));
    QVERIFY2(text.count(text.left(24)) == 1, qPrintable(text));
    QVERIFY(client.closedWithin(5000));
    QTest::qWait(100); // the server's log line reaches the pipe
    QVERIFY2(m_server.serverLog().size() - logBefore < 2000, "the log quotes what the client sent at length");
}

void WyomingTest::limits_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("code");
    QTest::newRow("header line over 640 KiB") << QByteArray("{\"type\":\"describe\",\"x\":\"") + QByteArray(700 * 1024, 'a')
                                              << "bad_event";
    QTest::newRow("data_length over 640 KiB") << QByteArray("{\"type\":\"synthesize\",\"data_length\":10000000}\n") << "bad_event";
    QTest::newRow("payload_length over 1 MiB") << QByteArray("{\"type\":\"x\",\"payload_length\":100000000}\n") << "bad_event";
    QTest::newRow("negative length") << QByteArray("{\"type\":\"x\",\"data_length\":-5}\n") << "bad_event";
    QTest::newRow("header not JSON") << QByteArray("hello there\n") << "bad_event";
    QTest::newRow("header without a type") << QByteArray("{\"data\":{}}\n") << "bad_event";
    QTest::newRow("data block not an object") << QByteArray("{\"type\":\"synthesize\",\"data_length\":4}\n[1]\n") << "bad_event";
    QTest::newRow("streamed text over 50,000 characters") << QByteArray() << "too_large";
}

void WyomingTest::limits()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, code);
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    if (bytes.isEmpty()) { // a stream whose sentence never ends
        client.send(QStringLiteral("synthesize-start"));
        for (int i = 0; i < 60; ++i)
            client.send(QStringLiteral("synthesize-chunk"), QJsonObject{{"text", QString(1000, u'a')}});
    } else {
        client.sendRaw(bytes);
    }
    const auto error = client.next();
    QVERIFY(error);
    QCOMPARE(error->type, QStringLiteral("error"));
    QCOMPARE(error->data.value("code").toString(), code);
    QVERIFY(client.closedWithin(5000));
    // The server goes on serving others.
    WyomingClient other;
    QVERIFY(connectClient(other, m_server));
    other.send(QStringLiteral("describe"));
    const auto info = other.next();
    QVERIFY(info && info->type == QLatin1String("info"));
}

void WyomingTest::queueCap_data()
{
    QTest::addColumn<QByteArray>("request"); // sent 17 times while a long text is spoken
    const QJsonObject voice{{"voice", QJsonObject{{"name", "ef_dora"}}}};
    QTest::newRow("synthesize") << encoded(QStringLiteral("synthesize"), QJsonObject{{"text", "Hola."}, {"voice", voice.value("voice")}});
    QTest::newRow("synthesize-start and -stop") << encoded(QStringLiteral("synthesize-start"), voice) + encoded(QStringLiteral("synthesize-stop"));
    QTest::newRow("a stream of one sentence") << encoded(QStringLiteral("synthesize-start"), voice)
                                                   + encoded(QStringLiteral("synthesize-chunk"), QJsonObject{{"text", "Hola."}})
                                                   + encoded(QStringLiteral("synthesize-stop"));
}

// Every request that waits while one is spoken counts against the 16: streams of text
// as much as synthesize events.
void WyomingTest::queueCap()
{
    QFETCH(QByteArray, request);
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    client.send(QStringLiteral("synthesize"), QJsonObject{{"text", ApiCheck::longText(1000)}, {"voice", QJsonObject{{"name", "ef_dora"}}}});
    const auto start = client.next();
    QVERIFY2(start && start->type == QLatin1String("audio-start"), start ? qPrintable(start->type) : "nothing");
    client.sendRaw(request.repeated(17));
    const QList<ClientEvent> events = client.until(QStringLiteral("error"), 30000);
    QVERIFY2(!events.isEmpty(), "no error");
    QCOMPARE(events.last().data.value("code").toString(), QStringLiteral("too_many_requests"));
    QVERIFY(client.closedWithin(5000));
}

void WyomingTest::unreadAnswers_data()
{
    QTest::addColumn<QByteArray>("request");
    QTest::addColumn<int>("times");
    QTest::newRow("describe") << encoded(QStringLiteral("describe")) << 20000;
    QTest::newRow("ping with 500,000 characters") << encoded(QStringLiteral("ping"), QJsonObject{{"text", QString(500000, u'x')}})
                                                  << 100;
    QTest::newRow("synthesize-start and -stop") << encoded(QStringLiteral("synthesize-start")) + encoded(QStringLiteral("synthesize-stop"))
                                                << 200000;
}

// A client that sends requests and reads none of the answers: the server stops reading
// its events while answers wait, holds little for it, and cuts it after --stream-stall.
void WyomingTest::unreadAnswers()
{
    QFETCH(QByteArray, request);
    QFETCH(int, times);
    const qint64 before = rssMiB(m_stallServer.pid());
    WyomingClient client;
    QVERIFY(connectClient(client, m_stallServer));
    client.holdReading();
    QElapsedTimer t;
    t.start();
    const int sent = client.sendRepeatedly(request, times, 10000);
    QTest::qWait(int(qMax<qint64>(0, 6000 - t.elapsed()))); // past the 2 s stall, whatever sending took
    const qint64 held = rssMiB(m_stallServer.pid()) - before;
    qInfo("%d of %d sent; the server holds %lld MiB more", sent, times, held);
    QVERIFY2(held < 48, qPrintable(QString::number(held)));
    QVERIFY(client.closedWithin(8000));
    // The server goes on serving others.
    WyomingClient other;
    QVERIFY(connectClient(other, m_stallServer));
    other.send(QStringLiteral("ping"), QJsonObject{{"text", "still here"}});
    const auto pong = other.next();
    QVERIFY(pong && pong->type == QLatin1String("pong"));
}

void WyomingTest::eventsCutAcrossWrites_data()
{
    QTest::addColumn<QByteArray>("event");
    QTest::addColumn<int>("seconds"); // longer than the 30 s an event may take
    QTest::newRow("chunks outside a stream, cut in half") << encoded(QStringLiteral("synthesize-chunk"), QJsonObject{{"text", "x"}}) << 34;
}

// Each write ends inside an event and completes the one before: the deadline runs for
// one event, from the write that begins it, not for the connection.
void WyomingTest::eventsCutAcrossWrites()
{
    QFETCH(QByteArray, event);
    QFETCH(int, seconds);
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    const qsizetype half = event.size() / 2;
    client.sendRaw(event.left(half));
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < seconds * 1000 && client.isOpen()) {
        QTest::qWait(300);
        client.sendRaw(event.mid(half) + event.left(half));
    }
    client.sendRaw(event.mid(half));
    client.send(QStringLiteral("ping"), QJsonObject{{"text", "done"}});
    const auto pong = client.next();
    QVERIFY(pong);
    QCOMPARE(pong->type, QStringLiteral("pong"));
}

// 64 connections at once; the next gets an error and is closed, and a place that frees
// up is taken again.
void WyomingTest::connectionCap()
{
    QTest::qWait(500); // the connections of the tests before are gone on the server's side too
    std::vector<std::unique_ptr<WyomingClient>> held;
    for (int i = 0; i < 64; ++i) {
        held.push_back(std::make_unique<WyomingClient>());
        QVERIFY(connectClient(*held.back(), m_server));
    }
    held.back()->send(QStringLiteral("describe"));
    const auto info = held.back()->next(); // all 64 are sessions
    QVERIFY(info && info->type == QLatin1String("info"));
    WyomingClient extra;
    QVERIFY(connectClient(extra, m_server));
    const auto error = extra.next();
    QVERIFY(error && error->type == QLatin1String("error"));
    QCOMPARE(error->data.value("code").toString(), QStringLiteral("unavailable"));
    QVERIFY(extra.closedWithin(5000));
    held.clear();
    QTRY_VERIFY_WITH_TIMEOUT([this] {
        WyomingClient again;
        if (!connectClient(again, m_server))
            return false;
        again.send(QStringLiteral("describe"));
        const auto info = again.next(2000);
        return info && info->type == QLatin1String("info");
    }(), 10000);
}

void WyomingTest::ping()
{
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    client.send(QStringLiteral("ping"), QJsonObject{{"text", "abc"}});
    const auto pong = client.next();
    QVERIFY(pong && pong->type == QLatin1String("pong"));
    QCOMPARE(pong->data.value("text").toString(), QStringLiteral("abc"));
}

// Speech is charged to --wyoming-account like any stream: 1 credit per token (base).
void WyomingTest::billed()
{
    const QString text = QStringLiteral("Billing check for the kitchen speaker.");
    const Balance before = m_server.balance(QStringLiteral("home"));
    const qint64 rowid = lastRowid();
    WyomingClient client;
    QVERIFY(connectClient(client, m_server));
    client.send(QStringLiteral("synthesize"), QJsonObject{{"text", text}, {"voice", QJsonObject{{"name", "af_nicole"}}}});
    QVERIFY(hear(client.until(QStringLiteral("audio-stop"))).problem.isEmpty());
    StoreReader store(m_server.databasePath());
    QList<QVariantMap> rows;
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 10000) { // recorded just after the last audio
        rows = store.rows(QStringLiteral("SELECT id, status, tokens, streamed FROM generations WHERE api_version = 'wyoming' "
                                         "AND rowid > ? AND status = 'COMPLETED'"), {rowid});
        if (!rows.isEmpty())
            break;
        QTest::qWait(100);
    }
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.first().value("tokens").toLongLong(), qint64(text.size()));
    QCOMPARE(rows.first().value("streamed").toInt(), 1);
    const QString id = rows.first().value("id").toString();
    const auto kinds = store.rows(QStringLiteral("SELECT kind FROM ledger WHERE generation_id = ? ORDER BY id"), {id});
    QCOMPARE(kinds.size(), 2);
    QCOMPARE(kinds.at(0).value("kind").toString(), QStringLiteral("reserve"));
    QCOMPARE(kinds.at(1).value("kind").toString(), QStringLiteral("settle"));
    QCOMPARE(m_server.balance(QStringLiteral("home")).credits, before.credits - text.size());
}

void WyomingTest::outOfCredits()
{
    TestServer server;
    QVERIFY(server.createAccount(QStringLiteral("broke"), {"--credits", "0"}));
    QVERIFY2(server.start({"--wyoming-port", "0", "--wyoming-account", "broke"}), server.serverLog().constData());
    WyomingClient client;
    QVERIFY(connectClient(client, server));
    client.send(QStringLiteral("synthesize"), QJsonObject{{"text", "Hello there."}});
    const auto error = client.next();
    QVERIFY(error);
    QCOMPARE(error->type, QStringLiteral("error"));
    QCOMPARE(error->data.value("code").toString(), QStringLiteral("insufficient_balance"));
    QCOMPARE(server.balance(QStringLiteral("broke")), (Balance{0, 0}));
    QVERIFY(server.stop());
}

// SIGTERM while a long text is spoken: an error event (unavailable), then the server
// closes the connection and exits; a stream the server ends is released (docs/api.md
// "Streams that end early").
void WyomingTest::shutdownEndsSpeech()
{
    TestServer server;
    QVERIFY(server.createAccount(QStringLiteral("kitchen")));
    QVERIFY2(server.start({"--wyoming-port", "0", "--wyoming-account", "kitchen"}), server.serverLog().constData());
    WyomingClient client;
    QVERIFY(connectClient(client, server));
    client.send(QStringLiteral("synthesize"), QJsonObject{{"text", ApiCheck::longText(3000)}});
    const auto start = client.next();
    QVERIFY(start && start->type == QLatin1String("audio-start"));
    // Stop reading: the stream waits for the client while the server stops.
    QProcess::execute(QStringLiteral("kill"), {QStringLiteral("-TERM"), QString::number(server.pid())});
    QList<ClientEvent> rest = client.until(QStringLiteral("error"));
    QVERIFY(!rest.isEmpty());
    QCOMPARE(rest.last().type, QStringLiteral("error"));
    QCOMPARE(rest.last().data.value("code").toString(), QStringLiteral("unavailable"));
    QVERIFY(client.closedWithin(10000));
    QTRY_VERIFY_WITH_TIMEOUT(!server.isRunning(), 20000);
    QCOMPARE(server.balance(QStringLiteral("kitchen")).credits, qint64(10000));
}

void WyomingTest::commandLine_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("port without account") << QStringList{"--wyoming-port", "0"} << "--wyoming-port needs --wyoming-account";
    QTest::newRow("account without port") << QStringList{"--wyoming-account", "home"} << "--wyoming-account is used with --wyoming-port";
    QTest::newRow("no such account") << QStringList{"--wyoming-port", "0", "--wyoming-account", "nobody"} << "no account named 'nobody'";
    QTest::newRow("port out of range") << QStringList{"--wyoming-port", "70000", "--wyoming-account", "home"} << "--wyoming-port takes a port number";
}

void WyomingTest::commandLine()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QProcess p;
    p.start(TestServer::studioBinary(), QStringList{"--headless", "--port", "0", "--data-dir", dir.path()} + args);
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.contains(message), qPrintable(err));
}

QTEST_MAIN(WyomingTest)
#include "tst_wyoming.moc"
