#include "services.h"

#include <utility>

Services::Services(Parts parts)
    : m_parts(std::move(parts))
{
}

int Services::readyWorkers() const
{
    return m_parts.readyWorkers ? m_parts.readyWorkers() : 0;
}

WorkerPool *Services::pool() const
{
    return m_parts.pool ? m_parts.pool() : nullptr;
}

StudioSettings Services::studioSettings() const
{
    return StudioSettings(*m_parts.database);
}
