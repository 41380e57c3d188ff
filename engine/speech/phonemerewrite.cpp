#include "phonemerewrite.h"

QString PhonemeRewrite::spaced(const QString &sentence, const SpeechBackend::PhonemeSpan &span, const QString &replacement)
{
    const qsizetype end = span.start + span.length;
    const bool before = span.start > 0 && sentence.at(span.start - 1).isLetterOrNumber();
    const bool after = end < sentence.size() && sentence.at(end).isLetterOrNumber();
    return (before ? QStringLiteral(" ") : QString()) + replacement + (after ? QStringLiteral(" ") : QString());
}

SpokenText PhonemeRewrite::apply(const QString &sentence, const QList<SpeechBackend::PhonemeSpan> &spans,
                                 const Replacement &replace, const Plain &plain)
{
    SpokenText out;
    qsizetype cursor = 0;
    auto passThrough = [&](qsizetype from, qsizetype to) {
        if (to <= from)
            return;
        const QStringView part = QStringView(sentence).mid(from, to - from);
        const QString text = plain ? plain(part) : part.toString();
        for (qsizetype i = 0; i < text.size(); ++i)
            out.origin.push_back(from + qMin(i, part.size() - 1));
        out.text += text;
    };
    for (qsizetype i = 0; i < spans.size(); ++i) {
        const SpeechBackend::PhonemeSpan &span = spans.at(i);
        if (span.start < cursor || span.length <= 0 || span.start + span.length > sentence.size())
            continue;
        passThrough(cursor, span.start);
        const QString replacement = replace(span, i);
        for (qsizetype k = 0; k < replacement.size(); ++k)
            out.origin.push_back(span.start);
        out.text += replacement;
        cursor = span.start + span.length;
    }
    passThrough(cursor, sentence.size());
    out.origin.push_back(sentence.size());
    return out;
}
