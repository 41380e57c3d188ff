// EpollEventDispatcher, the headless server's event loop: this whole test runs on it (main()
// installs it before the application exists), through Qt's public API only: timers,
// posted events from other threads, socket notifiers and real TCP connections.
#include "epolleventdispatcher.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QPointer>
#include <QSocketNotifier>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <memory>
#include <thread>

#include <sys/socket.h>
#include <unistd.h>

namespace
{
// Runs the loop until done() or the hang guard (a failure, not a timing check).
bool spinUntil(const std::function<bool()> &done, int guardMs = 20000)
{
    QEventLoop loop;
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
    guard.start(guardMs);
    QTimer check;
    QObject::connect(&check, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    check.start(1);
    if (!done())
        loop.exec();
    return done();
}

struct SocketPair
{
    int fd[2] = {-1, -1};
    SocketPair() { ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fd); }
    ~SocketPair()
    {
        for (int f : fd)
            if (f >= 0)
                ::close(f);
    }
    void closeEnd(int i)
    {
        ::close(fd[i]);
        fd[i] = -1;
    }
};
}

class TestEpollDispatcher : public QObject
{
    Q_OBJECT

private slots:
    void runsOnEpoll()
    {
        QVERIFY(qobject_cast<EpollEventDispatcher *>(QAbstractEventDispatcher::instance()));
    }

    void timersFireInDeadlineOrder_data()
    {
        QTest::addColumn<QList<int>>("intervals");
        QTest::newRow("ascending") << QList<int>{5, 15, 30};
        QTest::newRow("descending") << QList<int>{30, 15, 5};
        QTest::newRow("zero among others") << QList<int>{20, 0, 10};
        QTest::newRow("equal") << QList<int>{10, 10, 10};
    }
    void timersFireInDeadlineOrder()
    {
        QFETCH(QList<int>, intervals);
        QList<int> fired;
        std::vector<std::unique_ptr<QTimer>> timers;
        for (int i = 0; i < intervals.size(); ++i) {
            auto t = std::make_unique<QTimer>();
            t->setSingleShot(true);
            t->setTimerType(Qt::PreciseTimer);
            connect(t.get(), &QTimer::timeout, this, [&fired, i] { fired << i; });
            t->start(intervals.at(i));
            timers.push_back(std::move(t));
        }
        QVERIFY(spinUntil([&] { return fired.size() == intervals.size(); }));
        // Deadlines in order; among equal ones, the order they were started in.
        QList<int> expected;
        for (int i = 0; i < intervals.size(); ++i)
            expected << i;
        std::stable_sort(expected.begin(), expected.end(), [&](int a, int b) { return intervals.at(a) < intervals.at(b); });
        QCOMPARE(fired, expected);
        for (const auto &t : timers)
            QVERIFY(!t->isActive());
    }

    // A repeating timer stopped in its own handler fires no more; a zero timer does not keep
    // posted events or other timers from running.
    void repeatingTimerStopsAndZeroTimerShares()
    {
        int ticks = 0;
        QTimer repeating;
        repeating.setInterval(2);
        connect(&repeating, &QTimer::timeout, this, [&] {
            if (++ticks == 5)
                repeating.stop();
        });
        repeating.start();
        int zeroTicks = 0;
        QTimer zero;
        zero.setInterval(0);
        connect(&zero, &QTimer::timeout, this, [&] { ++zeroTicks; });
        zero.start();
        bool posted = false;
        QMetaObject::invokeMethod(this, [&] { posted = true; }, Qt::QueuedConnection);
        QVERIFY(spinUntil([&] { return ticks == 5 && posted && zeroTicks > 10; }));
        zero.stop();
        // Another few passes of the loop: the stopped timer stays quiet.
        bool later = false;
        QTimer::singleShot(20, this, [&] { later = true; });
        QVERIFY(spinUntil([&] { return later; }));
        QCOMPARE(ticks, 5);
    }

