#include "epolleventdispatcher.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QSocketNotifier>
#include <QTimerEvent>

#include <cerrno>
#include <limits>
#include <memory>

#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

namespace
{
qint64 nowNs()
{
    return QDeadlineTimer::current(Qt::PreciseTimer).deadlineNSecs();
}

constexpr qint64 kNsPerMs = 1000 * 1000;

// What a notifier of each type asks epoll for, and the events that activate it: as Qt's
// poll() loop, a hang-up or an error wakes every type (epoll reports them unasked, level
// by level: one that woke nobody would wake the loop again at once, for ever).
constexpr quint32 kWanted[3] = {EPOLLIN, EPOLLOUT, EPOLLPRI};
constexpr quint32 kActivates[3] = {EPOLLIN | EPOLLHUP | EPOLLERR, EPOLLOUT | EPOLLHUP | EPOLLERR,
                                   EPOLLPRI | EPOLLHUP | EPOLLERR};
constexpr int kMaxEvents = 256;
}

EpollEventDispatcher::EpollEventDispatcher(QObject *parent)
    : QAbstractEventDispatcher(parent)
{
    m_epoll = ::epoll_create1(EPOLL_CLOEXEC);
    m_wakeFd = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    if (m_epoll >= 0 && m_wakeFd >= 0) {
        epoll_event ev{};
        ev.events = EPOLLIN;
        ev.data.fd = m_wakeFd;
        if (::epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_wakeFd, &ev) != 0) {
            ::close(m_wakeFd);
            m_wakeFd = -1;
        }
    }
}

EpollEventDispatcher::~EpollEventDispatcher()
{
    if (m_wakeFd >= 0)
        ::close(m_wakeFd);
    if (m_epoll >= 0)
        ::close(m_epoll);
}

bool EpollEventDispatcher::installOnMainThread()
{
    if (qEnvironmentVariableIsSet("TTS_STUDIO_POLL_LOOP"))
        return false;
    auto dispatcher = std::make_unique<EpollEventDispatcher>();
    if (!dispatcher->isValid())
        return false;
    QCoreApplication::setEventDispatcher(dispatcher.release());
    return true;
}

QSocketNotifier *&EpollEventDispatcher::slot(Watch &watch, int type)
{
    return type == QSocketNotifier::Read ? watch.read : type == QSocketNotifier::Write ? watch.write : watch.exception;
}

QSocketNotifier *EpollEventDispatcher::slot(const Watch &watch, int type)
{
    return slot(const_cast<Watch &>(watch), type);
}

void EpollEventDispatcher::registerSocketNotifier(QSocketNotifier *notifier)
{
    const int fd = int(notifier->socket());
    if (fd < 0)
        return;
    slot(m_watches[fd], notifier->type()) = notifier;
    updateWatch(fd);
}

void EpollEventDispatcher::unregisterSocketNotifier(QSocketNotifier *notifier)
{
    for (QList<QSocketNotifier *> *pending : std::as_const(m_pending))
        pending->removeAll(notifier);
    const int fd = int(notifier->socket());
    const auto it = m_watches.find(fd);
    if (it == m_watches.end())
        return;
    QSocketNotifier *&s = slot(*it, notifier->type());
    if (s == notifier)
        s = nullptr;
    updateWatch(fd);
}

// Brings epoll's interest in fd in line with its notifiers, at every change: a descriptor
// closed while its notifier was registered left epoll by itself, and its number may be
// back with another socket, so ADD and MOD fall back on each other and DEL ignores what
// is gone. A descriptor epoll refuses (EPERM: a regular file) is ready at every pass.
void EpollEventDispatcher::updateWatch(int fd)
{
    const auto it = m_watches.find(fd);
    if (it == m_watches.end())
        return;
    quint32 events = 0;
    for (int type = 0; type < 3; ++type)
        events |= slot(*it, type) ? kWanted[type] : 0;
    epoll_event ev{};
    ev.events = events;
    ev.data.fd = fd;
    if (events == 0) {
        if (!it->alwaysReady)
            ::epoll_ctl(m_epoll, EPOLL_CTL_DEL, fd, &ev);
        m_alwaysReady -= it->alwaysReady ? 1 : 0;
        m_watches.erase(it);
        return;
    }
    const int first = it->events ? EPOLL_CTL_MOD : EPOLL_CTL_ADD;
    it->events = events;
    if (it->alwaysReady)
        return;
    if (::epoll_ctl(m_epoll, first, fd, &ev) == 0)
        return;
    const int second = first == EPOLL_CTL_MOD ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
    if (::epoll_ctl(m_epoll, second, fd, &ev) == 0)
        return;
    if (errno == EPERM) {
        it->alwaysReady = true;
        ++m_alwaysReady;
        return;
    }
    qWarning("EpollEventDispatcher: cannot watch descriptor %d (errno %d)", fd, errno);
}

