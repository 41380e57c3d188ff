#include "synthesispipeline.h"

#include "audioformat.h"
#include "espeakbackend.h"
#include "flitebackend.h"
#include "kanaconverter.h"
#include "speedchanger.h"
#include "ssmldocument.h"
#include "ssmlplan.h"
#include "textnormalizer.h"
#include "wordaligner.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>
#include <vector>

namespace
{
thread_local std::function<bool()> t_heartbeat; // SynthesisPipeline::setHeartbeat
}

SynthesisPipeline::SynthesisPipeline(Resampler::Quality quality)
    : m_quality(quality)
{
}

void SynthesisPipeline::setHeartbeat(std::function<bool()> heartbeat)
{
    t_heartbeat = std::move(heartbeat);
}

SynthesisPipeline::~SynthesisPipeline() = default;

// The ramp cuts a text's first sentences at their clause ends so that a stream's first
// unit is short (TextSegmenter). A piece must be the same samples on whichever worker makes
// it, so that a stream equals its file: flite seeds its noise per sentence, and each
// espeak-ng call runs in a fresh fork (EspeakCall), since what one espeak_Synth call makes
// otherwise depends on the calls before it in the process (its voice source's flutter and
// echo buffer carry on from call to call, and a cut sentence drifted from its file by a
// 49 ms block).
TextSegmenter SynthesisPipeline::segmenterFor(const SynthesisParams &params)
{
    // Every voice but kal16 (a diphone voice), which starts each utterance with ~230 ms
    // of low-level noise that the edge trim cannot tell from a soft onset: a cut there
    // would be heard as a 260 ms pause mid-sentence (and moved the next word's timing by
    // 240 ms).
    const bool flite = params.backend == SpeechBackendKind::Flite;
    const bool ramp = !flite || params.fliteVoice != QLatin1String("kal16");
    // flite works out a whole utterance before its first audio (~30 % of its work): in
    // bursts of listeners arriving together, a whole second sentence after one sentence
    // of audio left most of them with a gap (bench/README.md).
    return TextSegmenter(240, ramp, flite ? TextSegmenter::kSlowStartRampGrowth : TextSegmenter::kRampGrowth);
}

void SynthesisPipeline::warmUp()
{
    SynthesisParams p;
    p.backend = SpeechBackendKind::Espeak;
    backendFor(p);
    p.backend = SpeechBackendKind::Flite;
    for (const char *v : {"slt", "rms", "awb", "kal16"}) {
        p.fliteVoice = QString::fromLatin1(v);
        backendFor(p)->sampleRate(p);
        m_levels.gainFor(backendFor(p), p);
    }
    if (!m_kana)
        m_kana = std::make_unique<KanaConverter>();
}

SpeechBackend *SynthesisPipeline::backendFor(const SynthesisParams &params)
{
    if (params.backend == SpeechBackendKind::Flite) {
        if (!m_flite)
            m_flite = std::make_unique<FliteBackend>();
        return m_flite.get();
    }
    if (!m_espeak)
        m_espeak = std::make_unique<EspeakBackend>();
    return m_espeak.get();
}

SpokenText SynthesisPipeline::normalized(const QString &piece, const SynthesisParams &params)
{
    if (params.locale.isEmpty()) {
        SpokenText same{piece, {}};
        for (qsizetype i = 0; i <= piece.size(); ++i)
            same.origin.push_back(i);
        return same;
    }
    std::unique_ptr<TextNormalizer> &n = m_normalizers[params.locale];
    if (!n)
        n = std::make_unique<TextNormalizer>(params.locale);
    return n->normalize(piece);
}

QString SynthesisPipeline::spokenForm(const QString &piece, const SynthesisParams &params)
{
    if (!params.kana)
        return piece;
    if (!m_kana)
        m_kana = std::make_unique<KanaConverter>();
    return m_kana->toKana(piece);
}

void SynthesisPipeline::appendSpoken(SpokenText &out, const QString &text, qsizetype offset, const SynthesisParams &params)
{
    if (text.isEmpty())
        return;
    const SpokenText words = normalized(text, params);
    const QString spoken = spokenForm(words.text, params);
    // A converted stretch (kana) maps back to its words in proportion.
    const double scale = spoken.isEmpty() ? 1.0 : double(words.text.size()) / double(spoken.size());
    for (qsizetype i = 0; i < spoken.size(); ++i)
        out.origin.push_back(offset + words.sourceIndex(qsizetype(double(i) * scale)));
    out.text += spoken;
}

