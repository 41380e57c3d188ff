// Custom voices through the v3 API against a real headless server: JSON and
// multipart creation (with a reference WAV), listing, generating, ownership,
// malformed input, update and delete.
#include "studioprocess.h"
#include "voiceanalysis.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTcpSocket>
#include <QtEndian>
#include <QtTest>

#include <cmath>

namespace
{
const QByteArray kBoundary = "----ttsStudioTestBoundary7d1";

struct Field
{
    QByteArray name;
    QByteArray value;
    QByteArray filename; // non-empty: a file part
};

QByteArray multipartBody(const QList<Field> &fields, const QByteArray &boundary = kBoundary)
{
    QByteArray b;
    for (const Field &f : fields) {
        b += "--" + boundary + "\r\n";
        b += "Content-Disposition: form-data; name=\"" + f.name + "\"";
        if (!f.filename.isEmpty())
            b += "; filename=\"" + f.filename + "\"\r\nContent-Type: audio/wav";
        b += "\r\n\r\n" + f.value + "\r\n";
    }
    b += "--" + boundary + "--\r\n";
    return b;
}

QList<QPair<QByteArray, QByteArray>> multipartHeaders(const QByteArray &boundary = kBoundary)
{
    return {{"Content-Type", "multipart/form-data; boundary=" + boundary}};
}

QByteArray json(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QByteArray silentWav(double seconds, int rate = 16000)
{
    const quint32 bytes = quint32(seconds * rate) * 2;
    QByteArray h("RIFF");
    uchar x[4];
    const auto u32 = [&](quint32 v) { qToLittleEndian(v, x); h.append(reinterpret_cast<char *>(x), 4); };
    const auto u16 = [&](quint16 v) { qToLittleEndian(v, x); h.append(reinterpret_cast<char *>(x), 2); };
    u32(36 + bytes);
    h.append("WAVEfmt ");
    u32(16);
    u16(1);
    u16(1);
    u32(quint32(rate));
    u32(quint32(rate * 2));
    u16(2);
    u16(16);
    h.append("data");
    u32(bytes);
    return h + QByteArray(qsizetype(bytes), '\0');
}
}

class TestVoicesApi : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void createWithJson();
    void listedAfterSystemVoices();
    void generateWithCustomVoice();
    void otherAccountCannotSeeUseOrDelete();
    void createWithMultipartReference();
    void explicitFieldsWinOverAnalysis();
    void multipartWithoutReference();
    void badRequestsCreateNothing_data();
    void badRequestsCreateNothing();
    void bodyOverOneMiB();
    void updateWithPatch();
    void deleteByOwner();

private:
    QJsonArray voices(const QByteArray &key, const QString &query = "?limit=500");
    int customCount(const QByteArray &key);
    QByteArray speechWav(const QString &voice, double speed);

    StudioProcess m_studio;
    QByteArray m_key;
    QByteArray m_otherKey;
    QString m_jsonVoice;
    QString m_referenceVoice;
    QByteArray m_reference;
};

void TestVoicesApi::initTestCase()
{
    m_key = m_studio.createAccountWithKey("owner", {"--credits", "5000000"}).toUtf8();
    m_otherKey = m_studio.createAccountWithKey("stranger", {"--credits", "5000000"}).toUtf8();
    QVERIFY(!m_key.isEmpty() && !m_otherKey.isEmpty());
    // A male voice speaking fast: lower and quicker than the female advanced voice aria.
    m_reference = speechWav("am_michael", 1.3);
    QVERIFY(m_reference.size() > 48000);
    QVERIFY(m_reference.size() < 1024 * 1024);
    QVERIFY(m_studio.start({"--workers", "2"}));
}

void TestVoicesApi::cleanupTestCase()
{
    m_studio.stop();
}

