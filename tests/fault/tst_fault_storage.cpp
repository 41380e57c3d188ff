// Storage faults under a running server (the real binary): audio that cannot be written
// (a full disk: a small tmpfs mounted on the audio dir; a read-only volume), a store
// that cannot record a job's end for a while, and the database file deleted or replaced
// while the server runs, and the command line on a data dir without a database.
// A user sees: the job FAILED with the cause, its money back, /readyz 503 saying why,
// POST refused with 503 instead of charging into a file nobody will open again.
// The mount cases need root (mount); they are skipped where mounting is not allowed.
#include "testserver.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUuid>
#include <QWebSocket>

// The store's write lock held by another process (as a busy or stalled writer would),
// until release() or the end of the scope.
class StoreWriteLock
{
public:
    explicit StoreWriteLock(const QString &databasePath)
        : m_connection(QUuid::createUuid().toString())
    {
        QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", m_connection);
        db.setDatabaseName(databasePath);
        m_held = db.open() && QSqlQuery(db).exec("BEGIN IMMEDIATE");
    }
    ~StoreWriteLock()
    {
        release();
        QSqlDatabase::removeDatabase(m_connection);
    }
    bool isHeld() const { return m_held; }
    void release()
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        if (m_held)
            QSqlQuery(db).exec("ROLLBACK");
        m_held = false;
        db.close();
    }

private:
    QString m_connection;
    bool m_held = false;
};

class FaultStorageTest : public QObject
{
    Q_OBJECT

private slots:
    void diskFullFailsTheJobAndReleasesItsMoney_data();
    void diskFullFailsTheJobAndReleasesItsMoney();
    void diskFullEndsAStreamAndLeavesNoFile();
    void readyzReportsAFullDisk();
    void readOnlyAudioStorage();
    void jobNeverStaysGeneratingWhenTheStoreIsBusy();
    void slowAnswerIsNotCutAsIdle();
    void databaseFileMissingOrReplaced_data();
    void databaseFileMissingOrReplaced();
    void commandsDoNotCreateADatabaseSilently();
    void optionsBeforeTheCommand();
    void passwordInTheDatabaseUrlIsRefused_data();
    void passwordInTheDatabaseUrlIsRefused();
    void serverRefusesADataDirThatLostItsDatabase();
};

namespace
{
const QString kAccount = QStringLiteral("store");

bool run(const QString &program, const QStringList &args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    return p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// A tmpfs of `size` on dir for the life of this object (needs root).
class Mount
{
public:
    Mount(const QString &dir, const QStringList &options) : m_dir(dir)
    {
        m_ok = run("mount", QStringList{"-t", "tmpfs", "-o", options.join(','), "tmpfs", dir});
    }
    ~Mount()
    {
        if (m_ok)
            run("umount", {"-l", m_dir});
    }
    bool ok() const { return m_ok; }

private:
    QString m_dir;
    bool m_ok = false;
};

// Writes zeros until the volume is full (ENOSPC).
void fill(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return;
    const QByteArray block(4096, '\0');
    while (f.write(block) == block.size()) {
    }
}

QStringList partFiles(const QString &dir)
{
    return QDir(dir).entryList({"*.part"}, QDir::Files);
}

QJsonObject readyz(TestServer &s, int *status)
{
    const HttpResponse r = s.get(QStringLiteral("/readyz"), {});
    *status = r.status;
    return r.json;
}

// Starts a server on the data dir with one worker and an account; the key.
QByteArray prepare(TestServer &s, const QStringList &extra = {})
{
    const QByteArray key = s.createAccountWithKey(kAccount, {"--credits", "10000000"});
    if (key.isEmpty() || !s.start(QStringList{"--workers", "1"} + extra))
        return {};
    return key;
}
}

void FaultStorageTest::diskFullFailsTheJobAndReleasesItsMoney_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("wav") << "wav";
    QTest::newRow("mp3") << "mp3";
}

