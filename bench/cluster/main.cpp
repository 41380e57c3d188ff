// bench-cluster: what PostgreSQL costs beside SQLite, and what a second node brings
// (docs/scale-out.md). Prints figures, asserts nothing. Starts its own throw-away
// PostgreSQL (tests/common/testpostgres.h) and real tts-studio nodes on loopback.
//
//   ninja -C build bench-cluster && build/bin/bench-cluster [--quick] [--claims]
//   (--quick: fewer and shorter jobs; --claims: the claim figures only)
//
// 1. claims per second (empty jobs): GenerationStore::claimNext + markCompleted on one
//    thread, rows queued beforehand; SQLite file vs PostgreSQL;
// 2. GET /v3/tts?generation_id= req/s at 64 connections (wrk, 10 s) on one node per store;
// 3. queued throughput: 40 jobs of 2,000 characters, audio seconds per wall second, on
//    SQLite (1 node), PostgreSQL (1 node) and PostgreSQL (2 nodes, shared audio dir).
#include "database.h"
#include "accountstore.h"
#include "generationstore.h"
#include "testpostgres.h"
#include "testserver.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QUrl>
#include <QTemporaryDir>
#include <QTextStream>
#include <QUuid>

#include <cstdio>
#include <memory>
#include <vector>

namespace
{
QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

double claimsPerSecond(const QString &location, int jobs)
{
    Database db(location);
    if (const QString err = db.open(); !err.isEmpty()) {
        out() << "  cannot open " << location << ": " << err << Qt::endl;
        return 0;
    }
    Account a;
    a.name = QStringLiteral("bench");
    a.plan = QStringLiteral("free");
    const auto accountId = AccountStore(db).insert(a);
    GenerationStore store(db);
    for (int i = 0; i < jobs; ++i) {
        Generation g;
        g.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
        g.accountId = accountId.value_or(1);
        g.status = GenerationStatus::InQueue;
        g.inputText = g.voiceId = g.voiceName = g.model = g.languageCode = QStringLiteral("x");
        g.audioFormat = QStringLiteral("wav");
        g.synthesis = "{}";
        g.source = PaymentSource::Credits;
        g.createdAt = i + 1;
        store.insert(g);
    }
    if (db.isShared()) {
        // Statistics, as autovacuum gathers them on a live table: without them the planner
        // sorts every queued row instead of walking generations_status_created.
        QSqlDatabase admin = TestPostgres::addConnection(QStringLiteral("bench-analyze"), location);
        if (admin.open())
            QSqlQuery(admin).exec(QStringLiteral("ANALYZE generations"));
        admin.close();
    }
    QElapsedTimer t;
    t.start();
    int claimed = 0;
    while (const auto g = store.claimNext(QDateTime::currentMSecsSinceEpoch(), QStringLiteral("bench"),
                                          QDateTime::currentMSecsSinceEpoch() + 30000)) {
        store.markCompleted(g->id, QStringLiteral("/dev/null"), QDateTime::currentMSecsSinceEpoch(), QStringLiteral("bench"),
                            g->claim);
        ++claimed;
    }
    return claimed * 1000.0 / qMax<qint64>(1, t.elapsed());
}

// wrk's "Requests/sec" for 10 s at 64 connections.
double wrkRequestsPerSecond(const QString &url, const QByteArray &key, int seconds)
{
    QProcess wrk;
    wrk.setProcessChannelMode(QProcess::MergedChannels);
    wrk.start(QStringLiteral("wrk"), {"-t2", "-c64", QStringLiteral("-d%1s").arg(seconds), "-H",
                                      QStringLiteral("x-api-key: ") + QString::fromLatin1(key), url});
    if (!wrk.waitForFinished((seconds + 30) * 1000))
        return 0;
    const auto m = QRegularExpression(QStringLiteral("Requests/sec:\\s+([0-9.]+)")).match(QString::fromUtf8(wrk.readAll()));
    return m.hasMatch() ? m.captured(1).toDouble() : 0;
}

struct Cluster
{
    std::vector<std::unique_ptr<TestServer>> nodes;
    QTemporaryDir audio;
    QString database;
    QByteArray key;

