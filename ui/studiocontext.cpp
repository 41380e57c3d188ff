#include "studiocontext.h"

#include "services.h"
#include "generationservice.h"

StudioContext::StudioContext(const Services &services, ServerControl *server, QObject *parent)
    : QObject(parent)
    , m_services(services)
    , m_server(server)
{
    // Any change of a generation (from the API too) refreshes what the pages show.
    connect(&services.generations(), &GenerationService::generationChanged, this, &StudioContext::notifyDataChanged,
            Qt::QueuedConnection);
    connect(&services.generations(), &GenerationService::generationDeleted, this, &StudioContext::notifyDataChanged,
            Qt::QueuedConnection);
}

void StudioContext::setAccountId(qint64 id)
{
    if (id == m_accountId)
        return;
    m_accountId = id;
    emit accountChanged(id);
}

void StudioContext::setAccountsSettled()
{
    if (m_accountsSettled)
        return;
    m_accountsSettled = true;
    emit accountsSettledChanged();
}

void StudioContext::setAccountBalance(qint64 credits, qint64 walletMicros)
{
    if (credits == m_credits && walletMicros == m_walletMicros)
        return;
    m_credits = credits;
    m_walletMicros = walletMicros;
    emit balanceChanged();
}

void StudioContext::setMeterDesktop(bool on)
{
    if (on == m_meterDesktop)
        return;
    m_meterDesktop = on;
    emit meteringChanged(on);
}

Metering StudioContext::metering(DesktopMetering::Work work) const
{
    return DesktopMetering::of(work, m_meterDesktop);
}

AuthContext StudioContext::auth() const
{
    return AuthContext{m_accountId, 0, m_plan};
}

QThreadPool *StudioContext::storePool()
{
    return m_services.storePool();
}
