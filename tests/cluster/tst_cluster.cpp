// Several headless nodes on one PostgreSQL (docs/scale-out.md): every job done once
// and charged once, a killed node's jobs taken over, no overdraft when nodes race, a
// revoked key refused everywhere within a second, one rate limit for the cluster, and
// the database going away and coming back. Real tts-studio processes on loopback, one
// throw-away PostgreSQL (tests/common/testpostgres.h), one shared audio directory.
#include "testpostgres.h"
#include "testserver.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QSet>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QProcess>
#include <QTcpSocket>
#include <QTest>
#include <QUrl>
#include <QUuid>
#include <QWebSocket>

#include <memory>
#include <csignal>
#include <vector>

namespace
{
const QString kText = QStringLiteral("Hello there"); // 11 tokens: 11 credits on the base model
constexpr qint64 kCost = 11;
}

class ClusterTest : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void racingNodesNeverOverdraw();
    void revokedKeyRefusedOnEveryNode();
    void rateLimitHoldsAcrossNodes();
    void killedNodesJobsAreTakenOver();
    void wokenNodeCannotCompleteTakenJobs();
    void nodeThatClaimsItsOwnJobAgainKeepsTheAudio();
    void databaseGoesAwayAndComesBack();
    void streamEndingWhileTheDatabaseIsAwayIsRecordedLater();
    void readsWhileTheDatabaseIsAwayAnswer503();
    void wokenNodeStopsAStreamAnotherNodeFailed();
    void partFilesOfDeadNodesAreSwept();
    void wokenNodeRefusesAKeyRevokedWhileItSlept();
    void nodeStartedWhileTheDatabaseIsDownWaitsForIt();
    void outageIsLoggedOnce();

private:
    QList<QPair<QString, QString>> generating(); // (id, lease_owner) of GENERATING rows
    QString staleNode();                          // the node whose heartbeat stopped
    bool startNodes(int n, const QStringList &extra = {});
    // POST /v3/tts with text, spread round-robin over the first `nodes` nodes.
    QList<HttpRequest> posts(int count, int nodes, const QByteArray &key, const QString &text);
    TestServer &node(int i) { return *m_nodes.at(size_t(i)); }
    TestServer::CliResult cli(const QStringList &args) { return node(0).cli(args + QStringList{"--database", m_url}); }
    QByteArray accountWithKey(const QString &name, qint64 credits);
    qint64 scalar(const QString &sql);
    bool ledgerMatchesBalances() { return scalar(QStringLiteral(
        "SELECT COUNT(*) FROM accounts a WHERE a.credits != (SELECT COALESCE(SUM(credits_delta), 0) FROM ledger l "
        "WHERE l.account_id = a.id) OR a.wallet_micros != (SELECT COALESCE(SUM(micros_delta), 0) FROM ledger l "
        "WHERE l.account_id = a.id)")) == 0; }
    // Waits until COUNT(*) of sql reaches want (or timeoutMs passes); returns the last count.
    qint64 waitForCount(const QString &sql, qint64 want, int timeoutMs);

    TestPostgres *m_pg = nullptr;
    QString m_url;
    std::unique_ptr<QTemporaryDir> m_audio;
    std::vector<std::unique_ptr<TestServer>> m_nodes;
    QString m_connection;
};

void ClusterTest::initTestCase()
{
    m_pg = TestPostgres::instance();
    if (!m_pg)
        QFAIL(qPrintable(QStringLiteral("no PostgreSQL for the cluster: ") + TestPostgres::lastError()));
}

void ClusterTest::init()
{
    // A database and an audio directory of its own for each test.
    QVERIFY(m_pg->start());
    m_url = m_pg->createDatabase();
    QVERIFY(!m_url.isEmpty());
    m_audio = std::make_unique<QTemporaryDir>();
    m_connection = QStringLiteral("cluster-") + QUuid::createUuid().toString();
    TestPostgres::addConnection(m_connection, m_url);
}

void ClusterTest::cleanup()
{
    for (auto &n : m_nodes)
        n->stop();
    m_nodes.clear();
    QSqlDatabase::database(m_connection, false).close();
    QSqlDatabase::removeDatabase(m_connection);
}

bool ClusterTest::startNodes(int n, const QStringList &extra)
{
    for (int i = 0; i < n; ++i) {
        auto server = std::make_unique<TestServer>();
        // One worker each: three nodes share two cores.
        if (!server->start(QStringList{"--database", m_url, "--audio-dir", m_audio->path(), "--workers", "1"} + extra)) {
            qWarning("node %d did not start: %s", i, server->serverLog().constData());
            return false;
        }
        m_nodes.push_back(std::move(server));
    }
    return true;
}

