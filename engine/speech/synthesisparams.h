#pragma once

#include "pronunciation.h"

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

enum class SpeechBackendKind { Espeak, Flite };

// How the backends read one language of an SSML document (<lang xml:lang>, <p>/<s>
// xml:lang): resolved by SynthesisPlanner, which knows the languages; the voice's
// variant, gender and pitch stay.
struct SpokenLanguage
{
    SpeechBackendKind backend = SpeechBackendKind::Espeak;
    QString fliteVoice;
    QString espeakVoice;
    QString espeakLanguage;
    bool kana = false;
    QString locale;

    QJsonObject toJson() const;
    static SpokenLanguage fromJson(const QJsonObject &json);
};

// Everything a worker needs to speak one text. Built from a voice and a request by
// SynthesisPlanner; crosses the process boundary as JSON.
struct SynthesisParams
{
    QString text;
    SpeechBackendKind backend = SpeechBackendKind::Espeak;
    QString fliteVoice;       // slt, rms, awb, kal16
    QString espeakVoice;      // name for espeak_SetVoiceByName, e.g. "de"
    QString espeakLanguage;   // when set, resolve by properties instead (nb)
    QString espeakVariant;    // f1..f5, m1..m8; empty for the default
    int gender = 0;           // 1 male, 2 female, 0 neutral (for properties resolution)
    bool kana = false;        // convert kanji to kana first
    QString locale;           // the language's ICU locale (en_US, de): numbers are spoken in it; empty: as written
    double speed = 1.0;       // duration scales by about 1/speed
    double pitch = 1.0;       // factor on the backend voice's pitch
    double pitchRange = 1.0;  // factor on the spread of pitch (expressiveness)
    int sentencePauseMs = 150;
    int wordGapMs = 0;        // extra pause between words (articulation)
    // Spans of text said otherwise (lexicon entries, SSML <phoneme>/<sub>), in order and
    // apart; they travel with the job, so a queued job re-run after a restart says them too.
    QList<Pronunciation> pronunciations;
    // SSML languages by xml:lang as written, lower case; one not here is read like the
    // rest of the text.
    QHash<QString, SpokenLanguage> languages;

    // These settings with a language's backend, voice and locale in place of the request's.
    SynthesisParams inLanguage(const QString &xmlLang) const;

    QJsonObject toJson() const;
    static std::optional<SynthesisParams> fromJson(const QJsonObject &json);
};
