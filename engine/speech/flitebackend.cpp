#include "flitebackend.h"

#include "ipaphonemes.h"
#include "phonemerewrite.h"
#include "vectorstate.h"

extern "C" {
#include <flite/flite.h>
#include <flite/cst_cg.h>
cst_voice *register_cmu_us_slt(const char *voxdir);
cst_voice *register_cmu_us_rms(const char *voxdir);
cst_voice *register_cmu_us_awb(const char *voxdir);
cst_voice *register_cmu_us_kal16(const char *voxdir);
}

#include <QByteArray>

#include <atomic>
#include <cstdlib>
#include <mutex>

#include <dlfcn.h>

#include <vector>

namespace
{
// The sentence whose leading silence is not heard (SpeechBackend::LeadingSilence::Trimmed),
// while this thread synthesizes it; how much of it mlsa_resynthesis below left out.
struct UnheardLead
{
    cst_utterance *utt = nullptr;
    float skippedSeconds = 0;
};
thread_local UnheardLead t_unheardLead;
// Whether libflite has called mlsa_resynthesis below (a build of it that binds its own
// calls, -Bsymbolic or static, would not: FliteBackend::synthesize says so once).
std::atomic<bool> s_vocoderInterposed{false};

// Frames of the leading pause vocoded all the same (20 ms): the MLSA filter starts from
// the pause's own state, not from nothing, and what follows keeps the whole pause's
// envelope (correlation >= 0.996 in tst_flitebackend; the noise of unvoiced sounds comes
// out otherwise).
constexpr int kLeadFramesKept = 4;

// The frames of a clustergen utterance's leading pause ("pau", ~0.15-0.21 s) that
// come before kLeadFramesKept, when they are not heard; 0 otherwise.
int unheardLeadFrames(const cst_cg_db *db)
{
    cst_utterance *utt = t_unheardLead.utt;
    if (!utt || !utt_relation_present(utt, "Segment") || db->frame_advance <= 0)
        return 0;
    cst_item *first = relation_head(utt_relation(utt, "Segment"));
    const char *silence = get_param_string(utt->features, "silence", "pau");
    if (!first || !item_next(first) || !cst_streq(item_feat_string(first, "name"), silence))
        return 0;
    return qMax(0, int(item_feat_float(first, "end") / db->frame_advance) - kLeadFramesKept);
}
}

// flite's vocoder, as clustergen's cg_resynth calls it (through the library's PLT, so that
// this definition in the program comes first; the library's own is the next one). At a
// ramp cut the pipeline trims the leading pause of the piece after the cut, and vocoding
// it was ~12 % of the first three pieces' work (the second piece's pause is made before
// its first audible sample, in the seconds where a burst of listeners arriving together
// is tightest: bench/README.md): those frames are left out. The tracks are read only.
extern "C" cst_wave *mlsa_resynthesis(const cst_track *params, const cst_track *str, cst_cg_db *db,
                                      cst_audio_streaming_info *asi, int speedParam)
{
    using Vocoder = cst_wave *(*)(const cst_track *, const cst_track *, cst_cg_db *, cst_audio_streaming_info *, int);
    static const auto flites = reinterpret_cast<Vocoder>(dlsym(RTLD_NEXT, "mlsa_resynthesis"));
    if (!flites)
        qFatal("flite's mlsa_resynthesis not found"); // cannot be: the program links libflite
    s_vocoderInterposed.store(true, std::memory_order_relaxed);
    const int skip = qMin(unheardLeadFrames(db), params->num_frames - 1);
    if (skip <= 0 || (str && str->num_frames != params->num_frames))
        return flites(params, str, db, asi, speedParam);
    t_unheardLead.skippedSeconds = float(skip) * db->frame_advance;
    auto later = [skip](const cst_track *t) {
        cst_track view = *t;
        view.num_frames -= skip;
        view.frames += skip;
        view.times += skip;
        return view;
    };
    const cst_track p = later(params);
    const cst_track s = str ? later(str) : cst_track{};
    return flites(&p, str ? &s : nullptr, db, asi, speedParam);
}

