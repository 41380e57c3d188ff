// The OpenAI-compatible route as its clients use it (docs/openai.md): opus, aac and flac
// decoded by their own tools (opusdec, flac, ffmpeg) to speech as long as the wav of the
// same request; server-sent events; every OpenAI voice name with both kinds of model;
// voice objects picking any of our voices, custom ones included; dated models and model
// retrieval; Open WebUI's listings, which alone answer without a key.
#include "testserver.h"

#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

class ApiOpenAiTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void compressedFormatsDecode_data();
    void compressedFormatsDecode();
    void serverSentEvents();
    void openAiVoiceNames_data();
    void openAiVoiceNames();
    void voiceObjects_data();
    void voiceObjects();
    void models_data();
    void models();
    void listings_data();
    void listings();
    void closedWithoutKey_data();
    void closedWithoutKey();

private:
    HttpResponse speech(const QJsonObject &body, const QByteArray &key);

    TestServer m_server;
    QByteArray m_key;
    QString m_customVoice;
    double m_wavSeconds = 0;
};

namespace
{
const QString kInput = QStringLiteral("Hello from TTS Studio. Each format carries the same sentence.");

struct Decoded
{
    QString error;
    QByteArray pcm; // 24 kHz mono s16le
};

// FILE decoded by the format's own tool to WAV, then to raw 24 kHz samples by sox.
Decoded decode(const QByteArray &bytes, const QString &format)
{
    QTemporaryDir dir;
    const QString in = dir.filePath("in." + format), wav = dir.filePath("out.wav"), raw = dir.filePath("out.raw");
    QFile f(in);
    f.open(QIODevice::WriteOnly);
    f.write(bytes);
    f.close();
    QStringList cmd;
    if (format == QLatin1String("opus"))
        cmd = {"opusdec", "--quiet", "--rate", "24000", in, wav};
    else if (format == QLatin1String("flac"))
        cmd = {"flac", "--silent", "-d", "-o", wav, in};
    else
        cmd = {"ffmpeg", "-v", "error", "-y", "-f", format, "-i", in, wav};
    Decoded d;
    for (const QStringList &c : {cmd, QStringList{"sox", wav, "-t", "raw", "-e", "signed", "-b", "16", "-r", "24000", "-c", "1", raw}}) {
        QProcess p;
        p.start(c.first(), c.mid(1));
        if (!p.waitForFinished(60000) || p.exitCode() != 0) {
            d.error = c.first() + ": " + QString::fromUtf8(p.readAllStandardError());
            return d;
        }
    }
    QFile r(raw);
    r.open(QIODevice::ReadOnly);
    d.pcm = r.readAll();
    return d;
}

double rms(const QByteArray &pcm)
{
    const auto *s = reinterpret_cast<const qint16 *>(pcm.constData());
    const qsizetype n = pcm.size() / 2;
    double sum = 0;
    for (qsizetype i = 0; i < n; ++i)
        sum += double(s[i]) * s[i];
    return n ? std::sqrt(sum / n) / 32768.0 : 0;
}
}

void ApiOpenAiTest::initTestCase()
{
    m_key = m_server.createAccountWithKey("openai", {"--plan", "pro", "--credits", "10000000"});
    QVERIFY(!m_key.isEmpty());
    QVERIFY2(m_server.start(), m_server.serverLog().constData());
    const HttpResponse made = m_server.post("/v3/voices", m_key, {{"name", "Deep narrator"}, {"base_voice_id", "am_michael"}, {"pitch", 0.8}});
    QVERIFY2(made.status == 201, made.describe().constData());
    m_customVoice = made.json.value("voice_id").toString();
    const HttpResponse wav = speech({{"model", "tts-1"}, {"voice", "alloy"}, {"input", kInput}, {"response_format", "wav"}}, m_key);
    QVERIFY2(wav.status == 200, wav.describe().constData());
    m_wavSeconds = double(wav.body.size() - 44) / 48000.0;
}

void ApiOpenAiTest::cleanupTestCase()
{
    QVERIFY2(m_server.stop(), "SIGTERM must drain and exit 0");
}

HttpResponse ApiOpenAiTest::speech(const QJsonObject &body, const QByteArray &key)
{
    HttpRequest r{"POST", QStringLiteral("/v1/audio/speech"), key.isEmpty() ? QByteArray() : "Bearer " + key,
                  QJsonDocument(body).toJson(QJsonDocument::Compact), {{"Content-Type", "application/json"}}, "Authorization"};
    return m_server.request(r, 60000);
}

void ApiOpenAiTest::compressedFormatsDecode_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QByteArray>("mime");
    QTest::addColumn<QByteArray>("magic");
    QTest::newRow("opus (opusdec)") << "opus" << QByteArray("audio/ogg") << QByteArray("OggS");
    QTest::newRow("flac (flac)") << "flac" << QByteArray("audio/flac") << QByteArray("fLaC");
    QTest::newRow("aac (ffmpeg)") << "aac" << QByteArray("audio/aac") << QByteArray("\xff");
}

