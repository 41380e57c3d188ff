#include "languages.h"

#include <QList>

namespace
{
const QList<LanguageInfo> &table()
{
    // espeak-ng 1.51 names that resolve (see notes/engine-facts.md); Mandarin through
    // cmn-latn-pinyin because plain cmn reads tone digits in English; Norwegian by properties.
    static const QList<LanguageInfo> languages = {
        {"a", "base", "American English", {}, {}, true, false},
        {"b", "base", "British English", {}, {}, true, false},
        {"j", "base", "Japanese", "ja", {}, false, true},
        {"z", "base", "Mandarin Chinese", "cmn-latn-pinyin", {}, false, false},
        {"e", "base", "Spanish", "es", {}, false, false},
        {"f", "base", "French", "fr", {}, false, false},
        {"h", "base", "Hindi", "hi", {}, false, false},
        {"i", "base", "Italian", "it", {}, false, false},
        {"p", "base", "Brazilian Portuguese", "pt-br", {}, false, false},

        {"en", "advanced", "English", {}, {}, true, false},
        {"ar", "advanced", "Arabic", "ar", {}, false, false},
        {"da", "advanced", "Danish", "da", {}, false, false},
        {"de", "advanced", "German", "de", {}, false, false},
        {"el", "advanced", "Greek", "el", {}, false, false},
        {"es", "advanced", "Spanish", "es", {}, false, false},
        {"fi", "advanced", "Finnish", "fi", {}, false, false},
        {"fr", "advanced", "French", "fr", {}, false, false},
        {"he", "advanced", "Hebrew", "he", {}, false, false},
        {"hi", "advanced", "Hindi", "hi", {}, false, false},
        {"it", "advanced", "Italian", "it", {}, false, false},
        {"ja", "advanced", "Japanese", "ja", {}, false, true},
        {"ko", "advanced", "Korean", "ko", {}, false, false},
        {"ms", "advanced", "Malay", "ms", {}, false, false},
        {"nl", "advanced", "Dutch", "nl", {}, false, false},
        {"no", "advanced", "Norwegian", {}, "nb", false, false},
        {"pl", "advanced", "Polish", "pl", {}, false, false},
        {"pt", "advanced", "Portuguese", "pt", {}, false, false},
        {"ru", "advanced", "Russian", "ru", {}, false, false},
        {"sv", "advanced", "Swedish", "sv", {}, false, false},
        {"sw", "advanced", "Swahili", "sw", {}, false, false},
        {"tr", "advanced", "Turkish", "tr", {}, false, false},
        {"zh", "advanced", "Mandarin Chinese", "cmn-latn-pinyin", {}, false, false},
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