namespace
{
struct StreamContext
{
    const SpeechBackend::PcmSink *sink = nullptr;
    bool stopped = false;
    bool gotAudio = false;
};

// Once a clustergen voice streams, the vocoder reads only its smoothed parameter tracks
// (cg_resynth: mlpg's output and the excitation track): the utterance's relations and its
// raw parameter track are not read again in a streamed synthesis (word marks take the
// unstreamed path). Freed at the first chunk, a unit paused between two chunks (a stream
// worker holds many, WorkerLoop) keeps ~0.35 MB of a 5 s sentence instead of ~1.5 MB; the
// samples are the same.
void dropWhatTheVocoderNoLongerReads(cst_utterance *utt)
{
    if (!utt || !feat_present(utt->features, "cg_db"))
        return;
    static const char *const relations[] = {"Token", "Word", "Phrase", "Syllable", "SylStructure", "Segment",
                                            "IntEvent", "Intonation", "HMMstate", "segstate", "mcep", "mcep_link"};
    for (const char *name : relations) {
        if (utt_relation_present(utt, name))
            utt_relation_delete(utt, name);
    }
    // Without mlpg the vocoder reads the raw track itself.
    if (val_cg_db(utt_feat_val(utt, "cg_db"))->do_mlpg && feat_present(utt->features, "param_track"))
        feat_remove(utt->features, "param_track");
}

int streamChunk(const cst_wave *w, int start, int size, int /*last*/, cst_audio_streaming_info *asi)
{
    auto *ctx = static_cast<StreamContext *>(asi->userdata);
    if (!ctx->gotAudio)
        dropWhatTheVocoderNoLongerReads(const_cast<cst_utterance *>(asi->utt)); // ours (FliteBackend::utterance)
    ctx->gotAudio = true;
    const bool go = size <= 0 || (*ctx->sink)(w->samples + start, size);
    VectorState::clearUpperHalves(); // back into flite after the pipeline's code
    if (!go) {
        ctx->stopped = true;
        return CST_AUDIO_STREAM_STOP;
    }
    return CST_AUDIO_STREAM_CONT;
}

// Start and end of a word in seconds: from the end of the segment before its first
// segment to the end of its last (flite's Word, SylStructure and Segment relations).
bool wordSpan(cst_item *word, float *start, float *end)
{
    bool found = false;
    cst_item *structure = item_as(word, "SylStructure");
    for (cst_item *syl = structure ? item_daughter(structure) : nullptr; syl; syl = item_next(syl)) {
        for (cst_item *seg = item_daughter(syl); seg; seg = item_next(seg)) {
            cst_item *s = item_as(seg, "Segment");
            if (!s)
                continue;
            if (!found)
                *start = item_prev(s) ? item_feat_float(item_prev(s), "end") : 0.0f;
            *end = item_feat_float(s, "end");
            found = true;
        }
    }
    return found;
}

// One mark per token of the sentence (a token may be several words: "$1,250"). Token
// names are the text without its punctuation, found in order in the sentence. The audio
// begins skippedSeconds into the utterance's times (mlsa_resynthesis above).
void reportWords(cst_utterance *utt, const QString &sentence, int rate, float skippedSeconds,
                 const SpeechBackend::MarkSink &marks)
{
    qsizetype cursor = 0;
    for (cst_item *token = relation_head(utt_relation(utt, "Token")); token; token = item_next(token)) {
        const QString name = QString::fromUtf8(item_feat_string(token, "name"));
        const qsizetype at = name.isEmpty() ? -1 : sentence.indexOf(name, cursor);
        if (at >= 0)
            cursor = at + name.size();
        float start = 0, end = 0, first = -1;
        for (cst_item *word = item_daughter(token); word; word = item_next(word)) {
            float s = 0, e = 0;
            if (!wordSpan(word, &s, &e))
                continue;
            if (first < 0)
                first = s;
            end = e;
        }
        start = qMax(0.0f, first - skippedSeconds);
        end = qMax(start, end - skippedSeconds);
        if (at >= 0 && first >= 0)
            marks(SpeechBackend::WordMark{at, qint64(double(start) * rate + 0.5), qint64(double(end) * rate + 0.5)});
    }
}
}