void ApiOpenAiTest::compressedFormatsDecode()
{
    QFETCH(QString, format);
    QFETCH(QByteArray, mime);
    QFETCH(QByteArray, magic);
    const HttpResponse r = speech({{"model", "tts-1"}, {"voice", "alloy"}, {"input", kInput}, {"response_format", format}}, m_key);
    QVERIFY2(r.status == 200, r.describe().constData());
    QCOMPARE(r.header("content-type"), mime);
    QCOMPARE(r.header("transfer-encoding"), QByteArray("chunked")); // streamed as made
    QVERIFY(r.body.startsWith(magic));
    const Decoded d = decode(r.body, format);
    QVERIFY2(d.error.isEmpty(), qPrintable(d.error));
    const double seconds = double(d.pcm.size()) / 48000.0;
    qInfo("%s: %lld bytes, %.3f s decoded, wav %.3f s", qPrintable(format), qint64(r.body.size()), seconds, m_wavSeconds);
    QVERIFY2(std::abs(seconds - m_wavSeconds) < 0.15, qPrintable(QString::number(seconds)));
    QVERIFY(rms(d.pcm) > 0.01);
}

void ApiOpenAiTest::serverSentEvents()
{
    const HttpResponse r = speech({{"model", "tts-1"}, {"voice", "nova"}, {"input", kInput}, {"response_format", "flac"},
                                   {"stream_format", "sse"}}, m_key);
    QVERIFY2(r.status == 200, r.describe().constData());
    QCOMPARE(r.header("content-type"), QByteArray("text/event-stream"));
    QByteArray audio;
    QJsonObject last;
    int deltas = 0;
    for (const QByteArray &block : r.body.split('\n')) {
        if (block.isEmpty())
            continue;
        QVERIFY2(block.startsWith("data: "), block.left(80).constData());
        last = QJsonDocument::fromJson(block.mid(6)).object();
        if (last.value("type") == QLatin1String("speech.audio.delta")) {
            audio += QByteArray::fromBase64(last.value("audio").toString().toLatin1());
            ++deltas;
        }
    }
    QVERIFY2(deltas > 2, qPrintable(QString::number(deltas)));
    QCOMPARE(last.value("type").toString(), QStringLiteral("speech.audio.done"));
    const QJsonObject usage = last.value("usage").toObject();
    QCOMPARE(usage.value("input_tokens").toInt(), int(kInput.size()));
    QCOMPARE(usage.value("total_tokens").toInt(), usage.value("input_tokens").toInt() + usage.value("output_tokens").toInt());
    const Decoded d = decode(audio, "flac");
    QVERIFY2(d.error.isEmpty(), qPrintable(d.error));
    QVERIFY(std::abs(double(d.pcm.size()) / 48000.0 - m_wavSeconds) < 0.3);
    const HttpResponse g = m_server.getGeneration(m_key, QString::fromLatin1(r.header("x-generation-id")));
    QCOMPARE(g.json.value("tokens").toInt(), int(kInput.size()));
}

void ApiOpenAiTest::openAiVoiceNames_data()
{
    QTest::addColumn<QString>("voice");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("ours");
    const QList<QStringList> map = {
        {"alloy", "af_sarah", "sage"},   {"ash", "am_adam", "orion"},     {"ballad", "bm_george", "fergus"},
        {"coral", "af_sarah", "aria"},   {"echo", "am_michael", "marcus"}, {"fable", "bm_george", "fergus"},
        {"onyx", "am_adam", "atlas"},    {"nova", "af_nicole", "nova"},    {"sage", "bf_emma", "sage"},
        {"shimmer", "bf_emma", "luna"},  {"verse", "am_michael", "orion"}, {"marin", "af_nicole", "ember"},
        {"cedar", "am_adam", "marcus"},
    };
    for (const QStringList &m : map) {
        QTest::addRow("%s, tts-1", qPrintable(m[0])) << m[0] << "tts-1" << m[1];
        QTest::addRow("%s, gpt-4o-mini-tts-2025-12-15", qPrintable(m[0])) << m[0] << "gpt-4o-mini-tts-2025-12-15" << m[2];
    }
}

void ApiOpenAiTest::openAiVoiceNames()
{
    QFETCH(QString, voice);
    QFETCH(QString, model);
    QFETCH(QString, ours);
    const HttpResponse r = speech({{"model", model}, {"voice", voice}, {"input", "Hi."}, {"response_format", "pcm"},
                                   {"instructions", "Speak warmly."}}, m_key);
    QVERIFY2(r.status == 200, r.describe().constData());
    QVERIFY(r.body.size() > 4800);
    const HttpResponse g = m_server.getGeneration(m_key, QString::fromLatin1(r.header("x-generation-id")));
    QCOMPARE(g.json.value("voice_id").toString(), ours);
}

