#include "voicedirectory.h"

#include "timestamps.h"

#include <QUuid>

VoiceDirectory::VoiceDirectory(const VoiceCatalog &catalog, const Database &db)
    : m_catalog(catalog)
    , m_custom(db)
{
}

Voice VoiceDirectory::realise(const CustomVoiceRecord &r) const
{
    Voice v = m_catalog.find(r.baseVoiceId).value_or(Voice{});
    v.id = r.id;
    v.name = r.name;
    v.model = r.model;
    v.gender = r.gender;
    v.accent = QStringLiteral("Custom");
    v.description = r.description.isEmpty() ? QStringLiteral("Custom voice based on %1").arg(r.baseVoiceId) : r.description;
    v.isCustom = true;
    v.ownerAccountId = r.accountId;
    v.baseVoiceId = r.baseVoiceId;
    v.pitch *= r.pitch;
    v.rate = r.rate;
    v.createdAt = QDateTime::fromMSecsSinceEpoch(r.createdAt, Qt::UTC);
    return v;
}

QList<Voice> VoiceDirectory::list(qint64 accountId, const QString &model) const
{
    QList<Voice> out;
    for (const Voice &v : m_catalog.systemVoices())
        if (model.isEmpty() || v.model == model)
            out << v;
    for (const CustomVoiceRecord &r : m_custom.list(accountId))
        if (model.isEmpty() || r.model == model)
            out << realise(r);
    return out;
}

std::optional<Voice> VoiceDirectory::find(qint64 accountId, const QString &voiceId, bool caseInsensitive) const
{
    if (auto v = caseInsensitive ? m_catalog.findCaseInsensitive(voiceId) : m_catalog.find(voiceId))
        return v;
    if (accountId == 0)
        return std::nullopt;
    const auto r = m_custom.find(accountId, voiceId);
    if (!r || (!caseInsensitive && r->id != voiceId))
        return std::nullopt;
    return realise(*r);
}

std::optional<ServiceError> VoiceDirectory::checkSpec(const CustomVoiceSpec &spec) const
{
    if (spec.name.trimmed().isEmpty() || spec.name.size() > 100)
        return ServiceError::invalid("name", QStringLiteral("name must be 1 to 100 characters"));
    if (!m_catalog.find(spec.baseVoiceId))
        return ServiceError::invalid("base_voice_id", QStringLiteral("Unknown base voice '%1'").arg(spec.baseVoiceId));
    if (!(spec.pitch >= 0.5 && spec.pitch <= 2.0))
        return ServiceError::invalid("pitch", QStringLiteral("pitch must be between 0.5 and 2.0"));
    if (!(spec.rate >= 0.5 && spec.rate <= 2.0))
        return ServiceError::invalid("rate", QStringLiteral("rate must be between 0.5 and 2.0"));
    if (spec.description.size() > 500)
        return ServiceError::invalid("description", QStringLiteral("description must be at most 500 characters"));
    return std::nullopt;
}

Result<Voice> VoiceDirectory::createCustom(qint64 accountId, const CustomVoiceSpec &spec)
{
    if (auto e = checkSpec(spec))
        return *e;
    const Voice base = *m_catalog.find(spec.baseVoiceId);
    CustomVoiceRecord r;
    r.id = QStringLiteral("custom_") + QUuid::createUuid().toString(QUuid::Id128).left(12);
    r.accountId = accountId;
    r.name = spec.name.trimmed();
    r.model = base.model;
    r.baseVoiceId = base.id;
    r.gender = base.gender;
    r.description = spec.description;
    r.pitch = spec.pitch;
    r.rate = spec.rate;
    r.createdAt = Timestamps::nowMs();
    if (!m_custom.insert(r))
        return ServiceError::make(ServiceError::Kind::Internal, QStringLiteral("could not store the voice"));
    return realise(r);
}

Result<Voice> VoiceDirectory::updateCustom(qint64 accountId, const QString &voiceId, const CustomVoiceSpec &spec)
{
    if (auto e = checkSpec(spec))
        return *e;
    auto r = m_custom.find(accountId, voiceId);
    if (!r)
        return ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("Voice not found"));
    const Voice base = *m_catalog.find(spec.baseVoiceId);
    r->name = spec.name.trimmed();
    r->baseVoiceId = base.id;
    r->model = base.model;
    r->gender = base.gender;
    r->description = spec.description;
    r->pitch = spec.pitch;
    r->rate = spec.rate;
    if (!m_custom.update(*r))
        return ServiceError::make(ServiceError::Kind::Internal, QStringLiteral("could not store the voice"));
    return realise(*r);
}

Result<bool> VoiceDirectory::removeCustom(qint64 accountId, const QString &voiceId)
{
    if (!m_custom.remove(accountId, voiceId))
        return ServiceError::make(ServiceError::Kind::NotFound, QStringLiteral("Voice not found"));
    return true;
}

std::optional<VoiceDirectory::CustomVoiceSpec> VoiceDirectory::customSpec(qint64 accountId, const QString &voiceId) const
{
    const auto r = m_custom.find(accountId, voiceId);
    if (!r || r->id != voiceId)
        return std::nullopt;
    CustomVoiceSpec spec;
    spec.name = r->name;
    spec.baseVoiceId = r->baseVoiceId;
    spec.pitch = r->pitch;
    spec.rate = r->rate;
    spec.description = r->description;
    return spec;
}
