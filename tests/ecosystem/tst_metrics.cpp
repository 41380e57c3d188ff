// Operations routes of a live `tts-studio --headless`: /healthz, /readyz once the
// workers are up, and /metrics as Prometheus text exposition whose counters move with
// requests, completed generations and streams (HTTP /v1/audio/speech and WebSocket).

#include "studioprocess.h"

#include <QDeadlineTimer>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>
#include <QWebSocket>
#include <QtTest>

#include <cmath>
#include <limits>

namespace
{
struct Sample
{
    QString name;
    QMap<QString, QString> labels;
    double value = 0;
};

struct Exposition
{
    QList<Sample> samples;
    QHash<QString, QString> types; // family -> counter|gauge|histogram|summary|untyped
    QString error;                 // first violation, empty when the text is valid

    // The value of name{labels}; NaN when absent.
    double value(const QString &name, const QMap<QString, QString> &labels = {}) const
    {
        for (const Sample &s : samples)
            if (s.name == name && s.labels == labels)
                return s.value;
        return std::numeric_limits<double>::quiet_NaN();
    }
};

bool parseValue(const QString &text, double *out)
{
    if (text == QLatin1String("+Inf") || text == QLatin1String("Inf")) {
        *out = std::numeric_limits<double>::infinity();
        return true;
    }
    if (text == QLatin1String("-Inf")) {
        *out = -std::numeric_limits<double>::infinity();
        return true;
    }
    if (text == QLatin1String("NaN")) {
        *out = std::numeric_limits<double>::quiet_NaN();
        return true;
    }
    bool ok = false;
    *out = text.toDouble(&ok);
    return ok;
}

// The family a sample belongs to (histogram samples carry a suffix).
QString familyOf(const QString &name, const QHash<QString, QString> &types)
{
    if (types.contains(name))
        return name;
    for (const char *suffix : {"_bucket", "_sum", "_count"}) {
        const QString s = QLatin1String(suffix);
        if (name.endsWith(s)) {
            const QString base = name.chopped(s.size());
            const QString t = types.value(base);
            if (t == QLatin1String("histogram") || (t == QLatin1String("summary") && s != QLatin1String("_bucket")))
                return base;
        }
    }
    return {};
}

// Text exposition format 0.0.4: every line a comment (# HELP / # TYPE) or
// `name{label="value",...} value [timestamp]`; HELP and TYPE at most once per family,
// before its samples, with a known type; a family's samples together; counters
// non-negative; histogram buckets cumulative, ending in le="+Inf" equal to _count,
// with a _sum.
Exposition parseExposition(const QByteArray &body)
{
    static const QRegularExpression sampleRe(QStringLiteral(
        "^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{((?:[a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\\\\n]|\\\\.)*\"(?:,|(?=\\})))*)\\})? "
        "(\\S+)(?: (-?[0-9]+))?$"));
    static const QRegularExpression labelRe(QStringLiteral("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\\\n]|\\\\.)*)\""));
    static const QRegularExpression commentRe(QStringLiteral("^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$"));
    static const QSet<QString> kTypes = {"counter", "gauge", "histogram", "summary", "untyped"};

    Exposition e;
    QSet<QString> helped, finished;
    QString currentFamily;
    const QString text = QString::fromUtf8(body);
    if (!text.endsWith(u'\n'))
        e.error = QStringLiteral("the exposition does not end with a newline");
    int lineNo = 0;
    for (const QString &line : text.split(u'\n')) {
        ++lineNo;
        const auto fail = [&](const QString &why) {
            if (e.error.isEmpty())
                e.error = QStringLiteral("line %1: %2: %3").arg(lineNo).arg(why, line);
        };
        if (line.isEmpty())
            continue;
        if (line.startsWith(u'#')) {
            const auto m = commentRe.match(line);
            if (!m.hasMatch())
                continue; // other comments are allowed
            const QString family = m.captured(2);
            if (finished.contains(family) || (family != currentFamily && !currentFamily.isEmpty() && e.types.contains(family)))
                fail(QStringLiteral("HELP/TYPE after the family's samples"));
            if (m.captured(1) == QLatin1String("HELP")) {
                if (helped.contains(family))
                    fail(QStringLiteral("second HELP"));
                helped.insert(family);
            } else {
                if (e.types.contains(family))
                    fail(QStringLiteral("second TYPE"));
                if (!kTypes.contains(m.captured(3)))
                    fail(QStringLiteral("unknown type"));
                e.types.insert(family, m.captured(3));
            }
            if (family != currentFamily) {
                if (!currentFamily.isEmpty())
                    finished.insert(currentFamily);
                currentFamily = family;
            }
            continue;
        }
        const auto m = sampleRe.match(line);
        if (!m.hasMatch()) {
            fail(QStringLiteral("not `name{labels} value`"));
            continue;
        }
        Sample s;
        s.name = m.captured(1);
        auto it = labelRe.globalMatch(m.captured(2));
        while (it.hasNext()) {
            const auto l = it.next();
            if (s.labels.contains(l.captured(1)))
                fail(QStringLiteral("label given twice"));
            s.labels.insert(l.captured(1), l.captured(2));
        }
        if (!parseValue(m.captured(3), &s.value))
            fail(QStringLiteral("value is not a number"));
        const QString family = familyOf(s.name, e.types);
        if (family.isEmpty())
            fail(QStringLiteral("sample without a TYPE line for its family"));
        if (family != currentFamily) {
            if (finished.contains(family))
                fail(QStringLiteral("family's samples are not together"));
            if (!currentFamily.isEmpty())
                finished.insert(currentFamily);
            currentFamily = family;
        }
        const QString type = e.types.value(family);
        if (type == QLatin1String("counter") && !(s.value >= 0))
            fail(QStringLiteral("negative counter"));
        e.samples.append(s);
    }
    for (auto it = helped.cbegin(); it != helped.cend(); ++it)
        if (!e.types.contains(*it) && e.error.isEmpty())
            e.error = QStringLiteral("HELP without TYPE for %1").arg(*it);
    for (auto it = e.types.cbegin(); it != e.types.cend(); ++it)
        if (!helped.contains(it.key()) && e.error.isEmpty())
            e.error = QStringLiteral("TYPE without HELP for %1").arg(it.key());

    // Histograms: per label set (without le), cumulative buckets ending in +Inf = _count.
    for (auto t = e.types.cbegin(); t != e.types.cend(); ++t) {
        if (t.value() != QLatin1String("histogram"))
            continue;
        QMap<QString, QList<QPair<double, double>>> buckets; // labels -> (le, count)
        QMap<QString, double> counts;
        QSet<QString> sums;
        const auto key = [](QMap<QString, QString> labels) {
            labels.remove("le");
            QStringList parts;
            for (auto l = labels.cbegin(); l != labels.cend(); ++l)
                parts << l.key() + u'=' + l.value();
            return parts.join(u',');
        };
        for (const Sample &s : e.samples) {
            if (s.name == t.key() + QLatin1String("_bucket")) {
                double le = 0;
                if (!s.labels.contains("le") || !parseValue(s.labels.value("le"), &le)) {
                    e.error = QStringLiteral("%1: bucket without a numeric le").arg(s.name);
                    return e;
                }
                buckets[key(s.labels)].append({le, s.value});
            } else if (s.name == t.key() + QLatin1String("_count")) {
                counts[key(s.labels)] = s.value;
            } else if (s.name == t.key() + QLatin1String("_sum")) {
                sums.insert(key(s.labels));
            }
        }
        if (buckets.isEmpty() && e.error.isEmpty())
            e.error = QStringLiteral("%1: histogram without buckets").arg(t.key());
        for (auto b = buckets.cbegin(); b != buckets.cend(); ++b) {
            const auto &list = b.value();
            for (int i = 1; i < list.size(); ++i)
                if (!(list[i].first > list[i - 1].first) || list[i].second < list[i - 1].second)
                    if (e.error.isEmpty())
                        e.error = QStringLiteral("%1{%2}: buckets not increasing in le or not cumulative").arg(t.key(), b.key());
            if (!std::isinf(list.last().first) && e.error.isEmpty())
                e.error = QStringLiteral("%1{%2}: last bucket is not le=\"+Inf\"").arg(t.key(), b.key());
            if (!counts.contains(b.key()) || counts.value(b.key()) != list.last().second)
                if (e.error.isEmpty())
                    e.error = QStringLiteral("%1{%2}: _count differs from the +Inf bucket").arg(t.key(), b.key());
            if (!sums.contains(b.key()) && e.error.isEmpty())
                e.error = QStringLiteral("%1{%2}: no _sum").arg(t.key(), b.key());
        }
    }
    return e;
}
}

