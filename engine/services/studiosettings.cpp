#include "studiosettings.h"

namespace
{
const QString kModel = QStringLiteral("studio.generate.model");
QString voiceKey(const QString &model)
{
    return QStringLiteral("studio.generate.voice.") + model;
}
}

QString StudioSettings::text(const QString &key) const
{
    const auto stored = m_settings.value(key);
    return stored ? QString::fromUtf8(*stored) : QString();
}

QString StudioSettings::lastModel() const
{
    return text(kModel);
}

void StudioSettings::setLastModel(const QString &model)
{
    m_settings.setValue(kModel, model.toUtf8());
}

QString StudioSettings::lastVoice(const QString &model) const
{
    return text(voiceKey(model));
}

void StudioSettings::setLastVoice(const QString &model, const QString &voiceId)
{
    m_settings.setValue(voiceKey(model), voiceId.toUtf8());
}
