#pragma once

#include "projectrenderer.h"

#include <QObject>

class WorkerPool;

// One render of a project as the GUI thread sees it. The ProjectRenderer lives on the
// worker pool's thread (the engine thread, where SynthesisTasks are made and report):
// this object moves it there, calls it through queued calls and hears its signals
// queued back, so neither the synthesis nor the cache's file work runs on the GUI
// thread. Deleting the session cancels a render under way.
class RenderSession : public QObject
{
    Q_OBJECT

public:
    RenderSession(WorkerPool *pool, const QString &cacheDir, QObject *parent = nullptr);
    ~RenderSession() override;

    void start(const Project &project, const QList<BlockRef> &blocks);
    void pause();
    void resume();
    void cancel();

    ProjectRenderer::State state() const { return m_state; }
    const ProjectRenderer::Progress &progress() const { return m_progress; }
    // Blocks synthesized by this render (the others came from the cache).
    int synthesized() const { return m_progress.blocksDone - m_progress.blocksCached; }
    // Where the renderer runs (the worker pool's thread, never the GUI's).
    QThread *rendererThread() const { return m_renderer->thread(); }

signals:
    void progressed();
    // Finished, Cancelled or Failed (message says why).
    void ended(ProjectRenderer::State state, const QString &message);

private:
    void end(ProjectRenderer::State state, const QString &message);

    ProjectRenderer *m_renderer; // on the pool's thread, deleted there
    ProjectRenderer::State m_state = ProjectRenderer::State::Idle;
    ProjectRenderer::Progress m_progress;
};