class TestMetrics : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void parserRejectsBadText();
    void healthAndReadiness();
    void exposition();
    void requestCounterMoves();
    void audioSecondsMoveAfterAGeneration();
    void firstAudioAfterOpenAiSpeech();
    void firstAudioAfterWebSocketStream();
    void metricsAuthOn();
    void cleanupTestCase();

private:
    Exposition scrape();
    // Scrapes until pred holds or the timeout passes; returns the last scrape.
    Exposition scrapeUntil(const std::function<bool(const Exposition &)> &pred, int timeoutMs = 10000);

    StudioProcess m_studio;
    QByteArray m_key;
};

Exposition TestMetrics::scrape()
{
    const HttpResult r = httpRequest("GET", m_studio.baseUrl() + "/metrics");
    Exposition e = parseExposition(r.body);
    if (r.status != 200)
        e.error = QStringLiteral("GET /metrics answered %1").arg(r.status);
    else if (!r.header("content-type").startsWith("text/plain; version=0.0.4"))
        e.error = QStringLiteral("content type %1").arg(QString::fromLatin1(r.header("content-type")));
    return e;
}

Exposition TestMetrics::scrapeUntil(const std::function<bool(const Exposition &)> &pred, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    Exposition e = scrape();
    while (!pred(e) && !deadline.hasExpired()) {
        QTest::qWait(100);
        e = scrape();
    }
    return e;
}

