#pragma once

#include <QString>
#include <QStringList>

#include <optional>

// The language codes of each model and how the speech backends read them.
struct LanguageInfo
{
    QString code;          // as sent in language_code (a, b, ... / en, ar, ...)
    QString model;         // base or advanced
    QString name;          // English name shown to people
    QString espeakVoice;   // espeak-ng voice name; empty for English (flite speaks it)
    QString espeakLanguage; // set when the voice must be resolved by properties (nb)
    bool english = false;
    bool needsKana = false; // kanji must be converted to kana before espeak-ng reads it
    QString locale;        // the QLocale it is (en_US for "a"), for names in people's languages
};

namespace Languages
{
QStringList codes(const QString &model);
std::optional<LanguageInfo> find(const QString &model, const QString &code);
QString defaultCode(const QString &model, const QString &voiceLanguage);
bool isModel(const QString &model);
}