void FaultStorageTest::diskFullFailsTheJobAndReleasesItsMoney()
{
    QFETCH(QString, format);
    TestServer s;
    const QByteArray key = s.createAccountWithKey(kAccount, {"--credits", "10000000"});
    QVERIFY(!key.isEmpty());
    // 256 KiB of audio: under 3 s of WAV, half a minute of MP3; the text is minutes long.
    Mount tmpfs(s.audioDir(), {"size=256k"});
    if (!tmpfs.ok())
        QSKIP("mounting a tmpfs needs root");
    QVERIFY2(s.start({"--workers", "1"}), s.serverLog().constData());
    int status = 0;
    QCOMPARE(readyz(s, &status).value("audio_storage").toString(), QStringLiteral("ok"));
    const Balance before = s.balance(kAccount);

    const HttpResponse created = s.createGeneration(key, ApiCheck::longText(3000), "af_sarah", {{"audio_format", format}});
    QVERIFY2(created.status == 201, created.describe().constData());
    const QString id = created.json.value("generation_id").toString();
    const HttpResponse done = s.waitForCompleted(key, id, 120000);
    QCOMPARE(done.json.value("status").toString(), QStringLiteral("FAILED"));
    const QString message = done.json.value("error_message").toString();
    QVERIFY2(message.contains("disk full"), qPrintable(message));
    QVERIFY2(!message.contains("Unknown error"), qPrintable(message));

    QCOMPARE(s.balance(kAccount), before);
    QCOMPARE(partFiles(s.audioDir()), QStringList());
    // The space is free again: ready (once the worker that failed the job is counted
    // ready again: the engine thread updates that count a moment after the failure),
    // and a short text fits.
    QCOMPARE(readyz(s, &status).value("audio_storage").toString(), QStringLiteral("ok"));
    QTRY_COMPARE_WITH_TIMEOUT((readyz(s, &status), status), 200, 20000);
    const HttpResponse small = s.createGeneration(key, "Short.", "af_sarah", {{"audio_format", format}});
    QCOMPARE(s.waitForCompleted(key, small.json.value("generation_id").toString()).json.value("status").toString(),
             QStringLiteral("COMPLETED"));
    QVERIFY(s.stop());
}

// A live stream's file is written on the scheduler's file thread: a write that finds
// the disk full still ends the stream with the cause, and leaves no file and no charge.
void FaultStorageTest::diskFullEndsAStreamAndLeavesNoFile()
{
    TestServer s;
    const QByteArray key = s.createAccountWithKey(kAccount, {"--credits", "10000000"});
    QVERIFY(!key.isEmpty());
    // 256 KiB: ~5 s of WAV; the text is minutes long.
    Mount tmpfs(s.audioDir(), {"size=256k"});
    if (!tmpfs.ok())
        QSKIP("mounting a tmpfs needs root");
    QVERIFY2(s.start(), s.serverLog().constData());
    const Balance before = s.balance(kAccount);

    QWebSocket ws;
    QString id, error;
    qint64 bytes = 0;
    bool completed = false, closed = false;
    connect(&ws, &QWebSocket::textMessageReceived, this, [&](const QString &m) {
        const QJsonObject o = QJsonDocument::fromJson(m.toUtf8()).object();
        const QString type = o.value("type").toString();
        if (type == QLatin1String("started"))
            id = o.value("generation_id").toString();
        else if (type == QLatin1String("error"))
            error = o.value("detail").toString();
        else if (type == QLatin1String("completed"))
            completed = true;
    });
    connect(&ws, &QWebSocket::binaryMessageReceived, this, [&](const QByteArray &b) { bytes += b.size(); });
    connect(&ws, &QWebSocket::disconnected, this, [&] { closed = true; });
    connect(&ws, &QWebSocket::connected, this, [&] {
        ws.sendTextMessage(QString::fromUtf8(
            QJsonDocument(QJsonObject{{"text", ApiCheck::longText(3000)}, {"voice_id", "af_sarah"}}).toJson(QJsonDocument::Compact)));
    });
    ws.open(s.streamUrl(key));
    QTRY_VERIFY_WITH_TIMEOUT(closed || !error.isEmpty(), 120000);
    QVERIFY2(error.contains("disk full"), qPrintable(error));
    QVERIFY(!completed);
    QVERIFY(!id.isEmpty());
    // It had started, and ended when the disk filled (~5 s of audio in the file), not at
    // the end of the text's minutes: under 30 s of float32 audio came.
    QVERIFY(bytes > 0);
    QVERIFY2(bytes < 30 * 24000 * 4, qPrintable(QString::number(bytes)));

    const HttpResponse done = s.waitForCompleted(key, id, 30000);
    QCOMPARE(done.json.value("status").toString(), QStringLiteral("FAILED"));
    QVERIFY2(done.json.value("error_message").toString().contains("disk full"), done.describe().constData());
    QCOMPARE(s.balance(kAccount), before);
    QCOMPARE(partFiles(s.audioDir()), QStringList());
    QVERIFY(QDir(s.audioDir()).entryList(QDir::Files).isEmpty());
    QVERIFY(s.stop());
}