SynthesisPipeline::SpokenPiece SynthesisPipeline::spokenPiece(const TextSegmenter::Piece &piece, const SynthesisParams &params)
{
    SpokenPiece out;
    SpeechBackend *backend = backendFor(params);
    qsizetype cursor = 0; // in the piece
    const qsizetype pieceEnd = piece.start + piece.text.size();
    for (const Pronunciation &p : params.pronunciations) {
        // A span the segmenter cut through is said as written.
        if (p.start < piece.start + cursor || p.start + p.length > pieceEnd)
            continue;
        const qsizetype at = p.start - piece.start;
        appendSpoken(out.text, piece.text.mid(cursor, at - cursor), cursor, params);
        const QString written = piece.text.mid(at, p.length);
        if (!p.ipa.isEmpty() && backend->canSay(p.ipa)) {
            out.phonemes.append({out.text.text.size(), written.size(), p.ipa});
            for (qsizetype i = 0; i < written.size(); ++i)
                out.text.origin.push_back(at + i);
            out.text.text += written;
        } else if (!p.alias.isEmpty()) {
            // The alias's words all point at the span's first character: a word timing
            // covers the words as written.
            SpokenText alias;
            appendSpoken(alias, p.alias, 0, params);
            for (qsizetype i = 0; i < alias.text.size(); ++i)
                out.text.origin.push_back(at);
            out.text.text += alias.text;
        } else {
            appendSpoken(out.text, written, at, params);
        }
        cursor = at + p.length;
    }
    appendSpoken(out.text, piece.text.mid(cursor), cursor, params);
    out.text.origin.push_back(piece.text.size());
    return out;
}

QList<SynthesisPipeline::SpokenPiece> SynthesisPipeline::callsOf(const SpokenPiece &spoken)
{
    const QString &text = spoken.text.text;
    QList<SpokenPiece> out;
    if (text.size() <= kMaxCall) {
        out.append(spoken);
        return out;
    }
    auto insidePhoneme = [&](qsizetype cut) {
        for (const SpeechBackend::PhonemeSpan &p : spoken.phonemes)
            if (cut > p.start && cut < p.start + p.length)
                return true;
        return false;
    };
    auto cutsPair = [&](qsizetype cut) {
        return cut > 0 && cut < text.size() && text.at(cut).isLowSurrogate() && text.at(cut - 1).isHighSurrogate();
    };
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = text.size();
        if (end - start > kMaxCall) {
            const qsizetype limit = start + kMaxCall;
            end = -1;
            // After a space, else after punctuation, else anywhere allowed.
            for (int pass = 0; pass < 3 && end < 0; ++pass)
                for (qsizetype c = limit; c > start + kMaxCall / 4; --c) {
                    const QChar before = text.at(c - 1);
                    const bool good = pass == 0 ? before.isSpace() : pass == 1 ? before.isPunct() : true;
                    if (good && !insidePhoneme(c) && !cutsPair(c)) {
                        end = c;
                        break;
                    }
                }
            if (end < 0) { // a span said as IPA longer than a call: after it
                end = limit;
                while (end < text.size() && (insidePhoneme(end) || cutsPair(end)))
                    ++end;
            }
        }
        SpokenPiece call;
        call.text.text = text.mid(start, end - start);
        call.text.origin.assign(spoken.text.origin.begin() + start, spoken.text.origin.begin() + end + 1);
        for (const SpeechBackend::PhonemeSpan &p : spoken.phonemes)
            if (p.start >= start && p.start + p.length <= end)
                call.phonemes.append({p.start - start, p.length, p.ipa});
        out.append(std::move(call));
        start = end;
    }
    return out;
}

namespace
{
// Audible is at or above about -50 dBFS once levelled: below it the pipeline's output
// reads as silence, and soft onsets (a fricative) are louder than that.
constexpr float kAudible = 0.0032f;

// Code point index of every UTF-16 index of text (and of its end).
std::vector<qint64> codePointIndex(const QString &text)
{
    std::vector<qint64> out(size_t(text.size()) + 1);
    qint64 cp = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        out[size_t(i)] = cp;
        if (!(text.at(i).isLowSurrogate() && i > 0 && text.at(i - 1).isHighSurrogate()))
            ++cp;
    }
    out[size_t(text.size())] = cp;
    return out;
}
}

