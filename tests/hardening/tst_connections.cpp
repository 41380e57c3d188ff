// Connection slots under keep-alive load (served keep-alive connections never lock
// everyone out): at the cap a served connection idle between requests gives way to a
// newcomer, the one idle longest first; one address holds at most
// --max-connections-per-address and reuses its own idle slots beyond that; WebSocket
// streams in progress are never displaced.
#include "rawclient.h"
#include "studioprocess.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QScopeGuard>
#include <QTimer>
#include <QtTest>

namespace
{
// A keep-alive client that asks GET /healthz every intervalMs on one connection (no
// key), as a monitoring agent does; when its connection is closed or refused it
// connects again at its next poll.
class Poller : public QObject
{
public:
    Poller(const QString &baseUrl, int intervalMs, QObject *parent)
        : QObject(parent)
        , m_url(baseUrl)
        , m_request("GET /healthz HTTP/1.1\r\n" + hostHeader(baseUrl) + "\r\n")
    {
        connect(&m_socket, &QTcpSocket::connected, this, [this] { m_socket.write(m_request); });
        connect(&m_socket, &QTcpSocket::readyRead, this, [this] { onReadyRead(); });
        connect(&m_socket, &QTcpSocket::disconnected, this, [this] { m_waiting = false; });
        m_timer.setInterval(intervalMs);
        connect(&m_timer, &QTimer::timeout, this, [this] { poll(); });
        m_timer.start();
        poll();
    }
    int answered = 0;
    int refused = 0;

private:
    void poll()
    {
        if (m_waiting && m_socket.state() == QAbstractSocket::ConnectedState)
            return;
        m_waiting = true;
        m_buffer.clear();
        if (m_socket.state() == QAbstractSocket::ConnectedState) {
            m_socket.write(m_request);
            return;
        }
        m_socket.abort();
        m_socket.connectToHost(m_url.host(), quint16(m_url.port()));
    }
    void onReadyRead()
    {
        m_buffer += m_socket.readAll();
        QByteArray rest;
        for (const RawAnswer &a : splitAnswers(m_buffer, &rest)) {
            (a.status == 200 ? answered : refused) += 1;
            m_waiting = false;
        }
        m_buffer = rest;
    }

    QUrl m_url;
    QByteArray m_request;
    QTcpSocket m_socket;
    QTimer m_timer;
    QByteArray m_buffer;
    bool m_waiting = false;
};

// GET /healthz on a new connection, answered and then held open (idle).
RawClient *servedIdle(const QString &baseUrl)
{
    auto *c = new RawClient(baseUrl);
    c->send("GET /healthz HTTP/1.1\r\n" + hostHeader(baseUrl) + "\r\n");
    if (c->status(3000) != 200) {
        qWarning("newcomer: %s", c->buffer().left(200).constData());
        delete c;
        return nullptr;
    }
    return c;
}

QByteArray upgradeRequest(const QString &baseUrl, const QString &key)
{
    return "GET /v3/tts/stream?api_key=" + QUrl::toPercentEncoding(key) + " HTTP/1.1\r\n" + hostHeader(baseUrl)
           + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";
}

// The server's frames after the 101: the close code and whether a "completed" message came.
struct StreamEnd
{
    int closeCode = 0;
    bool completed = false;
};

StreamEnd walkFrames(const QByteArray &all)
{
    StreamEnd end;
    for (qsizetype i = all.indexOf("\r\n\r\n") + 4; i + 2 <= all.size();) {
        const int op = all[i] & 0x0f;
        qint64 len = all[i + 1] & 0x7f;
        qsizetype at = i + 2;
        if (len == 126 && at + 2 <= all.size()) {
            len = (quint8(all[at]) << 8) | quint8(all[at + 1]);
            at += 2;
        } else if (len == 127 && at + 8 <= all.size()) {
            len = 0;
            for (int k = 0; k < 8; ++k)
                len = (len << 8) | quint8(all[at + k]);
            at += 8;
        }
        if (at + len > all.size())
            break;
        if (op == 1 && all.mid(at, len).contains("\"completed\""))
            end.completed = true;
        if (op == 8 && len >= 2)
            end.closeCode = (quint8(all[at]) << 8) | quint8(all[at + 1]);
        i = at + len;
    }
    return end;
}
}

class TestConnections : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void keyedClientGetsInPastIdlePollers_data();
    void keyedClientGetsInPastIdlePollers();
    void webSocketStreamIsNeverDisplaced();
    void addressReusesItsOwnIdleSlots();
    void addressIsRefusedWhenNothingOfItsOwnGivesWay();
    void idleWebSocketsGiveWay();

private:
    StudioProcess m_studio;
    QString m_key;
};

void TestConnections::initTestCase()
{
    m_key = m_studio.createAccountWithKey("payer", {"--credits", "10000000"});
    QVERIFY(!m_key.isEmpty());
}

