#include "testserver.h"

#include "testpostgres.h"
#include "procinfo.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDeadlineTimer>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>
#include <QUuid>
#include <QtEndian>

#include <cmath>
#include <csignal>

// ---------------------------------------------------------------------------
// HttpResponse

QByteArray HttpResponse::header(const QByteArray &name) const
{
    for (const auto &h : headers)
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    return {};
}

bool HttpResponse::hasFieldError(const QString &field) const
{
    for (const QJsonValue &v : errors()) {
        const QJsonObject e = v.toObject();
        if (e.value("field").toString() == field && e.value("message").isString()
            && !e.value("message").toString().isEmpty())
            return true;
    }
    return false;
}

QByteArray HttpResponse::describe() const
{
    if (status == 0)
        return "no HTTP response: " + networkError.toUtf8();
    QByteArray b = body.left(600);
    if (body.size() > 600)
        b += "...";
    return "HTTP " + QByteArray::number(status) + " " + b;
}

char *toString(const Balance &b)
{
    return qstrdup(QStringLiteral("Balance(credits=%1, wallet_micros=%2)").arg(b.credits).arg(b.walletMicros).toUtf8());
}

// ---------------------------------------------------------------------------
// TestServer: command line

TestServer::TestServer()
{
    m_nam.setProxy(QNetworkProxy::NoProxy);
    // Keep the data directory of a failed run for inspection when asked to.
    if (qEnvironmentVariableIsSet("TTS_API_KEEP_DATA"))
        m_dir.setAutoRemove(false);
}

TestServer::~TestServer()
{
    if (isRunning()) {
        m_server->kill();
        m_server->waitForFinished(5000);
    }
}

QString TestServer::studioBinary()
{
    return QCoreApplication::applicationDirPath() + QStringLiteral("/tts-studio-server");
}

QString TestServer::databasePath() const
{
    return QDir(m_dir.path()).filePath(QStringLiteral("tts-studio.db"));
}

QString TestServer::audioDir() const
{
    return QDir(m_dir.path()).filePath(QStringLiteral("audio"));
}

