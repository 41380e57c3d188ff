#include "studiocontext.h"

#include "engine.h"
#include "generationservice.h"

StudioContext::StudioContext(Engine &engine, ServerControl *server, QObject *parent)
    : QObject(parent)
    , m_engine(engine)
    , m_server(server)
{
    // Any change of a generation (from the API too) refreshes what the pages show.
    connect(&engine.generations(), &GenerationService::generationChanged, this, &StudioContext::notifyDataChanged,
            Qt::QueuedConnection);
}

void StudioContext::setAccountId(qint64 id)
{
    if (id == m_accountId)
        return;
    m_accountId = id;
    emit accountChanged(id);
}

AuthContext StudioContext::auth() const
{
    return AuthContext{m_accountId, 0, m_plan};
}

QThreadPool *StudioContext::storePool()
{
    return m_engine.storePool();
}
