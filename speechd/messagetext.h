#pragma once

#include "utterance.h"

#include <QString>

// What a message says, as an SSML document of the subset: Speech Dispatcher's text is
// SSML already (it wraps plain text in <speak> and escapes it); a character or a key is
// said by name; with spelling on, a text is said letter by letter.
namespace MessageText
{
QString ssml(MessageKind kind, const QString &text, bool spelling);
// A character said by name: letters and digits as themselves (read as letter names),
// anything else by its Unicode name ("comma", "full stop").
QString characterName(const QString &character);
// What is read of an SSML text that the subset refuses: its text without the markup.
QString plainText(const QString &ssml);
QString escaped(const QString &text);
}
