#include "functionsink.h"

void FunctionSink::liveStarted(const Generation &g)
{
    started(g);
}

void FunctionSink::liveAudio(const QByteArray &bytes)
{
    audio(bytes);
}

void FunctionSink::liveEnded(const LiveStream::Outcome &outcome)
{
    ended(outcome);
}