void TestMetrics::initTestCase()
{
    m_key = m_studio.createAccountWithKey("metrics").toUtf8();
    QVERIFY(!m_key.isEmpty());
    QVERIFY2(m_studio.start({"--workers", "2", "--stream-workers", "1"}), m_studio.serverOutput().constData());
}

void TestMetrics::parserRejectsBadText()
{
    // The checker itself: each of these breaks one rule.
    QVERIFY(parseExposition("# HELP a A.\n# TYPE a counter\na 1\n").error.isEmpty());
    QVERIFY(!parseExposition("# HELP a A.\n# TYPE a counter\na 1").error.isEmpty());              // no final newline
    QVERIFY(!parseExposition("# HELP a A.\n# TYPE a counter\na{x=1} 1\n").error.isEmpty());       // unquoted label
    QVERIFY(!parseExposition("# HELP a A.\n# TYPE a counter\na one\n").error.isEmpty());          // value
    QVERIFY(!parseExposition("a 1\n").error.isEmpty());                                           // no TYPE
    QVERIFY(!parseExposition("# HELP a A.\n# TYPE a counter\n# TYPE a gauge\na 1\n").error.isEmpty());
    QVERIFY(!parseExposition("# HELP a A.\n# TYPE a frob\na 1\n").error.isEmpty());
    QVERIFY(!parseExposition("# TYPE a counter\na 1\n").error.isEmpty());                          // no HELP
    QVERIFY(!parseExposition("# HELP a A.\n# TYPE a counter\na -1\n").error.isEmpty());
    QVERIFY(!parseExposition("# HELP a A.\n# TYPE a counter\n# HELP b B.\n# TYPE b gauge\na 1\n").error.isEmpty());
    const QByteArray hist = "# HELP h H.\n# TYPE h histogram\n";
    QVERIFY(parseExposition(hist + "h_bucket{le=\"1\"} 1\nh_bucket{le=\"+Inf\"} 2\nh_sum 3\nh_count 2\n").error.isEmpty());
    QVERIFY(!parseExposition(hist + "h_bucket{le=\"1\"} 3\nh_bucket{le=\"+Inf\"} 2\nh_sum 3\nh_count 2\n").error.isEmpty());
    QVERIFY(!parseExposition(hist + "h_bucket{le=\"1\"} 1\nh_bucket{le=\"2\"} 2\nh_sum 3\nh_count 2\n").error.isEmpty());
    QVERIFY(!parseExposition(hist + "h_bucket{le=\"1\"} 1\nh_bucket{le=\"+Inf\"} 2\nh_sum 3\nh_count 5\n").error.isEmpty());
    QVERIFY(!parseExposition(hist + "h_bucket{le=\"1\"} 1\nh_bucket{le=\"+Inf\"} 2\nh_count 2\n").error.isEmpty());
}

