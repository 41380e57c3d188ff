#include "voicecreation.h"

#include "errormapping.h"
#include "jsonfields.h"
#include "multipart.h"
#include "services.h"
#include "storetask.h"
#include "streamreply.h"
#include "v3json.h"
#include "voiceanalysisservice.h"

namespace
{
using Input = VoiceCreation::Input;

// The form's text fields are checked like JsonFields checks JSON, but the answer names
// only the first missing field: the shape multipart clients have always been given.
std::optional<ServiceError> formFieldError(const QList<FieldError> &missing, const QList<FieldError> &wrongType)
{
    if (!wrongType.isEmpty()) {
        const QString field = wrongType.first().field;
        ServiceError e = ServiceError::wrongType(field, QStringLiteral("%1 must be a number").arg(field));
        e.errors = wrongType;
        return e;
    }
    if (!missing.isEmpty()) {
        const QString field = missing.first().field;
        ServiceError e = ServiceError::invalid(field, QStringLiteral("Missing required field: %1").arg(field));
        e.errors = missing;
        return e;
    }
    return std::nullopt;
}

Result<Input> parseForm(const QByteArray &contentType, const QByteArray &body)
{
    const auto form = Multipart::parse(contentType, body);
    if (!form)
        return form.error();
    QList<FieldError> missing, wrongType;
    const auto text = [&form](const QString &field) -> std::optional<QString> {
        const Multipart::Part *p = form->part(field);
        if (!p)
            return std::nullopt;
        return QString::fromUtf8(p->body);
    };
    const auto number = [&](const QString &field) -> std::optional<double> {
        const auto t = text(field);
        if (!t || t->trimmed().isEmpty())
            return std::nullopt;
        bool ok = false;
        const double v = t->trimmed().toDouble(&ok);
        if (!ok) {
            wrongType.append({field, QStringLiteral("must be a number")});
            return std::nullopt;
        }
        return v;
    };
    const auto name = text("name");
    const auto base = text("base_voice_id");
    if (!name)
        missing.append({"name", QStringLiteral("Field required")});
    if (!base)
        missing.append({"base_voice_id", QStringLiteral("Field required")});
    Input in;
    in.pitch = number("pitch");
    in.rate = number("rate");
    if (auto e = formFieldError(missing, wrongType))
        return *e;
    in.spec.name = *name;
    in.spec.baseVoiceId = base->trimmed();
    in.spec.description = text("description").value_or(QString());
    if (const Multipart::Part *ref = form->part("reference"))
        in.reference = ref->body;
    return in;
}

Result<Input> parseJson(const QByteArray &body)
{
    const auto object = JsonFields::parseObject(body);
    if (!object)
        return object.error();
    JsonFields f(*object);
    const auto name = f.string("name", true);
    const auto base = f.string("base_voice_id", true);
    Input in;
    in.pitch = f.number("pitch");
    in.rate = f.number("rate");
    const auto description = f.string("description");
    if (auto e = f.error())
        return *e;
    in.spec.name = *name;
    in.spec.baseVoiceId = *base;
    in.spec.description = description.value_or(QString());
    return in;
}

// On an analysis thread. With both pitch and rate given the recording is only checked
// (what it measures is still answered); otherwise it is matched against the base voice,
// whose measurement may wait for a synthesis worker.
Result<VoiceAnalysis::Match> analyseReference(const QByteArray &wav, const std::optional<Voice> &base, WorkerPool *workers)
{
    if (base)
        return VoiceMatcher::matchReference(workers, *base, wav);
    const auto pcm = VoiceAnalysis::readWav(wav);
    if (!pcm)
        return pcm.error();
    const auto measured = VoiceAnalysis::measureReference(*pcm);
    if (!measured)
        return measured.error();
    VoiceAnalysis::Match checked;
    checked.reference = *measured;
    return checked;
}
}

Result<Input> VoiceCreation::parse(const RequestContext &ctx, const VoiceDirectory &voices)
{
    const QByteArray contentType = ctx.header("content-type");
    auto in = Multipart::isFormData(contentType) ? parseForm(contentType, ctx.body) : parseJson(ctx.body);
    if (!in)
        return in;
    in.value().spec.pitch = in->pitch.value_or(1.0);
    in.value().spec.rate = in->rate.value_or(1.0);
    // Everything but the recording is checked first: the analysis costs a synthesis.
    if (auto e = voices.check(in->spec))
        return *e;
    return in;
}

VoiceCreation::VoiceCreation(ApiServer &server, const AuthContext &auth, std::shared_ptr<StreamReply> reply)
    : QObject(&server)
    , m_server(server)
    , m_accountId(auth.accountId)
    , m_reply(std::move(reply))
    , m_gone(std::make_shared<std::atomic<bool>>(false))
{
    connect(m_reply.get(), &StreamReply::clientGone, this, [this] {
        m_gone->store(true);
        deleteLater();
    });
}

void VoiceCreation::start(ApiServer &server, const RequestContext &ctx, const AuthContext &auth,
                          const std::shared_ptr<StreamReply> &reply)
{
    auto *creation = new VoiceCreation(server, auth, reply); // deletes itself
    const auto input = parse(ctx, server.services().voices());
    if (!input)
        creation->fail(input.error());
    else if (input->reference)
        creation->analyse(*input);
    else
        creation->store(input->spec, std::nullopt);
}

void VoiceCreation::analyse(const Input &input)
{
    const Services &services = m_server.services();
    // Both factors given: nothing to match, so the base voice need not be measured.
    std::optional<Voice> base;
    if (!(input.pitch && input.rate))
        base = *services.catalog().find(input.spec.baseVoiceId); // known: parse() checked it
    WorkerPool *workers = services.pool();
    const auto job = [wav = *input.reference, base, workers, gone = m_gone]() -> Result<VoiceAnalysis::Match> {
        if (*gone) // nobody to answer: give the thread to the next upload
            return ServiceError::make(ServiceError::Kind::Unavailable, QStringLiteral("The client has gone"));
        return analyseReference(wav, base, workers);
    };
    const auto done = [this, spec = input.spec, pitch = input.pitch, rate = input.rate,
                       matched = base.has_value()](const Result<VoiceAnalysis::Match> &m) {
        if (!m) {
            fail(m.error());
            return;
        }
        VoiceDirectory::CustomVoiceSpec matchedSpec = spec;
        if (matched) {
            matchedSpec.pitch = pitch.value_or(m->pitch);
            matchedSpec.rate = rate.value_or(m->rate);
        }
        store(matchedSpec, V3Json::voiceAnalysis(m->reference, matched ? &m->base : nullptr));
    };
    if (const auto refused = services.voiceAnalysis().submit(this, job, done))
        fail(*refused);
}

void VoiceCreation::store(const VoiceDirectory::CustomVoiceSpec &spec, const std::optional<QJsonObject> &analysis)
{
    VoiceDirectory *voices = &m_server.services().voices();
    const qint64 account = m_accountId;
    runOnStore(m_server.services().storePool(), &m_server, this, [voices, account, spec] {
        return voices->createCustom(account, spec);
    }, [this, spec, analysis](const Result<Voice> &voice) {
        if (!voice) {
            fail(voice.error());
            return;
        }
        QJsonObject out = V3Json::customVoice(*voice, spec);
        if (analysis)
            out.insert("analysis", *analysis);
        answer(HttpReply::json(201, out));
    });
}

void VoiceCreation::fail(const ServiceError &error)
{
    answer(ErrorMapping::reply(error));
}

void VoiceCreation::answer(const HttpReply &reply)
{
    m_reply->send(reply);
    deleteLater();
}