QList<HttpRequest> ClusterTest::posts(int count, int nodes, const QByteArray &key, const QString &text)
{
    QList<HttpRequest> out;
    for (int i = 0; i < count; ++i) {
        HttpRequest r;
        r.method = "POST";
        r.path = node(i % nodes).baseUrl() + QStringLiteral("/v3/tts");
        r.apiKey = key;
        r.body = QJsonDocument(QJsonObject{{"text", text}, {"voice_id", "af_sarah"}}).toJson(QJsonDocument::Compact);
        r.headers = {{"Content-Type", "application/json"}};
        out << r;
    }
    return out;
}

QByteArray ClusterTest::accountWithKey(const QString &name, qint64 credits)
{
    if (cli({"accounts", "create", name, "--credits", QString::number(credits)}).exitCode != 0)
        return {};
    const auto r = cli({"keys", "create", "--account", name, "--name", "test"});
    return r.exitCode == 0 ? r.out.trimmed().toLatin1() : QByteArray();
}

qint64 ClusterTest::scalar(const QString &sql)
{
    QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    if (!db.isOpen() && !db.open())
        return -1;
    QSqlQuery q(db);
    if (!q.exec(sql) || !q.next()) {
        db.close(); // reopened by the next call (the server may have restarted)
        return -1;
    }
    return q.value(0).toLongLong();
}

qint64 ClusterTest::waitForCount(const QString &sql, qint64 want, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    qint64 n = scalar(sql);
    while (n != want && !deadline.hasExpired()) {
        QTest::qWait(200);
        n = scalar(sql);
    }
    return n;
}

void ClusterTest::racingNodesNeverOverdraw()
{
    // Two nodes race 50 POSTs for an account that can pay for 25.
    QVERIFY(startNodes(2));
    const QByteArray key = accountWithKey(QStringLiteral("payer"), 25 * kCost);
    QVERIFY(!key.isEmpty());
    int created = 0, refused = 0;
    for (const HttpResponse &r : node(0).parallel(posts(50, 2, key, kText))) {
        if (r.status == 201)
            ++created;
        else if (r.status == 402)
            ++refused;
        else
            qWarning("unexpected answer: %s", r.describe().constData());
    }
    QCOMPARE(created, 25);
    QCOMPARE(refused, 25);
    QCOMPARE(waitForCount(QStringLiteral("SELECT COUNT(*) FROM generations WHERE status = 'COMPLETED'"), 25, 60000), 25);
    QCOMPARE(scalar(QStringLiteral("SELECT credits FROM accounts WHERE name = 'payer'")), 0);
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'reserve'")), 25);
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'settle'")), 25);
    QVERIFY(ledgerMatchesBalances());
}

void ClusterTest::revokedKeyRefusedOnEveryNode()
{
    QVERIFY(startNodes(3));
    const QByteArray key = accountWithKey(QStringLiteral("holder"), 1000);
    QVERIFY(!key.isEmpty());
    // Every node has the key in its cache.
    for (int i = 0; i < 3; ++i)
        QCOMPARE(node(i).get(QStringLiteral("/v3/history"), key).status, 200);
    const qint64 keyId = scalar(QStringLiteral("SELECT id FROM api_keys"));
    QVERIFY(keyId > 0);
    // Revoked on node A's side (its command line, on the shared database).
    QCOMPARE(cli({"keys", "revoke", "--account", "holder", QString::number(keyId)}).exitCode, 0);
    QElapsedTimer since;
    since.start();
    for (int i = 1; i < 3; ++i) {
        int status = 0;
        while ((status = node(i).get(QStringLiteral("/v3/history"), key).status) == 200 && since.elapsed() < 5000)
            QTest::qWait(20);
        qInfo("node %d refuses the revoked key %lld ms after the revocation", i, qint64(since.elapsed()));
        QCOMPARE(status, 401);
        QVERIFY2(since.elapsed() <= 1000, "the bound: every node within 1 s");
    }
}

void ClusterTest::rateLimitHoldsAcrossNodes()
{
    QVERIFY(startNodes(3, {"--rate-limit", "60"}));
    const QByteArray key = accountWithKey(QStringLiteral("client"), 1000);
    QVERIFY(!key.isEmpty());
    // Every node has seen the others' heartbeats (one a second) and taken its share.
    QCOMPARE(waitForCount(QStringLiteral("SELECT COUNT(*) FROM nodes"), 3, 10000), 3);
    QTest::qWait(1500);
    int accepted = 0, limited = 0;
    for (int i = 0; i < 120; ++i) {
        const int status = node(i % 3).get(QStringLiteral("/v3/history"), key).status;
        accepted += status == 200 ? 1 : 0;
        limited += status == 429 ? 1 : 0;
    }
    qInfo("3 nodes, 60/min: %d of 120 requests accepted, %d limited", accepted, limited);
    QCOMPARE(accepted + limited, 120);
    QVERIFY2(accepted <= 66, "a client spreading over every node gets the cluster's limit, not 3 times it");
    QVERIFY(accepted >= 50);
}

