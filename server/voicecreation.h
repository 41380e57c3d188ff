#pragma once

#include "apiserver.h"
#include "voiceanalysis.h"
#include "voicedirectory.h"

#include <QJsonObject>
#include <QObject>

#include <atomic>
#include <memory>
#include <optional>

class StreamReply;

// POST /v3/voices: JSON, or multipart/form-data with the same text fields and an
// optional `reference` WAV whose median pitch and speaking rate the voice follows (an
// approximation, see docs/custom-voices.md). Explicit pitch/rate win over the analysis;
// nothing is created unless everything checks out.
//
// Three steps, each on the thread it belongs on: the input is read and checked (memory
// only, on the server thread); a reference is analysed on the engine's analysis threads
// (VoiceAnalysisService), where it may wait up to 60 s for a synthesis worker; the voice
// is stored on a store thread. So uploads never hold the store pool every other request
// needs, and when too many analyses wait the answer is 503 with Retry-After.
//
// One object per request, on the server thread and owned by the ApiServer: it holds the
// reply, guards both hand-offs (runOnStore) and deletes itself once it has answered or
// the client has gone.
class VoiceCreation : public QObject
{
public:
    // The route's handler (an ApiServer::StreamHandler: on the server thread, after
    // authentication and in the connection's turn).
    static void start(ApiServer &server, const RequestContext &ctx, const AuthContext &auth,
                      const std::shared_ptr<StreamReply> &reply);

    // What the request asks for.
    struct Input
    {
        VoiceDirectory::CustomVoiceSpec spec; // pitch and rate 1.0 unless given
        std::optional<double> pitch;          // as given: wins over the analysis
        std::optional<double> rate;
        std::optional<QByteArray> reference;  // the WAV, when one was sent
    };
    // Reads the JSON or multipart body and checks everything but the recording (which
    // costs an analysis); errors in the order clients have always seen them.
    static Result<Input> parse(const RequestContext &ctx, const VoiceDirectory &voices);

private:
    VoiceCreation(ApiServer &server, const AuthContext &auth, std::shared_ptr<StreamReply> reply);

    void analyse(const Input &input);
    void store(const VoiceDirectory::CustomVoiceSpec &spec, const std::optional<QJsonObject> &analysis);
    void fail(const ServiceError &error);
    void answer(const HttpReply &reply);

    ApiServer &m_server;
    qint64 m_accountId;
    std::shared_ptr<StreamReply> m_reply;
    // Set when the client goes, so an analysis still waiting for a thread is skipped.
    std::shared_ptr<std::atomic<bool>> m_gone;
};
