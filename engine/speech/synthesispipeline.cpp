#include "synthesispipeline.h"

#include "audioformat.h"
#include "espeakbackend.h"
#include "flitebackend.h"
#include "kanaconverter.h"
#include "speedchanger.h"
#include "textnormalizer.h"
#include "wordaligner.h"

#include <cmath>
#include <numeric>
#include <vector>

SynthesisPipeline::SynthesisPipeline(Resampler::Quality quality)
    : m_quality(quality)
{
}

SynthesisPipeline::~SynthesisPipeline() = default;

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

namespace
{
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

    // Pieces of the text as written (kana conversion per piece), so that word timings
    // point into it.
    const QList<TextSegmenter::Piece> pieces = m_segmenter.pieces(params.text);
    if (pieces.isEmpty())
        return QStringLiteral("text has nothing to speak");
    Progress ignored;
    Progress &done = progress ? *progress : ignored;
    done = Progress{};
    for (const TextSegmenter::Piece &p : pieces)
        done.total += p.text.size();

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
    const bool isExcerpt = excerpt.inputOffset >= 0;
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
    const SpeechBackend::PcmSink pcmSink = [&](const qint16 *pcm, int n) {
        if (!speed)
            return push(pcm, n, false);
        sped.clear();
        speed->process(pcm, n, sped);
        return sped.empty() || push(sped.data(), qsizetype(sped.size()), false);
    };

    // With word timings: the piece is gathered whole, its words placed, then pushed.
    std::vector<qint64> cpIndex;
    if (wordSink)
        cpIndex = codePointIndex(params.text);
    std::vector<qint16> raw;
    QList<SpeechBackend::WordMark> marks;
    const SpeechBackend::PcmSink gather = [&](const qint16 *pcm, int n) {
        raw.insert(raw.end(), pcm, pcm + n);
        return true;
    };
    auto speakTimed = [&](const TextSegmenter::Piece &piece, const SpokenText &words, const QString &spoken) -> QString {
        raw.clear();
        marks.clear();
        // A converted piece (kana) maps back to the words in proportion; spelled-out
        // numbers map back to their digits.
        const double scale = spoken.isEmpty() ? 1.0 : double(words.text.size()) / double(spoken.size());
        const SpeechBackend::MarkSink markSink = [&](const SpeechBackend::WordMark &m) {
            SpeechBackend::WordMark mapped = m;
            mapped.textIndex = words.sourceIndex(qsizetype(double(m.textIndex) * scale));
            marks.append(mapped);
        };
        if (QString err = backend->speak(spoken, params, gather, markSink); !err.isEmpty())
            return err;
        sped.clear();
        if (speed) {
            speed->process(raw.data(), int(raw.size()), sped);
            speed->flush(sped);
        } else {
            sped = raw;
        }
        const double ratio = raw.empty() ? 1.0 : double(sped.size()) / double(raw.size());
        const QList<WordTimings::Span> spans = WordTimings::split(piece.text);
        const auto placed = WordAligner(raw, rate).align(spans, piece.text.size(), marks);
        auto toOutput = [&](qint64 sample) {
            return qint64(std::llround((double(pushed) + double(sample) * ratio) * AudioFormats::kSampleRate / rate))
                   - (isExcerpt ? excerpt.outputOffset : 0);
        };
        QList<WordTiming> timings;
        for (qsizetype w = 0; w < spans.size(); ++w)
            timings.append(WordTiming{excerpt.codePointOffset + cpIndex[size_t(piece.start + spans.at(w).start)],
                                      excerpt.codePointOffset + cpIndex[size_t(piece.start + spans.at(w).end)],
                                      toOutput(placed[size_t(w)].start), toOutput(placed[size_t(w)].end)});
        if (!wordSink(timings))
            stopped = true;
        else if (!sped.empty())
            push(sped.data(), qsizetype(sped.size()), false);
        return {};
    };

    const std::vector<qint16> pause(size_t(rate) * size_t(qMax(0, params.sentencePauseMs)) / 1000, 0);
    if (pad > 0) {
        const std::vector<qint16> silence(size_t(pad), 0);
        push(silence.data(), qsizetype(silence.size()), false);
    }
    for (qsizetype i = 0; i < pieces.size() && !stopped; ++i) {
        // Its pause and the resampler's tail of it count with it.
        done.throughCurrentSentence += pieces.at(i).text.size();
        done.sentence = excerpt.firstPiece + i;
        const SpokenText words = normalized(pieces.at(i).text, params);
        const QString spoken = spokenForm(words.text, params);
        if (wordSink) {
            if (QString err = speakTimed(pieces.at(i), words, spoken); !err.isEmpty())
                return err;
        } else {
            if (QString err = backend->speak(spoken, params, pcmSink); !err.isEmpty())
                return err;
            if (speed && !stopped) {
                sped.clear();
                speed->flush(sped);
                if (!sped.empty())
                    push(sped.data(), qsizetype(sped.size()), false);
            }
        }
        if ((i + 1 < pieces.size() || excerpt.pauseAfter) && !pause.empty() && !stopped)
            push(pause.data(), qsizetype(pause.size()), false);
    }
    if (!stopped)
        push(nullptr, 0, true);
    done.inputSamples = pushed - (isExcerpt ? excerpt.inputOffset : 0);
    return {};
}
