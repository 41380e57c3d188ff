#include "v3api.h"

#include "services.h"
#include "urlsigner.h"
#include "accountservice.h"
#include "captions.h"
#include "errormapping.h"
#include "idempotency.h"
#include "jsonfields.h"
#include "languages.h"
#include "lexiconservice.h"
#include "queryparams.h"
#include "timestamps.h"
#include "v3json.h"
#include "voicecreation.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QRegularExpression>

#include <limits>

namespace
{
const QStringList kHistoryStatuses = {"IN_QUEUE", "GENERATING", "COMPLETED", "FAILED", "EXPIRED"};

V3Json::AudioLink linkFor(ApiServer &server, const RequestContext &ctx, const Generation &g)
{
    GenerationService &gens = server.services().generations();
    return {server.baseUrlFor(ctx), &server.services().urlSigner(), gens.expiresAtMs(g) / 1000};
}

HttpReply createGeneration(ApiServer &server, const RequestContext &ctx, const AuthContext &auth)
{
    auto request = V3Json::parseCreate(ctx.body);
    if (!request)
        return ErrorMapping::reply(request.error());
    if (const auto bad = Idempotency::apply(ctx, {}, request.value()))
        return ErrorMapping::reply(*bad);
    const auto created = server.services().generations().create(auth, request.value());
    if (!created)
        return ErrorMapping::reply(created.error());
    const Generation &g = created->generation;
    // A replayed request shows the generation as it is now.
    if (created->replayed) {
        const auto now = server.services().generations().get(auth.accountId, g.id);
        if (now)
            return HttpReply::json(200, V3Json::generation(*now, linkFor(server, ctx, *now)));
    }
    return HttpReply::json(201, V3Json::generation(g, linkFor(server, ctx, g)));
}

Result<QString> requiredId(const RequestContext &ctx)
{
    const QString id = ctx.queryValue("generation_id");
    if (id.isEmpty())
        return ServiceError::invalid("generation_id", QStringLiteral("Missing required query parameter: generation_id"));
    return id;
}

HttpReply getGeneration(ApiServer &server, const RequestContext &ctx, const AuthContext &auth)
{
    const auto id = requiredId(ctx);
    if (!id)
        return ErrorMapping::reply(id.error());
    const auto g = server.services().generations().get(auth.accountId, *id);
    if (!g)
        return ErrorMapping::reply(g.error());
    return HttpReply::json(200, V3Json::generation(*g, linkFor(server, ctx, *g)));
}

// Polls of finished generations are answered on the server thread, from memory.
std::optional<HttpReply> getFinishedGeneration(ApiServer &server, const RequestContext &ctx, const AuthContext &auth)
{
    const QString id = ctx.queryValue("generation_id");
    if (id.isEmpty())
        return std::nullopt;
    const auto g = server.services().generations().cachedGet(auth.accountId, id);
    if (!g)
        return std::nullopt;
    // The same finished generation through the same Host always renders the same bytes.
    const QString key = id + u'\n' + server.baseUrlFor(ctx);
    HttpReply reply;
    if (const auto body = server.replyCache().find(key)) {
        reply.body = *body;
    } else {
        reply = HttpReply::json(200, V3Json::generation(*g, linkFor(server, ctx, *g)));
        server.replyCache().insert(key, reply.body);
    }
    return reply;
}

HttpReply cancelGeneration(ApiServer &server, const RequestContext &ctx, const AuthContext &auth)
{
    const auto id = requiredId(ctx);
    if (!id)
        return ErrorMapping::reply(id.error());
    const auto g = server.services().generations().cancel(auth.accountId, *id);
    if (!g)
        return ErrorMapping::reply(g.error());
    return HttpReply::json(200, V3Json::generation(*g, linkFor(server, ctx, *g)));
}

HttpReply listVoices(ApiServer &server, const RequestContext &ctx, const AuthContext &auth)
{
    const QString model = ctx.queryValue("model");
    if (ctx.hasQuery("model") && !Languages::isModel(model))
        return ErrorMapping::reply(ServiceError::invalid("model", QStringLiteral("model must be base or advanced")));
    const auto limit = QueryParams::integer(ctx, "limit", 100, 1, 500);
    if (!limit)
        return ErrorMapping::reply(limit.error());
    const auto offset = QueryParams::integer(ctx, "offset", 0, 0, std::numeric_limits<int>::max());
    if (!offset)
        return ErrorMapping::reply(offset.error());
    const QList<Voice> all = server.services().voices().list(auth.accountId, model);
    QJsonArray voices;
    for (qsizetype i = *offset; i < all.size() && voices.size() < *limit; ++i)
        voices.append(all.at(i).toApiJson());
    return HttpReply::json(200, QJsonObject{{"limit", *limit}, {"offset", *offset}, {"length", voices.size()}, {"voices", voices}});
}

HttpReply history(ApiServer &server, const RequestContext &ctx, const AuthContext &auth)
{
    const auto limit = QueryParams::integer(ctx, "limit", 20, 1, 100);
    if (!limit)
        return ErrorMapping::reply(limit.error());
    const auto offset = QueryParams::integer(ctx, "offset", 0, 0, std::numeric_limits<int>::max());
    if (!offset)
        return ErrorMapping::reply(offset.error());
    const QString status = ctx.queryValue("status");
    if (ctx.hasQuery("status") && !kHistoryStatuses.contains(status))
        return ErrorMapping::reply(ServiceError::invalid(
            "status", QStringLiteral("status must be one of %1").arg(kHistoryStatuses.join(", "))));
    // Extension: the studio's voice previews are left out unless asked for.
    const QString previews = ctx.queryValue("include_previews");
    if (ctx.hasQuery("include_previews") && previews != QLatin1String("true") && previews != QLatin1String("false"))
        return ErrorMapping::reply(ServiceError::invalid("include_previews", QStringLiteral("include_previews must be true or false")));
    GenerationService &gens = server.services().generations();
    QJsonArray items;
    bool sawExpiredAudio = false;
    bool failed = false;
    const QList<Generation> rows = gens.history(auth.accountId, status, *limit, *offset, previews == QLatin1String("true"), &failed);
    if (failed) // an empty history would be a lie
        return ErrorMapping::reply(ServiceError::storeUnavailable());
    for (const Generation &g : rows) {
        const bool expired = gens.isExpired(g);
        sawExpiredAudio |= expired && !g.audioDeleted && !g.audioPath.isEmpty();
        items.append(V3Json::historyItem(g, expired, linkFor(server, ctx, g)));
    }
    if (sawExpiredAudio)
        gens.sweepExpired(); // lifetime is evaluated on every read
    return HttpReply::json(200, QJsonObject{{"limit", *limit}, {"offset", *offset}, {"length", items.size()}, {"history", items}});
}

// A signed link's expires and sig for this subject: nullopt when valid, else the 403.
std::optional<HttpReply> refuseLink(ApiServer &server, const RequestContext &ctx, const QString &subject)
{
    // The link's own form only: plain digits, no sign, space or leading zero (toLongLong
    // accepts " 12", "+12" and "012", which would make one signature fit many links).
    const QString rawExpires = ctx.queryValue("expires");
    static const QRegularExpression canonical(QStringLiteral("^[1-9][0-9]{0,17}$"));
    bool ok = canonical.match(rawExpires).hasMatch();
    const qint64 expires = ok ? rawExpires.toLongLong(&ok) : 0;
    const QString sig = ctx.queryValue("sig");
    if (!ok || sig.isEmpty() || !server.services().urlSigner().verify(subject, expires, sig))
        return HttpReply::detail(403, QStringLiteral("Invalid or tampered audio link"));
    if (Timestamps::nowMs() / 1000 >= expires)
        return HttpReply::detail(403, QStringLiteral("Audio link has expired"));
    return std::nullopt;
}

HttpReply download(ApiServer &server, const RequestContext &ctx)
{
    const QString file = ctx.pathParam;
    const QString id = file.section(u'.', 0, 0);
    const QString ext = file.section(u'.', 1);
    if (auto refused = refuseLink(server, ctx, id))
        return *refused;
    const Services &engine = server.services();
    const auto format = AudioFormats::parse(ext);
    bool failed = false;
    const auto gen = engine.generations().findForDownload(id, &failed);
    if (failed) // the link may well be good: not 404
        return ErrorMapping::reply(ServiceError::storeUnavailable());
    if (!format || !gen || gen->status != GenerationStatus::Completed || gen->audioFormat != ext
        || engine.generations().isExpired(*gen) || !QFileInfo::exists(gen->audioPath))
        return HttpReply::detail(404, QStringLiteral("Audio not found"));
    HttpReply r;
    r.filePath = gen->audioPath;
    r.fileMime = AudioFormats::mimeType(*format).toLatin1();
    return r;
}

// Extension: GET /v3/captions/{id}?expires=&sig=[&format=json|srt|vtt] (docs/api.md).
HttpReply captions(ApiServer &server, const RequestContext &ctx)
{
    const QString id = ctx.pathParam;
    if (auto refused = refuseLink(server, ctx, V3Json::captionsSubject(id)))
        return *refused;
    const QString format = ctx.hasQuery("format") ? ctx.queryValue("format") : QStringLiteral("json");
    if (format != QLatin1String("json") && format != QLatin1String("srt") && format != QLatin1String("vtt"))
        return ErrorMapping::reply(ServiceError::invalid("format", QStringLiteral("format must be json, srt or vtt")));
    GenerationService &gens = server.services().generations();
    bool failed = false;
    const auto gen = gens.findForDownload(id, &failed);
    if (failed)
        return ErrorMapping::reply(ServiceError::storeUnavailable());
    const auto words = gen && gen->status == GenerationStatus::Completed && gen->captions && !gens.isExpired(*gen)
                           ? gens.readCaptions(id)
                           : std::nullopt;
    if (!words)
        return HttpReply::detail(404, QStringLiteral("Captions not found"));
    if (format == QLatin1String("json"))
        return HttpReply::json(200, QJsonObject{{"words", Captions::wordsJson(gen->inputText, *words)}});
    const QList<Captions::Cue> cues = Captions::cues(gen->inputText, *words);
    HttpReply r;
    r.body = (format == QLatin1String("srt") ? Captions::srt(cues) : Captions::vtt(cues)).toUtf8();
    r.contentType = format == QLatin1String("srt") ? "application/x-subrip; charset=utf-8" : "text/vtt; charset=utf-8";
    return r;
}

// PATCH /v3/voices/{voice_id}: changes the given fields of the caller's custom voice.
HttpReply updateVoice(ApiServer &server, const RequestContext &ctx, const AuthContext &auth)
{
    const QString id = ctx.pathParam;
    VoiceDirectory &voices = server.services().voices();
    auto spec = voices.customSpec(auth.accountId, id);
    if (!spec)
        return ErrorMapping::reply(ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("Voice not found")));
    const auto object = JsonFields::parseObject(ctx.body);
    if (!object)
        return ErrorMapping::reply(object.error());
    JsonFields f(*object);
    const auto name = f.string("name");
    const auto base = f.string("base_voice_id");
    const auto pitch = f.number("pitch");
    const auto rate = f.number("rate");
    const auto description = f.string("description");
    if (auto e = f.error())
        return ErrorMapping::reply(*e);
    spec->name = name.value_or(spec->name);
    spec->baseVoiceId = base.value_or(spec->baseVoiceId);
    spec->pitch = pitch.value_or(spec->pitch);
    spec->rate = rate.value_or(spec->rate);
    spec->description = description.value_or(spec->description);
    const auto voice = voices.updateCustom(auth.accountId, id, *spec);
    if (!voice)
        return ErrorMapping::reply(voice.error());
    return HttpReply::json(200, V3Json::customVoice(*voice, *spec));
}

