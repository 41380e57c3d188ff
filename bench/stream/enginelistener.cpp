#include "enginelistener.h"

EngineListener::EngineListener(LiveGenerations &hub, const AuthContext &auth, const CreateGeneration &request,
                               QObject *parent)
    : Listener(parent)
    , m_hub(hub)
    , m_auth(auth)
    , m_request(request)
{
}

EngineListener::~EngineListener() = default; // a stream still running stops, as a hang-up

void EngineListener::start()
{
    m_live = std::make_unique<LiveStream>(m_hub, sinkRef(), QStringLiteral("Client disconnected"));
    requestSent();
    m_live->start(m_auth, m_request);
}

void EngineListener::abort()
{
    if (finished())
        return;
    m_live.reset(); // stops the generation; nothing more is heard
    finish();
}

void EngineListener::liveStarted(const Generation &generation) { Q_UNUSED(generation); }

void EngineListener::liveAudio(const QByteArray &bytes)
{
    onAudio(bytes.size());
    m_live->acknowledge(bytes.size());
}

void EngineListener::liveEnded(const LiveStream::Outcome &outcome)
{
    if (outcome.kind == LiveStream::Outcome::Kind::Completed)
        setCompleted();
    else
        setError(outcome.error.detail.isEmpty() ? QStringLiteral("ended without completing") : outcome.error.detail);
    finish();
}
