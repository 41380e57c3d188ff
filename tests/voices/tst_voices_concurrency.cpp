// Custom-voice uploads with a reference recording against a real headless server while
// the analyses cannot finish: the only synthesis worker (--workers 1) is kept busy by a
// long generation, so every analysis that measures a base voice waits for it. Meanwhile
// ordinary store-backed requests must still be answered (the analyses have threads of
// their own, not the store pool every handler needs), and the queue of waiting analyses
// is bounded (503 with Retry-After). Only the order of answers is asserted, never times.
#include "rawclient.h"
#include "studioprocess.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTcpSocket>
#include <QUrl>
#include <QtTest>

#include <algorithm>
#include <limits>
#include <memory>

#include <signal.h>

namespace
{
const QByteArray kBoundary = "----ttsStudioConcurrencyBoundary";

// The documented bound: two analyses run, eight wait (docs/custom-voices.md).
constexpr int kAnalysesAtOnce = 2 + 8;

QByteArray multipartUpload(const QString &name, const QString &baseVoice, const QByteArray &wav)
{
    QByteArray b;
    const auto field = [&b](const QByteArray &n, const QByteArray &value, const QByteArray &filename = {}) {
        b += "--" + kBoundary + "\r\nContent-Disposition: form-data; name=\"" + n + "\"";
        if (!filename.isEmpty())
            b += "; filename=\"" + filename + "\"\r\nContent-Type: audio/wav";
        b += "\r\n\r\n" + value + "\r\n";
    };
    field("name", name.toUtf8());
    field("base_voice_id", baseVoice.toUtf8());
    field("reference", wav, "reference.wav");
    b += "--" + kBoundary + "--\r\n";
    return b;
}

QByteArray rawRequest(const QString &baseUrl, const QByteArray &method, const QByteArray &target, const QByteArray &key,
                      const QByteArray &contentType = {}, const QByteArray &body = {})
{
    QByteArray r = method + " " + target + " HTTP/1.1\r\n" + hostHeader(baseUrl) + "x-api-key: " + key + "\r\n";
    if (!contentType.isEmpty())
        r += "Content-Type: " + contentType + "\r\n";
    return r + "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body;
}

// One request on a connection of its own, answered over the event loop. Answers are
// numbered from a shared counter as they complete: tests compare places, not times.
class Exchange
{
public:
    Exchange(const QString &baseUrl, const QByteArray &request, int *answered)
    {
        QObject::connect(&m_socket, &QTcpSocket::readyRead, &m_socket, [this, answered] {
            m_buffer += m_socket.readAll();
            if (m_place > 0)
                return;
            const QList<RawAnswer> answers = splitAnswers(m_buffer);
            if (!answers.isEmpty()) {
                m_answer = answers.first();
                m_place = ++*answered;
            }
        });
        // Closed without an answer: finished too (status 0), so a failure is reported
        // in its place instead of as a timeout.
        QObject::connect(&m_socket, &QTcpSocket::disconnected, &m_socket, [this, answered] {
            if (m_place == 0)
                m_place = ++*answered;
        });
        const QUrl url(baseUrl);
        m_socket.connectToHost(url.host(), quint16(url.port()));
        m_socket.write(request); // buffered until connected
    }

    // Every byte of the request is with the kernel.
    bool sent() const { return m_socket.state() == QAbstractSocket::ConnectedState && m_socket.bytesToWrite() == 0; }
    bool answered() const { return m_place > 0; }
    int place() const { return m_place; }
    int status() const { return m_answer.status; }
    QJsonObject json() const { return QJsonDocument::fromJson(m_answer.body).object(); }
    const RawAnswer &answer() const { return m_answer; }

private:
    QTcpSocket m_socket;
    QByteArray m_buffer;
    RawAnswer m_answer;
    int m_place = 0;
};

using Exchanges = std::vector<std::unique_ptr<Exchange>>;

bool allSent(const Exchanges &list)
{
    return std::all_of(list.begin(), list.end(), [](const auto &e) { return e->sent(); });
}

int answeredCount(const Exchanges &list)
{
    return int(std::count_if(list.begin(), list.end(), [](const auto &e) { return e->answered(); }));
}
}

class TestVoicesConcurrency : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void storeRequestsAnsweredWhileUploadsAnalyse();
    void waitingAnalysesAreBounded();
    void sigtermAnswersWaitingUploads(); // last: it ends the server

