#pragma once

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QThreadPool>

// Runs work() on a store thread, then then(result) on home's thread, unless guard has
// been deleted meanwhile. home must outlive the call (the Engine, the studio context):
// posting to a guard that may already be gone would be a use after free.
template <typename Work, typename Then>
void runOnStore(QThreadPool *pool, QObject *home, QObject *guard, Work work, Then then)
{
    QPointer<QObject> g(guard);
    pool->start([home, g, work, then] {
        auto result = work();
        QMetaObject::invokeMethod(home, [g, then, result] {
            if (g)
                then(result);
        }, Qt::QueuedConnection);
    });
}