// Words said with given phones: flite looks every word up in its lexicon's compiled-in
// addenda before the lexicon itself, so for one sentence the addenda start with made-up
// words ("zqxa", "zqxb"...) that stand for the phoneme spans, and are put back after it.
// Built on and put back to the voice's own addenda, not whatever is there: a worker's
// sentences may interleave (WorkerLoop), and one that ends must not leave another's list
// (or restore a list that ended) behind. Words are looked up before the first audio, so a
// sentence paused in its audio no longer needs its list.
class PhonemeAddenda
{
public:
    PhonemeAddenda(cst_voice *voice, char ***original, const QList<SpeechBackend::PhonemeSpan> &spans)
    {
        if (spans.isEmpty() || !feat_present(voice->features, "lexicon"))
            return;
        m_lexicon = val_lexicon(feat_val(voice->features, "lexicon"));
        m_saved = original;
        for (qsizetype i = 0; i < spans.size(); ++i) {
            std::vector<QByteArray> entry{"0" + word(i).toLatin1()};
            for (const QString &phone : IpaPhonemes::toFlite(spans.at(i).ipa).value_or(QStringList()))
                entry.push_back(phone.toLatin1());
            m_text.push_back(std::move(entry));
        }
        for (std::vector<QByteArray> &entry : m_text) {
            m_entries.emplace_back();
            for (QByteArray &part : entry)
                m_entries.back().push_back(part.data());
            m_entries.back().push_back(nullptr);
        }
        for (std::vector<char *> &entry : m_entries)
            m_list.push_back(entry.data());
        for (char ***old = m_saved; old && *old; ++old)
            m_list.push_back(*old);
        m_list.push_back(nullptr);
        m_lexicon->addenda = m_list.data();
    }
    ~PhonemeAddenda()
    {
        if (m_lexicon)
            m_lexicon->addenda = m_saved;
    }
    PhonemeAddenda(const PhonemeAddenda &) = delete;
    PhonemeAddenda &operator=(const PhonemeAddenda &) = delete;

    // Lower-case letters only, so that flite's tokenizer keeps it one word and reads it
    // from the lexicon instead of spelling it.
    static QString word(qsizetype index)
    {
        QString w = QStringLiteral("zqx");
        do {
            w += QChar(u'a' + char16_t(index % 26));
            index /= 26;
        } while (index > 0);
        return w;
    }

private:
    cst_lexicon *m_lexicon = nullptr;
    char ***m_saved = nullptr;
    std::vector<std::vector<QByteArray>> m_text;
    std::vector<std::vector<char *>> m_entries;
    std::vector<char **> m_list;
};

FliteBackend::FliteBackend()
{
    flite_init();
}

bool FliteBackend::isKnownVoice(const QString &name)
{
    return name == QLatin1String("slt") || name == QLatin1String("rms") || name == QLatin1String("awb")
           || name == QLatin1String("kal16");
}

bool FliteBackend::honorsPitchTargets(const QString &name)
{
    return name != QLatin1String("rms");
}

FliteBackend::VoiceState *FliteBackend::voice(const QString &name)
{
    auto it = m_voices.find(name);
    if (it != m_voices.end())
        return &it.value();
    cst_voice *v = nullptr;
    if (name == QLatin1String("slt"))
        v = register_cmu_us_slt(nullptr);
    else if (name == QLatin1String("rms"))
        v = register_cmu_us_rms(nullptr);
    else if (name == QLatin1String("awb"))
        v = register_cmu_us_awb(nullptr);
    else if (name == QLatin1String("kal16"))
        v = register_cmu_us_kal16(nullptr);
    if (!v)
        return nullptr;
    VoiceState state;
    state.voice = v;
    if (feat_present(v->features, "lexicon"))
        state.addenda = val_lexicon(feat_val(v->features, "lexicon"))->addenda;
    // Remember the voice's own pitch so that pitch factors stay relative to it.
    if (feat_present(v->features, "cg_db")) {
        const cst_cg_db *db = val_cg_db(feat_val(v->features, "cg_db"));
        state.f0Mean = db->f0_mean;
        state.f0Stddev = db->f0_stddev;
        state.rate = db->sample_rate;
    }
    state.f0Mean = get_param_float(v->features, "int_f0_target_mean", state.f0Mean > 0 ? state.f0Mean : 100.0f);
    state.f0Stddev = get_param_float(v->features, "int_f0_target_stddev", state.f0Stddev > 0 ? state.f0Stddev : 12.0f);
    if (!feat_present(v->features, "cg_db")) {
        // Diphone voices synthesize at the rate of their database; probe it once.
        cst_wave *w = flite_text_to_wave("a", v);
        if (w) {
            state.rate = w->sample_rate;
            delete_wave(w);
        }
    }
    return &m_voices.insert(name, state).value();
}

int FliteBackend::sampleRate(const SynthesisParams &params)
{
    VoiceState *s = voice(params.fliteVoice);
    return s ? s->rate : 16000;
}

bool FliteBackend::canSay(const QString &ipa) const
{
    return IpaPhonemes::toFlite(ipa).has_value();
}