void FaultStorageTest::readyzReportsAFullDisk()
{
    TestServer s;
    const QByteArray key = s.createAccountWithKey(kAccount, {"--credits", "10000000"});
    QVERIFY(!key.isEmpty());
    Mount tmpfs(s.audioDir(), {"size=1m"});
    if (!tmpfs.ok())
        QSKIP("mounting a tmpfs needs root");
    QVERIFY2(s.start({"--workers", "1"}), s.serverLog().constData());
    int status = 0;
    QTRY_COMPARE_WITH_TIMEOUT(readyz(s, &status).value("status").toString(), QStringLiteral("ready"), 20000);

    const QString filler = s.audioDir() + "/filler";
    fill(filler);
    QJsonObject r = readyz(s, &status);
    QCOMPARE(status, 503);
    QCOMPARE(r.value("status").toString(), QStringLiteral("not ready"));
    QCOMPARE(r.value("audio_storage").toString(), QStringLiteral("disk full"));
    QVERIFY2(r.value("reason").toString().contains("disk full"), QJsonDocument(r).toJson().constData());
    QCOMPARE(r.value("store").toString(), QStringLiteral("ok"));

    // A job accepted meanwhile fails with the cause and costs nothing.
    const Balance before = s.balance(kAccount);
    const HttpResponse created = s.createGeneration(key, "The disk is full right now.");
    QVERIFY2(created.status == 201, created.describe().constData());
    const HttpResponse done = s.waitForCompleted(key, created.json.value("generation_id").toString());
    QCOMPARE(done.json.value("status").toString(), QStringLiteral("FAILED"));
    QVERIFY2(done.json.value("error_message").toString().contains("disk full"), done.describe().constData());
    QCOMPARE(s.balance(kAccount), before);

    QVERIFY(QFile::remove(filler));
    r = readyz(s, &status);
    QCOMPARE(status, 200);
    QCOMPARE(r.value("audio_storage").toString(), QStringLiteral("ok"));
    QVERIFY(!r.contains("reason"));
    QVERIFY(s.stop());
}

