#include "utteranceplanner.h"

#include "languages.h"
#include "lexiconsource.h"
#include "messagetext.h"
#include "speechsettings.h"
#include "ssmldocument.h"
#include "synthesisplanner.h"
#include "voicechooser.h"

#include <QTextStream>

namespace
{
// The text as the subset reads it, and the marks in it. A document the subset refuses
// is read as its text; its marks then fall due at the end.
QString readable(const QString &ssml, QList<SsmlMark> &marks)
{
    marks = SsmlMarks::find(ssml);
    if (!SsmlDocument::isSsml(ssml))
        return ssml;
    const auto parsed = SsmlDocument::parse(ssml);
    if (const auto *error = std::get_if<SsmlError>(&parsed)) {
        QTextStream(stderr) << "sd_tts_studio: " << error->describe() << "; read as plain text\n";
        for (SsmlMark &m : marks)
            m.position = std::numeric_limits<qint64>::max();
        return MessageText::plainText(ssml);
    }
    return ssml;
}
}

std::optional<Utterance> UtterancePlanner::plan(MessageKind kind, const QString &text, const SpeechSettings &settings)
{
    Utterance u;
    if (kind == MessageKind::SoundIcon) {
        u.icon = text.trimmed();
        return u;
    }
    const auto choice = m_voices.choose(settings);
    if (!choice)
        return std::nullopt;
    const QString code = choice->languageCode.isEmpty() ? Languages::defaultCode(choice->voice.model, choice->voice.language)
                                                         : choice->languageCode;
    const auto language = Languages::find(choice->voice.model, code);
    const bool english = language && language->english;
    SpeechRequest request;
    request.text = readable(MessageText::ssml(kind, text, settings.spelling(), english), u.marks);
    request.model = choice->voice.model;
    request.languageCode = choice->languageCode;
    request.speed = settings.speedFactor();
    auto params = SynthesisPlanner::plan(choice->voice, request);
    if (!params)
        return std::nullopt;
    params->pitch *= settings.pitchFactor();
    params->pitchRange *= settings.pitchRangeFactor();
    params->pronunciations = Lexicon::match(m_lexicon.entries(), params->text, {choice->languageCode, params->locale});
    u.params = *params;
    u.gain = settings.gain();
    return u;
}
