#include "studiolabels.h"

#include <QCoreApplication>

#include <iterator>

// The descriptions of the catalog's voices (resources/voices.json), for lupdate: the
// studio shows them translated; a custom voice's own description stays as written.
// A voice added to the catalog needs its line here (tst_ui_german finds one missing).
QString StudioLabels::voiceDescription(const QString &description)
{
    static const char *const known[] = {
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Brazilian Portuguese female voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Brazilian Portuguese male voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Bright, energetic premium female voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Bright, higher-pitched American English voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Calm, androgynous premium voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Clear, warm American English narrator."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Confident premium male narrator."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Crisp, fast premium voice for assistants."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Crisp, fast-responding American English voice (diphone)."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Deep, resonant premium male voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Expressive premium narrator; speaks all 23 advanced languages."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "French female voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "French male voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Hindi female voice reading Devanagari."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Hindi male voice reading Devanagari."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Italian female voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Italian male voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Japanese female voice; kanji are read through kana."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Japanese male voice; kanji are read through kana."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Low, intimate premium female voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Lower, calm female voice for British English (reads with a general English lexicon)."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Mandarin Chinese female voice reading hanzi."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Mandarin Chinese male voice reading hanzi."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Scottish-accented male voice for British English."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Scottish-accented premium storyteller."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Spanish female voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Spanish male voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Steady American English male voice."),
        QT_TRANSLATE_NOOP("VoiceDescriptions", "Warm, higher premium voice with a Scottish lilt."),
    };
    for (const char *d : known)
        if (description == QLatin1String(d))
            return QCoreApplication::translate("VoiceDescriptions", d);
    return description;
}