void FaultStorageTest::readOnlyAudioStorage()
{
    // A job accepted while storage was fine, run after the audio volume turned read-only:
    // one worker is busy with a long job, the second waits; then a read-only volume takes
    // the audio dir's place and the long job is cancelled.
    TestServer s;
    const QByteArray key = prepare(s);
    QVERIFY2(!key.isEmpty(), s.serverLog().constData());
    const Balance before = s.balance(kAccount);
    const HttpResponse longJob = s.createGeneration(key, ApiCheck::longText(20000));
    QVERIFY2(longJob.status == 201, longJob.describe().constData());
    const QString longId = longJob.json.value("generation_id").toString();
    QCOMPARE(s.waitForStatus(key, longId, {"GENERATING", "COMPLETED", "FAILED"}).json.value("status").toString(),
             QStringLiteral("GENERATING"));
    const HttpResponse waiting = s.createGeneration(key, "Waiting for the worker.");
    QVERIFY2(waiting.status == 201, waiting.describe().constData());

    const QString audio = s.audioDir();
    QVERIFY(QDir().rename(audio, audio + ".away"));
    QVERIFY(QDir().mkdir(audio));
    Mount readOnly(audio, {"ro", "size=1m"});
    if (!readOnly.ok()) {
        QDir().rmdir(audio);
        QDir().rename(audio + ".away", audio);
        QSKIP("mounting a tmpfs needs root");
    }
    QCOMPARE(s.del("/v3/tts?generation_id=" + longId, key).status, 200);
    const HttpResponse done = s.waitForCompleted(key, waiting.json.value("generation_id").toString());
    QCOMPARE(done.json.value("status").toString(), QStringLiteral("FAILED"));
    QVERIFY2(done.json.value("error_message").toString().contains("audio storage not writable"), done.describe().constData());
    QCOMPARE(s.balance(kAccount), before);

    int status = 0;
    const QJsonObject r = readyz(s, &status);
    QCOMPARE(status, 503);
    QCOMPARE(r.value("audio_storage").toString(), QStringLiteral("audio storage not writable"));
    // New work is refused before any money moves.
    const HttpResponse refused = s.createGeneration(key, "Nowhere to write this.");
    QCOMPARE(refused.status, 503);
    QCOMPARE(s.balance(kAccount), before);
    QVERIFY(s.stop());
}

void FaultStorageTest::jobNeverStaysGeneratingWhenTheStoreIsBusy()
{
    // The job fails (disk full) while the store cannot record it (another process holds
    // the write lock beyond the server's 10 s busy timeout, as a full disk under the
    // database would refuse the write). Once the store takes writes again the job must
    // end FAILED with its money released, not stay GENERATING until a restart.
    TestServer s;
    const QByteArray key = s.createAccountWithKey(kAccount, {"--credits", "10000000"});
    QVERIFY(!key.isEmpty());
    // Room for about 90 s of WAV: seconds of synthesis before the disk is full.
    Mount tmpfs(s.audioDir(), {"size=4m"});
    if (!tmpfs.ok())
        QSKIP("mounting a tmpfs needs root");
    QVERIFY2(s.start({"--workers", "1"}), s.serverLog().constData());
    const Balance before = s.balance(kAccount);

    const HttpResponse created = s.createGeneration(key, ApiCheck::longText(6000));
    QVERIFY2(created.status == 201, created.describe().constData());
    const QString id = created.json.value("generation_id").toString();
    QCOMPARE(s.waitForStatus(key, id, {"GENERATING", "COMPLETED", "FAILED"}).json.value("status").toString(),
             QStringLiteral("GENERATING"));

    {
        StoreWriteLock lock(s.databasePath());
        QVERIFY(lock.isHeld());
        // The worker fills the disk, fails and removes its partial file.
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(s.audioDir() + "/" + id + ".wav.part"), 90000); // a busy machine
        QTRY_VERIFY_WITH_TIMEOUT(partFiles(s.audioDir()).isEmpty(), 60000);
        // The server's attempt to record it times out (10 s busy timeout), even when it
        // first waited out a claim of the next job (another 10 s).
        QTest::qWait(22000);
        QCOMPARE(s.getGeneration(key, id).json.value("status").toString(), QStringLiteral("GENERATING"));
    }

    const HttpResponse done = s.waitForStatus(key, id, {"FAILED", "COMPLETED"}, 60000);
    QCOMPARE(done.json.value("status").toString(), QStringLiteral("FAILED"));
    QVERIFY2(done.json.value("error_message").toString().contains("disk full"), done.describe().constData());
    QCOMPARE(s.balance(kAccount), before);
    QVERIFY(s.stop());
}

