#include "livegenerations.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QFile>
#include <QThreadPool>
#include <QTimer>

LiveGenerations::LiveGenerations(const Services &services, QObject *parent)
    : QObject(parent)
    , m_services(services)
{
}

LiveGenerations::Admission LiveGenerations::admit()
{
    if (isEnding())
        return Admission::Ending;
    if (m_active.fetchAndAddRelaxed(1) >= m_services.maxStreams) {
        m_active.fetchAndSubRelaxed(1);
        return Admission::Full;
    }
    return Admission::Admitted;
}

void LiveGenerations::release()
{
    m_active.fetchAndSubRelaxed(1);
}

void LiveGenerations::removeFile(const QString &path)
{
    m_services.storePool->start([path] { QFile::remove(path); });
}

void LiveGenerations::endAll(int waitMs)
{
    m_ending.storeRelaxed(1);
    emit ending();
    const QDeadlineTimer deadline(waitMs);
    while (active() > 0 && !deadline.hasExpired()) {
        QEventLoop loop;
        QTimer::singleShot(10, &loop, &QEventLoop::quit);
        loop.exec();
    }
}