void TestMetrics::healthAndReadiness()
{
    const HttpResult health = httpRequest("GET", m_studio.baseUrl() + "/healthz");
    QCOMPARE(health.status, 200);
    QCOMPARE(health.json.value("status").toString(), QStringLiteral("ok"));
    // Ready once a worker is warm: 503 before, then 200 for good.
    QDeadlineTimer deadline(60000);
    HttpResult ready;
    do {
        ready = httpRequest("GET", m_studio.baseUrl() + "/readyz");
        QVERIFY2(ready.status == 200 || ready.status == 503, ready.body.constData());
        if (ready.status == 200)
            break;
        QCOMPARE(ready.json.value("status").toString(), QStringLiteral("not ready"));
        QTest::qWait(100);
    } while (!deadline.hasExpired());
    QCOMPARE(ready.status, 200);
    QCOMPARE(ready.json.value("status").toString(), QStringLiteral("ready"));
    QCOMPARE(ready.json.value("store").toString(), QStringLiteral("ok"));
    QVERIFY(ready.json.value("workers_ready").toInt() >= 1);
    // Neither needs a key, and both stay up.
    QCOMPARE(httpRequest("GET", m_studio.baseUrl() + "/healthz", "wrong-key").status, 200);
    QCOMPARE(httpRequest("GET", m_studio.baseUrl() + "/readyz").status, 200);
}

void TestMetrics::exposition()
{
    const Exposition e = scrape();
    QVERIFY2(e.error.isEmpty(), qPrintable(e.error));
    const QStringList families = {"tts_http_requests_total", "tts_http_request_duration_seconds", "tts_queue_depth",
                                  "tts_workers", "tts_workers_busy", "tts_generations", "tts_generations_finished_total",
                                  "tts_audio_seconds_total", "tts_time_to_first_audio_seconds"};
    for (const QString &f : families)
        QVERIFY2(e.types.contains(f), qPrintable(f));
    QCOMPARE(e.types.value("tts_http_requests_total"), QStringLiteral("counter"));
    QCOMPARE(e.types.value("tts_audio_seconds_total"), QStringLiteral("counter"));
    QCOMPARE(e.types.value("tts_time_to_first_audio_seconds"), QStringLiteral("histogram"));
    QCOMPARE(e.types.value("tts_http_request_duration_seconds"), QStringLiteral("histogram"));
    QCOMPARE(e.types.value("tts_queue_depth"), QStringLiteral("gauge"));
    QCOMPARE(e.value("tts_workers"), 3.0); // 2 for queued jobs + 1 kept for streams
    // The readiness probes above were counted under their route.
    QVERIFY(e.value("tts_http_requests_total", {{"route", "/readyz"}, {"method", "GET"}, {"status", "200"}}) >= 1);
}