void ClusterTest::killedNodesJobsAreTakenOver()
{
    // A short lease so that the dead node's jobs come back within seconds.
    QVERIFY(startNodes(3, {"--job-lease", "3"}));
    const int jobs = 300;
    const QByteArray key = accountWithKey(QStringLiteral("bulk"), jobs * 200);
    QVERIFY(!key.isEmpty());
    // Posted round-robin in parallel batches, so the queue is full when node 1 dies.
    const QString text = ApiCheck::longText(160);
    QStringList ids;
    for (int batch = 0; batch < jobs; batch += 51) { // 51: each batch starts again at node 0
        for (const HttpResponse &r : node(0).parallel(posts(qMin(51, jobs - batch), 3, key, text))) {
            QVERIFY2(r.status == 201, r.describe());
            ids << r.json.value("generation_id").toString();
        }
    }
    // Mid-run: some done, every node holding jobs; then SIGKILL to node 1.
    const QString done = QStringLiteral("SELECT COUNT(*) FROM generations WHERE status = 'COMPLETED'");
    QDeadlineTimer started(60000);
    while (scalar(done) < 30 && !started.hasExpired())
        QTest::qWait(100);
    const auto owners = generating();
    node(1).kill9();
    const qint64 completedAtKill = scalar(done);
    QVERIFY2(completedAtKill < jobs, "the node must die mid-run");
    // The dead node is the one whose heartbeat stops.
    QTest::qWait(4000);
    const QString dead = staleNode();
    QStringList held;
    for (const auto &row : owners)
        if (row.second == dead)
            held << row.first;
    qInfo("killed node 1 holding %lld jobs (%lld completed of %d)", qint64(held.size()), completedAtKill, jobs);
    QVERIFY2(!held.isEmpty(), "the killed node held jobs");
    QVERIFY(node(1).restart());
    QCOMPARE(waitForCount(done, jobs, 240000), qint64(jobs));
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM generations WHERE status != 'COMPLETED'")), 0);
    // The dead node's jobs were completed by the others (or by node 1 after its restart).
    for (const QString &id : held)
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM generations WHERE id = '%1' AND status = 'COMPLETED' "
                                       "AND lease_owner != '%2'").arg(id, dead)),
                 1);
    // One reserve and one settle each, nothing released, the ledger adds up.
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(DISTINCT generation_id) FROM ledger WHERE kind = 'reserve'")), qint64(jobs));
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'reserve'")), qint64(jobs));
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'settle'")), qint64(jobs));
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'release'")), 0);
    QVERIFY(ledgerMatchesBalances());
    // Every audio link downloads from every node (shared audio, the signing secret in the database).
    for (int i = 0; i < jobs; ++i) {
        const HttpResponse g = node(i % 3).getGeneration(key, ids.at(i));
        const QUrl link(g.json.value("audio_url").toString());
        QVERIFY2(link.isValid() && !link.isEmpty(), g.describe());
        for (int n = 0; n < 3; ++n) {
            const QUrl base(node(n).baseUrl());
            QUrl there = link;
            there.setHost(base.host());
            there.setPort(base.port());
            const HttpResponse audio = node(n).get(there.toString(), {});
            QVERIFY2(audio.status == 200 && ApiCheck::parseWav(audio.body).ok, audio.describe());
        }
    }
}

QList<QPair<QString, QString>> ClusterTest::generating()
{
    QList<QPair<QString, QString>> out;
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.exec(QStringLiteral("SELECT id, lease_owner FROM generations WHERE status = 'GENERATING'"));
    while (q.next())
        out << qMakePair(q.value(0).toString(), q.value(1).toString());
    return out;
}

QString ClusterTest::staleNode()
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(QStringLiteral("SELECT id FROM nodes ORDER BY seen_at LIMIT 1")) || !q.next())
        return {};
    return q.value(0).toString();
}

