#include "v2api.h"

#include "services.h"
#include "errormapping.h"
#include "idempotency.h"
#include "v2json.h"
#include "v3json.h"

#include <QCoreApplication>
#include <QRandomGenerator>

namespace
{
V3Json::AudioLink linkFor(ApiServer &server, const RequestContext &ctx, const Generation &g)
{
    return {server.baseUrlFor(ctx), &server.services().urlSigner(), server.services().generations().expiresAtMs(g) / 1000};
}

HttpReply index(const RequestContext &ctx)
{
    QHostAddress address = ctx.remoteAddress;
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4); // ::ffff:a.b.c.d reads as a.b.c.d
    if (isV4)
        address = QHostAddress(v4);
    return HttpReply::json(200, QJsonObject{
                                    {"name", QStringLiteral("TTS Studio")},
                                    {"version", QCoreApplication::applicationVersion()},
                                    {"ip", address.toString()},
                                    {"api_versions", QJsonArray{"v3", "v2"}},
                                })
        .header("Vary", "Accept"); // a browser may be shown a page here instead
}

HttpReply createGeneration(ApiServer &server, const RequestContext &ctx, const AuthContext &auth)
{
    const auto request = V2Json::parseCreate(ctx.body);
    if (!request)
        return ErrorMapping::reply(request.error());
    const V2Json::CreateRequest &r = request.value();

    // The voice is checked here so that v2 answers with its own wording.
    const auto voice = server.services().voices().find(auth.accountId, r.voice, true);
    if (!voice)
        return ErrorMapping::reply(ServiceError::invalid("voice", QStringLiteral("Invalid voice ID")));
    if (voice->model != r.model)
        return ErrorMapping::reply(ServiceError::invalid(
            "voice", QStringLiteral("Invalid voice ID | Voice '%1' belongs to model '%2', not '%3'")
                         .arg(voice->id, V2Json::toV2Model(voice->model), V2Json::toV2Model(r.model))));

    CreateGeneration c;
    c.speech.text = r.text;
    c.speech.model = r.model;
    c.speech.speed = r.speed;
    c.voiceId = voice->id;
    c.voiceCaseInsensitive = true;
    c.premiumNeedsPaidPlan = true;
    c.apiVersion = QStringLiteral("v2");
    const V2Json::Prosody p = V2Json::prosodyFor(r, [] { return QRandomGenerator::global()->bounded(2.0) - 1.0; });
    c.pitchFactor = p.pitch;
    c.pitchRangeFactor = p.pitchRange;
    c.speedFactor = p.speed;
    if (const auto bad = Idempotency::apply(ctx, "v2", c))
        return ErrorMapping::reply(*bad);

    const auto created = server.services().generations().create(auth, c);
    if (!created)
        return ErrorMapping::reply(created.error());
    // A retry with the same Idempotency-Key gets the original id (200, as v3 answers it).
    return HttpReply::json(created->replayed ? 200 : 201, QJsonObject{{"generation_id", created->generation.id}});
}

HttpReply status(ApiServer &server, const RequestContext &ctx, const AuthContext &auth)
{
    const QString id = ctx.queryValue("generation_id").trimmed();
    if (id.isEmpty())
        return ErrorMapping::reply(
            ServiceError::invalid("generation_id", QStringLiteral("Missing required query parameter: generation_id")));
    const auto g = server.services().generations().getForV2(auth.accountId, id);
    if (!g)
        return ErrorMapping::reply(g.error());
    return HttpReply::json(200, V2Json::generation(*g, linkFor(server, ctx, *g)));
}

HttpReply voices(ApiServer &server, const RequestContext &ctx, const AuthContext &auth)
{
    const QString model = ctx.queryValue("model").trimmed();
    if (model.isEmpty())
        return ErrorMapping::reply(ServiceError::invalid(
            "model", QStringLiteral("Missing required query parameter: model (expected base or advance)")));
    const QString v3Model = V2Json::fromV2Model(model);
    if (v3Model.isEmpty())
        return ErrorMapping::reply(ServiceError::invalid("model", QStringLiteral("Invalid Model | Expected: [base, advance]")));
    QJsonArray list;
    for (const Voice &v : server.services().voices().list(auth.accountId, v3Model))
        list.append(V2Json::voice(v));
    return HttpReply::json(200, QJsonObject{{"user_id", QString::number(auth.accountId)}, {"model", model}, {"voices", list}});
}
}

void V2Api::registerRoutes(ApiServer &s, ApiServer::FastHandler indexPage)
{
    using A = ApiServer::Auth;
    s.addRoute("GET", "/", A::None, [](const RequestContext &c, const AuthContext *) { return index(c); }, std::move(indexPage));
    s.addRoute("POST", "/v2/tts", A::V2, [&s](const RequestContext &c, const AuthContext *a) { return createGeneration(s, c, *a); });
    s.addRoute("GET", "/v2/status", A::V2, [&s](const RequestContext &c, const AuthContext *a) { return status(s, c, *a); });
    s.addRoute("GET", "/v2/voices", A::V2, [&s](const RequestContext &c, const AuthContext *a) { return voices(s, c, *a); });
}