void TestMetrics::requestCounterMoves()
{
    const QMap<QString, QString> voices200{{"route", "/v3/voices"}, {"method", "GET"}, {"status", "200"}};
    const QMap<QString, QString> voices401{{"route", "/v3/voices"}, {"method", "GET"}, {"status", "401"}};
    const Exposition before = scrape();
    QVERIFY2(before.error.isEmpty(), qPrintable(before.error));
    const double ok0 = std::isnan(before.value("tts_http_requests_total", voices200)) ? 0 : before.value("tts_http_requests_total", voices200);
    const double bad0 = std::isnan(before.value("tts_http_requests_total", voices401)) ? 0 : before.value("tts_http_requests_total", voices401);
    const double latency0 = std::isnan(before.value("tts_http_request_duration_seconds_count", {{"route", "/v3/voices"}}))
                                ? 0 : before.value("tts_http_request_duration_seconds_count", {{"route", "/v3/voices"}});
    for (int i = 0; i < 3; ++i)
        QCOMPARE(httpRequest("GET", m_studio.baseUrl() + "/v3/voices", m_key).status, 200);
    QCOMPARE(httpRequest("GET", m_studio.baseUrl() + "/v3/voices", "not-a-key").status, 401);
    const Exposition after = scrape();
    QVERIFY2(after.error.isEmpty(), qPrintable(after.error));
    QCOMPARE(after.value("tts_http_requests_total", voices200), ok0 + 3);
    QCOMPARE(after.value("tts_http_requests_total", voices401), bad0 + 1);
    QCOMPARE(after.value("tts_http_request_duration_seconds_count", {{"route", "/v3/voices"}}), latency0 + 4);
    // Unknown paths are counted under one label, never under the raw path.
    QCOMPARE(httpRequest("GET", m_studio.baseUrl() + "/no/such/path").status, 404);
    const Exposition unmatched = scrape();
    QVERIFY(unmatched.value("tts_http_requests_total", {{"route", "unmatched"}, {"method", "GET"}, {"status", "404"}}) >= 1);
    for (const Sample &s : unmatched.samples)
        QVERIFY2(s.labels.value("route") != QLatin1String("/no/such/path"), "raw path used as a label");
}

void TestMetrics::audioSecondsMoveAfterAGeneration()
{
    const Exposition before = scrape();
    const double audio0 = before.value("tts_audio_seconds_total");
    const double completed0 = before.value("tts_generations_finished_total", {{"status", "COMPLETED"}});
    QVERIFY(!std::isnan(audio0));
    const HttpResult created = httpRequest("POST", m_studio.baseUrl() + "/v3/tts", m_key,
                                           R"({"text":"Metrics count the seconds of audio we make.","voice_id":"af_sarah"})");
    QCOMPARE(created.status, 201);
    const QJsonObject done = waitForStatus(m_studio.baseUrl(), m_key, created.json.value("generation_id").toString());
    QCOMPARE(done.value("status").toString(), QStringLiteral("COMPLETED"));
    const Exposition after = scrapeUntil([&](const Exposition &e) { return e.value("tts_audio_seconds_total") > audio0 + 1.0; });
    QVERIFY2(after.error.isEmpty(), qPrintable(after.error));
    // A sentence of this length is a couple of seconds of speech.
    QVERIFY2(after.value("tts_audio_seconds_total") > audio0 + 1.0,
             qPrintable(QString::number(after.value("tts_audio_seconds_total") - audio0)));
    QVERIFY(after.value("tts_audio_seconds_total") < audio0 + 15.0);
    QCOMPARE(after.value("tts_generations_finished_total", {{"status", "COMPLETED"}}), completed0 + 1);
    QVERIFY(after.value("tts_generations", {{"status", "COMPLETED"}}) >= 1);
}

