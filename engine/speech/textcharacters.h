#pragma once

#include <QString>

#include <optional>

// The characters no text may hold (docs/api.md "Valid characters only"), by code point:
// for the character references of an SSML document, which decode to characters the raw
// text never showed. The raw text's own check is SpeechRequestCheck::invalidCharacter.
namespace TextCharacters
{
// "U+FDD0": at least four hex digits, upper case.
QString codePoint(char32_t u);

// Why u is refused ("a noncharacter (U+FDD0)"), or nullopt when a text may hold it:
// surrogates, NUL and the other control characters except tab, line feed and carriage
// return, the Unicode noncharacters, and anything beyond U+10FFFF.
std::optional<QString> refused(char32_t u);
}