QString SynthesisPipeline::run(const SynthesisParams &params, const ChunkSink &sink, Progress *progress,
                               const WordSink &wordSink, const Excerpt &excerpt)
{
    SpeechBackend *backend = backendFor(params);
    const int rate = backend->sampleRate(params);
    if (rate <= 0)
        return QStringLiteral("speech backend is not available");

    Progress ignoredProgress;
    if (SsmlDocument::isSsml(params.text)) {
        // The server checked it; a document that does not parse here is a fault.
        const auto parsed = SsmlDocument::parse(params.text);
        if (const auto *e = std::get_if<SsmlError>(&parsed))
            return e->describe();
        return runSsml(params, std::get<SsmlDocument>(parsed), sink, progress ? *progress : ignoredProgress, wordSink);
    }

    const bool isExcerpt = excerpt.inputOffset >= 0;
    // Pieces of the text as written (kana conversion per piece), so that word timings
    // point into it. An excerpt is pieces the whole text's ramp cut already: cutting it
    // again would make other pieces than the whole run's.
    QList<TextSegmenter::Piece> pieces = (isExcerpt ? TextSegmenter() : segmenterFor(params)).pieces(params.text);
    if (isExcerpt && !pieces.isEmpty())
        pieces.last().joinsNext = excerpt.joinsNext;
    if (pieces.isEmpty())
        return QStringLiteral("text has nothing to speak");
    Progress ignored;
    Progress &done = progress ? *progress : ignored;
    done = Progress{};
    for (const TextSegmenter::Piece &p : pieces)
        done.total += p.text.size();
    qsizetype sentence = isExcerpt ? excerpt.firstSentence : 0; // the one pieces.at(i) is part of

    Resampler resampler(rate, AudioFormats::kSampleRate, m_quality);
    // espeak-ng has a native rate; flite gets its speed from sonic.
    std::unique_ptr<SpeedChanger> speed;
    if (params.backend == SpeechBackendKind::Flite) {
        const double sonicPitch = FliteBackend::honorsPitchTargets(params.fliteVoice) ? 1.0 : params.pitch;
        if (std::abs(params.speed - 1.0) > 1e-3 || std::abs(sonicPitch - 1.0) > 1e-3)
            speed = std::make_unique<SpeedChanger>(rate, params.speed, sonicPitch);
    }

    const float level = m_levels.gainFor(backend, params) / 32768.0f;
    bool stopped = false;
    // Samples at the backend's rate handed to the resampler: the output clock (of the
    // whole text when this run is an excerpt of it).
    qint64 pushed = isExcerpt ? excerpt.inputOffset : 0;
    qint64 emitted = 0; // output samples handed to the sink
    // An excerpt's resampler starts fresh, on the whole run's output grid: a few samples
    // of silence before the excerpt put its start where an output sample of the whole
    // run falls ((P - pad) * 24000 / rate whole), and the output of that silence before
    // outputOffset is dropped. Started at P itself, every sample of the unit would sit up
    // to half a sample off the solo run's (correlation 0.7 on espeak's sibilants).
    qint64 pad = 0;
    qint64 drop = 0;
    if (isExcerpt) {
        const qint64 g = std::gcd(qint64(AudioFormats::kSampleRate), qint64(rate));
        const qint64 inPeriod = rate / g, outPeriod = AudioFormats::kSampleRate / g;
        pad = excerpt.inputOffset % inPeriod;
        pushed -= pad;
        drop = qMax<qint64>(0, excerpt.outputOffset - pushed / inPeriod * outPeriod);
    }
    std::vector<float> in;
    std::vector<float> out;
    std::vector<qint16> sped;
    auto push = [&](const qint16 *pcm, qsizetype n, bool end) {
        in.resize(size_t(n));
        for (qsizetype i = 0; i < n; ++i)
            in[size_t(i)] = VoiceLevels::softLimit(float(pcm[i]) * level);
        pushed += n;
        out.clear();
        resampler.process(in.data(), n, end, out);
        if (drop > 0) {
            const qint64 early = qMin<qint64>(drop, qint64(out.size()));
            out.erase(out.begin(), out.begin() + early);
            drop -= early;
        }
        if (end && isExcerpt) {
            // Where a run over the whole text would be now (see Excerpt): the tail is
            // the sentence pause or the text's end, silence either way.
            const qint64 target = qint64(std::llround(double(pushed) * AudioFormats::kSampleRate / rate))
                                  - excerpt.outputOffset;
            out.resize(size_t(qMax<qint64>(0, target - emitted)), 0.0f);
        }
        emitted += qint64(out.size());
        if (!out.empty() && !sink(out.data(), qsizetype(out.size())))
            stopped = true;
        return !stopped;
    };
    // Where the ramp cut a sentence (TextSegmenter::Piece::joinsNext; flite voices only,
    // segmenterFor), flite's edge silence on either side of the cut goes (it pads every
    // utterance with ~200 ms before and ~80 ms after it) and a clause pause stands in its
    // place: the cut sounds like the comma it is, not like two sentences. Quiet
    // samples at the end of such a piece are held until something audible follows them,
    // so the trim costs no latency. The same samples go when a piece is gathered whole
    // (speakTimed).
    const float quiet = level > 0 ? kAudible / level : 1.0f;
    bool trimLead = false, trimTail = false, heardPiece = false;
    std::vector<qint16> held;
    auto emitPcm = [&](const qint16 *pcm, qsizetype n) {
        if (trimLead && !heardPiece) {
            qsizetype first = 0;
            while (first < n && std::abs(float(pcm[first])) < quiet)
                ++first;
            pcm += first;
            n -= first;
            if (n == 0)
                return !stopped;
        }
        heardPiece = true;
        if (!trimTail)
            return push(pcm, n, false);
        qsizetype last = n;
        while (last > 0 && std::abs(float(pcm[last - 1])) < quiet)
            --last;
        if (last > 0) {
            if (!held.empty())
                push(held.data(), qsizetype(held.size()), false);
            held.clear();
            push(pcm, last, false);
        }
        held.insert(held.end(), pcm + last, pcm + n);
        return !stopped;
    };
    const SpeechBackend::PcmSink pcmSink = [&](const qint16 *pcm, int n) {
        if (!speed)
            return emitPcm(pcm, n);
        sped.clear();
        speed->process(pcm, n, sped);
        return sped.empty() || emitPcm(sped.data(), qsizetype(sped.size()));
    };

    // With word timings: the piece is gathered whole, its words placed, then pushed.
    std::vector<qint64> cpIndex;
    if (wordSink)
        cpIndex = codePointIndex(params.text);
    std::vector<qint16> raw;
    QList<SpeechBackend::WordMark> marks;
    auto speakTimed = [&](const TextSegmenter::Piece &piece, const SpokenPiece &spoken) -> QString {
        raw.clear();
        marks.clear();
        if (QString err = speakInCalls(backend, spoken, params, raw, &marks, &stopped, trimLead); !err.isEmpty() || stopped)
            return err;
        sped.clear();
        if (speed) {
            speed->process(raw.data(), int(raw.size()), sped);
            speed->flush(sped);
        } else {
            sped = raw;
        }
        const double ratio = raw.empty() ? 1.0 : double(sped.size()) / double(raw.size());
        // The edges emitPcm would trim (a piece with no audible sample keeps none).
        size_t first = 0, last = sped.size();
        if (trimLead)
            while (first < last && std::abs(float(sped[first])) < quiet)
                ++first;
        if (trimTail)
            while (last > first && std::abs(float(sped[last - 1])) < quiet)
                --last;
        const QList<WordTimings::Span> spans = WordTimings::split(piece.text);
        const auto placed = WordAligner(raw, rate).align(spans, piece.text.size(), marks);
        auto toOutput = [&](qint64 sample) {
            const double kept = qBound(0.0, double(sample) * ratio - double(first), double(last - first));
            return qint64(std::llround((double(pushed) + kept) * AudioFormats::kSampleRate / rate))
                   - (isExcerpt ? excerpt.outputOffset : 0);
        };
        QList<WordTiming> timings;
        for (qsizetype w = 0; w < spans.size(); ++w)
            timings.append(WordTiming{excerpt.codePointOffset + cpIndex[size_t(piece.start + spans.at(w).start)],
                                      excerpt.codePointOffset + cpIndex[size_t(piece.start + spans.at(w).end)],
                                      toOutput(placed[size_t(w)].start), toOutput(placed[size_t(w)].end)});
        if (!wordSink(timings)) {
            stopped = true;
            return {};
        }
        // In blocks: the first audio leaves once one block is resampled, not the whole
        // piece (tens to hundreds of milliseconds for a long sentence).
        constexpr qsizetype kBlock = 4096;
        for (qsizetype at = qsizetype(first); at < qsizetype(last) && !stopped; at += kBlock)
            push(sped.data() + at, qMin(kBlock, qsizetype(last) - at), false);
        return {};
    };

    const std::vector<qint16> pause(size_t(rate) * size_t(qMax(0, params.sentencePauseMs)) / 1000, 0);
    // At a ramp cut (always a clause end): a comma's pause, two thirds of the sentence
    // pause (100 ms by default, about what flite makes at a comma inside a sentence).
    const std::vector<qint16> clausePause(pause.size() * 2 / 3, 0);
    if (pad > 0) {
        const std::vector<qint16> silence(size_t(pad), 0);
        push(silence.data(), qsizetype(silence.size()), false);
    }
    for (qsizetype i = 0; i < pieces.size() && !stopped; ++i) {
        // A player marks sentences: a piece the ramp cut off its sentence's start is not one.
        const bool startsSentence = i > 0 ? !pieces.at(i - 1).joinsNext : !excerpt.joinsPrevious;
        // Its pause and the resampler's tail of it count with it; a stop is billed by
        // whole sentences, so a sentence's first piece counts the pieces the ramp cut off it.
        for (qsizetype k = i; startsSentence && k < pieces.size(); ++k) {
            done.throughCurrentSentence += pieces.at(k).text.size();
            if (!pieces.at(k).joinsNext)
                break;
        }
        if (i > 0 && startsSentence)
            ++sentence;
        if (startsSentence)
            done.sentence = sentence;
        const SpokenPiece spoken = spokenPiece(pieces.at(i), params);
        trimLead = i > 0 ? pieces.at(i - 1).joinsNext : excerpt.joinsPrevious;
        trimTail = pieces.at(i).joinsNext;
        heardPiece = false;
        held.clear();
        if (wordSink) {
            if (QString err = speakTimed(pieces.at(i), spoken); !err.isEmpty())
                return err;
        } else {
            // The backend's silence before the first call's audio is trimmed at a cut.
            auto lead = trimLead ? SpeechBackend::LeadingSilence::Trimmed : SpeechBackend::LeadingSilence::Heard;
            for (const SpokenPiece &call : callsOf(spoken)) {
                if (stopped)
                    break;
                if (QString err = backend->speak(call.text.text, params, pcmSink, {}, call.phonemes, std::exchange(lead, SpeechBackend::LeadingSilence::Heard));
                    !err.isEmpty())
                    return err;
                if (t_heartbeat && !t_heartbeat())
                    stopped = true;
            }
            if (speed && !stopped) {
                sped.clear();
                speed->flush(sped);
                if (!sped.empty())
                    emitPcm(sped.data(), qsizetype(sped.size()));
            }
        }
        if ((i + 1 < pieces.size() || excerpt.pauseAfter) && !stopped) {
            const std::vector<qint16> &gap = pieces.at(i).joinsNext ? clausePause : pause;
            if (!gap.empty())
                push(gap.data(), qsizetype(gap.size()), false);
        }
    }
    if (!stopped)
        push(nullptr, 0, true);
    done.inputSamples = pushed - (isExcerpt ? excerpt.inputOffset : 0);
    return {};
}