private:
    QString occupyTheWorker();
    void release(const QString &generationId);
    QByteArray speechWav(const QString &voice);

    StudioProcess m_studio;
    QByteArray m_key;
    QByteArray m_reference;
    int m_answered = 0;
};

void TestVoicesConcurrency::initTestCase()
{
    m_key = m_studio.createAccountWithKey("uploader", {"--credits", "5000000"}).toUtf8();
    QVERIFY(!m_key.isEmpty());
    m_reference = speechWav("am_michael");
    QVERIFY(m_reference.size() > 48000 && m_reference.size() < 1000 * 1000);
    // One worker: a long generation holds it, so analyses that measure a base voice wait.
    // A short request timeout: a connection that waits longer than it for its answer
    // (a complete request the server is still working on) must not be cut as idle.
    QVERIFY(m_studio.start({"--workers", "1", "--request-timeout", "2"}));
}

void TestVoicesConcurrency::cleanupTestCase()
{
    m_studio.stop();
}

QByteArray TestVoicesConcurrency::speechWav(const QString &voice)
{
    const QString path = m_studio.dataDir() + QStringLiteral("/ref_%1.wav").arg(voice);
    QProcess p;
    p.start(StudioProcess::binary(), {"say", "The weather is lovely today, so we will walk to the old harbour and have lunch by the sea.",
                                      "--voice", voice, "-o", path});
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {};
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A generation long enough (tens of seconds of synthesis) to outlast everything a test
// sends while it runs; returned once the worker has it.
QString TestVoicesConcurrency::occupyTheWorker()
{
    QString text;
    while (text.size() < 20000)
        text += QStringLiteral("The weather is lovely today, so we will walk to the old harbour and have lunch by the sea. ");
    const HttpResult created = httpRequest("POST", m_studio.baseUrl() + "/v3/tts", m_key,
                                           QJsonDocument(QJsonObject{{"text", text}, {"voice_id", "af_sarah"}}).toJson());
    if (created.status != 201)
        return {};
    const QString id = created.json.value("generation_id").toString();
    const QJsonObject running = waitForStatus(m_studio.baseUrl(), m_key, id, {"GENERATING", "COMPLETED", "FAILED"});
    return running.value("status").toString() == QLatin1String("GENERATING") ? id : QString();
}

// Cancels the long generation so the waiting analyses get the worker.
void TestVoicesConcurrency::release(const QString &generationId)
{
    httpRequest("DELETE", m_studio.baseUrl() + "/v3/tts?generation_id=" + generationId, m_key);
}

void TestVoicesConcurrency::storeRequestsAnsweredWhileUploadsAnalyse()
{
    const QString longJob = occupyTheWorker();
    QVERIFY2(!longJob.isEmpty(), "the long generation did not start");

    // More uploads than the store pool has threads (4), each measuring another base voice,
    // so none is answered from the cache of measured voices.
    const QStringList bases = {"aria", "luna", "nova", "marcus", "atlas", "fergus"};
    Exchanges uploads;
    for (const QString &base : bases)
        uploads.push_back(std::make_unique<Exchange>(
            m_studio.baseUrl(),
            rawRequest(m_studio.baseUrl(), "POST", "/v3/voices", m_key, "multipart/form-data; boundary=" + kBoundary,
                       multipartUpload("Like the recording on " + base, base, m_reference)),
            &m_answered));
    QTRY_VERIFY_WITH_TIMEOUT(allSent(uploads), 10000);
    // Give the server a moment to read the uploads and start them before the probe is
    // sent: with analyses on the store pool, they would hold all its threads by then.
    // This wait only makes that failure certain; what is asserted is the order below.
    QTest::qWait(500);
    QCOMPARE(answeredCount(uploads), 0);

    // An ordinary store-backed request: authentication and the voice list, on a store thread.
    Exchange probe(m_studio.baseUrl(), rawRequest(m_studio.baseUrl(), "GET", "/v3/voices?limit=1", m_key), &m_answered);
    QTRY_VERIFY_WITH_TIMEOUT(probe.answered(), 120000);
    const int uploadsBeforeProbe = answeredCount(uploads);
    QVERIFY2(uploadsBeforeProbe == 0,
             qPrintable(QStringLiteral("GET /v3/voices (answered %1) waited for %2 of %3 analysing uploads to be answered")
                            .arg(probe.status()).arg(uploadsBeforeProbe).arg(uploads.size())));
    QCOMPARE(probe.status(), 200);

    release(longJob);
    QTRY_COMPARE_WITH_TIMEOUT(answeredCount(uploads), int(uploads.size()), 120000);
    QSet<QString> ids;
    int firstUpload = std::numeric_limits<int>::max();
    for (const auto &u : uploads) {
        QVERIFY2(u->status() == 201, u->answer().body.constData());
        const QJsonObject o = u->json();
        ids.insert(o.value("voice_id").toString());
        QVERIFY(o.value("analysis").toObject().value("base").toObject().value("median_f0_hz").toDouble() > 60);
        firstUpload = std::min(firstUpload, u->place());
    }
    QCOMPARE(ids.size(), int(uploads.size()));
    QVERIFY(probe.place() < firstUpload);
}

void TestVoicesConcurrency::waitingAnalysesAreBounded()
{
    const QString longJob = occupyTheWorker();
    QVERIFY2(!longJob.isEmpty(), "the long generation did not start");

    // Base voices no earlier test measured: every analysis waits for the worker.
    const QStringList bases = {"orion", "sage", "ember"};
    const int extra = 2;
    Exchanges uploads;
    for (int i = 0; i < kAnalysesAtOnce + extra; ++i) {
        const QString base = bases.at(i % bases.size());
        uploads.push_back(std::make_unique<Exchange>(
            m_studio.baseUrl(),
            rawRequest(m_studio.baseUrl(), "POST", "/v3/voices", m_key, "multipart/form-data; boundary=" + kBoundary,
                       multipartUpload(QStringLiteral("Burst %1").arg(i), base, m_reference)),
            &m_answered));
    }
    // The ones beyond the bound are refused at once, while the others still wait.
    QTRY_VERIFY_WITH_TIMEOUT(answeredCount(uploads) >= extra, 60000);
    for (const auto &u : uploads) {
        if (!u->answered())
            continue;
        QVERIFY2(u->status() == 503, u->answer().body.constData());
        QVERIFY(u->answer().header("retry-after").toInt() > 0);
        QVERIFY(u->json().value("detail").toString().contains("analyses"));
    }

    release(longJob);
    QTRY_COMPARE_WITH_TIMEOUT(answeredCount(uploads), int(uploads.size()), 120000);
    int created = 0, refused = 0;
    for (const auto &u : uploads) {
        created += u->status() == 201 ? 1 : 0;
        refused += u->status() == 503 ? 1 : 0;
    }
    QCOMPARE(created, kAnalysesAtOnce);
    QCOMPARE(refused, extra);

    // Every place was given back: the next upload is analysed again.
    const HttpResult again = httpRequest("POST", m_studio.baseUrl() + "/v3/voices", m_key,
                                         multipartUpload("After the burst", "sage", m_reference),
                                         {{"Content-Type", "multipart/form-data; boundary=" + kBoundary}});
    QVERIFY2(again.status == 201, again.body.constData());
}

QTEST_GUILESS_MAIN(TestVoicesConcurrency)
void TestVoicesConcurrency::sigtermAnswersWaitingUploads()
{
    // Uploads wait for analysis threads, or run and wait for the worker they need (busy
    // with a long job); SIGTERM then must not leave them without an answer: each is told
    // 503 with Retry-After before the server exits.
    const QString longJob = occupyTheWorker();
    QVERIFY2(!longJob.isEmpty(), "the long generation did not start");
    const QStringList bases = {"af_nicole", "am_adam", "bf_emma", "bm_george", "ef_dora", "em_alex", "ff_siwis", "fm_louis"};
    Exchanges uploads;
    for (const QString &base : bases)
        uploads.push_back(std::make_unique<Exchange>(
            m_studio.baseUrl(),
            rawRequest(m_studio.baseUrl(), "POST", "/v3/voices", m_key, "multipart/form-data; boundary=" + kBoundary,
                       multipartUpload("Before the end on " + base, base, m_reference)),
            &m_answered));
    QTRY_VERIFY_WITH_TIMEOUT(allSent(uploads), 10000);
    QTest::qWait(500); // read and handed to the analysis threads
    QVERIFY(::kill(pid_t(m_studio.pid()), SIGTERM) == 0);
    QTRY_VERIFY_WITH_TIMEOUT(answeredCount(uploads) == int(uploads.size()), 30000);
    for (const auto &u : uploads) {
        QVERIFY2(u->status() == 503, u->answer().head.constData());
        QCOMPARE(u->json().value("detail").toString(), QStringLiteral("The server is shutting down."));
        QCOMPARE(u->answer().header("retry-after"), QByteArray("5"));
    }
}

#include "tst_voices_concurrency.moc"
