#pragma once

#include "voice.h"
#include "wyomingevent.h"

#include <QList>
#include <QStringList>

// The answer to `describe`: one tts program whose voices are ours, named by voice_id,
// with the BCP 47 languages each speaks without a language_code.
namespace WyomingInfo
{
WyomingEvent event(const QList<Voice> &voices, const QString &version);
// en-US, en-GB, ja, pt-BR...: what a voice speaks by default.
QString languageOf(const Voice &voice);
}
