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
    if (key == QLatin1String("rate"))
        return parseLevel(value, m_rate);
    if (key == QLatin1String("pitch"))
        return parseLevel(value, m_pitch);
    if (key == QLatin1String("pitch_range"))
        return parseLevel(value, m_pitchRange);
    if (key == QLatin1String("volume"))
        return parseLevel(value, m_volume);
    if (key == QLatin1String("voice"))
        return parseName(value, m_voiceType);
    if (key == QLatin1String("language"))
        return parseName(value, m_language);
    if (key == QLatin1String("synthesis_voice"))
        return parseName(value, m_synthesisVoice);
    if (key == QLatin1String("spelling_mode")) {
        m_spelling = value.trimmed() == QLatin1String("on");
        return true;
    }
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
