#pragma once

#include "settingsstore.h"

#include <QString>
#include <QStringList>

// The studio's choices that belong to a data dir — the model and, per model, the voice
// last used (the account is AccountService::lastStudioAccount), Generate's draft, the
// projects last opened, whether the desktop user is metered: kept in the store's
// settings, so another data dir keeps its own and a fresh one starts from the defaults.
// Store calls (and, for the projects, file checks): run them off the GUI thread.
class StudioSettings
{
public:
    explicit StudioSettings(const Database &db) : m_settings(db) {}

    QString lastModel() const;
    void setLastModel(const QString &model);
    QString lastVoice(const QString &model) const;
    void setLastVoice(const QString &model, const QString &voiceId);

    // Generate's text as the user left it (restored on the next start).
    QString draftText() const;
    void setDraftText(const QString &text);

    // Projects opened or saved, the latest first, at most kMaxRecentProjects; files that
    // are gone are left out (and forgotten).
    static constexpr int kMaxRecentProjects = 8;
    QStringList recentProjects();
    void addRecentProject(const QString &path);

    // Off by default: the desktop user's own work is free (DesktopMetering). On for a
    // studio shared by several people, each billed to the account chosen in the window.
    bool meterDesktop() const;
    void setMeterDesktop(bool on);

private:
    QString text(const QString &key) const;
    QStringList storedProjects() const;
    void storeProjects(const QStringList &paths);

    SettingsStore m_settings;
};
