#include "ssmlrun.h"

#include "audioformat.h"
#include "flitebackend.h"
#include "speedchanger.h"
#include "wordaligner.h"

#include <cmath>

namespace
{
// Where the audible part of a piece begins and ends: a break or a join cuts the
// backend's own edge silence (flite pads each utterance, espeak-ng ends a sentence with
// a pause) so that the silence heard is the one the document asks for.
std::pair<size_t, size_t> audibleSpan(const std::vector<qint16> &pcm, float level)
{
    const float threshold = level > 0 ? VoiceLevels::kAudible / level : 1.0f;
    size_t first = 0, last = pcm.size();
    while (first < last && std::abs(float(pcm[first])) < threshold)
        ++first;
    while (last > first && std::abs(float(pcm[last - 1])) < threshold)
        --last;
    return {first, last};
}
}

SsmlRun::SsmlRun(SynthesisPipeline &pipeline, const SynthesisParams &params, const SsmlDocument &doc,
                 const SynthesisPipeline::ChunkSink &sink, SynthesisPipeline::Progress &done,
                 const SynthesisPipeline::WordSink &words)
    : m_pipeline(pipeline)
    , m_params(params)
    , m_done(done)
    , m_words(words)
    , m_plan(doc, params.sentencePauseMs, params.locale.isEmpty() ? nullptr : pipeline.normalizerFor(params.locale))
    , m_output(sink, pipeline.m_quality)
{
}

QString SsmlRun::run()
{
    const QList<SsmlStep> &steps = m_plan.steps();
    if (steps.isEmpty())
        return QStringLiteral("text has nothing to speak");
    m_done = SynthesisPipeline::Progress{};
    for (const SsmlStep &s : steps)
        m_done.total += s.text.size();
    if (m_words)
        m_cpIndex = WordTimings::codePointIndex(m_params.text);
    for (qsizetype i = 0; i < steps.size() && !m_output.stopped(); ++i)
        if (QString err = speakStep(i); !err.isEmpty())
            return err;
    silence(m_plan.trailingBreakMs());
    m_output.finish();
    return {};
}

QString SsmlRun::speakStep(qsizetype i)
{
    const SsmlStep &step = m_plan.steps().at(i);
    // The language's backend and voice, levelled as itself; prosody on top. A <lang> may
    // move to the other backend, at another rate (SynthesisOutput::useRate).
    const SynthesisParams voiced = m_params.inLanguage(step.language);
    SpeechBackend *backend = m_pipeline.backendFor(voiced);
    const int backendRate = backend->sampleRate(voiced);
    if (backendRate <= 0)
        return QStringLiteral("speech backend is not available");
    m_output.useRate(backendRate);
    const float level = m_pipeline.levelOf(backend, voiced);
    if (step.gap != SsmlStep::Gap::None)
        silence(step.gapMs);
    if (m_output.stopped())
        return {};
    m_done.throughCurrentSentence += step.text.size();
    m_done.sentence = i;

    SynthesisParams sp = voiced;
    sp.speed = qBound(0.25, voiced.speed * step.prosody.rate, 4.0);
    sp.pitch = qBound(0.25, voiced.pitch * step.prosody.pitch, 4.0);
    // After a break or a join the backend's leading silence is trimmed (below).
    const bool leadTrimmed = step.gap == SsmlStep::Gap::Break || step.gap == SsmlStep::Gap::Join;
    if (QString err = gather(step, backend, sp, leadTrimmed); !err.isEmpty() || m_output.stopped())
        return err;
    changeSpeed(sp);

    const auto [audibleFirst, audibleLast] = audibleSpan(m_sped, level);
    size_t first = 0, last = m_sped.size();
    if (leadTrimmed)
        first = audibleFirst;
    if (m_plan.trimsTail(i))
        last = qMax(first, audibleLast);
    if (m_words) {
        const QList<WordTiming> timings = timingsOf(step, first, last);
        if (!timings.isEmpty() && !m_words(timings)) {
            m_output.stop();
            return {};
        }
    }
    if (last > first)
        m_output.push(m_sped.data() + first, qsizetype(last - first), level * float(step.prosody.volume));
    return {};
}