QByteArray TestVoicesApi::speechWav(const QString &voice, double speed)
{
    const QString path = m_studio.dataDir() + QStringLiteral("/ref_%1.wav").arg(voice);
    // `say` needs no data dir (and takes no --data-dir), so not through cli().
    QProcess p;
    p.start(StudioProcess::binary(), {"say", "The weather is lovely today, so we will walk to the old harbour and have lunch by the sea.",
                                      "--voice", voice, "--speed", QString::number(speed), "-o", path});
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {};
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QJsonArray TestVoicesApi::voices(const QByteArray &key, const QString &query)
{
    const HttpResult r = httpRequest("GET", m_studio.baseUrl() + "/v3/voices" + query, key);
    return r.status == 200 ? r.json.value("voices").toArray() : QJsonArray();
}

int TestVoicesApi::customCount(const QByteArray &key)
{
    int n = 0;
    for (const QJsonValue &v : voices(key))
        n += v.toObject().value("is_custom").toBool() ? 1 : 0;
    return n;
}

void TestVoicesApi::createWithJson()
{
    const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v3/voices", m_key,
                                     json({{"name", "Slow Sarah"}, {"base_voice_id", "af_sarah"}, {"pitch", 0.9},
                                           {"rate", 0.8}, {"description", "Deeper and slower"}}));
    QCOMPARE(r.status, 201);
    m_jsonVoice = r.json.value("voice_id").toString();
    QVERIFY(m_jsonVoice.startsWith("custom_"));
    QCOMPARE(r.json.value("is_custom").toBool(), true);
    QCOMPARE(r.json.value("name").toString(), QStringLiteral("Slow Sarah"));
    QCOMPARE(r.json.value("model").toString(), QStringLiteral("base"));
    QCOMPARE(r.json.value("description").toString(), QStringLiteral("Deeper and slower"));
    QCOMPARE(r.json.value("base_voice_id").toString(), QStringLiteral("af_sarah"));
    QCOMPARE(r.json.value("pitch").toDouble(), 0.9);
    QCOMPARE(r.json.value("rate").toDouble(), 0.8);
    QVERIFY(!r.json.contains("analysis"));
}

void TestVoicesApi::listedAfterSystemVoices()
{
    const QJsonArray all = voices(m_key);
    int lastSystem = -1, firstCustom = -1, found = -1;
    for (int i = 0; i < all.size(); ++i) {
        const QJsonObject v = all.at(i).toObject();
        if (v.value("is_custom").toBool()) {
            if (firstCustom < 0)
                firstCustom = i;
        } else {
            lastSystem = i;
        }
        if (v.value("voice_id").toString() == m_jsonVoice) {
            found = i;
            QCOMPARE(v.value("is_custom").toBool(), true);
            QCOMPARE(v.value("name").toString(), QStringLiteral("Slow Sarah"));
        }
    }
    QVERIFY(found >= 0);
    QVERIFY(lastSystem >= 28);
    QVERIFY(firstCustom > lastSystem);
    // The model filter applies to custom voices too.
    bool inBase = false, inAdvanced = false;
    for (const QJsonValue &v : voices(m_key, "?model=base&limit=500"))
        inBase |= v.toObject().value("voice_id").toString() == m_jsonVoice;
    for (const QJsonValue &v : voices(m_key, "?model=advanced&limit=500"))
        inAdvanced |= v.toObject().value("voice_id").toString() == m_jsonVoice;
    QVERIFY(inBase);
    QVERIFY(!inAdvanced);
}

void TestVoicesApi::generateWithCustomVoice()
{
    const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v3/tts", m_key,
                                     json({{"text", "Hello from a custom voice."}, {"voice_id", m_jsonVoice}}));
    QCOMPARE(r.status, 201);
    const QJsonObject done = waitForStatus(m_studio.baseUrl(), m_key, r.json.value("generation_id").toString());
    QCOMPARE(done.value("status").toString(), QStringLiteral("COMPLETED"));
    QVERIFY(!done.value("audio_url").toString().isEmpty());
}

void TestVoicesApi::otherAccountCannotSeeUseOrDelete()
{
    for (const QJsonValue &v : voices(m_otherKey))
        QVERIFY(v.toObject().value("voice_id").toString() != m_jsonVoice);
    QCOMPARE(customCount(m_otherKey), 0);

    const HttpResult use = httpRequest("POST", m_studio.baseUrl() + "/v3/tts", m_otherKey,
                                       json({{"text", "Not yours."}, {"voice_id", m_jsonVoice}}));
    QCOMPARE(use.status, 400);
    const HttpResult del = httpRequest("DELETE", m_studio.baseUrl() + "/v3/voices/" + m_jsonVoice, m_otherKey);
    QCOMPARE(del.status, 404);
    const HttpResult patch = httpRequest("PATCH", m_studio.baseUrl() + "/v3/voices/" + m_jsonVoice, m_otherKey,
                                         json({{"name", "Stolen"}}));
    QCOMPARE(patch.status, 404);
    // Still there, unchanged, for the owner.
    bool found = false;
    for (const QJsonValue &v : voices(m_key))
        if (v.toObject().value("voice_id").toString() == m_jsonVoice) {
            found = true;
            QCOMPARE(v.toObject().value("name").toString(), QStringLiteral("Slow Sarah"));
        }
    QVERIFY(found);
    // No key at all.
    QCOMPARE(httpRequest("DELETE", m_studio.baseUrl() + "/v3/voices/" + m_jsonVoice).status, 401);
}