TestServer::CliResult TestServer::cli(const QStringList &args) const
{
    QProcess p;
    p.setProcessChannelMode(QProcess::SeparateChannels);
    TestPostgres::configure(p, m_dir.path());
    p.start(studioBinary(), args + QStringList{QStringLiteral("--data-dir"), m_dir.path()});
    CliResult r;
    if (!p.waitForStarted(10000)) {
        r.err = p.errorString();
        return r;
    }
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(5000);
        r.err = QStringLiteral("timed out");
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

bool TestServer::createAccount(const QString &name, const QStringList &extra)
{
    const CliResult r = cli(QStringList{QStringLiteral("accounts"), QStringLiteral("create"), name} + extra);
    if (r.exitCode != 0)
        qWarning("accounts create %s failed (%d): %s", qPrintable(name), r.exitCode, qPrintable(r.err));
    return r.exitCode == 0;
}

QByteArray TestServer::createKey(const QString &account, const QString &label)
{
    const CliResult r = cli({QStringLiteral("keys"), QStringLiteral("create"), QStringLiteral("--account"), account,
                             QStringLiteral("--name"), label});
    const QString key = r.out.trimmed();
    if (r.exitCode != 0 || key.isEmpty() || key.contains(u'\n') || key.contains(u' ')) {
        qWarning("keys create for %s failed (%d): out=%s err=%s", qPrintable(account), r.exitCode, qPrintable(r.out),
                 qPrintable(r.err));
        return {};
    }
    return key.toLatin1();
}

QByteArray TestServer::createAccountWithKey(const QString &name, const QStringList &extra)
{
    if (!createAccount(name, extra))
        return {};
    return createKey(name);
}

qint64 TestServer::keyId(const QString &account, const QString &label) const
{
    const CliResult r = cli({QStringLiteral("keys"), QStringLiteral("list"), QStringLiteral("--account"), account});
    if (r.exitCode != 0)
        return -1;
    // id  name  last4  created  revoked
    for (const QString &line : r.out.split(u'\n', Qt::SkipEmptyParts)) {
        const QStringList cols = line.split(u'\t');
        bool ok = false;
        const qint64 id = cols.value(0).toLongLong(&ok);
        if (ok && cols.value(1) == label)
            return id;
    }
    return -1;
}

bool TestServer::revokeKey(const QString &account, qint64 keyId)
{
    const CliResult r = cli({QStringLiteral("keys"), QStringLiteral("revoke"), QStringLiteral("--account"), account,
                             QString::number(keyId)});
    if (r.exitCode != 0)
        qWarning("keys revoke failed (%d): %s", r.exitCode, qPrintable(r.err));
    return r.exitCode == 0;
}

Balance TestServer::balance(const QString &account) const
{
    const CliResult r = cli({QStringLiteral("accounts"), QStringLiteral("list")});
    Balance b;
    if (r.exitCode != 0)
        return b;
    // id  name  plan  credits  wallet_usd  created
    for (const QString &line : r.out.split(u'\n', Qt::SkipEmptyParts)) {
        const QStringList cols = line.split(u'\t');
        if (cols.size() < 5 || cols.at(1) != account)
            continue;
        bool okC = false, okW = false;
        const qint64 credits = cols.at(3).toLongLong(&okC);
        const double usd = cols.at(4).toDouble(&okW);
        if (okC && okW) {
            b.credits = credits;
            b.walletMicros = std::llround(usd * 1e6);
        }
    }
    return b;
}

// ---------------------------------------------------------------------------
// TestServer: the server process

bool TestServer::start(const QStringList &args)
{
    if (isRunning())
        return false;
    m_args = args;
    m_baseUrl.clear();
    m_server = std::make_unique<QProcess>();
    m_server->setProcessChannelMode(QProcess::SeparateChannels);
    m_server->setReadChannel(QProcess::StandardOutput);
    TestPostgres::configure(*m_server, m_dir.path());
    m_server->start(studioBinary(), QStringList{QStringLiteral("--headless"), QStringLiteral("--port"), QStringLiteral("0"),
                                                QStringLiteral("--data-dir"), m_dir.path()}
                                        + args);
    if (!m_server->waitForStarted(10000)) {
        qWarning("cannot start %s: %s", qPrintable(studioBinary()), qPrintable(m_server->errorString()));
        return false;
    }
    static const QRegularExpression listening(QStringLiteral("^listening on (http://[^\\s]+:(\\d+))\\s*$"));
    QByteArray pending;
    QDeadlineTimer deadline(30000);
    while (!deadline.hasExpired()) {
        if (m_server->state() != QProcess::Running)
            break;
        m_server->waitForReadyRead(100);
        pending += m_server->readAllStandardOutput();
        m_log += m_server->readAllStandardError();
        qsizetype nl;
        while ((nl = pending.indexOf('\n')) >= 0) {
            const QString line = QString::fromUtf8(pending.left(nl));
            m_log += pending.left(nl + 1);
            pending.remove(0, nl + 1);
            const auto m = listening.match(line);
            if (m.hasMatch()) {
                m_baseUrl = m.captured(1);
                m_log += pending;
                return true;
            }
        }
    }
    m_log += pending + m_server->readAllStandardError();
    qWarning("server did not print its listening line; output:\n%s", m_log.constData());
    return false;
}

bool TestServer::stop(int timeoutMs)
{
    if (!m_server || m_server->state() == QProcess::NotRunning)
        return false;
    m_server->terminate(); // SIGTERM
    if (!m_server->waitForFinished(timeoutMs)) {
        qWarning("server did not exit within %d ms of SIGTERM", timeoutMs);
        m_server->kill();
        m_server->waitForFinished(5000);
        return false;
    }
    drainOutput();
    const bool clean = m_server->exitStatus() == QProcess::NormalExit && m_server->exitCode() == 0;
    if (!clean)
        qWarning("server exit: status %d code %d; output:\n%s", int(m_server->exitStatus()), m_server->exitCode(),
                 m_log.right(4000).constData());
    return clean;
}

void TestServer::kill9()
{
    if (!m_server || m_server->state() == QProcess::NotRunning)
        return;
    ::kill(pid_t(m_server->processId()), SIGKILL);
    m_server->waitForFinished(10000);
    drainOutput();
}

bool TestServer::isRunning() const
{
    return m_server && m_server->state() != QProcess::NotRunning;
}

qint64 TestServer::pid() const
{
    return m_server ? m_server->processId() : 0;
}

void TestServer::drainOutput()
{
    if (!m_server)
        return;
    m_log += m_server->readAllStandardOutput();
    m_log += m_server->readAllStandardError();
}

QByteArray TestServer::serverLog()
{
    drainOutput();
    return m_log;
}

QList<qint64> TestServer::childPids() const
{
    const qint64 parent = pid();
    return parent > 0 ? ProcInfo::children(parent) : QList<qint64>{};
}

// ---------------------------------------------------------------------------
// TestServer: HTTP

QUrl TestServer::streamUrl(const QByteArray &key) const
{
    QUrl url(m_baseUrl + QStringLiteral("/v3/tts/stream"));
    url.setScheme(QStringLiteral("ws"));
    url.setQuery(QStringLiteral("api_key=") + QString::fromLatin1(QUrl::toPercentEncoding(QString::fromLatin1(key))));
    return url;
}

QUrl TestServer::urlFor(const QString &path) const
{
    if (path.startsWith(QLatin1String("http://")) || path.startsWith(QLatin1String("https://")))
        return QUrl(path, QUrl::StrictMode);
    return QUrl(m_baseUrl + path, QUrl::TolerantMode);
}

namespace
{
QNetworkRequest makeRequest(const QUrl &url, const HttpRequest &req)
{
    QNetworkRequest r(url);
    r.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    r.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    bool hasContentType = false;
    for (const auto &h : req.headers) {
        r.setRawHeader(h.first, h.second);
        hasContentType |= h.first.compare("content-type", Qt::CaseInsensitive) == 0;
    }
    if (!req.apiKey.isEmpty())
        r.setRawHeader(req.apiKeyHeader, req.apiKey);
    if (!req.body.isEmpty() && !hasContentType)
        r.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    return r;
}
}

HttpResponse TestServer::collect(QNetworkReply *reply)
{
    HttpResponse r;
    r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (r.status == 0)
        r.networkError = reply->errorString();
    r.body = reply->readAll();
    r.headers = reply->rawHeaderPairs();
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(r.body, &pe);
    if (pe.error == QJsonParseError::NoError && doc.isObject()) {
        r.json = doc.object();
        r.isJsonObject = true;
    }
    return r;
}

HttpResponse TestServer::request(const HttpRequest &req, int timeoutMs)
{
    const QList<HttpResponse> all = parallel({req}, timeoutMs);
    return all.value(0);
}

QList<HttpResponse> TestServer::parallel(const QList<HttpRequest> &reqs, int timeoutMs)
{
    // One manager per request when there are several: each has its own connection
    // pool, so all requests really are in flight at once (not 6 per host).
    std::vector<std::unique_ptr<QNetworkAccessManager>> managers;
    QList<QNetworkReply *> replies;
    QEventLoop loop;
    int pending = int(reqs.size());
    for (const HttpRequest &req : reqs) {
        QNetworkAccessManager *nam = &m_nam;
        if (reqs.size() > 1) {
            managers.push_back(std::make_unique<QNetworkAccessManager>());
            managers.back()->setProxy(QNetworkProxy::NoProxy);
            nam = managers.back().get();
        }
        QNetworkReply *reply = nam->sendCustomRequest(makeRequest(urlFor(req.path), req), req.method, req.body);
        QObject::connect(reply, &QNetworkReply::finished, &loop, [&pending, &loop] {
            if (--pending == 0)
                loop.quit();
        });
        replies << reply;
    }
    QTimer timer;
    timer.setSingleShot(true);
    QObject::connect(&timer, &QTimer::timeout, &loop, [&] {
        for (QNetworkReply *r : std::as_const(replies))
            if (r->isRunning())
                r->abort();
    });
    if (pending > 0) {
        timer.start(timeoutMs);
        loop.exec();
    }
    QList<HttpResponse> out;
    for (QNetworkReply *r : std::as_const(replies)) {
        out << collect(r);
        delete r;
    }
    return out;
}

HttpResponse TestServer::rawExchange(const QByteArray &raw, int timeoutMs)
{
    HttpResponse r;
    const QUrl base(m_baseUrl);
    QTcpSocket socket;
    socket.connectToHost(base.host(), quint16(base.port()));
    if (!socket.waitForConnected(5000)) {
        r.networkError = socket.errorString();
        return r;
    }
    socket.write(raw);
    QByteArray in;
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (socket.bytesToWrite() > 0)
            socket.waitForBytesWritten(50);
        socket.waitForReadyRead(50);
        in += socket.readAll();
        const qsizetype headEnd = in.indexOf("\r\n\r\n");
        if (headEnd >= 0) {
            // Done once Content-Length bytes of body are here.
            const QList<QByteArray> lines = in.left(headEnd).split('\n');
            qsizetype length = -1;
            for (const QByteArray &l : lines.mid(1)) {
                const qsizetype colon = l.indexOf(':');
                if (colon > 0 && l.left(colon).trimmed().compare("content-length", Qt::CaseInsensitive) == 0)
                    length = l.mid(colon + 1).trimmed().toLongLong();
            }
            if (length >= 0 && in.size() >= headEnd + 4 + length)
                break;
        }
        if (socket.state() == QAbstractSocket::UnconnectedState) {
            in += socket.readAll();
            break;
        }
    }
    const qsizetype headEnd = in.indexOf("\r\n\r\n");
    if (headEnd < 0) {
        r.networkError = QStringLiteral("no complete response head (%1 bytes); socket: %2").arg(in.size()).arg(socket.errorString());
        return r;
    }
    const QList<QByteArray> lines = in.left(headEnd).split('\n');
    const QList<QByteArray> statusLine = lines.first().trimmed().split(' ');
    r.status = statusLine.value(1).toInt();
    for (const QByteArray &l : lines.mid(1)) {
        const qsizetype colon = l.indexOf(':');
        if (colon > 0)
            r.headers.append({l.left(colon).trimmed(), l.mid(colon + 1).trimmed()});
    }
    r.body = in.mid(headEnd + 4);
    const QJsonDocument doc = QJsonDocument::fromJson(r.body);
    if (doc.isObject()) {
        r.json = doc.object();
        r.isJsonObject = true;
    }
    return r;
}