// Extension: the account's pronunciation lexicon (docs/api.md "Pronunciation lexicons").
HttpReply lexiconReply(const Result<QList<LexiconEntry>> &entries)
{
    if (!entries)
        return ErrorMapping::reply(entries.error());
    return HttpReply::json(200, QJsonObject{{"entries", Lexicon::toJson(*entries)}});
}

HttpReply putLexicon(ApiServer &server, const RequestContext &ctx, const AuthContext &auth)
{
    const auto body = JsonFields::parseObject(ctx.body);
    if (!body)
        return ErrorMapping::reply(body.error());
    return lexiconReply(server.services().lexicons().replace(auth.accountId, body->value("entries")));
}

HttpReply deleteLexicon(ApiServer &server, const AuthContext &auth)
{
    const auto cleared = server.services().lexicons().clear(auth.accountId);
    if (!cleared)
        return ErrorMapping::reply(cleared.error());
    return HttpReply::json(200, QJsonObject{{"entries", QJsonArray{}}});
}

// Extension: the caller's account and balance (the web studio keeps it in view).
HttpReply account(ApiServer &server, const AuthContext &auth)
{
    const std::optional<Account> a = server.services().accounts().find(auth.accountId);
    if (!a)
        return ErrorMapping::reply(ServiceError::storeUnavailable());
    return HttpReply::json(200, QJsonObject{{"name", a->name},
                                            {"plan", a->plan},
                                            {"credits", a->credits},
                                            {"wallet_dollars", double(a->walletMicros) / 1e6}});
}