    bool start(int n, const QString &url)
    {
        database = url;
        for (int i = 0; i < n; ++i) {
            auto s = std::make_unique<TestServer>();
            // warn: a line per request would fill the pipe nobody reads while wrk runs.
            QStringList args{"--rate-limit", "1000000", "--log-level", "warn"};
            if (!url.isEmpty())
                args << "--database" << url << "--audio-dir" << audio.path();
            if (!s->start(args))
                return false;
            nodes.push_back(std::move(s));
        }
        const QStringList db = url.isEmpty() ? QStringList{} : QStringList{"--database", url};
        nodes.front()->cli(QStringList{"accounts", "create", "bench", "--credits", "100000000"} + db);
        key = nodes.front()->cli(QStringList{"keys", "create", "--account", "bench", "--name", "b"} + db).out.trimmed().toLatin1();
        return !key.isEmpty();
    }
    QString audioDir() const { return database.isEmpty() ? nodes.front()->audioDir() : audio.path(); }
};

double audioSeconds(const QString &dir)
{
    qint64 bytes = 0;
    QDirIterator it(dir, {QStringLiteral("*.wav")}, QDir::Files);
    while (it.hasNext())
        bytes += QFileInfo(it.next()).size() - 44;
    return double(bytes) / (24000.0 * 2.0);
}

void queuedThroughput(const QString &label, int nodes, const QString &url, int jobs, int chars)
{
    Cluster c;
    if (!c.start(nodes, url)) {
        out() << "  " << label << ": cannot start" << Qt::endl;
        return;
    }
    const QString text = ApiCheck::longText(chars);
    QStringList ids;
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < jobs; ++i)
        ids << c.nodes.at(size_t(i) % c.nodes.size())->createGeneration(c.key, text).json.value("generation_id").toString();
    int completed = 0;
    for (const QString &id : ids)
        completed += c.nodes.front()->waitForCompleted(c.key, id, 900000).json.value("status").toString()
                             == QLatin1String("COMPLETED") ? 1 : 0;
    const double wall = t.elapsed() / 1000.0;
    const double audio = audioSeconds(c.audioDir());
    out() << QStringLiteral("  %1: %2/%3 completed, %4 s audio in %5 s wall = %6 audio s per wall s")
                 .arg(label).arg(completed).arg(jobs).arg(audio, 0, 'f', 0).arg(wall, 0, 'f', 1).arg(audio / wall, 0, 'f', 1)
          << Qt::endl;
}
}

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const bool quick = app.arguments().contains(QStringLiteral("--quick"));
    TestPostgres *pg = TestPostgres::instance();
    if (!pg) {
        out() << "no PostgreSQL: " << TestPostgres::lastError() << Qt::endl;
        return 1;
    }
    const int claimJobs = quick ? 500 : 5000;
    QTemporaryDir dir;
    out() << "claims per second (" << claimJobs << " empty jobs, one thread, claim + complete):" << Qt::endl;
    out() << QStringLiteral("  SQLite:     %1/s").arg(claimsPerSecond(dir.filePath("claims.db"), claimJobs), 0, 'f', 0) << Qt::endl;
    out() << QStringLiteral("  PostgreSQL: %1/s").arg(claimsPerSecond(pg->createDatabase(), claimJobs), 0, 'f', 0) << Qt::endl;

    if (app.arguments().contains(QStringLiteral("--claims")))
        return 0;
    const int seconds = quick ? 3 : 10;
    out() << "GET /v3/tts?generation_id= at 64 connections (" << seconds << " s, wrk), one node:" << Qt::endl;
    for (const bool postgres : {false, true}) {
        Cluster c;
        if (!c.start(1, postgres ? pg->createDatabase() : QString()))
            continue;
        const HttpResponse g = c.nodes.front()->createGeneration(c.key, QStringLiteral("Hello there"));
        const QString id = g.json.value("generation_id").toString();
        c.nodes.front()->waitForCompleted(c.key, id);
        out() << QStringLiteral("  %1 %2 req/s")
                     .arg(postgres ? "PostgreSQL:" : "SQLite:    ")
                     .arg(wrkRequestsPerSecond(c.nodes.front()->baseUrl() + "/v3/tts?generation_id=" + id, c.key, seconds), 0, 'f', 0)
              << Qt::endl;
    }

    const int jobs = quick ? 8 : 40;
    const int chars = quick ? 500 : 2000;
    out() << "queued throughput (" << jobs << " x " << chars << " characters, default workers per node):" << Qt::endl;
    queuedThroughput(QStringLiteral("SQLite, 1 node"), 1, {}, jobs, chars);
    queuedThroughput(QStringLiteral("PostgreSQL, 1 node"), 1, pg->createDatabase(), jobs, chars);
    queuedThroughput(QStringLiteral("PostgreSQL, 2 nodes"), 2, pg->createDatabase(), jobs, chars);
    return 0;
}