HttpResponse TestServer::get(const QString &path, const QByteArray &key)
{
    HttpRequest r;
    r.method = "GET";
    r.path = path;
    r.apiKey = key;
    return request(r);
}

HttpResponse TestServer::post(const QString &path, const QByteArray &key, const QJsonObject &body)
{
    HttpRequest r;
    r.method = "POST";
    r.path = path;
    r.apiKey = key;
    r.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return request(r);
}

HttpResponse TestServer::del(const QString &path, const QByteArray &key)
{
    HttpRequest r;
    r.method = "DELETE";
    r.path = path;
    r.apiKey = key;
    return request(r);
}

HttpResponse TestServer::createGeneration(const QByteArray &key, const QString &text, const QString &voiceId,
                                          const QJsonObject &extra)
{
    QJsonObject body = extra;
    body.insert("text", text);
    body.insert("voice_id", voiceId);
    return post(QStringLiteral("/v3/tts"), key, body);
}

HttpResponse TestServer::getGeneration(const QByteArray &key, const QString &id)
{
    return get(QStringLiteral("/v3/tts?generation_id=") + QString::fromLatin1(QUrl::toPercentEncoding(id)), key);
}

HttpResponse TestServer::waitForStatus(const QByteArray &key, const QString &id, const QStringList &targets, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    HttpResponse last;
    for (;;) {
        last = getGeneration(key, id);
        if (last.status == 200 && targets.contains(last.json.value("status").toString()))
            return last;
        if (last.status == 429) {
            // Honour Retry-After like a well-behaved client.
            const int wait = qMax(1, last.header("retry-after").toInt());
            QThread::msleep(quint64(qMin(wait * 1000, 5000)));
        }
        if (deadline.hasExpired())
            return last;
        // Let QProcess and friends run while we wait.
        QEventLoop loop;
        QTimer::singleShot(100, &loop, &QEventLoop::quit);
        loop.exec();
    }
}