void TestMetrics::firstAudioAfterOpenAiSpeech()
{
    const Exposition before = scrape();
    const double count0 = before.value("tts_time_to_first_audio_seconds_count");
    const double audio0 = before.value("tts_audio_seconds_total");
    const HttpResult r = httpRequest("POST", m_studio.baseUrl() + "/v1/audio/speech", {},
                                     R"({"model":"tts-1","voice":"alloy","input":"First audio, quickly.","response_format":"pcm"})",
                                     {{"Authorization", "Bearer " + m_key}});
    QCOMPARE(r.status, 200);
    QVERIFY(r.body.size() > 24000); // more than half a second of 16-bit 24 kHz
    const Exposition after = scrapeUntil([&](const Exposition &e) { return e.value("tts_time_to_first_audio_seconds_count") > count0; });
    QVERIFY2(after.error.isEmpty(), qPrintable(after.error));
    QCOMPARE(after.value("tts_time_to_first_audio_seconds_count"), count0 + 1);
    QVERIFY(after.value("tts_time_to_first_audio_seconds_sum") > before.value("tts_time_to_first_audio_seconds_sum"));
    QVERIFY(after.value("tts_audio_seconds_total") > audio0);
    QVERIFY(after.value("tts_http_requests_total", {{"route", "/v1/audio/speech"}, {"method", "POST"}, {"status", "200"}}) >= 1);
}

void TestMetrics::firstAudioAfterWebSocketStream()
{
    const double count0 = scrape().value("tts_time_to_first_audio_seconds_count");
    QWebSocket ws;
    bool closed = false;
    int frames = 0;
    QString lastType;
    QObject::connect(&ws, &QWebSocket::connected, [&] {
        ws.sendTextMessage(R"({"text":"Streaming counts too.","voice_id":"af_sarah"})");
    });
    QObject::connect(&ws, &QWebSocket::binaryMessageReceived, [&](const QByteArray &) { ++frames; });
    QObject::connect(&ws, &QWebSocket::textMessageReceived, [&](const QString &m) {
        lastType = QJsonDocument::fromJson(m.toUtf8()).object().value("type").toString();
    });
    QObject::connect(&ws, &QWebSocket::disconnected, [&] { closed = true; });
    ws.open(QUrl(m_studio.wsUrl(QString::fromUtf8(m_key))));
    QTRY_VERIFY_WITH_TIMEOUT(closed, 60000);
    QCOMPARE(lastType, QStringLiteral("completed"));
    QVERIFY(frames > 0);
    const Exposition after = scrapeUntil([&](const Exposition &e) { return e.value("tts_time_to_first_audio_seconds_count") > count0; });
    QVERIFY2(after.error.isEmpty(), qPrintable(after.error));
    QCOMPARE(after.value("tts_time_to_first_audio_seconds_count"), count0 + 1);
}

void TestMetrics::metricsAuthOn()
{
    // --metrics-auth on: the key is needed (Bearer or x-api-key), errors in OpenAI's shape.
    StudioProcess locked;
    const QByteArray key = locked.createAccountWithKey("ops").toUtf8();
    QVERIFY2(locked.start({"--metrics-auth", "on", "--workers", "1"}), locked.serverOutput().constData());
    const HttpResult anonymous = httpRequest("GET", locked.baseUrl() + "/metrics");
    QCOMPARE(anonymous.status, 401);
    QCOMPARE(anonymous.json.value("error").toObject().value("code").toString(), QStringLiteral("invalid_api_key"));
    const HttpResult bearer = httpRequest("GET", locked.baseUrl() + "/metrics", {}, {}, {{"Authorization", "Bearer " + key}});
    QCOMPARE(bearer.status, 200);
    QVERIFY2(parseExposition(bearer.body).error.isEmpty(), qPrintable(parseExposition(bearer.body).error));
    QCOMPARE(httpRequest("GET", locked.baseUrl() + "/metrics", key).status, 200);
    // Health checks stay open.
    QCOMPARE(httpRequest("GET", locked.baseUrl() + "/healthz").status, 200);
    locked.stop();
}

void TestMetrics::cleanupTestCase()
{
    m_studio.stop();
}

QTEST_GUILESS_MAIN(TestMetrics)
#include "tst_metrics.moc"
