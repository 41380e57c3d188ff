#pragma once

#include "utterance.h"

#include <QString>

#include <optional>

class LexiconSource;
class SpeechSettings;
class VoiceChooser;

// A message and the settings in force into what the speech thread speaks: the voice and
// language (VoiceChooser), rate, pitch and volume, the desktop user's pronunciations
// matched on the text, and the marks to report.
class UtterancePlanner
{
public:
    UtterancePlanner(const VoiceChooser &voices, LexiconSource &lexicon) : m_voices(voices), m_lexicon(lexicon) {}

    std::optional<Utterance> plan(MessageKind kind, const QString &text, const SpeechSettings &settings);

private:
    const VoiceChooser &m_voices;
    LexiconSource &m_lexicon;
};