void TestVoicesApi::createWithMultipartReference()
{
    const QByteArray body = multipartBody({{"name", "Like the recording", {}},
                                           {"base_voice_id", "aria", {}},
                                           {"description", "Matched to a reference", {}},
                                           {"reference", m_reference, "michael.wav"}});
    const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v3/voices", m_key, body, multipartHeaders());
    QVERIFY2(r.status == 201, r.body.constData());
    m_referenceVoice = r.json.value("voice_id").toString();
    QVERIFY(m_referenceVoice.startsWith("custom_"));
    QCOMPARE(r.json.value("is_custom").toBool(), true);
    QCOMPARE(r.json.value("model").toString(), QStringLiteral("advanced"));
    const double pitch = r.json.value("pitch").toDouble();
    const double rate = r.json.value("rate").toDouble();
    const QJsonObject analysis = r.json.value("analysis").toObject();
    qInfo("reference match: pitch %.2f, rate %.2f; %s", pitch, rate, json(analysis).constData());
    QVERIFY(pitch >= 0.5 && pitch <= 2.0 && rate >= 0.5 && rate <= 2.0);
    // A male reference against a female base voice: clearly lower.
    QVERIFY2(pitch < 0.85, qPrintable(QString::number(pitch)));
    // Reference spoken at 1.3x: faster than the base voice at its normal rate.
    QVERIFY2(rate > 1.0, qPrintable(QString::number(rate)));
    QVERIFY(analysis.value("reference").toObject().value("median_f0_hz").toDouble() > 60);
    QVERIFY(analysis.value("base").toObject().value("median_f0_hz").toDouble() > 120);
    QVERIFY(analysis.value("method").toString().contains("approximation"));

    // Listed, and it speaks.
    bool listed = false;
    for (const QJsonValue &v : voices(m_key, "?model=advanced&limit=500"))
        listed |= v.toObject().value("voice_id").toString() == m_referenceVoice && v.toObject().value("is_custom").toBool();
    QVERIFY(listed);
    const HttpResult gen = httpRequest("POST", m_studio.baseUrl() + "/v3/tts", m_key,
                                       json({{"text", "This voice follows a recording, with the pitch and the pace of the speaker."},
                                             {"voice_id", m_referenceVoice},
                                             {"model", "advanced"}}));
    QCOMPARE(gen.status, 201);
    const QJsonObject done = waitForStatus(m_studio.baseUrl(), m_key, gen.json.value("generation_id").toString());
    QCOMPARE(done.value("status").toString(), QStringLiteral("COMPLETED"));

    // The point of it: the matched voice speaks near the reference's pitch and pace
    // (another text, so loosely), far from the base voice's pitch.
    const HttpResult audio = httpRequest("GET", done.value("audio_url").toString());
    QCOMPARE(audio.status, 200);
    const auto pcm = VoiceAnalysis::readWav(audio.body);
    QVERIFY2(pcm.ok(), qPrintable(pcm.error().detail));
    const auto spoken = VoiceAnalysis::analyze(*pcm);
    const QJsonObject ref = analysis.value("reference").toObject();
    const double refF0 = ref.value("median_f0_hz").toDouble();
    const double refRate = ref.value("syllables_per_second").toDouble();
    qInfo("matched voice speaks at %.1f Hz, %.2f syllables/s (reference %.1f Hz, %.2f/s)", spoken.medianF0Hz,
          spoken.syllablesPerSec, refF0, refRate);
    QVERIFY(std::abs(spoken.medianF0Hz / refF0 - 1.0) < 0.25);
    QVERIFY(spoken.syllablesPerSec / refRate > 0.7 && spoken.syllablesPerSec / refRate < 1.4);
}

