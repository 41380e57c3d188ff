#pragma once

#include "resampler.h"
#include "speechbackend.h"
#include "synthesisparams.h"
#include "textnormalizer.h"
#include "textsegmenter.h"
#include "voicelevels.h"
#include "wordtiming.h"

#include <QString>

#include <functional>
#include <map>
#include <memory>

class EspeakBackend;
class FliteBackend;
class KanaConverter;
class SsmlDocument;
class TextNormalizer;

// A SynthesisPipeline run that speaks one stretch of a longer text (a live stream's unit, scheduled on
// whichever worker is free): params.text is the stretch, and this places it in the
// whole so that sentence indices, word timings and the output clock are those of a
// run over the whole text. The output of consecutive units then joins into what one
// run would have made: each unit ends with the sentence pause that follows it, and
// its sample count is trimmed (or padded with silence) to where the whole run's
// resampler clock puts the unit's end, so rounding never adds up along a stream.
struct SynthesisExcerpt
{
    qsizetype firstSentence = 0; // index of the sentence the stretch's first piece is (part of)
    qint64 codePointOffset = 0;  // code points of the whole text before the stretch
    bool pauseAfter = false;     // more text follows: end with a sentence pause
    // The ramp cut a sentence before the stretch (it goes on with the piece before) or
    // after it (TextSegmenter::Piece::joinsNext): those edges are joined like a clause.
    bool joinsPrevious = false;
    bool joinsNext = false;
    qint64 inputOffset = -1;     // backend-rate samples of the units before; -1: not an excerpt
    qint64 outputOffset = 0;     // output samples of the units before
};

// Text in, 24 kHz mono float chunks out, sentence by sentence, as they are produced:
// segmentation -> numbers in words (ICU) -> (kana) -> backend -> (sonic speed) -> voice level -> soxr (resampling to 24 kHz).
// Holds process-wide speech state: one per worker process (or per `say`).
class SynthesisPipeline
{
public:
    // Receives 24 kHz mono float samples; returns false to stop.
    using ChunkSink = std::function<bool(const float *samples, qsizetype count)>;
    // Receives the words of each piece (code points into params.text, samples of the
    // output), before the first chunk of that piece's audio; returns false to stop.
    using WordSink = std::function<bool(const QList<WordTiming> &words)>;

    explicit SynthesisPipeline(Resampler::Quality quality = Resampler::Quality::Medium);
    ~SynthesisPipeline();

    // Loads every voice now so that the first request does not pay for it.
    void warmUp();

    // How a voice's texts are cut into pieces, on every route (a live stream's units are
    // these pieces): with TextSegmenter's ramp for espeak-ng and flite's clustergen
    // voices, in sentences for flite's kal16 diphone voice (see the .cpp for why).
    static TextSegmenter segmenterFor(const SynthesisParams &params);
    // How far into the text the audio handed to the sink reaches, in characters of the
    // segmented text: a stream stopped early is billed for what it kept (docs/api.md
    // "Streams that end early"). Updated before each sentence's audio reaches the sink.
    struct Progress
    {
        qsizetype throughCurrentSentence = 0; // the sentence being spoken, and all before it
        qsizetype total = 0;
        // Index of the sentence being spoken, in TextSegmenter's sentences (a sentence the
        // ramp cut counts once, from its first piece); -1 while an excerpt goes on with a
        // sentence an earlier unit began.
        qsizetype sentence = -1;
        qint64 inputSamples = 0; // samples at the backend's rate the run pushed (its pauses too)
    };

    using Excerpt = SynthesisExcerpt;

    // Returns an error text, or empty on success (also when the sink stopped early).
    // With a word sink each piece is synthesized whole before its audio goes out (its
    // words' times are known only then), which delays the first audio by one piece.
    QString run(const SynthesisParams &params, const ChunkSink &sink, Progress *progress = nullptr,
                const WordSink &words = {}, const Excerpt &excerpt = {});

    // What the backend is handed for one piece of params.text (a TextSegmenter piece):
    // numbers in words, aliases in place of their spans, kana; the spans said as IPA
    // keep their letters and are listed in phonemes (indices into text). origin maps
    // every character of text to a UTF-16 index into the piece.
    struct SpokenPiece
    {
        SpokenText text;
        QList<SpeechBackend::PhonemeSpan> phonemes;
    };
    SpokenPiece spokenPiece(const TextSegmenter::Piece &piece, const SynthesisParams &params);

    // The longest text one backend call is handed: a piece's length (TextSegmenter). A
    // piece whose aliases or expansions make it longer is said in several calls.
    static constexpr qsizetype kMaxCall = 240;
    // A spoken piece cut into calls of at most kMaxCall UTF-16 units: at a space (else
    // after punctuation, else anywhere but inside a surrogate pair), never inside a span
    // said as IPA. Each call's origin still points into the piece; its phonemes index it.
    static QList<SpokenPiece> callsOf(const SpokenPiece &spoken);

    // Called after each backend call (a long piece makes several): the job can show that
    // it lives while a piece's audio is gathered. Returns false to stop. For the runs of
    // the calling thread (a worker's units run on threads of their own, taking turns).
    void setHeartbeat(std::function<bool()> heartbeat);

private:
    // Says spoken in callsOf() calls: its audio appended to raw and, when marks is given,
    // its word marks there, moved past the calls before and pointing into the piece.
    // Returns the backend's error; *stopped when the heartbeat says stop. leadTrimmed: the
    // silence before the first call's audio is trimmed (SpeechBackend::LeadingSilence).
    QString speakInCalls(SpeechBackend *backend, const SpokenPiece &spoken, const SynthesisParams &params,
                         std::vector<qint16> &raw, QList<SpeechBackend::WordMark> *marks, bool *stopped,
                         bool leadTrimmed = false);
    // The runs' own state lives in one object per run (TextRun, SsmlRun) over these.
    friend class TextRun;
    friend class SsmlRun;
    SpeechBackend *backendFor(const SynthesisParams &params);
    // The gain that brings the voice to the common level, for samples as floats.
    float levelOf(SpeechBackend *backend, const SynthesisParams &params);
    TextNormalizer *normalizerFor(const QString &locale);
    // False when the calling thread's heartbeat says stop (setHeartbeat).
    static bool heartbeat();
    SpokenText normalized(const QString &piece, const SynthesisParams &params);
    QString spokenForm(const QString &normalizedPiece, const SynthesisParams &params);
    // A stretch of the piece (from offset) in words and kana, appended to out.
    void appendSpoken(SpokenText &out, const QString &text, qsizetype offset, const SynthesisParams &params);

    Resampler::Quality m_quality;
    std::unique_ptr<EspeakBackend> m_espeak;
    std::unique_ptr<FliteBackend> m_flite;
    std::unique_ptr<KanaConverter> m_kana;
    std::map<QString, std::unique_ptr<TextNormalizer>> m_normalizers; // by locale
    VoiceLevels m_levels; // every voice at the same loudness, from the first sample
};
