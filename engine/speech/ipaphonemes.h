#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

// IPA, as written in lexicon entries and SSML <phoneme alphabet="ipa" ph="...">, turned
// into what each backend reads. Both mappings are approximate (docs/api.md
// "Pronunciation lexicons"): espeak-ng's mnemonics differ a little per language, and
// flite knows only the 39 phones of American English (CMU), so other sounds become the
// closest of those.
namespace IpaPhonemes
{
// The first symbol that is not IPA this project knows, or nullopt when every symbol is
// known and the text has at least one sound (for a 400 that names it).
std::optional<QString> unknownSymbol(const QString &ipa);

// espeak-ng phoneme mnemonics for its [[...]] input (Kirshenbaum-like; espeak_Synth with
// espeakPHONEMES): "təˈmɑːtoʊ" → "t@'mA:toU". Each language's phoneme table has its own
// set: known (when given) says whether the current voice has a mnemonic, and each sound
// takes the first of its choices that it has ("ɪ" is I in English, i in Spanish).
// nullopt for unknown IPA.
using Known = std::function<bool(const QString &mnemonic)>;
std::optional<QString> toEspeak(const QString &ipa, const Known &known = {});

// flite's CMU lexicon phones with its stress digits (only 0 and 1): "təˈmɑːtoʊ" →
// {"t","ax0","m","aa1","t","ow0"}. Without a stress mark the first vowel is stressed.
// nullopt for unknown IPA or when nothing with a vowel is left.
std::optional<QStringList> toFlite(const QString &ipa);
}
