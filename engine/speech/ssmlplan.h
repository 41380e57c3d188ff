#pragma once

#include "pronunciation.h"
#include "ssmldocument.h"

#include <QList>
#include <QString>

#include <vector>

class TextNormalizer;

// One piece of an SSML document as the pipeline speaks it: a sentence-sized text with
// its settings, and the pause that comes before it.
struct SsmlStep
{
    // How this piece joins the one before it.
    enum class Gap {
        None,     // the first piece, nothing before it
        Sentence, // a sentence or paragraph ends: the voice's pause, as for plain text
        Join,     // same sentence, new settings: the backends' edge silence cut, kJoinMs
        Break,    // <break>: edge silence cut, exactly gapMs of silence
    };

    QString text; // what the backend is given (numbers are still spoken by TextNormalizer)
    std::vector<qsizetype> from; // per UTF-16 unit of text: its span in the document
    std::vector<qsizetype> to;
    SsmlProsody prosody;
    QString language;
    // <phoneme> spans of text (UTF-16 indices into text), said as their IPA with the
    // pronunciation mechanism lexicons use (SynthesisPipeline::spokenPiece).
    QList<Pronunciation> pronunciations;
    Gap gap = Gap::None;
    int gapMs = 0;

    // Where the piece lies in the document: from its first character's span to its last's.
    qsizetype sourceStart() const;
    qsizetype sourceEnd() const;
};

// An SSML document cut into the pieces a synthesis speaks, in order, with say-as
// content turned into what is said (cardinal and ordinal numbers in words of the
// request's language; dates and times in the forms TextNormalizer speaks; characters,
// digits and telephone numbers one by one) and the pause before each piece. The
// pipeline speaks these; SentenceSpans shows them; both cut the same way.
class SsmlPlan
{
public:
    static constexpr int kJoinMs = 40; // between runs of one sentence with other settings

    // normalizer: the request's language for say-as numbers (nullptr: English).
    SsmlPlan(const SsmlDocument &doc, int sentencePauseMs, const TextNormalizer *normalizer);

    const QList<SsmlStep> &steps() const;
    // A step's pronunciations: its <phoneme> spans, and those of the request (a lexicon's,
    // matched on the document: UTF-16 indices into it, in order) that fall on its text
    // as written.
    static QList<Pronunciation> pronunciationsOf(const SsmlStep &step, const QList<Pronunciation> &document);
    // Silence after the last piece (a <break> at the end of the document).
    int trailingBreakMs() const;
    // Whether each piece's tail must be cut: the next gap is a Break or a Join (or the
    // document ends with a break).
    bool trimsTail(qsizetype step) const;

private:
    void addText(const SsmlItem &item, const TextNormalizer *normalizer);
    void flush();

    // Text with the same settings gathered across say-as and sub, so that a sentence
    // with a number read out is still one utterance.
    SsmlItem m_run;
    QList<Pronunciation> m_runPhonemes; // into m_run.text
    bool m_haveRun = false;

    QList<SsmlStep> m_steps;
    int m_sentencePauseMs;
    // What comes before the next piece.
    bool m_pendingBreak = false;
    int m_breakMs = 0;
    int m_boundaryMs = -1;
};