void ClusterTest::wokenNodeCannotCompleteTakenJobs()
{
    // Node 1 stops (SIGSTOP: a long GC pause, a frozen VM) while it holds jobs; its
    // leases run out, node 0 redoes them; then node 1 wakes up with its audio done.
    QVERIFY(startNodes(2, {"--job-lease", "2"}));
    const int jobs = 12;
    const QByteArray key = accountWithKey(QStringLiteral("paused"), jobs * 1000);
    QVERIFY(!key.isEmpty());
    const QString text = ApiCheck::longText(400);
    for (int i = 0; i < jobs; ++i)
        QCOMPARE(node(i % 2).createGeneration(key, text).status, 201);
    QDeadlineTimer busy(30000);
    QList<QPair<QString, QString>> held;
    while (!busy.hasExpired()) {
        held = generating();
        QSet<QString> owners;
        for (const auto &row : held)
            owners.insert(row.second);
        if (owners.size() == 2)
            break;
        QTest::qWait(20);
    }
    QVERIFY(::kill(pid_t(node(1).pid()), SIGSTOP) == 0);
    QTest::qWait(3000);
    const QString frozen = staleNode();
    QStringList taken;
    for (const auto &row : held)
        if (row.second == frozen)
            taken << row.first;
    qInfo("node 1 froze holding %lld jobs", qint64(taken.size()));
    QVERIFY(!taken.isEmpty());
    // Its jobs are redone by node 0 while it sleeps.
    for (const QString &id : taken)
        QCOMPARE(waitForCount(QStringLiteral("SELECT COUNT(*) FROM generations WHERE id = '%1' AND status = 'COMPLETED' "
                                             "AND lease_owner != '%2'").arg(id, frozen), 1, 60000),
                 1);
    QVERIFY(::kill(pid_t(node(1).pid()), SIGCONT) == 0);
    QCOMPARE(waitForCount(QStringLiteral("SELECT COUNT(*) FROM generations WHERE status = 'COMPLETED'"), jobs, 120000),
             qint64(jobs));
    QTest::qWait(3000); // node 1 finishes what it was doing and tries to store it
    for (const QString &id : taken)
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM generations WHERE id = '%1' AND lease_owner = '%2'").arg(id, frozen)), 0);
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'settle'")), qint64(jobs));
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'reserve'")), qint64(jobs));
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'release'")), 0);
    QVERIFY(ledgerMatchesBalances());
    // The audio of every job is whole and downloads: the woken node overwrote nothing.
    for (const QString &id : taken) {
        const HttpResponse g = node(0).getGeneration(key, id);
        const HttpResponse audio = node(0).get(g.json.value("audio_url").toString(), {});
        QVERIFY2(audio.status == 200 && ApiCheck::parseWav(audio.body).ok, audio.describe());
    }
}

void ClusterTest::nodeThatClaimsItsOwnJobAgainKeepsTheAudio()
{
    // One node stalls (SIGSTOP) past the lease of the job it runs; when it wakes, its own
    // poll may requeue that job and claim it again while the first attempt's worker is
    // still busy. Both attempts are this node's: the first one's late result must not
    // complete the second claim, and neither may remove the other's audio (a charged
    // COMPLETED row without its file, /tmp/pgattack/self3.sh).
    QVERIFY(startNodes(1, {"--job-lease", "2"}));
    const QByteArray key = accountWithKey(QStringLiteral("stalled"), 2 * 10000);
    QVERIFY(!key.isEmpty());
    QString text;
    for (int i = 0; i < 60; ++i)
        text += QStringLiteral("Sentence number %1 is spoken here, slowly and clearly. ").arg(i);
    for (int round = 0; round < 1; ++round) {
        const HttpResponse created = node(0).createGeneration(key, text);
        QCOMPARE(created.status, 201);
        const QString id = created.json.value("generation_id").toString();
        QCOMPARE(waitForCount(QStringLiteral("SELECT COUNT(*) FROM generations WHERE id = '%1' AND status = 'GENERATING'").arg(id),
                              1, 30000),
                 1);
        QElapsedTimer job;
        job.start();
        QTest::qWait(500);
        // The whole machine stalls (a frozen VM): the node and its workers.
        const QList<qint64> workers = node(0).childPids();
        QVERIFY(::kill(pid_t(node(0).pid()), SIGSTOP) == 0);
        for (qint64 w : workers)
            ::kill(pid_t(w), SIGSTOP);
        QTest::qWait(2500);
        // The lease ran out: what any node's poll does then (requeueExpired), done here
        // so that it surely happens before the sleeper's own renewal.
        QCOMPARE(scalar(QStringLiteral("WITH r AS (UPDATE generations SET status = 'IN_QUEUE', started_at = NULL, "
                                       "lease_owner = NULL, lease_until = NULL WHERE id = '%1' AND status = 'GENERATING' "
                                       "AND lease_until < %2 RETURNING 1) SELECT COUNT(*) FROM r")
                            .arg(id)
                            .arg(QDateTime::currentMSecsSinceEpoch())),
                 1);
        for (qint64 w : workers)
            ::kill(pid_t(w), SIGCONT);
        QVERIFY(::kill(pid_t(node(0).pid()), SIGCONT) == 0);
        QCOMPARE(waitForCount(QStringLiteral("SELECT COUNT(*) FROM generations WHERE id = '%1' AND status = 'COMPLETED'").arg(id),
                              1, 120000),
                 1);
        // The other attempt (on the one worker, after this one) finishes and records (or
        // drops) its result: give it as long as this one took.
        QTest::qWait(int(job.elapsed()) + 2000);
        const qint64 starts = scalar(QStringLiteral("SELECT COUNT(*) FROM generations WHERE id = '%1' AND status = 'COMPLETED'").arg(id));
        QCOMPARE(starts, 1);
        QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE generation_id = '%1' AND kind = 'settle'").arg(id)), 1);
        const HttpResponse g = node(0).getGeneration(key, id);
        QCOMPARE(g.json.value("status").toString(), QStringLiteral("COMPLETED"));
        const HttpResponse audio = node(0).get(g.json.value("audio_url").toString(), {});
        QVERIFY2(audio.status == 200 && ApiCheck::parseWav(audio.body).ok,
                 qPrintable(QStringLiteral("round %1: %2").arg(round).arg(QString::fromUtf8(audio.describe()))));
    }
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'release'")), 0);
    QVERIFY(ledgerMatchesBalances());
}

