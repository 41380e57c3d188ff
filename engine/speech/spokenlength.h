#pragma once

#include "synthesisparams.h"

#include <QtGlobal>

// How much a synthesis of params says: the code points its backends are handed (before
// kana), with numbers spelled out in the language's words, lexicon and <sub> aliases in
// place, say-as content as it is said, and a span said as IPA counted as its phonemes
// (or as its alias, whichever is longer: the backend chooses between them); weighted by
// how long each is said: a CJK ideograph, kana or Hangul syllable counts 5, a letter read
// as its name (alone, or in a word of Latin letters without a vowel) 6, a digit read as
// its name 10, any other code point 1. The measure
// of docs/api.md's limit on what a billed token may say. No backend is involved, so the
// server computes it when a request arrives, before anything is created.
namespace SpokenLength
{
qint64 of(const SynthesisParams &params);
}
