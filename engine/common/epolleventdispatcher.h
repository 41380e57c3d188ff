#pragma once

#include <QAbstractEventDispatcher>
#include <QAtomicInt>
#include <QHash>
#include <QList>

#include <map>
#include <utility>

class QSocketNotifier;

// Qt's event loop for a thread that holds many sockets, on epoll. Qt 6.4's own loops (its
// poll() one and GLib's) hand the kernel every enabled socket at each wake-up: with 400
// WebSocket listeners, poll() over their sockets took two thirds of the headless server
// thread's CPU, ~10 % of a 2-core machine (perf, bench-stream --capacity). Here a wake-up
// costs what is ready, not what is open; a notifier enabled or disabled is one epoll_ctl.
//
// Same contract as Qt's QEventDispatcherUNIX: posted events first, then one wait (none when
// more is posted meanwhile, a zero timer is due or the caller does not wait), then the ready
// notifiers (read on input, hang-up or error; write on output or error; exception on
// priority data), then the timers that are due, each at most once per pass and never
// inside its own handler. Timers fire at their deadline, with millisecond precision, of any
// Qt::TimerType. Install it before the thread's event loop exists:
// QCoreApplication::setEventDispatcher before the application object, or
// QThread::setEventDispatcher before start().
class EpollEventDispatcher : public QAbstractEventDispatcher
{
    Q_OBJECT

public:
    explicit EpollEventDispatcher(QObject *parent = nullptr);
    ~EpollEventDispatcher() override;

    // False when the kernel refused an epoll or eventfd descriptor (the process is out of
    // them): use Qt's own dispatcher instead.
    bool isValid() const { return m_epoll >= 0 && m_wakeFd >= 0; }
    // Makes one the main thread's dispatcher; call before the application object exists.
    // Nothing when TTS_STUDIO_POLL_LOOP is set (Qt's poll() loop stays, for comparisons)
    // or when it is not valid. Whether it did.
    static bool installOnMainThread();

    bool processEvents(QEventLoop::ProcessEventsFlags flags) override;
    void registerSocketNotifier(QSocketNotifier *notifier) override;
    void unregisterSocketNotifier(QSocketNotifier *notifier) override;
    void registerTimer(int timerId, qint64 interval, Qt::TimerType timerType, QObject *object) override;
    bool unregisterTimer(int timerId) override;
    bool unregisterTimers(QObject *object) override;
    QList<TimerInfo> registeredTimers(QObject *object) const override;
    int remainingTime(int timerId) override;
    void wakeUp() override;
    void interrupt() override;

private:
    struct Watch // the notifiers of one descriptor
    {
        QSocketNotifier *read = nullptr;
        QSocketNotifier *write = nullptr;
        QSocketNotifier *exception = nullptr;
        quint32 events = 0;      // what epoll watches for it now
        bool alwaysReady = false; // epoll refused it (a regular file): ready at every pass, as poll() has it
    };
    struct Timer
    {
        qint64 interval = 0;      // ms
        Qt::TimerType type = Qt::CoarseTimer;
        QObject *object = nullptr;
        qint64 deadline = 0;      // ns on the steady clock
        quint64 serial = 0;       // its registration: an id freed and taken again is another timer
        bool firing = false;      // its handler runs (a nested loop must not fire it again, nor wait for it)
    };

    static QSocketNotifier *&slot(Watch &watch, int type);
    static QSocketNotifier *slot(const Watch &watch, int type);
    void updateWatch(int fd);
    // The ms until the first timer not firing is due, rounded up (0: one is); -1: none.
    int timerWaitMs() const;
    // The whole ms from now until deadline (ns, steady clock), rounded up; 0 when passed.
    static int msUntil(qint64 deadline);
    int activateNotifiers(const struct epoll_event *events, int count);
    int activateTimers();
    // Waits (at most timeoutMs, -1 forever) for a wake-up only: ExcludeSocketNotifiers.
    bool waitForWakeUpOnly(int timeoutMs);
    void drainWakeUps();
    void schedule(int id, Timer &timer, qint64 deadline);
    void unschedule(int id, const Timer &timer);

    int m_epoll = -1;
    int m_wakeFd = -1;
    QAtomicInt m_woken;     // a wake-up was written and not yet taken
    QAtomicInt m_interrupt;
    QHash<int, Watch> m_watches;
    int m_alwaysReady = 0;  // watches epoll refused
    // The ready notifiers of each pass under way (nested loops run passes inside a
    // handler): unregistering a notifier takes it off all of them.
    QList<QList<QSocketNotifier *> *> m_pending;
    QHash<int, Timer> m_timers;
    std::multimap<qint64, int> m_byDeadline; // deadline → timer id
    quint64 m_serials = 0;
};
