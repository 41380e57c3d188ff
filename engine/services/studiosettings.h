#pragma once

#include "settingsstore.h"

#include <QString>

// The studio's choices that belong to a data dir — the model and, per model, the voice
// last used (the account is AccountService::lastStudioAccount): kept in the store's
// settings, so another data dir keeps its own and a fresh one starts from the defaults.
// Store calls: run them off the GUI thread.
class StudioSettings
{
public:
    explicit StudioSettings(const Database &db) : m_settings(db) {}

    QString lastModel() const;
    void setLastModel(const QString &model);
    QString lastVoice(const QString &model) const;
    void setLastVoice(const QString &model, const QString &voiceId);

private:
    QString text(const QString &key) const;

    SettingsStore m_settings;
};
