#pragma once

#include "speechsettings.h"
#include "ssmlmarks.h"
#include "synthesisparams.h"

#include <QList>
#include <QString>

// The kinds of message Speech Dispatcher hands a module.
enum class MessageKind { Text, Char, Key, SoundIcon };

// One message as Speech Dispatcher sent it, with the settings in force then.
struct Message
{
    MessageKind kind = MessageKind::Text;
    QString text;
    SpeechSettings settings;
};

// One message as the speech thread speaks it.
struct Utterance
{
    SynthesisParams params;
    QList<SsmlMark> marks;
    float gain = 1.0f;
    QString icon; // a sound icon's name: reported for Speech Dispatcher to play, nothing spoken
};
