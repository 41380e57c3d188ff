#include "openaiapi.h"

#include "errormapping.h"
#include "openaimodels.h"
#include "openaispeechrequest.h"
#include "services.h"
#include "silentclip.h"
#include "speechevents.h"
#include "speechrequestcheck.h"
#include "speechsession.h"
#include "storetask.h"
#include "voicedirectory.h"

#include <QJsonArray>

namespace
{
HttpReply listModels()
{
    QJsonArray data;
    for (const QString &id : OpenAiModels::listed())
        data.append(OpenAiModels::object(id));
    return HttpReply::json(200, QJsonObject{{"object", "list"}, {"data", data}});
}

HttpReply retrieveModel(const QString &id)
{
    if (!OpenAiModels::ourModel(id)) {
        // OpenAI's own answer for an unknown model (its SDKs raise NotFoundError).
        const QJsonObject error{{"message", QStringLiteral("The model '%1' does not exist").arg(id.left(300))},
                                {"type", "invalid_request_error"}, {"code", "model_not_found"}, {"param", QJsonValue()}};
        return HttpReply::json(404, QJsonObject{{"error", error}});
    }
    return HttpReply::json(200, OpenAiModels::object(id));
}

// Open WebUI's listings: {"models":[{"id"}]} and {"voices":[{"id","name"}]}.
HttpReply listAudioModels()
{
    QJsonArray models;
    for (const QString &id : OpenAiModels::listed())
        models.append(QJsonObject{{"id", id}});
    return HttpReply::json(200, QJsonObject{{"models", models}});
}

HttpReply listAudioVoices(const Services &services, const AuthContext *auth)
{
    // Without a key the system voices only: custom voices belong to an account.
    const QList<Voice> voices = auth ? services.voices().list(auth->accountId) : services.catalog().systemVoices();
    QJsonArray out;
    for (const Voice &v : voices)
        out.append(QJsonObject{{"id", v.id}, {"name", v.name}});
    return HttpReply::json(200, QJsonObject{{"voices", out}});
}

// A text with nothing to say (an emoji, "---": chunks of sentence-by-sentence clients):
// when the rest of the request is good, a valid silent clip instead of a 400. Nothing
// is created or charged, so there is no X-Generation-Id.
HttpReply silentReply(const OpenAiSpeechRequest &req)
{
    HttpReply r;
    const QByteArray clip = SilentClip::bytes(req.streamFormat);
    if (req.sse) {
        r.contentType = SpeechEvents::contentType();
        r.body = SpeechEvents::delta(clip) + SpeechEvents::done(0, 0);
    } else {
        r.contentType = req.mime;
        r.body = clip;
    }
    return r;
}

void answerSilence(ApiServer &s, const AuthContext &auth, const OpenAiSpeechRequest &req, const std::shared_ptr<StreamReply> &reply)
{
    GenerationService *gens = &s.services().generations();
    runOnStore(s.services().storePool(), &s, reply.get(),
               [gens, auth, create = req.create] { return gens->checkAllButText(auth, create); },
               [reply, req](const std::optional<ServiceError> &refused) {
                   reply->send(refused ? SpeechSession::errorReply(*refused) : silentReply(req));
               });
}
}

void OpenAiApi::registerRoutes(ApiServer &s)
{
    using A = ApiServer::Auth;
    s.addStreamingRoute("POST", "/v1/audio/speech", A::OpenAi,
                        [&s](const RequestContext &ctx, const AuthContext &auth, const std::shared_ptr<StreamReply> &reply) {
                            const auto req = OpenAiSpeechRequest::parse(ctx.body);
                            if (!req)
                                reply->send(ErrorMapping::openAiReply(req.error()));
                            else if (SpeechRequestCheck::saysNothing(req->create.speech.text))
                                answerSilence(s, auth, *req, reply);
                            else
                                new SpeechSession(s.services(), auth, *req, reply, s.limits().streamStallMs); // deletes itself
                        });
    s.addRoute("GET", "/v1/models", A::OpenAi, [](const RequestContext &, const AuthContext *) { return listModels(); });
    s.addRoute("GET", "/v1/models/*", A::OpenAi,
               [](const RequestContext &ctx, const AuthContext *) { return retrieveModel(ctx.pathParam); });
    s.addRoute("GET", "/v1/audio/models", A::OpenAiOptional,
               [](const RequestContext &, const AuthContext *) { return listAudioModels(); });
    s.addRoute("GET", "/v1/audio/voices", A::OpenAiOptional,
               [&s](const RequestContext &, const AuthContext *auth) { return listAudioVoices(s.services(), auth); });
}