void EpollEventDispatcher::schedule(int id, Timer &timer, qint64 deadline)
{
    timer.deadline = deadline;
    m_byDeadline.emplace(deadline, id);
}

void EpollEventDispatcher::unschedule(int id, const Timer &timer)
{
    auto [from, to] = m_byDeadline.equal_range(timer.deadline);
    for (auto at = from; at != to; ++at) {
        if (at->second == id) {
            m_byDeadline.erase(at);
            return;
        }
    }
}

void EpollEventDispatcher::registerTimer(int timerId, qint64 interval, Qt::TimerType timerType, QObject *object)
{
    unregisterTimer(timerId); // an id is registered once
    Timer &t = m_timers[timerId];
    // (a year at most: no overflow of the deadline in ns)
    t.interval = qBound<qint64>(qint64(0), interval, qint64(365) * 24 * 3600 * 1000);
    t.type = timerType;
    t.object = object;
    t.serial = ++m_serials;
    schedule(timerId, t, nowNs() + t.interval * kNsPerMs);
}

bool EpollEventDispatcher::unregisterTimer(int timerId)
{
    const auto it = m_timers.find(timerId);
    if (it == m_timers.end())
        return false;
    unschedule(timerId, *it);
    m_timers.erase(it);
    return true;
}

bool EpollEventDispatcher::unregisterTimers(QObject *object)
{
    QList<int> ids;
    for (auto it = m_timers.cbegin(); it != m_timers.cend(); ++it)
        if (it->object == object)
            ids << it.key();
    for (int id : std::as_const(ids))
        unregisterTimer(id);
    return !ids.isEmpty();
}

QList<QAbstractEventDispatcher::TimerInfo> EpollEventDispatcher::registeredTimers(QObject *object) const
{
    QList<TimerInfo> list;
    for (auto it = m_timers.cbegin(); it != m_timers.cend(); ++it)
        if (it->object == object)
            list.append(TimerInfo(it.key(), int(qMin<qint64>(it->interval, std::numeric_limits<int>::max())), it->type));
    return list;
}

int EpollEventDispatcher::remainingTime(int timerId)
{
    const auto it = m_timers.constFind(timerId);
    if (it == m_timers.cend())
        return -1;
    return msUntil(it->deadline);
}

int EpollEventDispatcher::msUntil(qint64 deadline)
{
    const qint64 ns = qMax<qint64>(0, deadline - nowNs());
    return int(qMin<qint64>((ns + kNsPerMs - 1) / kNsPerMs, std::numeric_limits<int>::max()));
}

void EpollEventDispatcher::wakeUp()
{
    // One write per sleep: posts from other threads that come while a wake-up is pending
    // cost nothing more.
    if (m_woken.testAndSetAcquire(0, 1)) {
        const quint64 one = 1;
        while (::write(m_wakeFd, &one, sizeof one) < 0 && errno == EINTR) {
        }
    }
}

void EpollEventDispatcher::interrupt()
{
    m_interrupt.storeRelaxed(1);
    wakeUp();
}

void EpollEventDispatcher::drainWakeUps()
{
    quint64 count = 0;
    while (::read(m_wakeFd, &count, sizeof count) < 0 && errno == EINTR) {
    }
}

int EpollEventDispatcher::timerWaitMs() const
{
    // A timer whose handler runs (a nested loop) is not waited for: it could not fire.
    for (auto it = m_byDeadline.cbegin(); it != m_byDeadline.cend(); ++it) {
        if (!m_timers.value(it->second).firing)
            return msUntil(it->first);
    }
    return -1;
}

