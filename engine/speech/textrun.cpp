#include "textrun.h"

#include "audioformat.h"
#include "flitebackend.h"
#include "speedchanger.h"
#include "wordaligner.h"

#include <cmath>
#include <utility>

TextRun::TextRun(SynthesisPipeline &pipeline, const SynthesisParams &params, int rate,
                 const SynthesisPipeline::ChunkSink &sink, SynthesisPipeline::Progress &done,
                 const SynthesisPipeline::WordSink &words, const SynthesisPipeline::Excerpt &excerpt)
    : m_pipeline(pipeline)
    , m_params(params)
    , m_done(done)
    , m_words(words)
    , m_excerpt(excerpt)
    , m_backend(pipeline.backendFor(params))
    , m_rate(rate)
    , m_output(sink, pipeline.m_quality)
    , m_sentence(isExcerpt() ? excerpt.firstSentence : 0)
{
    if (params.backend == SpeechBackendKind::Flite) {
        const double sonicPitch = FliteBackend::honorsPitchTargets(params.fliteVoice) ? 1.0 : params.pitch;
        if (std::abs(params.speed - 1.0) > 1e-3 || std::abs(sonicPitch - 1.0) > 1e-3)
            m_speed = std::make_unique<SpeedChanger>(rate, params.speed, sonicPitch);
    }
}

TextRun::~TextRun() = default;

QString TextRun::run()
{
    // Pieces of the text as written (kana conversion per piece), so that word timings
    // point into it. An excerpt is pieces the whole text's ramp cut already: cutting it
    // again would make other pieces than the whole run's.
    m_pieces = (isExcerpt() ? TextSegmenter() : SynthesisPipeline::segmenterFor(m_params)).pieces(m_params.text);
    if (isExcerpt() && !m_pieces.isEmpty())
        m_pieces.last().joinsNext = m_excerpt.joinsNext;
    if (m_pieces.isEmpty())
        return QStringLiteral("text has nothing to speak");
    m_level = m_pipeline.levelOf(m_backend, m_params);
    m_quiet = m_level > 0 ? VoiceLevels::kAudible / m_level : 1.0f;
    m_done = SynthesisPipeline::Progress{};
    for (const TextSegmenter::Piece &p : std::as_const(m_pieces))
        m_done.total += p.text.size();
    if (m_words)
        m_cpIndex = WordTimings::codePointIndex(m_params.text);

    m_output.useRate(m_rate);
    if (isExcerpt())
        m_output.startExcerpt(m_excerpt);
    const qsizetype pause = qsizetype(size_t(m_rate) * size_t(qMax(0, m_params.sentencePauseMs)) / 1000);
    // At a ramp cut (always a clause end): a comma's pause, two thirds of the sentence
    // pause (100 ms by default, about what flite makes at a comma inside a sentence).
    const qsizetype clausePause = pause * 2 / 3;
    for (qsizetype i = 0; i < m_pieces.size() && !m_output.stopped(); ++i) {
        countPiece(i);
        if (QString err = speakPiece(i); !err.isEmpty())
            return err;
        if ((i + 1 < m_pieces.size() || m_excerpt.pauseAfter) && !m_output.stopped())
            m_output.pushSilence(m_pieces.at(i).joinsNext ? clausePause : pause);
    }
    m_output.finish();
    m_done.inputSamples = m_output.pushed() - (isExcerpt() ? m_excerpt.inputOffset : 0);
    return {};
}

void TextRun::countPiece(qsizetype i)
{
    // A player marks sentences: a piece the ramp cut off its sentence's start is not one.
    const bool startsSentence = i > 0 ? !m_pieces.at(i - 1).joinsNext : !m_excerpt.joinsPrevious;
    // Its pause and the resampler's tail of it count with it; a stop is billed by whole
    // sentences, so a sentence's first piece counts the pieces the ramp cut off it.
    for (qsizetype k = i; startsSentence && k < m_pieces.size(); ++k) {
        m_done.throughCurrentSentence += m_pieces.at(k).text.size();
        if (!m_pieces.at(k).joinsNext)
            break;
    }
    if (i > 0 && startsSentence)
        ++m_sentence;
    if (startsSentence)
        m_done.sentence = m_sentence;
}

QString TextRun::speakPiece(qsizetype i)
{
    const SynthesisPipeline::SpokenPiece spoken = m_pipeline.spokenPiece(m_pieces.at(i), m_params);
    m_trimLead = i > 0 ? m_pieces.at(i - 1).joinsNext : m_excerpt.joinsPrevious;
    m_trimTail = m_pieces.at(i).joinsNext;
    m_heardPiece = false;
    m_held.clear();
    return m_words ? speakTimed(m_pieces.at(i), spoken) : speakStreamed(spoken);
}