void TestConnections::cleanup()
{
    m_studio.stop();
}

void TestConnections::keyedClientGetsInPastIdlePollers_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("cap 40, no address limit") << QStringList{"--max-connections", "40", "--max-connections-per-address", "40"};
    QTest::newRow("cap 40, default address limit (10)") << QStringList{"--max-connections", "40"};
}

// 60 monitoring clients keep a connection each and poll /healthz every second (the
// idle timeout of 15 s never closes them): more than the cap. A keyed client's real
// requests still get in, each in the place of the connection idle longest.
void TestConnections::keyedClientGetsInPastIdlePollers()
{
    QFETCH(QStringList, args);
    QVERIFY(m_studio.start(args + QStringList{"--workers", "1", "--rate-limit", "100000"}));
    QObject owner;
    QList<Poller *> pollers;
    for (int i = 0; i < 60; ++i) {
        pollers << new Poller(m_studio.baseUrl(), 1000, &owner);
        QTest::qWait(15); // spread over the interval, as independent agents are
    }
    QTest::qWait(2000);
    int answered = 0;
    QStringList statuses;
    for (int i = 0; i < 10; ++i) {
        const HttpResult r = i % 2 == 0
                                 ? httpRequest("GET", m_studio.baseUrl() + "/v3/voices?limit=1", m_key.toUtf8())
                                 : httpRequest("POST", m_studio.baseUrl() + "/v3/tts", m_key.toUtf8(),
                                               R"({"text":"Paid requests get in.","voice_id":"af_sarah"})");
        statuses << QString::number(r.status) + (r.error.isEmpty() ? QString() : u' ' + r.error);
        answered += r.status == 200 || r.status == 201 ? 1 : 0;
        QTest::qWait(300);
    }
    int polled = 0, refused = 0;
    for (const Poller *p : std::as_const(pollers)) {
        polled += p->answered;
        refused += p->refused;
    }
    qInfo("keyed: %s; pollers: %d answered, %d refused", qPrintable(statuses.join(", ")), polled, refused);
    QVERIFY2(answered >= 8, qPrintable(statuses.join(", ")));
    QVERIFY(polled > 60); // the pollers are served too
}

// A WebSocket stream whose client reads slowly holds its slot while newcomers take the
// places of idle connections, and runs to its end.
void TestConnections::webSocketStreamIsNeverDisplaced()
{
    QVERIFY(m_studio.start({"--workers", "1", "--max-connections", "3", "--max-connections-per-address", "3"}));
    RawClient ws(m_studio.baseUrl());
    ws.socket().setReadBufferSize(64 * 1024); // reads slowly: the stream stays in progress
    ws.send(upgradeRequest(m_studio.baseUrl(), m_key));
    QCOMPARE(ws.status(5000), 101);
    const QString text = QStringLiteral("A stream in progress keeps its connection whatever arrives. ").repeated(30);
    ws.send(maskedTextFrame(QJsonDocument(QJsonObject{{"text", text}, {"voice_id", "af_sarah"}}).toJson(QJsonDocument::Compact)));
    QList<RawClient *> idle;
    const auto freeIdle = qScopeGuard([&] { qDeleteAll(idle); });
    for (int i = 0; i < 2; ++i) {
        idle << servedIdle(m_studio.baseUrl());
        QVERIFY(idle.last());
    }
    // The cap is full (the stream and two idle connections): each newcomer takes the
    // place of an idle one, never the stream's. Each waits until the connection idle
    // longest has been idle for the 2 s a newcomer whose request line has not been read
    // yet needs (GuardedTcpServer::stalledMs), so the test does not hang on when its bytes are read.
    for (int i = 0; i < 4; ++i) {
        QTest::qWait(2100);
        RawClient *c = servedIdle(m_studio.baseUrl());
        QVERIFY2(c, qPrintable(QStringLiteral("newcomer %1 refused").arg(i)));
        idle << c;
        QCOMPARE(ws.socket().state(), QAbstractSocket::ConnectedState);
    }
    const QByteArray all = ws.buffer() + ws.readAll(60000);
    const StreamEnd end = walkFrames(all);
    QVERIFY2(end.completed, "the stream did not reach its completed message");
    QCOMPARE(end.closeCode, 1000);
}

// At its address limit, a newcomer takes the place of its own address's connection
// idle longest; the others stay.
void TestConnections::addressReusesItsOwnIdleSlots()
{
    QVERIFY(m_studio.start({"--workers", "1", "--max-connections", "40", "--max-connections-per-address", "3"}));
    QList<RawClient *> idle;
    const auto freeIdle = qScopeGuard([&] { qDeleteAll(idle); });
    for (int i = 0; i < 3; ++i) {
        idle << servedIdle(m_studio.baseUrl());
        QVERIFY(idle.last());
        QTest::qWait(50);
    }
    RawClient *fourth = servedIdle(m_studio.baseUrl());
    QVERIFY2(fourth, "refused instead of reusing its own idle slot");
    idle << fourth;
    QTRY_COMPARE_WITH_TIMEOUT(idle[0]->socket().state(), QAbstractSocket::UnconnectedState, 2000);
    QCOMPARE(idle[1]->socket().state(), QAbstractSocket::ConnectedState);
    QCOMPARE(idle[2]->socket().state(), QAbstractSocket::ConnectedState);
}