QString FliteBackend::speak(const QString &sentence, const SynthesisParams &params, const PcmSink &sink,
                            const MarkSink &marks, const QList<PhonemeSpan> &phonemes, LeadingSilence lead)
{
    VoiceState *s = voice(params.fliteVoice);
    if (!s)
        return QStringLiteral("flite has no voice '%1'").arg(params.fliteVoice);
    cst_voice *v = s->voice;
    // Pitch level and spread are flite's own intonation targets; speed is applied
    // afterwards (sonic) so that it scales duration exactly on every voice.
    Targets targets{float(s->f0Mean * params.pitch), float(s->f0Stddev * params.pitch * params.pitchRange)};

    if (phonemes.isEmpty())
        return synthesize(s, targets, sentence, sink, marks, lead);
    const PhonemeAddenda addenda(v, s->addenda, phonemes);
    const SpokenText input = PhonemeRewrite::apply(sentence, phonemes, [&](const PhonemeSpan &span, qsizetype index) {
        return PhonemeRewrite::spaced(sentence, span, PhonemeAddenda::word(index));
    });
    if (!marks)
        return synthesize(s, targets, input.text, sink, {}, lead);
    return synthesize(s, targets, input.text, sink, [&](const WordMark &m) {
        WordMark mapped = m;
        mapped.textIndex = input.sourceIndex(m.textIndex);
        marks(mapped);
    }, lead);
}

// The sentence's utterance, its settings in the utterance's features (which shadow the
// voice's): a voice shared by sentences that interleave (WorkerLoop) is never changed.
cst_utterance *FliteBackend::utterance(VoiceState *s, const Targets &targets, const QByteArray &text,
                                        cst_audio_streaming_info *asi, LeadingSilence lead, float *skippedSeconds)
{
    cst_utterance *utt = new_utterance();
    utt_set_input_text(utt, text.constData());
    utt_init(utt, s->voice);
    feat_set_float(utt->features, "int_f0_target_mean", targets.f0Mean);
    feat_set_float(utt->features, "int_f0_target_stddev", targets.f0Stddev);
    if (asi)
        feat_set(utt->features, "streaming_info", audio_streaming_info_val(asi));
    VectorState::clearUpperHalves();
    t_unheardLead = {lead == LeadingSilence::Trimmed ? utt : nullptr, 0.0f};
    const bool made = utt_synth(utt);
    if (skippedSeconds)
        *skippedSeconds = t_unheardLead.skippedSeconds;
    t_unheardLead = {};
    if (!made) {
        delete_utterance(utt);
        return nullptr;
    }
    return utt;
}

QString FliteBackend::synthesize(VoiceState *s, const Targets &targets, const QString &sentence, const PcmSink &sink,
                                 const MarkSink &marks, LeadingSilence lead)
{
    // flite's unvoiced excitation is noise from the C library's rand(), whose state
    // carries over from call to call: the same sentence came out with other noise, and
    // where its quiet edges end moved by tens of samples (the pipeline trims them at a
    // ramp cut). Seeded per sentence, a sentence is the same samples on every worker and
    // every route, so a stream's units equal the file's run. (tts-worker gives each
    // thread its own rand() state: app/worker/threadrand.cpp.)
    std::srand(1);
    const QByteArray text = sentence.toUtf8();
    if (marks) {
        // The words' times are known once the sentence is synthesized, so its audio is
        // handed over whole, after them.
        float skipped = 0;
        cst_utterance *utt = utterance(s, targets, text, nullptr, lead, &skipped);
        const cst_wave *w = utt ? utt_wave(utt) : nullptr;
        if (w) {
            reportWords(utt, sentence, w->sample_rate, skipped, marks);
            if (w->num_samples > 0)
                sink(w->samples, w->num_samples);
        }
        if (utt)
            delete_utterance(utt);
        return w ? QString() : QStringLiteral("flite synthesis failed");
    }

    StreamContext ctx;
    ctx.sink = &sink;
    cst_audio_streaming_info *asi = new_audio_streaming_info(); // the utterance's features own it
    asi->asc = streamChunk;
    asi->userdata = &ctx;
    asi->min_buffsize = 256;
    cst_utterance *utt = utterance(s, targets, text, asi, lead, nullptr);
    const cst_wave *w = utt ? utt_wave(utt) : nullptr;
    if (!w) {
        if (utt)
            delete_utterance(utt);
        return QStringLiteral("flite synthesis failed");
    }
    // Voices that do not stream hand over the whole sentence at once.
    if (!ctx.gotAudio && w->num_samples > 0)
        sink(w->samples, w->num_samples);
    delete_utterance(utt);
    static std::once_flag checked;
    if (feat_present(s->voice->features, "cg_db") && !ctx.stopped)
        std::call_once(checked, [] {
            if (!s_vocoderInterposed.load(std::memory_order_relaxed))
                qWarning("flite calls its own vocoder (mlsa_resynthesis is not this program's): "
                         "leading pauses that are trimmed are vocoded all the same");
        });
    return {};
}