bool EpollEventDispatcher::processEvents(QEventLoop::ProcessEventsFlags flags)
{
    m_interrupt.storeRelaxed(0);
    emit awake();
    // The wake-up is taken before the posted events: one posted after this point writes a
    // new one (the wait below then returns at once).
    if (m_woken.loadAcquire()) {
        drainWakeUps();
        m_woken.storeRelease(0);
    }
    QCoreApplication::sendPostedEvents();

    const bool includeTimers = !(flags & QEventLoop::X11ExcludeTimers);
    const bool includeNotifiers = !(flags & QEventLoop::ExcludeSocketNotifiers);
    const bool canWait = (flags & QEventLoop::WaitForMoreEvents) && !m_interrupt.loadRelaxed()
        && !m_woken.loadAcquire();
    if (canWait)
        emit aboutToBlock();
    if (m_interrupt.loadRelaxed())
        return false;

    int timeout = 0;
    if (canWait && !(includeNotifiers && m_alwaysReady > 0))
        timeout = includeTimers ? timerWaitMs() : -1;
    int activated = 0;
    if (!includeNotifiers) {
        activated += waitForWakeUpOnly(timeout) ? 1 : 0;
    } else {
        epoll_event events[kMaxEvents];
        int n = ::epoll_wait(m_epoll, events, kMaxEvents, timeout);
        if (n < 0) {
            if (errno != EINTR)
                qWarning("EpollEventDispatcher: epoll_wait failed (errno %d)", errno);
            n = 0;
        }
        activated += activateNotifiers(events, n);
    }
    if (includeTimers)
        activated += activateTimers();
    return activated > 0;
}

bool EpollEventDispatcher::waitForWakeUpOnly(int timeoutMs)
{
    pollfd p{m_wakeFd, POLLIN, 0};
    if (::poll(&p, 1, timeoutMs) > 0 && (p.revents & POLLIN)) {
        drainWakeUps(); // m_woken stays set: the next pass takes it
        return true;
    }
    return false;
}

int EpollEventDispatcher::activateNotifiers(const epoll_event *events, int count)
{
    int activated = 0;
    QList<QSocketNotifier *> pending;
    for (int i = 0; i < count; ++i) {
        const int fd = events[i].data.fd;
        if (fd == m_wakeFd) {
            drainWakeUps();
            ++activated;
            continue;
        }
        const auto it = m_watches.constFind(fd);
        if (it == m_watches.cend())
            continue;
        for (int type = 0; type < 3; ++type) {
            if (QSocketNotifier *n = slot(*it, type); n && (events[i].events & kActivates[type]))
                pending.append(n);
        }
    }
    if (m_alwaysReady > 0) {
        for (auto it = m_watches.cbegin(); it != m_watches.cend(); ++it)
            for (int type = 0; type < 3 && it->alwaysReady; ++type)
                if (QSocketNotifier *n = slot(*it, type))
                    pending.append(n);
    }
    // A handler may delete or disable any notifier (unregistering takes it off the
    // list), or run a nested loop, whose passes have lists of their own.
    m_pending.append(&pending);
    while (!pending.isEmpty()) {
        QSocketNotifier *n = pending.takeFirst();
        QEvent event(QEvent::SockAct);
        QCoreApplication::sendEvent(n, &event);
        ++activated;
    }
    m_pending.removeOne(&pending);
    return activated;
}

int EpollEventDispatcher::activateTimers()
{
    if (m_byDeadline.empty())
        return 0;
    const qint64 now = nowNs();
    // The timers due now, each once in this pass (a zero timer would run forever), by
    // registration: a handler that stops one and starts another may get the same id.
    QList<std::pair<int, quint64>> due;
    for (auto it = m_byDeadline.cbegin(); it != m_byDeadline.cend() && it->first <= now; ++it)
        due.append({it->second, m_timers.value(it->second).serial});
    int activated = 0;
    for (const auto &[id, serial] : std::as_const(due)) {
        auto it = m_timers.find(id);
        if (it == m_timers.end() || it->serial != serial || it->firing || it->deadline > now)
            continue;
        // The next deadline counts from this one, or from now when the loop fell behind
        // by more than an interval (no burst of catch-up events).
        const qint64 step = it->interval * kNsPerMs;
        const qint64 next = it->deadline + step > now ? it->deadline + step : now + step;
        unschedule(id, *it);
        schedule(id, *it, next);
        it->firing = true;
        QObject *object = it->object;
        // Like Qt's loop: zero timers are not activity (processEvents(flags, ms) would
        // spin its whole time while one runs).
        activated += it->interval > 0 ? 1 : 0;
        QTimerEvent event(id);
        QCoreApplication::sendEvent(object, &event);
        it = m_timers.find(id); // the handler may have killed it, or killed it and made another
        if (it != m_timers.end() && it->serial == serial)
            it->firing = false;
    }
    return activated;
}