void ClusterTest::databaseGoesAwayAndComesBack()
{
    QVERIFY(startNodes(2));
    const int jobs = 30;
    const QByteArray key = accountWithKey(QStringLiteral("steady"), 10 * jobs * kCost);
    QVERIFY(!key.isEmpty());
    for (int i = 0; i < jobs; ++i)
        QCOMPARE(node(i % 2).createGeneration(key, kText).status, 201);
    QVERIFY(m_pg->stop());
    // Away: readiness says so, a POST is refused with Retry-After and charges nothing.
    const HttpResponse ready = node(0).get(QStringLiteral("/readyz"), {});
    QCOMPARE(ready.status, 503);
    QCOMPARE(ready.json.value("store").toString(), QStringLiteral("database unreachable"));
    const HttpResponse refused = node(1).createGeneration(key, kText);
    QVERIFY2(refused.status == 503, refused.describe());
    QVERIFY(!refused.header("Retry-After").isEmpty());
    // A stream gets an error message and closes 1011 (its detail as the reason).
    {
        QWebSocket ws;
        QJsonObject error;
        int closeCode = -1;
        bool closed = false;
        connect(&ws, &QWebSocket::textMessageReceived, &ws, [&](const QString &m) {
            const QJsonObject o = QJsonDocument::fromJson(m.toUtf8()).object();
            if (o.value("type") == QLatin1String("error"))
                error = o;
        });
        connect(&ws, &QWebSocket::connected, &ws, [&] {
            ws.sendTextMessage(QString::fromUtf8(
                QJsonDocument(QJsonObject{{"text", kText}, {"voice_id", "af_sarah"}}).toJson(QJsonDocument::Compact)));
        });
        connect(&ws, &QWebSocket::disconnected, &ws, [&] {
            closed = true;
            closeCode = ws.closeCode();
        });
        QString url = node(0).baseUrl() + QStringLiteral("/v3/tts/stream?api_key=") + QString::fromLatin1(key);
        url.replace(QStringLiteral("http://"), QStringLiteral("ws://"));
        ws.open(QUrl(url));
        QDeadlineTimer streamDeadline(30000);
        while (!closed && !streamDeadline.hasExpired())
            QTest::qWait(20);
        qInfo("stream while the database is away: close %d, %s", closeCode,
              QJsonDocument(error).toJson(QJsonDocument::Compact).constData());
        QCOMPARE(closeCode, 1011);
        QCOMPARE(error.value("status").toInt(), 503);
        QVERIFY(!error.value("detail").toString().isEmpty());
    }
    QTest::qWait(1500);
    QVERIFY(m_pg->start());
    // Back: the nodes reconnect by themselves and finish everything, each charged once.
    QCOMPARE(waitForCount(QStringLiteral("SELECT COUNT(*) FROM generations WHERE status = 'COMPLETED'"), jobs, 120000),
             qint64(jobs));
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM generations")), qint64(jobs));
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'settle'")), qint64(jobs));
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'reserve'")), qint64(jobs));
    QVERIFY(ledgerMatchesBalances());
    // Every node says it is ready again (each finds the database on its own: waiting for
    // node 0 and then asking node 1 failed once, node 1 still reconnecting), then takes work.
    QDeadlineTimer deadline(15000);
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        int status = 0;
        while ((status = node(int(i)).get(QStringLiteral("/readyz"), {}).status) != 200 && !deadline.hasExpired())
            QTest::qWait(200);
        QCOMPARE(status, 200);
    }
    QCOMPARE(node(1).createGeneration(key, kText).status, 201);
}