// Three WebSocket streams in progress fill 127.0.0.1's limit and cannot be displaced: a
// fourth connection from there is refused, while another address (127.0.0.2) is still served.
void TestConnections::addressIsRefusedWhenNothingOfItsOwnGivesWay()
{
    QVERIFY(m_studio.start({"--workers", "1", "--max-connections", "40", "--max-connections-per-address", "3"}));
    QList<RawClient *> sockets;
    const auto freeSockets = qScopeGuard([&] { qDeleteAll(sockets); });
    const QString text = QStringLiteral("A stream in progress keeps its connection whatever arrives. ").repeated(30);
    for (int i = 0; i < 3; ++i) {
        sockets << new RawClient(m_studio.baseUrl());
        sockets.last()->socket().setReadBufferSize(64 * 1024); // reads slowly: the stream stays in progress
        sockets.last()->send(upgradeRequest(m_studio.baseUrl(), m_key));
        QCOMPARE(sockets.last()->status(5000), 101);
        sockets.last()->send(maskedTextFrame(
            QJsonDocument(QJsonObject{{"text", text}, {"voice_id", "af_sarah"}}).toJson(QJsonDocument::Compact)));
    }
    QTest::qWait(500); // the requests have been read: streams, not idle WebSockets
    RawClient same(m_studio.baseUrl());
    same.send("GET /healthz HTTP/1.1\r\n" + hostHeader(m_studio.baseUrl()) + "\r\n");
    QCOMPARE(same.status(3000), 503);
    QVERIFY(same.buffer().contains("Too many open connections from this address"));

    QTcpSocket other;
    QVERIFY(other.bind(QHostAddress(QStringLiteral("127.0.0.2")), 0));
    const QUrl u(m_studio.baseUrl());
    other.connectToHost(u.host(), quint16(u.port()));
    QVERIFY(other.waitForConnected(3000));
    other.write("GET /healthz HTTP/1.1\r\n" + hostHeader(m_studio.baseUrl()) + "\r\n");
    QByteArray answer;
    QElapsedTimer t;
    t.start();
    while (!answer.contains("\r\n") && t.elapsed() < 3000) {
        if (other.waitForReadyRead(50))
            answer += other.readAll();
    }
    QVERIFY2(answer.startsWith("HTTP/1.1 200"), answer.constData());
    for (RawClient *s : std::as_const(sockets))
        QCOMPARE(s->socket().state(), QAbstractSocket::ConnectedState);
}

// WebSockets held open without a whole request (an unfinished message, pings) hold no
// stream: at the limit a newcomer takes the place of one, as of an idle connection.
void TestConnections::idleWebSocketsGiveWay()
{
    QVERIFY(m_studio.start({"--workers", "1", "--max-connections", "3", "--max-connections-per-address", "3"}));
    QList<RawClient *> sockets;
    const auto freeSockets = qScopeGuard([&] { qDeleteAll(sockets); });
    for (int i = 0; i < 3; ++i) {
        sockets << new RawClient(m_studio.baseUrl());
        sockets.last()->send(upgradeRequest(m_studio.baseUrl(), m_key));
        QCOMPARE(sockets.last()->status(5000), 101);
        QTest::qWait(50);
    }
    // Each starts a request it never finishes (100 bytes announced, 12 sent), then pings.
    for (RawClient *s : std::as_const(sockets))
        s->send(QByteArray("\x81\xe4\x01\x02\x03\x04", 6) + QByteArray(12, 'x'));
    const QByteArray ping("\x89\x80\x01\x02\x03\x04", 6); // masked, empty
    for (int round = 0; round < 2; ++round) {
        for (RawClient *s : std::as_const(sockets))
            s->send(ping);
        QTest::qWait(200);
    }
    const HttpResult r = httpRequest("GET", m_studio.baseUrl() + "/v3/voices?limit=1", m_key.toUtf8());
    QVERIFY2(r.status == 200, qPrintable(QString::number(r.status) + u' ' + r.error));
    // Well before the server's own timeout for an unfinished frame (5 s): it gave way.
    const auto closed = [&] {
        return std::count_if(sockets.cbegin(), sockets.cend(),
                             [](RawClient *s) { return s->socket().state() == QAbstractSocket::UnconnectedState; });
    };
    QTRY_VERIFY_WITH_TIMEOUT(closed() >= 1, 1500);
}

QTEST_MAIN(TestConnections)
#include "tst_connections.moc"
