#pragma once

#include "livestream.h"
#include "openaispeechrequest.h"
#include "streamreply.h"

#include <QObject>
#include <QTimer>

#include <memory>

class Services;

// One streamed answer of POST /v1/audio/speech: bytes (or server-sent events holding
// them) go out as the worker produces them; a slow reader pauses the worker (credits
// are returned only while the socket drains). Deletes itself when the stream ends.
class SpeechSession : public QObject, private LiveStream::Sink
{
public:
    SpeechSession(const Services &engine, const AuthContext &auth, const OpenAiSpeechRequest &req,
                  std::shared_ptr<StreamReply> reply, int stallMs);

    // An error before the audio began, in OpenAI's shape with OpenAI's field names.
    static HttpReply errorReply(ServiceError error);

private:
    void liveStarted(const Generation &g) override;
    void liveAudio(const QByteArray &bytes) override;
    void liveEnded(const LiveStream::Outcome &out) override;
    void watchStall(bool progress);
    void onStall();
    void credit();

    std::shared_ptr<StreamReply> m_reply;
    QByteArray m_mime;
    bool m_sse = false;
    qint64 m_tokens = 0;
    std::unique_ptr<LiveStream> m_live;
    qint64 m_uncredited = 0;
    QTimer m_stall;
};