namespace
{
// Where the audible part of a piece begins and ends: a break or a join cuts the
// backend's own edge silence (flite pads each utterance, espeak-ng ends a sentence with
// a pause) so that the silence heard is the one the document asks for (kAudible).

std::pair<size_t, size_t> audibleSpan(const std::vector<qint16> &pcm, float level)
{
    const float threshold = level > 0 ? kAudible / level : 1.0f;
    size_t first = 0, last = pcm.size();
    while (first < last && std::abs(float(pcm[first])) < threshold)
        ++first;
    while (last > first && std::abs(float(pcm[last - 1])) < threshold)
        --last;
    return {first, last};
}
}

QString SynthesisPipeline::runSsml(const SynthesisParams &params, const SsmlDocument &doc, const ChunkSink &sink,
                                   Progress &done, const WordSink &wordSink)
{
    const TextNormalizer *normalizer = nullptr;
    if (!params.locale.isEmpty()) {
        std::unique_ptr<TextNormalizer> &n = m_normalizers[params.locale];
        if (!n)
            n = std::make_unique<TextNormalizer>(params.locale);
        normalizer = n.get();
    }
    const SsmlPlan plan(doc, params.sentencePauseMs, normalizer);
    const QList<SsmlStep> &steps = plan.steps();
    if (steps.isEmpty())
        return QStringLiteral("text has nothing to speak");
    done = Progress{};
    for (const SsmlStep &s : steps)
        done.total += s.text.size();

    // A <lang> may move to the other backend, at another rate: the resampler of the one
    // before is drained and a new one takes over, so the output stays one 24 kHz stream.
    std::unique_ptr<Resampler> resampler;
    int rate = 0;
    double outClock = 0; // output samples (24 kHz) of everything handed to the resamplers
    bool stopped = false;
    std::vector<float> in;
    std::vector<float> out;
    auto push = [&](const qint16 *pcm, qsizetype n, float gain, bool end) {
        in.resize(size_t(n));
        for (qsizetype i = 0; i < n; ++i)
            in[size_t(i)] = VoiceLevels::softLimit(float(pcm[i]) * gain);
        outClock += double(n) * AudioFormats::kSampleRate / rate;
        out.clear();
        resampler->process(in.data(), n, end, out);
        if (!out.empty() && !sink(out.data(), qsizetype(out.size())))
            stopped = true;
    };
    auto useRate = [&](int r) {
        if (r == rate)
            return;
        if (resampler && !stopped)
            push(nullptr, 0, 1.0f, true);
        resampler = std::make_unique<Resampler>(r, AudioFormats::kSampleRate, m_quality);
        rate = r;
    };
    std::vector<qint16> zeros;
    auto silence = [&](int ms) {
        zeros.assign(size_t(rate) * size_t(qMax(0, ms)) / 1000, 0);
        if (!zeros.empty() && !stopped)
            push(zeros.data(), qsizetype(zeros.size()), 1.0f, false);
    };

    std::vector<qint64> cpIndex;
    if (wordSink)
        cpIndex = codePointIndex(params.text);
    std::vector<qint16> raw;
    std::vector<qint16> sped;
    QList<SpeechBackend::WordMark> marks;

    for (qsizetype i = 0; i < steps.size() && !stopped; ++i) {
        const SsmlStep &step = steps.at(i);
        // The language's backend and voice, levelled as itself; prosody on top.
        const SynthesisParams voiced = params.inLanguage(step.language);
        SpeechBackend *backend = backendFor(voiced);
        const int backendRate = backend->sampleRate(voiced);
        if (backendRate <= 0)
            return QStringLiteral("speech backend is not available");
        useRate(backendRate);
        const float level = m_levels.gainFor(backend, voiced) / 32768.0f;
        if (step.gap != SsmlStep::Gap::None)
            silence(step.gapMs);
        if (stopped)
            break;
        done.throughCurrentSentence += step.text.size();
        done.sentence = i;

        SynthesisParams sp = voiced;
        sp.speed = qBound(0.25, voiced.speed * step.prosody.rate, 4.0);
        sp.pitch = qBound(0.25, voiced.pitch * step.prosody.pitch, 4.0);
        // Numbers in words, kana, and <phoneme> (and lexicon) spans said as their IPA, the
        // way plain text's pronunciations are (spokenPiece), on this piece's own text.
        SynthesisParams said = sp;
        said.text = step.text;
        said.pronunciations = SsmlPlan::pronunciationsOf(step, params.pronunciations);
        const SpokenPiece spoken = spokenPiece(TextSegmenter::Piece{0, step.text}, said);
        raw.clear();
        marks.clear();
        // A step that its aliases made long is said in calls of a plain piece's length;
        // the job shows that it lives after each.
        // After a break or a join the backend's leading silence is trimmed (below).
        const bool leadTrimmed = step.gap == SsmlStep::Gap::Break || step.gap == SsmlStep::Gap::Join;
        if (QString err = speakInCalls(backend, spoken, sp, raw, wordSink ? &marks : nullptr, &stopped, leadTrimmed);
            !err.isEmpty())
            return err;
        if (stopped)
            break;

        // flite gets speed (and rms its pitch) from sonic, per piece: settings change.
        sped.clear();
        const bool flite = sp.backend == SpeechBackendKind::Flite;
        const double sonicPitch = flite && !FliteBackend::honorsPitchTargets(sp.fliteVoice) ? sp.pitch : 1.0;
        if (flite && (std::abs(sp.speed - 1.0) > 1e-3 || std::abs(sonicPitch - 1.0) > 1e-3) && !raw.empty()) {
            SpeedChanger changer(rate, sp.speed, sonicPitch);
            changer.process(raw.data(), int(raw.size()), sped);
            changer.flush(sped);
        } else {
            sped = raw;
        }

        const auto [audibleFirst, audibleLast] = audibleSpan(sped, level);
        size_t first = 0, last = sped.size();
        if (leadTrimmed)
            first = audibleFirst;
        if (plan.trimsTail(i))
            last = qMax(first, audibleLast);

        if (wordSink) {
            const double ratio = raw.empty() ? 1.0 : double(sped.size()) / double(raw.size());
            const QList<WordTimings::Span> spans = WordTimings::split(step.text);
            const auto placed = WordAligner(raw, rate).align(spans, step.text.size(), marks);
            auto toOutput = [&](qint64 sample) {
                const double kept = qBound(0.0, double(sample) * ratio - double(first), double(last - first));
                return qint64(std::llround(outClock + kept * AudioFormats::kSampleRate / rate));
            };
            QList<WordTiming> timings;
            for (qsizetype w = 0; w < spans.size(); ++w) {
                // The word is where its letters are; punctuation beside them joins it
                // only when nothing (markup: the comma after a </say-as>) lies between.
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
                const qint64 cs = cpIndex[size_t(from)];
                const qint64 ce = cpIndex[size_t(to)];
                const qint64 s = toOutput(placed[size_t(w)].start), e = toOutput(placed[size_t(w)].end);
                // Words said for one span of the document (a <sub>'s alias, a number
                // read out) are that one word of it.
                if (!timings.isEmpty() && cs < timings.last().charEnd) {
                    timings.last().charEnd = qMax(timings.last().charEnd, ce);
                    timings.last().endSample = qMax(timings.last().endSample, e);
                    continue;
                }
                timings.append(WordTiming{cs, ce, s, e});
            }
            if (!timings.isEmpty() && !wordSink(timings)) {
                stopped = true;
                break;
            }
        }
        if (last > first)
            push(sped.data() + first, qsizetype(last - first), level * float(step.prosody.volume), false);
    }
    silence(plan.trailingBreakMs());
    if (!stopped && resampler)
        push(nullptr, 0, 1.0f, true);
    return {};
}