QJsonArray TestServer::history(const QByteArray &key, const QString &query)
{
    QString path = QStringLiteral("/v3/history?limit=100");
    if (!query.isEmpty())
        path += u'&' + query;
    const HttpResponse r = get(path, key);
    if (r.status != 200) {
        qWarning("GET %s -> %s", qPrintable(path), r.describe().constData());
        return {};
    }
    return r.json.value("history").toArray();
}

// ---------------------------------------------------------------------------
// StoreReader

StoreReader::StoreReader(const QString &dbPath)
    : m_connection(QStringLiteral("apitest-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    m_open = TestPostgres::openStore(m_connection, QFileInfo(dbPath).absolutePath(), dbPath,
                                     QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=5000"));
    if (!m_open)
        m_error = QSqlDatabase::database(m_connection, false).lastError().text();
}

StoreReader::~StoreReader()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
}

QList<QVariantMap> StoreReader::rows(const QString &sql, const QVariantList &binds)
{
    QList<QVariantMap> out;
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.prepare(sql)) {
        m_error = q.lastError().text();
        qWarning("prepare failed: %s: %s", qPrintable(sql), qPrintable(m_error));
        return out;
    }
    for (const QVariant &b : binds)
        q.addBindValue(b);
    if (!q.exec()) {
        m_error = q.lastError().text();
        qWarning("query failed: %s: %s", qPrintable(sql), qPrintable(m_error));
        return out;
    }
    while (q.next()) {
        QVariantMap row;
        const QSqlRecord rec = q.record();
        for (int i = 0; i < rec.count(); ++i)
            row.insert(rec.fieldName(i), q.value(i));
        out << row;
    }
    return out;
}

