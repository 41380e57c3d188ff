#pragma once

#include <QString>

// The settings Speech Dispatcher sends before each message (`SET`), as it names them:
// rate, pitch, pitch_range and volume from -100 to +100; voice (a voice type such as
// MALE1), language (en, en-US, ...), synthesis_voice (a name from LIST VOICES);
// punctuation_mode, spelling_mode and cap_let_recogn. NULL means "not set".
class SpeechSettings
{
public:
    // False when the value is not one the key takes; unknown keys are accepted and
    // ignored (later Speech Dispatchers may send more).
    bool set(const QString &key, const QString &value);

    int rate() const { return m_rate; }
    int pitch() const { return m_pitch; }
    int pitchRange() const { return m_pitchRange; }
    int volume() const { return m_volume; }
    QString voiceType() const { return m_voiceType; }
    QString language() const { return m_language; }
    QString synthesisVoice() const { return m_synthesisVoice; }
    bool spelling() const { return m_spelling; }

    // What the values mean for the engine: a factor on the voice's speed (0.5 to 3),
    // on its pitch and pitch range (0.5 to 2, doubling every 100), and the linear gain
    // on its samples (0 at -100, 1 at +100, the level Speech Dispatcher starts with).
    double speedFactor() const;
    double pitchFactor() const;
    double pitchRangeFactor() const;
    float gain() const;

private:
    int m_rate = 0;
    int m_pitch = 0;
    int m_pitchRange = 0;
    int m_volume = 100;
    QString m_voiceType;
    QString m_language;
    QString m_synthesisVoice;
    bool m_spelling = false;
};