void TestVoicesApi::explicitFieldsWinOverAnalysis()
{
    const QByteArray body = multipartBody({{"name", "Explicit pitch", {}},
                                           {"base_voice_id", "aria", {}},
                                           {"pitch", "1.5", {}},
                                           {"reference", m_reference, "michael.wav"}});
    const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v3/voices", m_key, body, multipartHeaders());
    QVERIFY2(r.status == 201, r.body.constData());
    QCOMPARE(r.json.value("pitch").toDouble(), 1.5);
    QVERIFY(r.json.value("rate").toDouble() > 1.0); // still from the analysis

    const QByteArray both = multipartBody({{"name", "Both explicit", {}},
                                           {"base_voice_id", "aria", {}},
                                           {"pitch", "1.1", {}},
                                           {"rate", "0.7", {}},
                                           {"reference", m_reference, "michael.wav"}});
    const HttpResult r2 = httpRequest("POST", m_studio.baseUrl() + "/v3/voices", m_key, both, multipartHeaders());
    QVERIFY2(r2.status == 201, r2.body.constData());
    QCOMPARE(r2.json.value("pitch").toDouble(), 1.1);
    QCOMPARE(r2.json.value("rate").toDouble(), 0.7);
    for (const QString &id : {r.json.value("voice_id").toString(), r2.json.value("voice_id").toString()})
        QCOMPARE(httpRequest("DELETE", m_studio.baseUrl() + "/v3/voices/" + id, m_key).status, 200);
}

void TestVoicesApi::multipartWithoutReference()
{
    const QByteArray body = multipartBody({{"name", "Form voice", {}}, {"base_voice_id", "bf_emma", {}},
                                           {"pitch", "1.2", {}}, {"rate", " 1.1 ", {}}});
    const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v3/voices", m_key, body, multipartHeaders());
    QVERIFY2(r.status == 201, r.body.constData());
    QCOMPARE(r.json.value("pitch").toDouble(), 1.2);
    QCOMPARE(r.json.value("rate").toDouble(), 1.1);
    QCOMPARE(httpRequest("DELETE", m_studio.baseUrl() + "/v3/voices/" + r.json.value("voice_id").toString(), m_key).status,
             200);
}

void TestVoicesApi::badRequestsCreateNothing_data()
{
    QTest::addColumn<QByteArray>("contentType");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("detail");
    const QByteArray type = "multipart/form-data; boundary=" + kBoundary;
    const QByteArray good = multipartBody({{"name", "X", {}}, {"base_voice_id", "aria", {}}});
    QTest::newRow("no boundary") << QByteArray("multipart/form-data") << good << 400 << "boundary";
    QTest::newRow("truncated") << type << good.left(good.size() - 30) << 400 << "Malformed multipart";
    QTest::newRow("garbage") << type << QByteArray("--" + kBoundary + "\x01\x02\x03") << 400 << "Malformed multipart";
    QTest::newRow("part without name") << type
                                       << QByteArray("--" + kBoundary + "\r\nContent-Disposition: form-data\r\n\r\nx\r\n--" + kBoundary + "--\r\n")
                                       << 400 << "no name";
    QTest::newRow("missing name field") << type << multipartBody({{"base_voice_id", "aria", {}}}) << 400 << "name";
    QTest::newRow("unknown base voice") << type << multipartBody({{"name", "X", {}}, {"base_voice_id", "nobody", {}}}) << 400
                                        << "Unknown base voice";
    QTest::newRow("pitch not a number") << type << multipartBody({{"name", "X", {}}, {"base_voice_id", "aria", {}}, {"pitch", "high", {}}})
                                        << 422 << "pitch";
    QTest::newRow("pitch out of range") << type << multipartBody({{"name", "X", {}}, {"base_voice_id", "aria", {}}, {"pitch", "3", {}}})
                                        << 400 << "pitch";
    QTest::newRow("reference not a wav") << type
                                         << multipartBody({{"name", "X", {}}, {"base_voice_id", "aria", {}},
                                                           {"reference", "this is text, not audio", "notes.wav"}})
                                         << 400 << "not a WAV";
    QTest::newRow("reference empty") << type
                                     << multipartBody({{"name", "X", {}}, {"base_voice_id", "aria", {}}, {"reference", "", "empty.wav"}})
                                     << 400 << "empty";
    QTest::newRow("reference too short") << type
                                         << multipartBody({{"name", "X", {}}, {"base_voice_id", "aria", {}},
                                                           {"reference", silentWav(0.5), "short.wav"}})
                                         << 400 << "too short";
    QTest::newRow("reference silent") << type
                                      << multipartBody({{"name", "X", {}}, {"base_voice_id", "aria", {}},
                                                        {"reference", silentWav(2.0), "silence.wav"}})
                                      << 400 << "silent";
    QTest::newRow("silent, explicit pitch and rate") << type
                                                     << multipartBody({{"name", "X", {}}, {"base_voice_id", "aria", {}},
                                                                       {"pitch", "1", {}}, {"rate", "1", {}},
                                                                       {"reference", silentWav(2.0), "silence.wav"}})
                                                     << 400 << "silent";
    QTest::newRow("malformed json") << QByteArray("application/json") << QByteArray("{\"name\": ") << 400 << "Malformed JSON";
    QTest::newRow("json pitch wrong type") << QByteArray("application/json")
                                           << QByteArray(R"({"name":"X","base_voice_id":"aria","pitch":"high"})") << 422 << "pitch";
}

