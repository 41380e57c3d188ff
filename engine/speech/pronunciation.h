#pragma once

#include <QJsonArray>
#include <QList>
#include <QString>

// "This span of the text is said like this": a lexicon entry matched in a text, or an
// SSML <phoneme>/<sub>. start and length are UTF-16 indices into SynthesisParams::text;
// the span keeps its written characters there, so word timings and captions still point
// at the words as written. The pipeline hands the backend either the IPA (when the
// backend can say it: IpaPhonemes) or else the alias; with neither, the text as written.
struct Pronunciation
{
    qsizetype start = 0;
    qsizetype length = 0;
    QString ipa;   // IPA phonemes (IpaPhonemes::unknownSymbol() is empty for it), or empty
    QString alias; // words said instead, or empty

    bool operator==(const Pronunciation &o) const
    {
        return start == o.start && length == o.length && ipa == o.ipa && alias == o.alias;
    }
};

namespace Pronunciations
{
QJsonArray toJson(const QList<Pronunciation> &spans);
// Spans outside a text of textLength, overlapping an earlier one, out of order or with
// nothing to say are dropped: the worker speaks the rest as written.
QList<Pronunciation> fromJson(const QJsonArray &array, qsizetype textLength);
}
