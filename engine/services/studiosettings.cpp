#include "studiosettings.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace
{
const QString kModel = QStringLiteral("studio.generate.model");
const QString kDraft = QStringLiteral("studio.generate.draft");
const QString kProjects = QStringLiteral("studio.projects.recent");
const QString kMeter = QStringLiteral("studio.meterDesktop");
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

QString StudioSettings::draftText() const
{
    return text(kDraft);
}

void StudioSettings::setDraftText(const QString &draft)
{
    m_settings.setValue(kDraft, draft.toUtf8());
}

QStringList StudioSettings::storedProjects() const
{
    QStringList paths;
    for (const QJsonValue &v : QJsonDocument::fromJson(text(kProjects).toUtf8()).array())
        paths << v.toString();
    return paths;
}

void StudioSettings::storeProjects(const QStringList &paths)
{
    m_settings.setValue(kProjects, QJsonDocument(QJsonArray::fromStringList(paths)).toJson(QJsonDocument::Compact));
}

QStringList StudioSettings::recentProjects()
{
    const QStringList stored = storedProjects();
    QStringList present;
    for (const QString &path : stored)
        if (QFileInfo(path).isFile())
            present << path;
    if (present != stored)
        storeProjects(present);
    return present;
}

void StudioSettings::addRecentProject(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList paths = storedProjects();
    paths.removeAll(absolute);
    paths.prepend(absolute);
    storeProjects(paths.mid(0, kMaxRecentProjects));
}

bool StudioSettings::meterDesktop() const
{
    return text(kMeter) == QLatin1String("on");
}

void StudioSettings::setMeterDesktop(bool on)
{
    m_settings.setValue(kMeter, on ? QByteArrayLiteral("on") : QByteArrayLiteral("off"));
}