void FaultStorageTest::slowAnswerIsNotCutAsIdle()
{
    // A complete request whose answer takes longer than --request-timeout (here the
    // store is locked by another process for twice that) is being worked on, not idle:
    // its connection stays until the answer is written.
    TestServer s;
    const QByteArray key = s.createAccountWithKey(kAccount, {"--credits", "10000000"});
    QVERIFY(!key.isEmpty());
    QVERIFY2(s.start({"--workers", "1", "--request-timeout", "2"}), s.serverLog().constData());
    StoreWriteLock lock(s.databasePath());
    QVERIFY(lock.isHeld());
    QTimer::singleShot(4500, [&lock] { lock.release(); });
    QElapsedTimer waited;
    waited.start();
    const HttpResponse created = s.createGeneration(key, QStringLiteral("An answer worth waiting for."));
    QVERIFY2(created.status == 201, created.describe().constData());
    QVERIFY(waited.elapsed() >= 4000); // it did wait for the lock, past the timeout
    QVERIFY(s.stop());
}

void FaultStorageTest::databaseFileMissingOrReplaced_data()
{
    QTest::addColumn<bool>("replace");
    QTest::newRow("moved away") << false;
    QTest::newRow("replaced by a copy") << true;
}

void FaultStorageTest::databaseFileMissingOrReplaced()
{
    QFETCH(bool, replace);
    TestServer s;
    const QByteArray key = prepare(s);
    QVERIFY2(!key.isEmpty(), s.serverLog().constData());
    int status = 0;
    QTRY_COMPARE_WITH_TIMEOUT(readyz(s, &status).value("status").toString(), QStringLiteral("ready"), 20000);
    const Balance before = s.balance(kAccount);
    const qsizetype rows = s.history(key).size();

    const QString db = s.databasePath();
    QVERIFY(QFile::rename(db, db + ".away"));
    if (replace)
        QVERIFY(QFile::copy(db + ".away", db));
    const QString problem = replace ? QStringLiteral("database file replaced") : QStringLiteral("database file missing");

    QJsonObject r = readyz(s, &status);
    QCOMPARE(status, 503);
    QCOMPARE(r.value("store").toString(), problem);
    QVERIFY2(r.value("reason").toString().contains(problem), QJsonDocument(r).toJson().constData());

    // Writes are refused, not charged into a file nobody will open again.
    const HttpResponse refused = s.createGeneration(key, "Nobody would ever see this charge.");
    QCOMPARE(refused.status, 503);
    QVERIFY2(refused.detail().contains(problem), refused.describe().constData());
    QCOMPARE(s.history(key).size(), rows);
    if (!replace) {
        // The command line does not create an empty one in its place.
        const TestServer::CliResult list = s.cli({"accounts", "list"});
        QCOMPARE(list.exitCode, 2);
        QVERIFY2(list.err.contains("no database"), qPrintable(list.err));
        QVERIFY(!QFile::exists(db));
    } else {
        QVERIFY(QFile::remove(db));
    }

    // The original file back: ready again, nothing was charged meanwhile, work goes on.
    QVERIFY(QFile::rename(db + ".away", db));
    r = readyz(s, &status);
    QCOMPARE(status, 200);
    QCOMPARE(r.value("store").toString(), QStringLiteral("ok"));
    QCOMPARE(s.balance(kAccount), before);
    const HttpResponse created = s.createGeneration(key, "The store is back.");
    QVERIFY2(created.status == 201, created.describe().constData());
    QCOMPARE(s.waitForCompleted(key, created.json.value("generation_id").toString()).json.value("status").toString(),
             QStringLiteral("COMPLETED"));
    QVERIFY(s.stop());
}

