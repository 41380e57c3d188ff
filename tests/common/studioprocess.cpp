#include "studioprocess.h"

#include "testpostgres.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QThread>
#include <QTimer>

#include <csignal>

StudioProcess::StudioProcess()
{
    m_server.setProcessChannelMode(QProcess::SeparateChannels);
}

StudioProcess::~StudioProcess()
{
    if (m_server.state() != QProcess::NotRunning) {
        m_server.kill();
        m_server.waitForFinished(5000);
    }
}

QString StudioProcess::binary()
{
    return QCoreApplication::applicationDirPath() + QStringLiteral("/tts-studio-server");
}

QString StudioProcess::desktopBinary()
{
    return QCoreApplication::applicationDirPath() + QStringLiteral("/tts-studio");
}

QString StudioProcess::cli(const QStringList &args, int *code) const
{
    QProcess p;
    TestPostgres::configure(p, m_dir.path());
    p.start(binary(), args + QStringList{"--data-dir", m_dir.path()});
    p.waitForFinished(60000);
    if (code)
        *code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

QString StudioProcess::createAccountWithKey(const QString &name, const QStringList &accountArgs)
{
    cli(QStringList{"accounts", "create", name} + accountArgs);
    return cli({"keys", "create", "--account", name, "--name", "test"});
}

bool StudioProcess::start(const QStringList &extraArgs)
{
    m_output.clear();
    m_errors.clear();
    TestPostgres::configure(m_server, m_dir.path());
    m_server.start(binary(), QStringList{"--headless", "--port", "0", "--data-dir", m_dir.path()} + extraArgs);
    if (!m_server.waitForStarted(10000))
        return false;
    static const QRegularExpression re(QStringLiteral("listening on (http://\\S+)"));
    QDeadlineTimer deadline(30000);
    while (!deadline.hasExpired()) {
        m_server.waitForReadyRead(100);
        m_output += m_server.readAllStandardOutput();
        const auto m = re.match(QString::fromUtf8(m_output));
        if (m.hasMatch()) {
            m_baseUrl = m.captured(1);
            return true;
        }
        if (m_server.state() == QProcess::NotRunning)
            return false;
    }
    return false;
}

void StudioProcess::stop()
{
    if (m_server.state() == QProcess::NotRunning)
        return;
    ::kill(pid_t(m_server.processId()), SIGTERM);
    m_server.waitForFinished(20000);
}

void StudioProcess::kill9()
{
    if (m_server.state() == QProcess::NotRunning)
        return;
    ::kill(pid_t(m_server.processId()), SIGKILL);
    m_server.waitForFinished(5000);
}

QString StudioProcess::wsUrl(const QString &key) const
{
    QString url = m_baseUrl;
    url.replace(QStringLiteral("http://"), QStringLiteral("ws://"));
    return url + QStringLiteral("/v3/tts/stream?api_key=") + QString::fromUtf8(QUrl::toPercentEncoding(key));
}

QByteArray StudioProcess::serverOutput()
{
    m_output += m_server.readAllStandardOutput();
    m_errors += m_server.readAllStandardError(); // kept: a later call sees it too
    return m_output + m_errors;
}

qint64 StudioProcess::rssKiB() const
{
    QFile f(QStringLiteral("/proc/%1/status").arg(m_server.processId()));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

QByteArray HttpResult::header(const QByteArray &name) const
{
    for (const auto &h : headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    return {};
}

HttpResult httpRequest(const QByteArray &method, const QString &url, const QByteArray &apiKey, const QByteArray &body,
                       const QList<QPair<QByteArray, QByteArray>> &headers)
{
    static QNetworkAccessManager *nam = new QNetworkAccessManager;
    QNetworkRequest req{QUrl(url)};
    if (!apiKey.isEmpty())
        req.setRawHeader("x-api-key", apiKey);
    if (!body.isEmpty())
        req.setHeader(QNetworkRequest::ContentTypeHeader, "application/json");
    for (const auto &h : headers)
        req.setRawHeader(h.first, h.second);
    QNetworkReply *reply = nam->sendCustomRequest(req, method, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    loop.exec();
    HttpResult r;
    r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    r.body = reply->readAll();
    if (reply->error() != QNetworkReply::NoError)
        r.error = reply->errorString();
    r.json = QJsonDocument::fromJson(r.body).object();
    for (const auto &h : reply->rawHeaderPairs())
        r.headers.append(h);
    reply->deleteLater();
    return r;
}

QJsonObject waitForStatus(const QString &baseUrl, const QByteArray &key, const QString &id, const QStringList &until,
                          int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    QJsonObject last;
    while (!deadline.hasExpired()) {
        const HttpResult r = httpRequest("GET", baseUrl + "/v3/tts?generation_id=" + id, key);
        last = r.json;
        if (until.contains(last.value("status").toString()))
            return last;
        QThread::msleep(100);
    }
    return last;
}