QVariant StoreReader::scalar(const QString &sql, const QVariantList &binds)
{
    const QList<QVariantMap> r = rows(sql, binds);
    if (r.isEmpty() || r.first().isEmpty())
        return {};
    return r.first().first();
}

// ---------------------------------------------------------------------------
// ApiCheck

bool ApiCheck::isIsoUtcMs(const QJsonValue &v)
{
    static const QRegularExpression re(QStringLiteral("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$"));
    if (!v.isString() || !re.match(v.toString()).hasMatch())
        return false;
    const QDateTime t = QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
    return t.isValid() && t.timeSpec() == Qt::UTC;
}

QString ApiCheck::textOfLength(int n)
{
    static const QString sentence = QStringLiteral("The quick brown fox jumps over the lazy dog. ");
    QString s;
    s.reserve(n + sentence.size());
    while (s.size() < n)
        s += sentence;
    s.truncate(n);
    return s;
}

QString ApiCheck::longText(int n)
{
    static const QStringList sentences = {
        QStringLiteral("Speech synthesis turns written words into sound that people can follow."),
        QStringLiteral("On a quiet morning the harbour was full of small boats waiting for the tide."),
        QStringLiteral("She counted seventeen lanterns along the bridge before the rain began."),
        QStringLiteral("Good software explains its errors clearly and never loses accepted work."),
        QStringLiteral("The museum opens at nine, but the guided tours start an hour later."),
        QStringLiteral("Every generation is billed once, reserved at creation and settled at completion."),
    };
    QString s;
    for (int i = 0; s.size() < n; ++i)
        s += sentences.at(i % sentences.size()) + u' ';
    s.truncate(n);
    return s;
}

qint64 ApiCheck::microsPerToken(const QString &model)
{
    return model == QLatin1String("advanced") ? 30 : 15; // $0.00003 / $0.000015
}

qint64 ApiCheck::creditsPerToken(const QString &model)
{
    return model == QLatin1String("advanced") ? 2 : 1;
}

bool ApiCheck::sameUsd(double a, double b)
{
    return std::fabs(a - b) < 1e-9;
}

ApiCheck::WavInfo ApiCheck::parseWav(const QByteArray &b)
{
    WavInfo w;
    if (b.size() < 44 || !b.startsWith("RIFF") || b.mid(8, 4) != "WAVE") {
        w.error = "not RIFF/WAVE";
        return w;
    }
    if (qFromLittleEndian<quint32>(b.constData() + 4) + 8 != quint32(b.size())) {
        w.error = QStringLiteral("RIFF size %1 does not match the file (%2 bytes)")
                      .arg(qFromLittleEndian<quint32>(b.constData() + 4)).arg(b.size());
        return w;
    }
    qsizetype pos = 12;
    bool haveFmt = false;
    while (pos + 8 <= b.size()) {
        const QByteArray id = b.mid(pos, 4);
        const quint32 size = qFromLittleEndian<quint32>(b.constData() + pos + 4);
        const char *data = b.constData() + pos + 8;
        if (id == "fmt " && size >= 16) {
            w.format = qFromLittleEndian<quint16>(data);
            w.channels = qFromLittleEndian<quint16>(data + 2);
            w.rate = qFromLittleEndian<quint32>(data + 4);
            const quint32 byteRate = qFromLittleEndian<quint32>(data + 8);
            const quint16 blockAlign = qFromLittleEndian<quint16>(data + 12);
            w.bits = qFromLittleEndian<quint16>(data + 14);
            if (byteRate != w.rate * w.channels * w.bits / 8 || blockAlign != w.channels * w.bits / 8) {
                w.error = "inconsistent byte rate / block align";
                return w;
            }
            haveFmt = true;
        } else if (id == "data") {
            if (pos + 8 + qsizetype(size) > b.size()) {
                w.error = "data chunk runs past the end";
                return w;
            }
            w.pcm = b.mid(pos + 8, size);
            w.ok = haveFmt;
            if (!haveFmt)
                w.error = "data before fmt";
            return w;
        }
        pos += 8 + size + (size & 1);
    }
    w.error = "no data chunk";
    return w;
}