void ClusterTest::streamEndingWhileTheDatabaseIsAwayIsRecordedLater()
{
    // A WebSocket stream is under way when the database stops, and finishes before it is
    // back. Its end (COMPLETED + settle) must be stored once the database returns, with
    // its audio kept: not left GENERATING with its money reserved (its lease renewed for
    // ever by the node that streamed it), nor its audio removed.
    QVERIFY(startNodes(1));
    const QByteArray key = accountWithKey(QStringLiteral("listener"), 100000);
    QVERIFY(!key.isEmpty());
    QWebSocket ws;
    int frames = 0;
    bool closed = false;
    connect(&ws, &QWebSocket::binaryMessageReceived, &ws, [&](const QByteArray &) { ++frames; });
    connect(&ws, &QWebSocket::connected, &ws, [&] {
        ws.sendTextMessage(QString::fromUtf8(QJsonDocument(QJsonObject{{"text", ApiCheck::longText(25)}, {"voice_id", "af_sarah"}})
                                                 .toJson(QJsonDocument::Compact)));
    });
    connect(&ws, &QWebSocket::disconnected, &ws, [&] { closed = true; });
    QString url = node(0).baseUrl() + QStringLiteral("/v3/tts/stream?api_key=") + QString::fromLatin1(key);
    url.replace(QStringLiteral("http://"), QStringLiteral("ws://"));
    ws.open(QUrl(url));
    QDeadlineTimer first(30000);
    while (frames == 0 && !closed && !first.hasExpired())
        QTest::qWait(10);
    QVERIFY2(frames > 0 && !closed, "the stream is under way");
    QVERIFY(m_pg->stop());
    QDeadlineTimer end(120000);
    while (!closed && !end.hasExpired())
        QTest::qWait(20);
    QVERIFY(closed);
    qInfo("stream ended while the database was away after %d frames (close %d)", frames, ws.closeCode());
    QTest::qWait(1000);
    QVERIFY(m_pg->start());
    QCOMPARE(waitForCount(QStringLiteral("SELECT COUNT(*) FROM generations WHERE status IN ('IN_QUEUE','GENERATING')"), 0, 60000),
             0);
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM generations WHERE status = 'COMPLETED'")), 1);
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'settle'")), 1);
    QVERIFY(ledgerMatchesBalances());
    QSqlQuery q(QSqlDatabase::database(m_connection));
    QVERIFY(q.exec(QStringLiteral("SELECT audio_path FROM generations")) && q.next());
    QVERIFY2(QFile::exists(q.value(0).toString()), qPrintable(q.value(0).toString()));
}

void ClusterTest::readsWhileTheDatabaseIsAwayAnswer503()
{
    // A read the store cannot answer is no "not found", no "unauthorized" and no empty
    // history: it is 503 with Retry-After, and a key it could not check counts no failed
    // attempt against the address (a load balancer's address would be banned).
    QVERIFY(startNodes(1));
    const QByteArray key = accountWithKey(QStringLiteral("reader"), 1000);
    QVERIFY(!key.isEmpty());
    const QByteArray unseen = accountWithKey(QStringLiteral("newcomer"), 1000); // not in any cache yet
    QVERIFY(!unseen.isEmpty());
    QCOMPARE(node(0).get(QStringLiteral("/v3/history"), key).status, 200); // the key is cached
    const HttpResponse made = node(0).createGeneration(key, kText);
    QCOMPARE(made.status, 201);
    const HttpResponse done = node(0).waitForCompleted(key, made.json.value("generation_id").toString());
    QCOMPARE(done.json.value("status").toString(), QStringLiteral("COMPLETED"));
    const QString link = done.json.value("audio_url").toString();
    QCOMPARE(node(0).get(link, {}).status, 200);
    const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    QVERIFY(m_pg->stop());
    const auto expect503 = [&](const HttpResponse &r) {
        QVERIFY2(r.status == 503, r.describe());
        QVERIFY2(!r.header("Retry-After").isEmpty(), r.describe());
    };
    expect503(node(0).get(QStringLiteral("/v3/tts?generation_id=") + id, key));
    expect503(node(0).get(QStringLiteral("/v2/status?generation_id=") + id, key));
    expect503(node(0).get(QStringLiteral("/v3/history"), key));
    expect503(node(0).get(link, {})); // a signed link: the row is read for its file
    for (int i = 0; i < 12; ++i) // more than the throttle lets fail
        expect503(node(0).get(QStringLiteral("/v3/history"), unseen));
    QVERIFY(m_pg->start());
    // The first read after the restart is answered (a stale connection reconnects), and
    // the address was never throttled.
    QCOMPARE(node(0).get(QStringLiteral("/v3/history"), unseen).status, 200);
    QCOMPARE(node(0).get(QStringLiteral("/v3/tts?generation_id=") + id, key).status, 404);
}