QString SsmlRun::gather(const SsmlStep &step, SpeechBackend *backend, const SynthesisParams &sp, bool leadTrimmed)
{
    // Numbers in words, kana, and <phoneme> (and lexicon) spans said as their IPA, the
    // way plain text's pronunciations are (spokenPiece), on this piece's own text.
    SynthesisParams said = sp;
    said.text = step.text;
    said.pronunciations = SsmlPlan::pronunciationsOf(step, m_params.pronunciations);
    const SynthesisPipeline::SpokenPiece spoken = m_pipeline.spokenPiece(TextSegmenter::Piece{0, step.text}, said);
    m_raw.clear();
    m_marks.clear();
    // A step that its aliases made long is said in calls of a plain piece's length; the
    // job shows that it lives after each.
    bool stopped = false;
    const QString err = m_pipeline.speakInCalls(backend, spoken, sp, m_raw, m_words ? &m_marks : nullptr, &stopped, leadTrimmed);
    if (stopped)
        m_output.stop();
    return err;
}

void SsmlRun::changeSpeed(const SynthesisParams &sp)
{
    // Per piece: settings change.
    m_sped.clear();
    const bool flite = sp.backend == SpeechBackendKind::Flite;
    const double sonicPitch = flite && !FliteBackend::honorsPitchTargets(sp.fliteVoice) ? sp.pitch : 1.0;
    if (flite && (std::abs(sp.speed - 1.0) > 1e-3 || std::abs(sonicPitch - 1.0) > 1e-3) && !m_raw.empty()) {
        SpeedChanger changer(rate(), sp.speed, sonicPitch);
        changer.process(m_raw.data(), int(m_raw.size()), m_sped);
        changer.flush(m_sped);
    } else {
        m_sped = m_raw;
    }
}

QList<WordTiming> SsmlRun::timingsOf(const SsmlStep &step, size_t first, size_t last) const
{
    const double ratio = m_raw.empty() ? 1.0 : double(m_sped.size()) / double(m_raw.size());
    const QList<WordTimings::Span> spans = WordTimings::split(step.text);
    const auto placed = WordAligner(m_raw, rate()).align(spans, step.text.size(), m_marks);
    auto toOutput = [&](qint64 sample) {
        const double kept = qBound(0.0, double(sample) * ratio - double(first), double(last - first));
        return qint64(std::llround(m_output.clock() + kept * AudioFormats::kSampleRate / rate()));
    };
    QList<WordTiming> timings;
    for (qsizetype w = 0; w < spans.size(); ++w) {
        // The word is where its letters are; punctuation beside them joins it only when
        // nothing (markup: the comma after a </say-as>) lies between.
        const size_t a = size_t(spans.at(w).start), b = size_t(spans.at(w).end);
        size_t coreFirst = a, coreLast = b - 1;
        while (coreFirst < coreLast && !step.text.at(qsizetype(coreFirst)).isLetterOrNumber())
            ++coreFirst;
        while (coreLast > coreFirst && !step.text.at(qsizetype(coreLast)).isLetterOrNumber())
            --coreLast;
        qsizetype from = step.from[coreFirst], to = step.to[coreLast];
        for (size_t k = coreFirst; k-- > a && step.to[k] == from;)
            from = step.from[k];
        for (size_t k = coreLast + 1; k < b && step.from[k] == to; ++k)
            to = step.to[k];
        const qint64 cs = m_cpIndex[size_t(from)];
        const qint64 ce = m_cpIndex[size_t(to)];
        const qint64 s = toOutput(placed[size_t(w)].start), e = toOutput(placed[size_t(w)].end);
        // Words said for one span of the document (a <sub>'s alias, a number read out)
        // are that one word of it.
        if (!timings.isEmpty() && cs < timings.last().charEnd) {
            timings.last().charEnd = qMax(timings.last().charEnd, ce);
            timings.last().endSample = qMax(timings.last().endSample, e);
            continue;
        }
        timings.append(WordTiming{cs, ce, s, e});
    }
    return timings;
}

void SsmlRun::silence(int ms)
{
    m_output.pushSilence(qsizetype(size_t(rate()) * size_t(qMax(0, ms)) / 1000));
}
