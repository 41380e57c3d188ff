#include "rendersession.h"

#include "workerpool.h"

RenderSession::RenderSession(WorkerPool *pool, const QString &cacheDir, QObject *parent)
    : QObject(parent)
    , m_renderer(new ProjectRenderer(pool, cacheDir))
{
    // Connected before the move: queued to this object, dropped if it is gone first.
    connect(m_renderer, &ProjectRenderer::progressed, this, [this](const ProjectRenderer::Progress &p) {
        m_progress = p;
        emit progressed();
    }, Qt::QueuedConnection);
    connect(m_renderer, &ProjectRenderer::finished, this, [this] { end(ProjectRenderer::State::Finished, {}); },
            Qt::QueuedConnection);
    connect(m_renderer, &ProjectRenderer::cancelled, this, [this] { end(ProjectRenderer::State::Cancelled, {}); },
            Qt::QueuedConnection);
    connect(m_renderer, &ProjectRenderer::failed, this,
            [this](const QString &message) { end(ProjectRenderer::State::Failed, message); }, Qt::QueuedConnection);
    m_renderer->moveToThread(pool->thread());
}

RenderSession::~RenderSession()
{
    // Its destructor cancels a render under way, on its own thread.
    m_renderer->deleteLater();
}

void RenderSession::start(const Project &project, const QList<BlockRef> &blocks)
{
    m_state = ProjectRenderer::State::Running;
    ProjectRenderer *renderer = m_renderer;
    QMetaObject::invokeMethod(renderer, [renderer, project, blocks] {
        if (const auto error = renderer->start(project, blocks))
            emit renderer->failed(error->detail);
    }, Qt::QueuedConnection);
}

void RenderSession::pause()
{
    if (m_state != ProjectRenderer::State::Running)
        return;
    m_state = ProjectRenderer::State::Paused;
    QMetaObject::invokeMethod(m_renderer, &ProjectRenderer::pause, Qt::QueuedConnection);
}

void RenderSession::resume()
{
    if (m_state != ProjectRenderer::State::Paused)
        return;
    m_state = ProjectRenderer::State::Running;
    QMetaObject::invokeMethod(m_renderer, &ProjectRenderer::resume, Qt::QueuedConnection);
}

void RenderSession::cancel()
{
    if (m_state != ProjectRenderer::State::Running && m_state != ProjectRenderer::State::Paused)
        return;
    QMetaObject::invokeMethod(m_renderer, &ProjectRenderer::cancel, Qt::QueuedConnection);
}

void RenderSession::end(ProjectRenderer::State state, const QString &message)
{
    // A render that ended is reported once (a late signal of a cancelled one is not).
    if (m_state != ProjectRenderer::State::Running && m_state != ProjectRenderer::State::Paused)
        return;
    m_state = state;
    emit ended(state, message);
}
