#pragma once

#include "speechbackend.h"
#include "textnormalizer.h"

#include <QStringView>

#include <functional>

// A sentence as one backend reads it: each phoneme span replaced by the backend's own
// phoneme input, the rest passed through plain(); origin maps every character back to
// the sentence (a span's replacement to the span's first character), so that the
// backend's word marks still point at the words as written.
namespace PhonemeRewrite
{
using Replacement = std::function<QString(const SpeechBackend::PhonemeSpan &span, qsizetype index)>;
using Plain = std::function<QString(QStringView text)>; // must keep the length

// replacement, with a space on each side where a letter or digit of the sentence
// touches the span (so that it stays a word of its own, and punctuation stays attached).
QString spaced(const QString &sentence, const SpeechBackend::PhonemeSpan &span, const QString &replacement);

SpokenText apply(const QString &sentence, const QList<SpeechBackend::PhonemeSpan> &spans, const Replacement &replace,
                 const Plain &plain = {});
}
