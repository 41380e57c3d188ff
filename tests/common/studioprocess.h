#pragma once

#include <QJsonObject>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

// Runs the real headless server (tts-studio-server) for black-box tests: CLI commands on a temporary
// data dir, and the headless server on port 0.
class StudioProcess
{
public:
    StudioProcess();
    ~StudioProcess();

    QString dataDir() const { return m_dir.path(); }
    static QString binary();        // the headless server, tts-studio-server
    static QString desktopBinary(); // the desktop program, tts-studio

    // Runs `tts-studio ARGS --data-dir DIR`; returns stdout (trimmed), exit code in *code.
    QString cli(const QStringList &args, int *code = nullptr) const;
    // accounts create + keys create; returns the key.
    QString createAccountWithKey(const QString &name, const QStringList &accountArgs = {});

    bool start(const QStringList &extraArgs = {});
    void stop();     // SIGTERM and wait
    void kill9();
    QString baseUrl() const { return m_baseUrl; }
    QString wsUrl(const QString &key) const;
    qint64 pid() const { return m_server.processId(); }
    QByteArray serverOutput();
    // Resident memory of the server process in KiB (from /proc).
    qint64 rssKiB() const;

private:
    QTemporaryDir m_dir;
    QProcess m_server;
    QString m_baseUrl;
    QByteArray m_output;
    QByteArray m_errors;
};

// A synchronous HTTP client for tests.
struct HttpResult
{
    int status = 0;
    QByteArray body;
    QString error; // network error text, if any
    QJsonObject json;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray header(const QByteArray &name) const;
};

HttpResult httpRequest(const QByteArray &method, const QString &url, const QByteArray &apiKey = {},
                       const QByteArray &body = {}, const QList<QPair<QByteArray, QByteArray>> &headers = {});
// Polls GET /v3/tts until the status is one of `until` or the timeout passes.
QJsonObject waitForStatus(const QString &baseUrl, const QByteArray &key, const QString &id,
                          const QStringList &until = {"COMPLETED", "FAILED"}, int timeoutMs = 60000);
