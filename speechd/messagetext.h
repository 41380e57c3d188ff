#pragma once

#include "utterance.h"

#include <QString>

// What a message says, as an SSML document of the subset: Speech Dispatcher's text is
// SSML already (it wraps plain text in <speak> and escapes it); a character or a key is
// said by name; with spelling on, a text is said letter by letter.
namespace MessageText
{
// english: the voice speaks English (flite), which says the letters of the English
// alphabet and nothing for any other.
QString ssml(MessageKind kind, const QString &text, bool spelling, bool english);
// A character said by name: letters and digits as themselves (read as letter names),
// anything else by its Unicode name ("comma", "full stop"); in English a letter or digit
// outside ASCII by its name too ("e with acute", "greek alpha").
QString characterName(const QString &character, bool english);
// What is read of an SSML text that the subset refuses: its text without the markup.
QString plainText(const QString &ssml);
QString escaped(const QString &text);
}