QString SynthesisPipeline::speakInCalls(SpeechBackend *backend, const SpokenPiece &spoken, const SynthesisParams &params,
                                        std::vector<qint16> &raw, QList<SpeechBackend::WordMark> *marks, bool *stopped,
                                        bool leadTrimmed)
{
    auto lead = leadTrimmed ? SpeechBackend::LeadingSilence::Trimmed : SpeechBackend::LeadingSilence::Heard;
    const SpeechBackend::PcmSink gather = [&raw](const qint16 *pcm, int n) {
        raw.insert(raw.end(), pcm, pcm + n);
        return true;
    };
    for (const SpokenPiece &call : callsOf(spoken)) {
        // Spelled-out numbers map back to their digits, aliases to the words they
        // replace; a later call's marks count the samples of the calls before.
        const qint64 before = qint64(raw.size());
        SpeechBackend::MarkSink markSink;
        if (marks)
            markSink = [&](const SpeechBackend::WordMark &m) {
                SpeechBackend::WordMark mapped = m;
                mapped.textIndex = call.text.sourceIndex(m.textIndex);
                mapped.start += before;
                if (mapped.end >= 0)
                    mapped.end += before;
                marks->append(mapped);
            };
        if (QString err = backend->speak(call.text.text, params, gather, markSink, call.phonemes,
                                         std::exchange(lead, SpeechBackend::LeadingSilence::Heard));
            !err.isEmpty())
            return err;
        if (t_heartbeat && !t_heartbeat()) {
            *stopped = true;
            return {};
        }
    }
    return {};
}
