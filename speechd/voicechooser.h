#pragma once

#include "languages.h"
#include "voice.h"

#include <QList>
#include <QString>

#include <optional>

class SpeechSettings;

// One line of LIST VOICES: a voice id, a BCP 47 language tag, a variant.
struct VoiceListing
{
    QString name;
    QString language;
    QString variant;
};

// The voice and language a message is spoken in.
struct VoiceChoice
{
    Voice voice;
    QString languageCode; // a code of the voice's model (a, b, ... / en, de, ...)
};

// Speech Dispatcher's voices and languages on the catalog's: a base voice is listed in
// its own language, an advanced voice once in each language it speaks; language tags
// are the languages' locales (en-US, en-GB, pt-BR, de, nb ...). A message is spoken in
// the voice Speech Dispatcher names (in the language asked for when that voice speaks
// it), else in a voice of the language asked for: the configured default voice when it
// speaks it, else the voice type's (MALE2: the second male voice), else the first.
class VoiceChooser
{
public:
    VoiceChooser(const QList<Voice> &voices, const QString &defaultVoiceId);

    QList<VoiceListing> listing() const;
    std::optional<VoiceChoice> choose(const SpeechSettings &settings) const;
    // The language tag Speech Dispatcher knows a language of the catalog by.
    static QString tagOf(const LanguageInfo &language);

private:
    // The language a tag names among the models' (in order): its locale exactly, else
    // its primary subtag.
    static std::optional<LanguageInfo> languageFor(const QString &tag, const QStringList &models);
    const Voice *find(const QString &id) const;
    const Voice *byVoiceType(const QList<const Voice *> &candidates, const QString &voiceType) const;

    QList<Voice> m_voices;
    const Voice *m_default = nullptr;
};
