#pragma once

// Black-box harness for the v3 REST API tests: drives the real tts-studio binary
// (command line and `--headless` server) on a temporary data directory and talks
// to it over HTTP with QNetworkAccessManager, synchronously.

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QNetworkAccessManager>
#include <QPair>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QVariantMap>

#include <memory>

using HeaderList = QList<QPair<QByteArray, QByteArray>>;

// One HTTP exchange as the tests see it.
struct HttpResponse
{
    int status = 0;              // 0: no HTTP answer (connection refused, timeout, ...)
    QString networkError;        // QNetworkReply's error text when status is 0
    QByteArray body;
    HeaderList headers;          // as received
    QJsonObject json;            // the body when it is a JSON object
    bool isJsonObject = false;

    QByteArray header(const QByteArray &name) const; // case-insensitive, first match
    QString detail() const { return json.value("detail").toString(); }
    QJsonArray errors() const { return json.value("errors").toArray(); }
    // True when errors[] holds an entry {field: NAME, message: non-empty string}.
    bool hasFieldError(const QString &field) const;
    // One line for failure messages: status, body (cut) or network error.
    QByteArray describe() const;
};

// A request prepared for TestServer::request / TestServer::parallel.
struct HttpRequest
{
    QByteArray method = "GET";
    QString path;                // "/v3/tts?generation_id=..." (or an absolute URL)
    QByteArray apiKey;           // sent as x-api-key unless empty
    QByteArray body;
    HeaderList headers;          // extra headers
    QByteArray apiKeyHeader = "x-api-key";
};

// Balances as the command line reports them (`tts-studio accounts list`).
struct Balance
{
    qint64 credits = -1;
    qint64 walletMicros = -1;
    bool operator==(const Balance &o) const { return credits == o.credits && walletMicros == o.walletMicros; }
    bool operator!=(const Balance &o) const { return !(*this == o); }
};
char *toString(const Balance &b); // for QCOMPARE

class TestServer
{
public:
    TestServer();
    ~TestServer();
    TestServer(const TestServer &) = delete;
    TestServer &operator=(const TestServer &) = delete;

    static QString studioBinary();
    QString dataDir() const { return m_dir.path(); }
    QString databasePath() const;
    QString audioDir() const;

    // --- command line ----------------------------------------------------------
    struct CliResult
    {
        int exitCode = -1;
        QString out;
        QString err;
    };
    // Runs `tts-studio ARGS --data-dir DIR`.
    CliResult cli(const QStringList &args) const;
    // `accounts create NAME EXTRA...`; QVERIFY-friendly: returns false on failure.
    bool createAccount(const QString &name, const QStringList &extra = {});
    // `keys create`: the printed key, or empty on failure.
    QByteArray createKey(const QString &account, const QString &label = QStringLiteral("test"));
    // Account + one key; the key (empty on failure).
    QByteArray createAccountWithKey(const QString &name, const QStringList &extra = {});
    // `keys list` row for LABEL: the key id, or -1.
    qint64 keyId(const QString &account, const QString &label) const;
    bool revokeKey(const QString &account, qint64 keyId);
    // From `accounts list`; credits -1 when the account is missing.
    Balance balance(const QString &account) const;

    // --- server ----------------------------------------------------------------
    // Starts `tts-studio --headless --port 0 --data-dir DIR ARGS` and waits for the
    // "listening on http://HOST:PORT" line. The arguments are kept for restart().
    bool start(const QStringList &args = {});
    // SIGTERM and wait; true when it exited normally with code 0.
    bool stop(int timeoutMs = 30000);
    // SIGKILL, no clean-up by the server.
    void kill9();
    bool restart() { return start(m_args); }
    bool isRunning() const;
    qint64 pid() const;
    QString baseUrl() const { return m_baseUrl; }
    // Everything the server printed so far (stdout and stderr), for failure messages.
    QByteArray serverLog();
    // Process ids whose parent is the server (its workers).
    QList<qint64> childPids() const;

    // --- HTTP ------------------------------------------------------------------
    HttpResponse request(const HttpRequest &req, int timeoutMs = 30000);
    HttpResponse get(const QString &path, const QByteArray &key);
    HttpResponse post(const QString &path, const QByteArray &key, const QJsonObject &body);
    HttpResponse del(const QString &path, const QByteArray &key);
    // Writes RAW (a whole HTTP/1.1 request) on a fresh TCP connection and parses the
    // answer, even when the server closes its side before it has read everything.
    HttpResponse rawExchange(const QByteArray &raw, int timeoutMs = 30000);
    // Sends all requests at once, each on its own connection, and waits for all.
    QList<HttpResponse> parallel(const QList<HttpRequest> &reqs, int timeoutMs = 60000);

    // POST /v3/tts with {text, voice_id, ...extra}.
    HttpResponse createGeneration(const QByteArray &key, const QString &text,
                                  const QString &voiceId = QStringLiteral("af_sarah"),
                                  const QJsonObject &extra = {});
    HttpResponse getGeneration(const QByteArray &key, const QString &id);
    // Polls GET /v3/tts until status is one of TARGETS (or the deadline passes);
    // returns the last response.
    HttpResponse waitForStatus(const QByteArray &key, const QString &id, const QStringList &targets,
                               int timeoutMs = 60000);
    HttpResponse waitForCompleted(const QByteArray &key, const QString &id, int timeoutMs = 60000)
    {
        return waitForStatus(key, id, {QStringLiteral("COMPLETED"), QStringLiteral("FAILED")}, timeoutMs);
    }
    // GET /v3/history?limit=100...; the history array (empty on error).
    QJsonArray history(const QByteArray &key, const QString &query = {});
    // The WebSocket stream's URL (ws://…/v3/tts/stream) with key as its api_key.
    QUrl streamUrl(const QByteArray &key) const;

private:
    QUrl urlFor(const QString &path) const;
    static HttpResponse collect(class QNetworkReply *reply);
    void drainOutput();

    QTemporaryDir m_dir;
    std::unique_ptr<QProcess> m_server;
    QStringList m_args;
    QString m_baseUrl;
    QByteArray m_log;
    QNetworkAccessManager m_nam;
};

// Read-only access to the server's SQLite store (use after stop()/kill9()).
class StoreReader
{
public:
    explicit StoreReader(const QString &dbPath);
    ~StoreReader();
    bool isOpen() const { return m_open; }
    QString lastError() const { return m_error; }
    // Rows of a SELECT as maps column -> value.
    QList<QVariantMap> rows(const QString &sql, const QVariantList &binds = {});
    QVariant scalar(const QString &sql, const QVariantList &binds = {});

private:
    QString m_connection;
    bool m_open = false;
    QString m_error;
};

namespace ApiCheck
{
// ISO 8601 UTC with milliseconds: 2025-01-31T12:34:56.789Z.
bool isIsoUtcMs(const QJsonValue &v);
// A string of N characters built from a sentence, for length-sensitive cases.
QString textOfLength(int n);
// A long English text (the bench text repeated) of about N characters.
QString longText(int n);
// Price per token in micro-USD for a model (the defaults of docs/decisions.md "Tokens").
qint64 microsPerToken(const QString &model);
qint64 creditsPerToken(const QString &model);
// |a - b| small enough for money values in USD.
bool sameUsd(double a, double b);

// A strictly parsed RIFF/WAVE file: sizes must agree with the bytes present.
struct WavInfo
{
    bool ok = false;
    QString error;
    quint16 format = 0, channels = 0, bits = 0;
    quint32 rate = 0;
    QByteArray pcm;
};
WavInfo parseWav(const QByteArray &bytes);
}
