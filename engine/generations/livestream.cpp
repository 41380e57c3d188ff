#include "livestream.h"

#include "livegeneration.h"

LiveStream::LiveStream(LiveGenerations &hub, Sink &sink, const QString &stopReason)
    : m_hub(hub)
    , m_sink(sink)
    , m_stopReason(stopReason)
{
}

LiveStream::~LiveStream()
{
    // Before its end: the generation stops, records the end and deletes itself.
    if (m_generation)
        m_generation->abandon(m_stopReason);
}

void LiveStream::start(const AuthContext &auth, const CreateGeneration &request, StreamFormat format)
{
    Q_ASSERT(m_state == State::Idle);
    m_state = State::Starting;
    m_generation = new LiveGeneration(m_hub, *this, auth, request, format);
    if (m_paced)
        m_generation->followPlayhead();
    m_generation->start();
}

void LiveStream::acknowledge(qint64 bytes)
{
    if (m_generation)
        m_generation->acknowledge(bytes);
}

void LiveStream::followPlayhead()
{
    Q_ASSERT(m_state == State::Idle);
    m_paced = true;
}

void LiveStream::heard(qint64 samples)
{
    if (m_generation)
        m_generation->heard(samples);
}

void LiveStream::stopFollowingPlayhead()
{
    m_paced = false;
    if (m_generation)
        m_generation->stopFollowingPlayhead();
}

void LiveStream::stop()
{
    if (m_generation)
        m_generation->finishEarly(m_stopReason);
}

void LiveStream::abandon(const QString &reason)
{
    if (m_generation)
        m_generation->abandon(reason);
    m_generation.clear();
    m_state = State::Ended;
}

void LiveStream::onStarted(const Generation &generation)
{
    m_state = State::Streaming;
    m_generationId = generation.id;
    m_sink.liveStarted(generation);
}

void LiveStream::onWords(const QList<WordTiming> &words)
{
    m_sink.liveWords(words);
}

void LiveStream::onAudio(const QByteArray &bytes)
{
    m_sink.liveAudio(bytes);
}

void LiveStream::onCaughtUp()
{
    if (m_state != State::Ended)
        m_sink.liveCaughtUp();
}

void LiveStream::onSentence(int index, qint64 startSample)
{
    if (m_state != State::Ended)
        m_sink.liveSentence(index, startSample);
}

void LiveStream::onEnded(const Outcome &outcome)
{
    m_state = State::Ended;
    m_generation.clear(); // it no longer knows us and deletes itself
    m_sink.liveEnded(outcome); // last: the sink may destroy this object
}