QString TextRun::speakStreamed(const SynthesisPipeline::SpokenPiece &spoken)
{
    const SpeechBackend::PcmSink pcmSink = [this](const qint16 *pcm, int n) { return backendPcm(pcm, n); };
    // The backend's silence before the first call's audio is trimmed at a cut.
    auto lead = m_trimLead ? SpeechBackend::LeadingSilence::Trimmed : SpeechBackend::LeadingSilence::Heard;
    for (const SynthesisPipeline::SpokenPiece &call : SynthesisPipeline::callsOf(spoken)) {
        if (m_output.stopped())
            break;
        if (QString err = m_backend->speak(call.text.text, m_params, pcmSink, {}, call.phonemes,
                                           std::exchange(lead, SpeechBackend::LeadingSilence::Heard));
            !err.isEmpty())
            return err;
        if (!SynthesisPipeline::heartbeat())
            m_output.stop();
    }
    if (m_speed && !m_output.stopped()) {
        m_sped.clear();
        m_speed->flush(m_sped);
        if (!m_sped.empty())
            emitPcm(m_sped.data(), qsizetype(m_sped.size()));
    }
    return {};
}

bool TextRun::backendPcm(const qint16 *pcm, int n)
{
    if (!m_speed)
        return emitPcm(pcm, n);
    m_sped.clear();
    m_speed->process(pcm, n, m_sped);
    return m_sped.empty() || emitPcm(m_sped.data(), qsizetype(m_sped.size()));
}

// Where the ramp cut a sentence (TextSegmenter::Piece::joinsNext; flite voices only,
// segmenterFor), flite's edge silence on either side of the cut goes (it pads every
// utterance with ~200 ms before and ~80 ms after it) and a clause pause stands in its
// place: the cut sounds like the comma it is, not like two sentences. Quiet samples at
// the end of such a piece are held until something audible follows them, so the trim
// costs no latency. The same samples go when a piece is gathered whole (speakTimed).
bool TextRun::emitPcm(const qint16 *pcm, qsizetype n)
{
    if (m_trimLead && !m_heardPiece) {
        qsizetype first = 0;
        while (first < n && std::abs(float(pcm[first])) < m_quiet)
            ++first;
        pcm += first;
        n -= first;
        if (n == 0)
            return !m_output.stopped();
    }
    m_heardPiece = true;
    if (!m_trimTail)
        return push(pcm, n);
    qsizetype last = n;
    while (last > 0 && std::abs(float(pcm[last - 1])) < m_quiet)
        --last;
    if (last > 0) {
        if (!m_held.empty())
            push(m_held.data(), qsizetype(m_held.size()));
        m_held.clear();
        push(pcm, last);
    }
    m_held.insert(m_held.end(), pcm + last, pcm + n);
    return !m_output.stopped();
}

// With word timings: the piece is gathered whole, its words placed, then pushed.
QString TextRun::speakTimed(const TextSegmenter::Piece &piece, const SynthesisPipeline::SpokenPiece &spoken)
{
    m_raw.clear();
    m_marks.clear();
    bool stopped = false;
    const QString err = m_pipeline.speakInCalls(m_backend, spoken, m_params, m_raw, &m_marks, &stopped, m_trimLead);
    if (stopped)
        m_output.stop();
    if (!err.isEmpty() || stopped)
        return err;
    m_sped.clear();
    if (m_speed) {
        m_speed->process(m_raw.data(), int(m_raw.size()), m_sped);
        m_speed->flush(m_sped);
    } else {
        m_sped = m_raw;
    }
    // The edges emitPcm would trim (a piece with no audible sample keeps none).
    size_t first = 0, last = m_sped.size();
    if (m_trimLead)
        while (first < last && std::abs(float(m_sped[first])) < m_quiet)
            ++first;
    if (m_trimTail)
        while (last > first && std::abs(float(m_sped[last - 1])) < m_quiet)
            --last;
    if (!m_words(timingsOf(piece, first, last))) {
        m_output.stop();
        return {};
    }
    // In blocks: the first audio leaves once one block is resampled, not the whole piece
    // (tens to hundreds of milliseconds for a long sentence).
    constexpr qsizetype kBlock = 4096;
    for (qsizetype at = qsizetype(first); at < qsizetype(last) && !m_output.stopped(); at += kBlock)
        push(m_sped.data() + at, qMin(kBlock, qsizetype(last) - at));
    return {};
}

QList<WordTiming> TextRun::timingsOf(const TextSegmenter::Piece &piece, size_t first, size_t last) const
{
    const double ratio = m_raw.empty() ? 1.0 : double(m_sped.size()) / double(m_raw.size());
    const QList<WordTimings::Span> spans = WordTimings::split(piece.text);
    const auto placed = WordAligner(m_raw, m_rate).align(spans, piece.text.size(), m_marks);
    const double pushed = double(m_output.pushed());
    const qint64 offset = isExcerpt() ? m_excerpt.outputOffset : 0;
    auto toOutput = [&](qint64 sample) {
        const double kept = qBound(0.0, double(sample) * ratio - double(first), double(last - first));
        return qint64(std::llround((pushed + kept) * AudioFormats::kSampleRate / m_rate)) - offset;
    };
    QList<WordTiming> timings;
    const qint64 cpOffset = m_excerpt.codePointOffset;
    for (qsizetype w = 0; w < spans.size(); ++w)
        timings.append(WordTiming{cpOffset + m_cpIndex[size_t(piece.start + spans.at(w).start)],
                                  cpOffset + m_cpIndex[size_t(piece.start + spans.at(w).end)],
                                  toOutput(placed[size_t(w)].start), toOutput(placed[size_t(w)].end)});
    return timings;
}
