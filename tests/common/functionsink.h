#pragma once

#include "livestream.h"

#include <functional>

// A LiveStream owner made of functions, for tests that drive live generations in-process.
struct FunctionSink : LiveStream::Sink
{
    std::function<void(const Generation &)> started = [](const Generation &) {};
    std::function<void(const QByteArray &)> audio = [](const QByteArray &) {};
    std::function<void(const LiveStream::Outcome &)> ended = [](const LiveStream::Outcome &) {};

    void liveStarted(const Generation &g) override;
    void liveAudio(const QByteArray &bytes) override;
    void liveEnded(const LiveStream::Outcome &outcome) override;
};
