#pragma once

#include "listener.h"

#include "authcache.h"
#include "generationservice.h"
#include "livestream.h"

#include <memory>

class LiveGenerations;

// A listener of a live generation of an engine in this process (LiveStream, the one client
// API the WebSocket session uses too), without the server's HTTP and WebSocket transport
// and without client sockets: what the engine alone carries (bench-stream --capacity with
// BENCH_STREAM_CAPACITY_IN_PROCESS). It passes every byte on at once, as a client that
// keeps up; completed when the whole text was spoken.
class EngineListener : public Listener, private LiveStream::Sink
{
    Q_OBJECT

public:
    EngineListener(LiveGenerations &hub, const AuthContext &auth, const CreateGeneration &request,
                   QObject *parent = nullptr);
    ~EngineListener() override;

    void start() override;
    void abort() override;

private:
    void liveStarted(const Generation &generation) override;
    void liveAudio(const QByteArray &bytes) override;
    void liveEnded(const LiveStream::Outcome &outcome) override;

    LiveGenerations &m_hub;
    AuthContext m_auth;
    CreateGeneration m_request;
    std::unique_ptr<LiveStream> m_live;
};
