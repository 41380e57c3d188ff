#pragma once

#include "customvoicestore.h"
#include "serviceerror.h"
#include "voicecatalog.h"

// The voices a caller can use: the system catalog first (sorted by voice_id), then
// the caller's own custom voices (sorted by voice_id).
class VoiceDirectory
{
public:
    VoiceDirectory(const VoiceCatalog &catalog, const Database &db);

    const VoiceCatalog &catalog() const { return m_catalog; }
    QList<Voice> list(qint64 accountId, const QString &model = {}) const;
    std::optional<Voice> find(qint64 accountId, const QString &voiceId, bool caseInsensitive = false) const;

    struct CustomVoiceSpec
    {
        QString name;
        QString baseVoiceId;
        double pitch = 1.0;    // factor on the base voice's pitch, 0.5..2.0
        double rate = 1.0;     // factor on speed, 0.5..2.0
        QString description;
    };
    Result<Voice> createCustom(qint64 accountId, const CustomVoiceSpec &spec);
    Result<Voice> updateCustom(qint64 accountId, const QString &voiceId, const CustomVoiceSpec &spec);
    Result<bool> removeCustom(qint64 accountId, const QString &voiceId);
    // The stored settings of the caller's custom voice (pitch and rate as factors).
    std::optional<CustomVoiceSpec> customSpec(qint64 accountId, const QString &voiceId) const;
    // The checks createCustom() makes, without storing anything.
    std::optional<ServiceError> check(const CustomVoiceSpec &spec) const { return checkSpec(spec); }

private:
    Voice realise(const CustomVoiceRecord &record) const;
    std::optional<ServiceError> checkSpec(const CustomVoiceSpec &spec) const;

    const VoiceCatalog &m_catalog;
    CustomVoiceStore m_custom;
};
