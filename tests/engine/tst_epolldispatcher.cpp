// EpollEventDispatcher, the headless server's event loop: this whole test runs on it (main()
// installs it before the application exists), through Qt's public API only: timers,
// posted events from other threads, socket notifiers and real TCP connections.
#include "epolleventdispatcher.h"

#include <QCoreApplication>
#include <QElapsedTimer>
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

// Lets the loop run for about ms (more passes, for things that must not happen in them).
bool runLoopFor(int ms)
{
    bool passed = false;
    QObject context; // the timer goes with it, whatever spinUntil returns
    QTimer::singleShot(ms, &context, [&passed] { passed = true; });
    return spinUntil([&] { return passed; });
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
        // Apart by far more than a stall between two start() calls could be.
        QTest::newRow("ascending") << QList<int>{5, 100, 200};
        QTest::newRow("descending") << QList<int>{200, 100, 5};
        QTest::newRow("zero among others") << QList<int>{200, 0, 100};
        QTest::newRow("equal") << QList<int>{10, 10, 10}; // started one after another
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
        QVERIFY(runLoopFor(20));
        QCOMPARE(ticks, 5);
    }

    // A handler that runs a nested loop is not entered again from it by its own timer, and
    // the nested loop does not spin on that timer's passed deadline (it sleeps).
    void timerNotReenteredFromNestedLoop()
    {
        int depth = 0, maxDepth = 0, ticks = 0, nestedPasses = 0;
        QTimer t;
        t.setInterval(1);
        auto *dispatcher = QAbstractEventDispatcher::instance();
        connect(&t, &QTimer::timeout, this, [&] {
            ++ticks;
            maxDepth = qMax(maxDepth, ++depth);
            QEventLoop nested;
            const auto counting = connect(dispatcher, &QAbstractEventDispatcher::awake, this, [&] { ++nestedPasses; });
            QTimer::singleShot(100, &nested, &QEventLoop::quit);
            nested.exec();
            disconnect(counting);
            --depth;
        });
        t.start();
        QVERIFY(spinUntil([&] { return ticks >= 3; }));
        t.stop();
        QCOMPARE(maxDepth, 1);
        // Three nested loops of 100 ms each, with nothing to do but their quit timer: a
        // handful of passes each, not one per microsecond.
        QVERIFY2(nestedPasses < 300, qPrintable(QString::number(nestedPasses)));
    }

    // A handler that stops a timer due in the same pass and starts another (which may get
    // the stopped one's id): the new one waits its interval.
    void timerRestartedInAnotherHandlerWaits_data()
    {
        QTest::addColumn<bool>("deleteIt");
        QTest::newRow("restarted") << false;
        QTest::newRow("deleted, a new single shot") << true;
    }
    void timerRestartedInAnotherHandlerWaits()
    {
        QFETCH(bool, deleteIt);
        QTimer a;
        auto *b = new QTimer(this);
        a.setSingleShot(true);
        b->setSingleShot(true);
        int bFired = 0, laterFired = 0;
        bool aFired = false;
        connect(b, &QTimer::timeout, this, [&] { ++bFired; });
        connect(&a, &QTimer::timeout, this, [&] {
            aFired = true;
            if (deleteIt) {
                delete b;
                b = nullptr;
                QTimer::singleShot(60000, this, [&] { ++laterFired; });
            } else {
                b->start(60000);
            }
        });
        a.start(20);
        b->start(20);
        QThread::msleep(40); // both due in the same pass
        QVERIFY(spinUntil([&] { return aFired; }));
        QVERIFY(runLoopFor(50));
        // a's deadline came first, so a's handler ran before b's turn in that pass: the
        // timer it started (b again, or a new one) waits its own interval.
        QCOMPARE(bFired, 0);
        QCOMPARE(laterFired, 0);
        if (!deleteIt) {
            QVERIFY(b->isActive());
            QVERIFY(b->remainingTime() > 50000);
            const int before = bFired;
            QVERIFY(runLoopFor(30));
            QCOMPARE(bFired, before);
        }
        delete b;
    }

    // A timer never fires before its interval has passed.
    void timerNeverEarly_data()
    {
        QTest::addColumn<int>("interval");
        QTest::newRow("1 ms") << 1;
        QTest::newRow("2 ms") << 2;
        QTest::newRow("7 ms") << 7;
    }
    void timerNeverEarly()
    {
        QFETCH(int, interval);
        for (int round = 0; round < 20; ++round) {
            QElapsedTimer clock;
            bool fired = false;
            qint64 elapsedNs = 0;
            QTimer t;
            t.setSingleShot(true);
            t.setTimerType(Qt::PreciseTimer);
            connect(&t, &QTimer::timeout, this, [&] {
                elapsedNs = clock.nsecsElapsed();
                fired = true;
            });
            clock.start();
            t.start(interval);
            QVERIFY(spinUntil([&] { return fired; }));
            QVERIFY2(elapsedNs >= qint64(interval) * 1000000, qPrintable(QString::number(elapsedNs)));
        }
    }

    // processEvents(flags, maxtime) returns when there is nothing left to do, even while a
    // zero timer runs (zero timers are not activity, as in Qt's loop).
    void zeroTimerIsNotActivity()
    {
        int ticks = 0;
        QTimer zero;
        zero.setInterval(0);
        connect(&zero, &QTimer::timeout, this, [&] { ++ticks; });
        zero.start();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5000);
        zero.stop();
        QVERIFY2(ticks >= 1 && ticks < 1000, qPrintable(QString::number(ticks)));
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

    // A peer that hangs up wakes a notifier of any type (as Qt's poll() loop: POLLHUP), or
    // a socket would never learn its connection is gone, and a hang-up that woke nobody
    // would wake the loop again at once, for ever.
    void hangUpWakesNotifier_data()
    {
        QTest::addColumn<int>("type");
        QTest::newRow("read") << int(QSocketNotifier::Read);
        QTest::newRow("exception") << int(QSocketNotifier::Exception);
    }
    void hangUpWakesNotifier()
    {
        QFETCH(int, type);
        SocketPair pair;
        QSocketNotifier notifier(pair.fd[0], QSocketNotifier::Type(type));
        int activations = 0;
        connect(&notifier, &QSocketNotifier::activated, this, [&] {
            ++activations;
            notifier.setEnabled(false);
        });
        pair.closeEnd(1);
        QVERIFY(spinUntil([&] { return activations > 0; }));
        QCOMPARE(activations, 1);
    }

    // processEvents(ExcludeSocketNotifiers) leaves a ready notifier for a later pass.
    void excludedNotifiersWait()
    {
        SocketPair pair;
        QVERIFY(::write(pair.fd[1], "z", 1) == 1);
        QSocketNotifier reader(pair.fd[0], QSocketNotifier::Read);
        int activations = 0;
        connect(&reader, &QSocketNotifier::activated, this, [&] {
            ++activations;
            reader.setEnabled(false);
        });
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents(QEventLoop::ExcludeSocketNotifiers);
        QCOMPARE(activations, 0);
        QVERIFY(spinUntil([&] { return activations == 1; }));
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
        QVERIFY(runLoopFor(20));
        QCOMPARE(aFired + bFired, 1);
        delete nb.data();
        if (bFired == 0)
            delete na;
    }

    // A descriptor closed while its notifier was registered (the kernel drops it from
    // epoll) whose number comes back with another socket: a new notifier on it works,
    // whether the old one was deleted first or is still there.
    void descriptorNumberReused_data()
    {
        QTest::addColumn<bool>("deleteOldFirst");
        QTest::newRow("old notifier deleted") << true;
        QTest::newRow("old notifier still there") << false;
    }
    void descriptorNumberReused()
    {
        QFETCH(bool, deleteOldFirst);
        SocketPair first, second;
        const int fd = first.fd[0];
        auto old = std::make_unique<QSocketNotifier>(fd, QSocketNotifier::Read);
        first.closeEnd(0);
        QVERIFY(::dup2(second.fd[0], fd) == fd); // the number, now another socket's
        if (deleteOldFirst)
            old.reset();
        QSocketNotifier reader(fd, QSocketNotifier::Read);
        bool fired = false;
        connect(&reader, &QSocketNotifier::activated, this, [&] {
            fired = true;
            reader.setEnabled(false);
        });
        QVERIFY(::write(second.fd[1], "y", 1) == 1);
        QVERIFY(spinUntil([&] { return fired; }));
        old.reset();
        ::close(fd);
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