void TestVoicesApi::badRequestsCreateNothing()
{
    QFETCH(QByteArray, contentType);
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, detail);
    const int before = customCount(m_key);
    const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v3/voices", m_key, body, {{"Content-Type", contentType}});
    QVERIFY2(r.status == status, qPrintable(QString::number(r.status) + " " + QString::fromUtf8(r.body)));
    const QString text = r.json.value("detail").toString() + " " + json(QJsonObject{{"e", r.json.value("errors")}});
    QVERIFY2(text.contains(detail, Qt::CaseInsensitive), r.body.constData());
    QCOMPARE(customCount(m_key), before);
}

void TestVoicesApi::bodyOverOneMiB()
{
    // The server answers 413 as soon as it sees the Content-Length (and closes), so
    // read the answer over a plain socket: an HTTP client still uploading reports a
    // closed connection instead.
    const int before = customCount(m_key);
    const QByteArray body = multipartBody({{"name", "X", {}}, {"base_voice_id", "aria", {}},
                                           {"reference", silentWav(40.0), "long.wav"}});
    QVERIFY(body.size() > 1024 * 1024);
    const QUrl url(m_studio.baseUrl());
    QTcpSocket socket;
    socket.connectToHost(url.host(), quint16(url.port()));
    QVERIFY(socket.waitForConnected(5000));
    socket.write("POST /v3/voices HTTP/1.1\r\nHost: " + url.host().toLatin1() + ":" + QByteArray::number(url.port())
                 + "\r\nx-api-key: " + m_key + "\r\nContent-Type: multipart/form-data; boundary=" + kBoundary
                 + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body.left(4096));
    QByteArray answer;
    QDeadlineTimer deadline(10000);
    while (!answer.contains("\r\n\r\n") && !deadline.hasExpired() && socket.state() == QAbstractSocket::ConnectedState) {
        socket.waitForReadyRead(200);
        answer += socket.readAll();
    }
    answer += socket.readAll();
    QVERIFY2(answer.startsWith("HTTP/1.1 413"), answer.constData());
    QCOMPARE(customCount(m_key), before);
}

void TestVoicesApi::updateWithPatch()
{
    const QString url = m_studio.baseUrl() + "/v3/voices/" + m_jsonVoice;
    const HttpResult r = httpRequest("PATCH", url, m_key, json({{"name", "Slower Sarah"}, {"rate", 0.7}}));
    QVERIFY2(r.status == 200, r.body.constData());
    QCOMPARE(r.json.value("name").toString(), QStringLiteral("Slower Sarah"));
    QCOMPARE(r.json.value("rate").toDouble(), 0.7);
    QCOMPARE(r.json.value("pitch").toDouble(), 0.9); // unchanged
    QCOMPARE(httpRequest("PATCH", url, m_key, json({{"pitch", 2.5}})).status, 400);
    QCOMPARE(httpRequest("PATCH", url, m_key, json({{"pitch", "low"}})).status, 422);
    QCOMPARE(httpRequest("PATCH", m_studio.baseUrl() + "/v3/voices/custom_nothere", m_key, json({{"name", "x"}})).status, 404);
}

void TestVoicesApi::deleteByOwner()
{
    const int before = customCount(m_key);
    for (const QString &id : {m_jsonVoice, m_referenceVoice}) {
        const HttpResult r = httpRequest("DELETE", m_studio.baseUrl() + "/v3/voices/" + id, m_key);
        QVERIFY2(r.status == 200, r.body.constData());
        QCOMPARE(r.json.value("deleted").toBool(), true);
        QCOMPARE(httpRequest("DELETE", m_studio.baseUrl() + "/v3/voices/" + id, m_key).status, 404);
    }
    QCOMPARE(customCount(m_key), before - 2);
    for (const QJsonValue &v : voices(m_key))
        QVERIFY(v.toObject().value("voice_id").toString() != m_jsonVoice);
    const HttpResult use = httpRequest("POST", m_studio.baseUrl() + "/v3/tts", m_key,
                                       json({{"text", "Gone."}, {"voice_id", m_jsonVoice}}));
    QCOMPARE(use.status, 400);
}

QTEST_GUILESS_MAIN(TestVoicesApi)
#include "tst_voices_api.moc"