    // A handler that runs a nested loop is not entered again from it by its own timer.
    void timerNotReenteredFromNestedLoop()
    {
        int depth = 0, maxDepth = 0, ticks = 0;
        QTimer t;
        t.setInterval(1);
        connect(&t, &QTimer::timeout, this, [&] {
            ++ticks;
            maxDepth = qMax(maxDepth, ++depth);
            QEventLoop nested;
            QTimer::singleShot(15, &nested, &QEventLoop::quit);
            nested.exec();
            --depth;
        });
        t.start();
        QVERIFY(spinUntil([&] { return ticks >= 3; }));
        t.stop();
        QCOMPARE(maxDepth, 1);
    }

    void remainingTimeAndRegisteredTimers()
    {
        QObject owner;
        QTimer t(&owner);
        t.start(60000);
        const int left = t.remainingTime();
        QVERIFY2(left > 0 && left <= 60000, qPrintable(QString::number(left)));
        const auto timers = QAbstractEventDispatcher::instance()->registeredTimers(&t);
        QCOMPARE(timers.size(), 1);
        QCOMPARE(timers.first().interval, 60000);
        t.stop();
        QCOMPARE(t.remainingTime(), -1);
        QVERIFY(QAbstractEventDispatcher::instance()->registeredTimers(&t).isEmpty());
    }

    // moveToThread takes an object's running timers off this loop (registeredTimers,
    // unregisterTimers) and they fire on the other thread.
    void timerMovesToAnotherThread()
    {
        QThread thread;
        thread.start();
        auto *t = new QTimer;
        t->setSingleShot(true);
        QAtomicPointer<QThread> firedOn;
        connect(t, &QTimer::timeout, t, [&firedOn] { firedOn.storeRelease(QThread::currentThread()); }, Qt::DirectConnection);
        t->start(30);
        t->moveToThread(&thread);
        QVERIFY(QAbstractEventDispatcher::instance()->registeredTimers(t).isEmpty());
        QVERIFY(spinUntil([&] { return firedOn.loadAcquire() != nullptr; }));
        QCOMPARE(firedOn.loadAcquire(), &thread);
        QMetaObject::invokeMethod(t, &QObject::deleteLater);
        thread.quit();
        QVERIFY(thread.wait(10000));
    }

    // A loop asleep with nothing to do wakes for an event posted from another thread.
    void wakesForEventsFromOtherThreads_data()
    {
        QTest::addColumn<int>("posts");
        QTest::newRow("one") << 1;
        QTest::newRow("many at once") << 1000;
    }
    void wakesForEventsFromOtherThreads()
    {
        QFETCH(int, posts);
        int got = 0;
        QEventLoop loop;
        std::thread poster([&] {
            QThread::msleep(50); // the loop below is asleep by then
            for (int i = 0; i < posts; ++i)
                QMetaObject::invokeMethod(&loop, [&] {
                    if (++got == posts)
                        loop.quit();
                }, Qt::QueuedConnection);
        });
        QTimer guard;
        guard.setSingleShot(true);
        connect(&guard, &QTimer::timeout, &loop, &QEventLoop::quit);
        guard.start(20000);
        loop.exec();
        poster.join();
        QCOMPARE(got, posts);
    }

