#pragma once

#include "serviceerror.h"
#include "synthesisparams.h"
#include "synthesisplanner.h"
#include "voice.h"

#include <optional>

// The value rules of a speech request (spec 4.1): shared by the API, the GUI and `say`.
namespace SpeechRequestCheck
{
constexpr int kMaxTextLength = 50000;

// voice is null when voice_id did not resolve.
std::optional<ServiceError> check(const SpeechRequest &request, const QString &voiceId, const Voice *voice);

// What a billed token may say (docs/api.md "Prices, payment and limits"): the text handed
// to the voices (SpokenLength: lexicon and <sub> aliases, say-as, numbers in words,
// phonemes) is at most kSpokenPerToken code points per token plus kSpokenAllowance, so
// that an alias or a say-as cannot turn a token into minutes of speech. The factor is
// above what numbers spelled out ever take (tst_spokenlength measures every language), so
// text without a lexicon or SSML is never refused by it.
constexpr int kSpokenPerToken = 20;
constexpr int kSpokenAllowance = 200;
// For a planned request (params.pronunciations: the account's lexicon matched).
std::optional<ServiceError> checkSpokenLength(const SynthesisParams &params);

// The first character no text may hold, described for a field error ("a lone surrogate
// (U+D800) at character 3"), or nullopt: lone UTF-16 surrogates (JSON escapes that do not
// pair; storing them would silently change them), NUL and the other control characters
// except tab, line feed and carriage return, and the Unicode noncharacters.
std::optional<QString> invalidCharacter(const QString &text);

// The text as a generation takes it: without a leading U+FEFF, the byte order mark some
// editors save at the start of a file, which is no part of the text. (SQLite drops it
// when storing, so input_text and the caption positions into it would disagree.)
QString withoutByteOrderMark(const QString &text);

// Whether the text gives a voice anything to say: at least one letter or digit.
// Emoji, symbols, punctuation, spaces and invisible characters alone are not read aloud.
bool hasSomethingToSay(const QString &text);
// Text that breaks no rule of its own but gives a voice nothing to say: not empty, no
// invalid character, not too long, and (for SSML, of what the document says) without a
// letter or digit. Sentence-by-sentence clients send such chunks ("---", an emoji).
bool saysNothing(const QString &text);
// At least one of A-Z, a-z, 0-9: all the English voices (flite) read.
bool hasBasicLatin(const QString &text);
}
