#include "synthesispipeline.h"

#include "espeakbackend.h"
#include "flitebackend.h"
#include "kanaconverter.h"
#include "ssmldocument.h"
#include "ssmlrun.h"
#include "textnormalizer.h"
#include "textrun.h"

#include <algorithm>
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
    return normalizerFor(params.locale)->normalize(piece);
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

QString SynthesisPipeline::run(const SynthesisParams &params, const ChunkSink &sink, Progress *progress,
                               const WordSink &wordSink, const Excerpt &excerpt)
{
    SpeechBackend *backend = backendFor(params);
    const int rate = backend->sampleRate(params);
    if (rate <= 0)
        return QStringLiteral("speech backend is not available");
    Progress ignored;
    Progress &done = progress ? *progress : ignored;
    if (SsmlDocument::isSsml(params.text)) {
        // The server checked it; a document that does not parse here is a fault.
        const auto parsed = SsmlDocument::parse(params.text);
        if (const auto *e = std::get_if<SsmlError>(&parsed))
            return e->describe();
        return SsmlRun(*this, params, std::get<SsmlDocument>(parsed), sink, done, wordSink).run();
    }
    return TextRun(*this, params, rate, sink, done, wordSink, excerpt).run();
}

float SynthesisPipeline::levelOf(SpeechBackend *backend, const SynthesisParams &params)
{
    return m_levels.gainFor(backend, params) / 32768.0f;
}

TextNormalizer *SynthesisPipeline::normalizerFor(const QString &locale)
{
    std::unique_ptr<TextNormalizer> &n = m_normalizers[locale];
    if (!n)
        n = std::make_unique<TextNormalizer>(locale);
    return n.get();
}

bool SynthesisPipeline::heartbeat()
{
    return !t_heartbeat || t_heartbeat();
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
        if (!heartbeat()) {
            *stopped = true;
            return {};
        }
    }
    return {};
}