void ClusterTest::wokenNodeStopsAStreamAnotherNodeFailed()
{
    // Node 1 stalls (SIGSTOP) while it streams; its lease runs out and node 0 fails the
    // stream ("Server stopped during the stream") and releases its money. When node 1
    // wakes it must stop the stream with an error, not hand out the rest for free.
    // A short lifetime makes node 0's sweep for orphaned streams run every 2 s.
    QVERIFY(startNodes(2, {"--job-lease", "2", "--generation-ttl", "8"}));
    const QByteArray key = accountWithKey(QStringLiteral("frozen"), 1000000);
    QVERIFY(!key.isEmpty());
    QWebSocket ws;
    qint64 bytes = 0;
    bool closed = false;
    QJsonObject last;
    connect(&ws, &QWebSocket::binaryMessageReceived, &ws, [&](const QByteArray &b) { bytes += b.size(); });
    connect(&ws, &QWebSocket::textMessageReceived, &ws, [&](const QString &m) {
        last = QJsonDocument::fromJson(m.toUtf8()).object();
    });
    connect(&ws, &QWebSocket::connected, &ws, [&] {
        ws.sendTextMessage(QString::fromUtf8(QJsonDocument(QJsonObject{{"text", ApiCheck::longText(120)}, {"voice_id", "af_sarah"}})
                                                 .toJson(QJsonDocument::Compact)));
    });
    connect(&ws, &QWebSocket::disconnected, &ws, [&] { closed = true; });
    QString url = node(1).baseUrl() + QStringLiteral("/v3/tts/stream?api_key=") + QString::fromLatin1(key);
    url.replace(QStringLiteral("http://"), QStringLiteral("ws://"));
    ws.open(QUrl(url));
    QDeadlineTimer first(30000);
    while (bytes == 0 && !closed && !first.hasExpired())
        QTest::qWait(10);
    QVERIFY2(bytes > 0 && !closed, "the stream is under way");
    // The whole machine stalls (a frozen VM): the node and its workers.
    const QList<qint64> workers = node(1).childPids();
    QVERIFY(::kill(pid_t(node(1).pid()), SIGSTOP) == 0);
    for (qint64 w : workers)
        ::kill(pid_t(w), SIGSTOP);
    const qint64 failed = waitForCount(QStringLiteral("SELECT COUNT(*) FROM generations WHERE status = 'FAILED' "
                                                      "AND error_message = 'Server stopped during the stream'"),
                                       1, 30000);
    QTest::qWait(200);
    const qint64 before = bytes;
    for (qint64 w : workers)
        ::kill(pid_t(w), SIGCONT);
    QVERIFY(::kill(pid_t(node(1).pid()), SIGCONT) == 0);
    QCOMPARE(failed, 1);
    QElapsedTimer since;
    since.start();
    QDeadlineTimer end(120000);
    while (!closed && !end.hasExpired())
        QTest::qWait(20);
    qInfo("the woken node ended the stream %lld ms after waking; %lld bytes after, last message %s",
          qint64(since.elapsed()), bytes - before, QJsonDocument(last).toJson(QJsonDocument::Compact).constData());
    QVERIFY(closed);
    QVERIFY2(since.elapsed() < 4000, "the stream stops at the next lease renewal");
    // At 24 kHz 16-bit, 96,000 bytes are 2 s of audio: what was on its way when it woke.
    QVERIFY2(bytes - before < 96000, "no more audio handed out for free");
    QCOMPARE(last.value("type").toString(), QStringLiteral("error"));
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'settle'")), 0);
    QCOMPARE(scalar(QStringLiteral("SELECT COUNT(*) FROM ledger WHERE kind = 'release'")), 1);
    QVERIFY(ledgerMatchesBalances());
}

void ClusterTest::partFilesOfDeadNodesAreSwept()
{
    // A node SIGKILLed mid-job or mid-stream leaves its .part in the shared audio dir;
    // the others remove it once it is old and no node runs its job. A young one stays.
    // (A short lifetime makes the sweep run every 2 s.)
    const auto part = [&](const QString &name, qint64 ageSeconds) {
        const QString path = m_audio->filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write("RIFF") != 4 || !f.flush()) // flushed before the time is set
            return QString();
        const QDateTime then = QDateTime::currentDateTimeUtc().addSecs(-ageSeconds);
        f.setFileTime(then, QFileDevice::FileModificationTime);
        f.close();
        return path;
    };
    const QString deadJob = part(QUuid::createUuid().toString(QUuid::WithoutBraces) + QStringLiteral(".0badc0de.c1.wav.part"), 600);
    const QString deadStream = part(QStringLiteral("live-") + QUuid::createUuid().toString(QUuid::WithoutBraces)
                                        + QStringLiteral(".wav.part"),
                                    2 * 3600);
    const QString young = part(QUuid::createUuid().toString(QUuid::WithoutBraces) + QStringLiteral(".0badc0de.c1.wav.part"), 0);
    QVERIFY(!deadJob.isEmpty() && !deadStream.isEmpty() && !young.isEmpty());
    QVERIFY(startNodes(1, {"--job-lease", "2", "--generation-ttl", "8"}));
    QTRY_VERIFY_WITH_TIMEOUT(!QFile::exists(deadJob) && !QFile::exists(deadStream), 15000);
    QVERIFY(QFile::exists(young));
}

