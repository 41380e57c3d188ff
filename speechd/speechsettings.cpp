#include "speechsettings.h"

#include <cmath>

namespace
{
bool parseLevel(const QString &value, int &out)
{
    bool ok = false;
    const int v = value.trimmed().toInt(&ok);
    if (!ok || v < -100 || v > 100)
        return false;
    out = v;
    return true;
}

bool parseName(const QString &value, QString &out)
{
    const QString v = value.trimmed();
    out = v == QLatin1String("NULL") ? QString() : v;
    return true;
}
}

bool SpeechSettings::set(const QString &key, const QString &value)
{
    static const std::pair<QLatin1String, int SpeechSettings::*> levels[] = {
        {QLatin1String("rate"), &SpeechSettings::m_rate},
        {QLatin1String("pitch"), &SpeechSettings::m_pitch},
        {QLatin1String("pitch_range"), &SpeechSettings::m_pitchRange},
        {QLatin1String("volume"), &SpeechSettings::m_volume}};
    static const std::pair<QLatin1String, QString SpeechSettings::*> names[] = {
        {QLatin1String("voice"), &SpeechSettings::m_voiceType},
        {QLatin1String("language"), &SpeechSettings::m_language},
        {QLatin1String("synthesis_voice"), &SpeechSettings::m_synthesisVoice}};
    for (const auto &[name, member] : levels)
        if (key == name)
            return parseLevel(value, this->*member);
    for (const auto &[name, member] : names)
        if (key == name)
            return parseName(value, this->*member);
    if (key == QLatin1String("spelling_mode"))
        m_spelling = value.trimmed() == QLatin1String("on");
    return true;
}

double SpeechSettings::speedFactor() const
{
    // Screen-reader users listen fast: +100 is three times the voice's pace.
    return m_rate >= 0 ? 1.0 + 2.0 * m_rate / 100.0 : 1.0 + 0.5 * m_rate / 100.0;
}

double SpeechSettings::pitchFactor() const
{
    return std::pow(2.0, m_pitch / 100.0);
}

double SpeechSettings::pitchRangeFactor() const
{
    return std::pow(2.0, m_pitchRange / 100.0);
}

float SpeechSettings::gain() const
{
    return float(m_volume + 100) / 200.0f;
}