    // Many connections at once, each echoing more than a socket buffer holds: read and
    // write notifiers enabled and disabled all the time, on descriptors that come and go.
    void manyConnectionsEcho()
    {
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost, 0));
        connect(&server, &QTcpServer::newConnection, this, [&server] {
            while (QTcpSocket *s = server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, s, [s] { s->write(s->readAll()); });
                connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
            }
        });
        constexpr int kClients = 64;
        constexpr qsizetype kBytes = 512 * 1024;
        QByteArray payload(kBytes, Qt::Uninitialized);
        for (qsizetype i = 0; i < kBytes; ++i)
            payload[i] = char(i * 7 + i / 251);
        std::vector<std::unique_ptr<QTcpSocket>> clients;
        std::vector<QByteArray> received(kClients);
        for (int i = 0; i < kClients; ++i) {
            auto c = std::make_unique<QTcpSocket>();
            QTcpSocket *raw = c.get();
            connect(raw, &QTcpSocket::connected, raw, [raw, &payload] { raw->write(payload); });
            connect(raw, &QTcpSocket::readyRead, raw, [raw, &received, i] { received[i] += raw->readAll(); });
            raw->connectToHost(QHostAddress::LocalHost, server.serverPort());
            clients.push_back(std::move(c));
        }
        QVERIFY(spinUntil([&] {
            for (const QByteArray &r : received)
                if (r.size() < kBytes)
                    return false;
            return true;
        }, 60000));
        for (const QByteArray &r : received)
            QVERIFY(r == payload);
        // The server's sockets see the clients go and delete themselves.
        for (auto &c : clients)
            c->disconnectFromHost();
        QVERIFY(spinUntil([&] { return server.findChildren<QTcpSocket *>().isEmpty(); }));
    }

    // A peer that hangs up wakes a reader (as Qt's poll() loop: POLLHUP), or a socket would
    // never learn its connection is gone.
    void hangUpWakesReader()
    {
        SocketPair pair;
        QSocketNotifier reader(pair.fd[0], QSocketNotifier::Read);
        int activations = 0;
        connect(&reader, &QSocketNotifier::activated, this, [&] {
            ++activations;
            reader.setEnabled(false);
        });
        pair.closeEnd(1);
        QVERIFY(spinUntil([&] { return activations > 0; }));
        QCOMPARE(activations, 1);
    }

    // A handler that deletes (or disables) another notifier that was ready in the same pass:
    // that one is not activated.
    void notifierGoneWhileReady_data()
    {
        QTest::addColumn<bool>("deleteIt");
        QTest::newRow("deleted") << true;
        QTest::newRow("disabled") << false;
    }
    void notifierGoneWhileReady()
    {
        QFETCH(bool, deleteIt);
        SocketPair a, b;
        QVERIFY(::write(a.fd[1], "x", 1) == 1);
        QVERIFY(::write(b.fd[1], "x", 1) == 1);
        auto *na = new QSocketNotifier(a.fd[0], QSocketNotifier::Read, this);
        QPointer<QSocketNotifier> nb = new QSocketNotifier(b.fd[0], QSocketNotifier::Read, this);
        int aFired = 0, bFired = 0;
        // Whichever fires first takes the other out of this pass.
        connect(na, &QSocketNotifier::activated, this, [&] {
            ++aFired;
            na->setEnabled(false);
            if (nb && !bFired)
                deleteIt ? delete nb.data() : nb->setEnabled(false);
        });
        connect(nb, &QSocketNotifier::activated, this, [&] {
            ++bFired;
            nb->setEnabled(false);
            if (!aFired)
                deleteIt ? delete na : na->setEnabled(false);
        });
        QVERIFY(spinUntil([&] { return aFired + bFired > 0; }));
        bool later = false;
        QTimer::singleShot(20, this, [&] { later = true; });
        QVERIFY(spinUntil([&] { return later; }));
        QCOMPARE(aFired + bFired, 1);
        delete nb.data();
        if (bFired == 0)
            delete na;
    }

    // A notifier whose descriptor was closed and whose number came back with another
    // socket: the new notifier on that number works.
    void descriptorNumberReused()
    {
        int fd = -1;
        {
            SocketPair first;
            auto n = std::make_unique<QSocketNotifier>(first.fd[0], QSocketNotifier::Read);
            fd = first.fd[0];
            // closed while its notifier is still registered, then unregistered
            ::close(first.fd[0]);
            first.fd[0] = -1;
            n.reset();
        }
        SocketPair second;
        int readerFd = second.fd[0] == fd ? second.fd[0] : second.fd[1];
        int writerFd = readerFd == second.fd[0] ? second.fd[1] : second.fd[0];
        QSocketNotifier reader(readerFd, QSocketNotifier::Read);
        bool fired = false;
        connect(&reader, &QSocketNotifier::activated, this, [&] {
            fired = true;
            reader.setEnabled(false);
        });
        QVERIFY(::write(writerFd, "y", 1) == 1);
        QVERIFY(spinUntil([&] { return fired; }));
    }
};

int main(int argc, char *argv[])
{
    QCoreApplication::setEventDispatcher(new EpollEventDispatcher);
    QCoreApplication app(argc, argv);
    TestEpollDispatcher test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_epolldispatcher.moc"