void ClusterTest::wokenNodeRefusesAKeyRevokedWhileItSlept()
{
    // Node 1 has the key in its cache and stalls (SIGSTOP); the key is revoked; a request
    // is already waiting for node 1 when it wakes. Its cache was not confirmed by a read
    // of the revisions for seconds: the request must be refused, not served from memory.
    QVERIFY(startNodes(2));
    const QByteArray key = accountWithKey(QStringLiteral("sleeper"), 1000);
    QVERIFY(!key.isEmpty());
    QCOMPARE(node(1).get(QStringLiteral("/v3/history"), key).status, 200);
    const qint64 keyId = scalar(QStringLiteral("SELECT id FROM api_keys"));
    QVERIFY(::kill(pid_t(node(1).pid()), SIGSTOP) == 0);
    QCOMPARE(cli({"keys", "revoke", "--account", "sleeper", QString::number(keyId)}).exitCode, 0);
    QTest::qWait(1500);
    const QUrl base(node(1).baseUrl());
    QTcpSocket socket;
    socket.connectToHost(base.host(), quint16(base.port()));
    QVERIFY(socket.waitForConnected(5000)); // the kernel accepts while the node sleeps
    socket.write("GET /v3/history HTTP/1.1\r\nHost: " + base.authority().toLatin1() + "\r\nx-api-key: " + key
                 + "\r\nConnection: close\r\n\r\n");
    QVERIFY(socket.waitForBytesWritten(5000));
    QVERIFY(::kill(pid_t(node(1).pid()), SIGCONT) == 0);
    QByteArray answer;
    QDeadlineTimer deadline(15000);
    while (!answer.contains("\r\n") && !deadline.hasExpired() && socket.state() == QAbstractSocket::ConnectedState)
        if (socket.waitForReadyRead(200))
            answer += socket.readAll();
    answer += socket.readAll();
    qInfo("the woken node answered: %s", answer.left(40).constData());
    QVERIFY2(answer.startsWith("HTTP/1.1 401"), answer.left(200).constData());
}

void ClusterTest::nodeStartedWhileTheDatabaseIsDownWaitsForIt()
{
    // Nodes brought up together with the database (after a power cut), or while it is at
    // max_connections, wait for it instead of exiting 1 at once.
    QVERIFY(m_pg->stop());
    QTemporaryDir data;
    QProcess node;
    node.setProcessChannelMode(QProcess::MergedChannels);
    node.start(TestServer::studioBinary(), {"--headless", "--data-dir", data.path(), "--port", "0", "--database", m_url,
                                            "--audio-dir", m_audio->path(), "--workers", "1"});
    QVERIFY(node.waitForStarted(10000));
    QTest::qWait(3000);
    QCOMPARE(node.state(), QProcess::Running);
    QVERIFY(m_pg->start());
    QByteArray out;
    QDeadlineTimer deadline(60000);
    while (!out.contains("listening on") && node.state() == QProcess::Running && !deadline.hasExpired()) {
        node.waitForReadyRead(200);
        out += node.readAll();
    }
    const bool listening = out.contains("listening on");
    node.terminate();
    node.waitForFinished(30000);
    QVERIFY2(listening, out.constData());
}

void ClusterTest::outageIsLoggedOnce()
{
    // While the database is away every store call of a node fails the same way: the
    // outage is logged when it starts and when it ends, not a dozen times a second.
    QVERIFY(startNodes(1));
    node(0).serverLog(); // what start-up printed
    QVERIFY(m_pg->stop());
    QTest::qWait(4000);
    QVERIFY(m_pg->start());
    QTRY_COMPARE_WITH_TIMEOUT(node(0).get(QStringLiteral("/readyz"), {}).status, 200, 15000);
    const QList<QByteArray> lines = node(0).serverLog().split('\n');
    int noise = 0, away = 0;
    for (const QByteArray &line : lines) {
        noise += line.contains("database not open") || line.contains("sql prepare failed") ? 1 : 0;
        away += line.contains("database unreachable:") ? 1 : 0;
    }
    qInfo("during a 4 s outage: %d log lines, %d of them repeated store failures", int(lines.size()), noise);
    QCOMPARE(noise, 0);
    QVERIFY(away >= 1 && away <= 2);
}

QTEST_GUILESS_MAIN(ClusterTest)
#include "tst_cluster.moc"
