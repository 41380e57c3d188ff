#pragma once

#include "voice.h"

#include <QList>
#include <QString>

#include <optional>

// The system voices, loaded from resources/voices.json (data, not code), sorted by id.
class VoiceCatalog
{
public:
    VoiceCatalog();
    explicit VoiceCatalog(const QByteArray &json);

    const QList<Voice> &systemVoices() const { return m_voices; }
    std::optional<Voice> find(const QString &voiceId) const;
    // Case-insensitive lookup (v2 voice ids).
    std::optional<Voice> findCaseInsensitive(const QString &voiceId) const;
    QString loadError() const { return m_error; }

private:
    void load(const QByteArray &json);

    QList<Voice> m_voices;
    QString m_error;
};
