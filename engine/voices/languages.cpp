#include "languages.h"

#include <QList>

namespace
{
const QList<LanguageInfo> &table()
{
    // espeak-ng 1.51 names that resolve (see notes/engine-facts.md); Mandarin through
    // cmn-latn-pinyin because plain cmn reads tone digits in English; Norwegian by properties.
    static const QList<LanguageInfo> languages = {
        {"a", "base", "American English", {}, {}, true, false, "en_US"},
        {"b", "base", "British English", {}, {}, true, false, "en_GB"},
        {"j", "base", "Japanese", "ja", {}, false, true, "ja"},
        {"z", "base", "Mandarin Chinese", "cmn-latn-pinyin", {}, false, false, "zh"},
        {"e", "base", "Spanish", "es", {}, false, false, "es"},
        {"f", "base", "French", "fr", {}, false, false, "fr"},
        {"h", "base", "Hindi", "hi", {}, false, false, "hi"},
        {"i", "base", "Italian", "it", {}, false, false, "it"},
        {"p", "base", "Brazilian Portuguese", "pt-br", {}, false, false, "pt_BR"},

        {"en", "advanced", "English", {}, {}, true, false, "en"},
        {"ar", "advanced", "Arabic", "ar", {}, false, false, "ar"},
        {"da", "advanced", "Danish", "da", {}, false, false, "da"},
        {"de", "advanced", "German", "de", {}, false, false, "de"},
        {"el", "advanced", "Greek", "el", {}, false, false, "el"},
        {"es", "advanced", "Spanish", "es", {}, false, false, "es"},
        {"fi", "advanced", "Finnish", "fi", {}, false, false, "fi"},
        {"fr", "advanced", "French", "fr", {}, false, false, "fr"},
        {"he", "advanced", "Hebrew", "he", {}, false, false, "he"},
        {"hi", "advanced", "Hindi", "hi", {}, false, false, "hi"},
        {"it", "advanced", "Italian", "it", {}, false, false, "it"},
        {"ja", "advanced", "Japanese", "ja", {}, false, true, "ja"},
        {"ko", "advanced", "Korean", "ko", {}, false, false, "ko"},
        {"ms", "advanced", "Malay", "ms", {}, false, false, "ms"},
        {"nl", "advanced", "Dutch", "nl", {}, false, false, "nl"},
        {"no", "advanced", "Norwegian", {}, "nb", false, false, "nb"},
        {"pl", "advanced", "Polish", "pl", {}, false, false, "pl"},
        {"pt", "advanced", "Portuguese", "pt", {}, false, false, "pt"},
        {"ru", "advanced", "Russian", "ru", {}, false, false, "ru"},
        {"sv", "advanced", "Swedish", "sv", {}, false, false, "sv"},
        {"sw", "advanced", "Swahili", "sw", {}, false, false, "sw"},
        {"tr", "advanced", "Turkish", "tr", {}, false, false, "tr"},
        {"zh", "advanced", "Mandarin Chinese", "cmn-latn-pinyin", {}, false, false, "zh"},
    };
    return languages;
}
}

QStringList Languages::codes(const QString &model)
{
    QStringList out;
    for (const LanguageInfo &l : table())
        if (l.model == model)
            out << l.code;
    return out;
}

std::optional<LanguageInfo> Languages::find(const QString &model, const QString &code)
{
    for (const LanguageInfo &l : table())
        if (l.model == model && l.code == code)
            return l;
    return std::nullopt;
}

QString Languages::defaultCode(const QString &model, const QString &voiceLanguage)
{
    // A base voice speaks its own language by default; an advanced voice speaks English.
    if (model == QLatin1String("base"))
        return voiceLanguage.isEmpty() ? QStringLiteral("a") : voiceLanguage;
    return QStringLiteral("en");
}

bool Languages::isModel(const QString &model)
{
    return model == QLatin1String("base") || model == QLatin1String("advanced");
}