HttpReply deleteVoice(ApiServer &server, const RequestContext &ctx, const AuthContext &auth)
{
    const QString id = ctx.pathParam;
    const auto removed = server.services().voices().removeCustom(auth.accountId, id);
    if (!removed)
        return ErrorMapping::reply(removed.error());
    return HttpReply::json(200, QJsonObject{{"voice_id", id}, {"deleted", true}});
}
}

void V3Api::registerRoutes(ApiServer &s)
{
    using A = ApiServer::Auth;
    s.addRoute("POST", "/v3/tts", A::V3, [&s](const RequestContext &c, const AuthContext *a) { return createGeneration(s, c, *a); });
    s.addRoute("GET", "/v3/tts", A::V3, [&s](const RequestContext &c, const AuthContext *a) { return getGeneration(s, c, *a); },
               [&s](const RequestContext &c, const AuthContext *a) { return getFinishedGeneration(s, c, *a); });
    s.addRoute("DELETE", "/v3/tts", A::V3, [&s](const RequestContext &c, const AuthContext *a) { return cancelGeneration(s, c, *a); });
    s.addRoute("GET", "/v3/voices", A::V3, [&s](const RequestContext &c, const AuthContext *a) { return listVoices(s, c, *a); });
    // Answered later: a reference recording is analysed off the store pool (VoiceCreation).
    s.addStreamingRoute("POST", "/v3/voices", A::V3,
                        [&s](const RequestContext &c, const AuthContext &a, const std::shared_ptr<StreamReply> &reply) {
                            VoiceCreation::start(s, c, a, reply);
                        });
    s.addRoute("PATCH", "/v3/voices/*", A::V3, [&s](const RequestContext &c, const AuthContext *a) { return updateVoice(s, c, *a); });
    s.addRoute("DELETE", "/v3/voices/*", A::V3, [&s](const RequestContext &c, const AuthContext *a) { return deleteVoice(s, c, *a); });
    s.addRoute("GET", "/v3/lexicon", A::V3, [&s](const RequestContext &, const AuthContext *a) {
        return lexiconReply(s.services().lexicons().entries(a->accountId));
    });
    s.addRoute("PUT", "/v3/lexicon", A::V3, [&s](const RequestContext &c, const AuthContext *a) { return putLexicon(s, c, *a); });
    s.addRoute("DELETE", "/v3/lexicon", A::V3, [&s](const RequestContext &, const AuthContext *a) { return deleteLexicon(s, *a); });
    s.addRoute("GET", "/v3/account", A::V3, [&s](const RequestContext &, const AuthContext *a) { return account(s, *a); });
    s.addRoute("GET", "/v3/history", A::V3, [&s](const RequestContext &c, const AuthContext *a) { return history(s, c, *a); });
    s.addRoute("GET", "/v3/audio/*", A::None, [&s](const RequestContext &c, const AuthContext *) { return download(s, c); });
    s.addRoute("GET", "/v3/captions/*", A::None, [&s](const RequestContext &c, const AuthContext *) { return captions(s, c); });
}