void FaultStorageTest::commandsDoNotCreateADatabaseSilently()
{
    TestServer s; // a fresh, empty data dir
    const QString db = s.databasePath();
    const QList<QStringList> refused = {
        {"accounts", "list"},
        {"keys", "list", "--account", "alice"},
        {"keys", "create", "--account", "alice", "--name", "k"},
        {"keys", "revoke", "--account", "alice", "1"},
    };
    for (const QStringList &args : refused) {
        const TestServer::CliResult r = s.cli(args);
        QVERIFY2(r.exitCode == 2, qPrintable(args.join(' ')));
        QVERIFY2(r.err.contains("no database at") && r.err.contains("--init"), qPrintable(r.err));
        QVERIFY2(!QFile::exists(db), qPrintable(args.join(' ')));
    }
    // --init asks for it: an empty database, nothing listed.
    TestServer::CliResult r = s.cli({"accounts", "list", "--init"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(QFile::exists(db));
    QCOMPARE(r.out.trimmed().split('\n').size(), 1); // the header only
    // The first step of a new data dir still works without --init.
    TestServer fresh;
    r = fresh.cli({"accounts", "create", "alice"});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    r = fresh.cli({"accounts", "list"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("alice"));
}

void FaultStorageTest::passwordInTheDatabaseUrlIsRefused_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("user info") << "postgresql://tts:S3cr3t-xyzzy@127.0.0.1:1/tts";
    QTest::newRow("password option") << "postgresql://tts@127.0.0.1:1/tts?password=S3cr3t-xyzzy";
    QTest::newRow("option in other case") << "postgresql://tts@127.0.0.1:1/tts?sslmode=disable&PassWord=S3cr3t-xyzzy";
}

void FaultStorageTest::passwordInTheDatabaseUrlIsRefused()
{
    // The password comes from PGPASSWORD or a .pgpass file, never from the command line
    // (where ps shows it); whatever the command prints never repeats it.
    QFETCH(QString, url);
    TestServer s;
    for (const QStringList &args : {QStringList{"accounts", "list", "--database", url},
                                    QStringList{"accounts", "create", "alice", "--database", url}}) {
        const TestServer::CliResult r = s.cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("must not hold a password"), qPrintable(r.err));
        QVERIFY2(!r.out.contains("S3cr3t") && !r.err.contains("S3cr3t"), qPrintable(r.err));
    }
}

void FaultStorageTest::optionsBeforeTheCommand()
{
    // `tts-studio --data-dir D accounts create NAME` is the same command as with the
    // option behind it (it once started the studio window instead).
    QTemporaryDir dir;
    const auto run = [](const QStringList &args) {
        QProcess p;
        p.setProcessChannelMode(QProcess::SeparateChannels);
        p.start(TestServer::studioBinary(), args);
        if (!p.waitForFinished(60000))
            p.kill();
        return std::make_pair(p.exitCode(), QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError()));
    };
    auto r = run({"--data-dir", dir.path(), "accounts", "create", "bob", "--credits", "7"});
    QVERIFY2(r.first == 0, qPrintable(r.second));
    r = run({"--data-dir=" + dir.path(), "accounts", "list"});
    QVERIFY2(r.first == 0 && r.second.contains("bob"), qPrintable(r.second));
    r = run({"--data-dir", dir.path(), "keys", "create", "--account", "bob", "--name", "laptop"});
    QVERIFY2(r.first == 0 && r.second.trimmed().startsWith("tts_"), qPrintable(r.second));
    QTemporaryDir empty;
    r = run({"--init", "--data-dir", empty.path(), "accounts", "list"});
    QVERIFY2(r.first == 0 && QFile::exists(empty.filePath("tts-studio.db")), qPrintable(r.second));
}

void FaultStorageTest::serverRefusesADataDirThatLostItsDatabase()
{
    TestServer s;
    const QByteArray key = prepare(s);
    QVERIFY2(!key.isEmpty(), s.serverLog().constData());
    const HttpResponse created = s.createGeneration(key, "Audio that outlives its database.");
    QCOMPARE(s.waitForCompleted(key, created.json.value("generation_id").toString()).json.value("status").toString(),
             QStringLiteral("COMPLETED"));
    QVERIFY(s.stop());
    for (const QString suffix : {"", "-wal", "-shm"})
        QFile::remove(s.databasePath() + suffix);

    QVERIFY(!s.start({"--workers", "1"}));
    QVERIFY2(s.serverLog().contains("holds audio but no database"), s.serverLog().constData());
    QVERIFY(!QFile::exists(s.databasePath()));
    QVERIFY2(s.start({"--workers", "1", "--init"}), s.serverLog().constData());
    QVERIFY(QFile::exists(s.databasePath()));
    QVERIFY(s.stop());
}

QTEST_MAIN(FaultStorageTest)
#include "tst_fault_storage.moc"