void ApiOpenAiTest::voiceObjects_data()
{
    QTest::addColumn<QString>("id"); // "custom": the account's custom voice
    QTest::addColumn<QString>("model");
    QTest::newRow("advanced voice under tts-1") << "marcus" << "advanced";
    QTest::newRow("base voice under gpt-4o-mini-tts") << "bf_emma" << "base";
    QTest::newRow("our nova, not OpenAI's name") << "nova" << "advanced";
    QTest::newRow("custom voice") << "custom" << "base";
}

void ApiOpenAiTest::voiceObjects()
{
    QFETCH(QString, id);
    QFETCH(QString, model);
    const QString voiceId = id == QLatin1String("custom") ? m_customVoice : id;
    const QString asked = model == QLatin1String("base") ? "gpt-4o-mini-tts" : "tts-1";
    const HttpResponse r = speech({{"model", asked}, {"voice", QJsonObject{{"id", voiceId}}}, {"input", "Hi there."},
                                   {"response_format", "pcm"}}, m_key);
    QVERIFY2(r.status == 200, r.describe().constData());
    const HttpResponse g = m_server.getGeneration(m_key, QString::fromLatin1(r.header("x-generation-id")));
    QCOMPARE(g.json.value("voice_id").toString(), voiceId);
    QCOMPARE(g.json.value("model").toString(), model); // the voice's own model
}

void ApiOpenAiTest::models_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("status");
    for (const char *id : {"tts-1", "tts-1-hd", "gpt-4o-mini-tts", "gpt-4o-mini-tts-2025-12-15", "gpt-4o-mini-tts-2027-01-02", "base"})
        QTest::newRow(id) << id << 200;
    QTest::newRow("whisper-1") << "whisper-1" << 404;
    QTest::newRow("undated prefix") << "gpt-4o-mini-tts-latest" << 404;
}

void ApiOpenAiTest::models()
{
    QFETCH(QString, id);
    QFETCH(int, status);
    HttpRequest r{"GET", "/v1/models/" + id, "Bearer " + m_key, {}, {}, "Authorization"};
    const HttpResponse got = m_server.request(r);
    QVERIFY2(got.status == status, got.describe().constData());
    if (status == 200) {
        QCOMPARE(got.json.value("id").toString(), id);
        QCOMPARE(got.json.value("object").toString(), QStringLiteral("model"));
    } else {
        QCOMPARE(got.json.value("error").toObject().value("code").toString(), QStringLiteral("model_not_found"));
    }
}

void ApiOpenAiTest::listings_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("key"); // none, valid, wrong
    QTest::addColumn<int>("status");
    for (const char *path : {"/v1/audio/voices", "/v1/audio/models"}) {
        QTest::addRow("%s without a key", path) << path << "none" << 200;
        QTest::addRow("%s with a key", path) << path << "valid" << 200;
        QTest::addRow("%s with a wrong key", path) << path << "wrong" << 401;
    }
}

void ApiOpenAiTest::listings()
{
    QFETCH(QString, path);
    QFETCH(QString, key);
    QFETCH(int, status);
    HttpRequest r{"GET", path, {}, {}, {}, "Authorization"};
    if (key != QLatin1String("none"))
        r.apiKey = "Bearer " + (key == QLatin1String("valid") ? m_key : QByteArray("sk-wrong"));
    const HttpResponse got = m_server.request(r);
    QVERIFY2(got.status == status, got.describe().constData());
    if (status != 200)
        return;
    QStringList ids;
    const bool voices = path.endsWith(QLatin1String("voices"));
    for (const QJsonValue &v : got.json.value(voices ? "voices" : "models").toArray()) {
        ids << v.toObject().value("id").toString();
        if (voices)
            QVERIFY(!v.toObject().value("name").toString().isEmpty());
    }
    if (!voices) {
        QVERIFY(ids.contains("tts-1") && ids.contains("gpt-4o-mini-tts"));
        return;
    }
    QVERIFY(ids.contains("af_sarah") && ids.contains("marcus"));
    QCOMPARE(ids.contains(m_customVoice), key == QLatin1String("valid")); // custom voices need their account's key
}

void ApiOpenAiTest::closedWithoutKey_data()
{
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QString>("path");
    QTest::newRow("models") << QByteArray("GET") << "/v1/models";
    QTest::newRow("a model") << QByteArray("GET") << "/v1/models/tts-1";
    QTest::newRow("speech") << QByteArray("POST") << "/v1/audio/speech";
    QTest::newRow("v3 voices") << QByteArray("GET") << "/v3/voices";
}

void ApiOpenAiTest::closedWithoutKey()
{
    QFETCH(QByteArray, method);
    QFETCH(QString, path);
    const HttpResponse got = m_server.request({method, path, {}, R"({"model":"tts-1","voice":"alloy","input":"---"})",
                                               {{"Content-Type", "application/json"}}});
    QVERIFY2(got.status == 401, got.describe().constData());
}

QTEST_MAIN(ApiOpenAiTest)
#include "tst_api_openai.moc"
