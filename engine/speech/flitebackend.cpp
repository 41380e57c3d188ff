#include "flitebackend.h"

extern "C" {
#include <flite/flite.h>
#include <flite/cst_cg.h>
cst_voice *register_cmu_us_slt(const char *voxdir);
cst_voice *register_cmu_us_rms(const char *voxdir);
cst_voice *register_cmu_us_awb(const char *voxdir);
cst_voice *register_cmu_us_kal16(const char *voxdir);
}

#include <QByteArray>

namespace
{
struct StreamContext
{
    const SpeechBackend::PcmSink *sink = nullptr;
    bool stopped = false;
    bool gotAudio = false;
};

int streamChunk(const cst_wave *w, int start, int size, int /*last*/, cst_audio_streaming_info *asi)
{
    auto *ctx = static_cast<StreamContext *>(asi->userdata);
    ctx->gotAudio = true;
    if (size > 0 && !(*ctx->sink)(w->samples + start, size)) {
        ctx->stopped = true;
        return CST_AUDIO_STREAM_STOP;
    }
    return CST_AUDIO_STREAM_CONT;
}
}

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

QString FliteBackend::speak(const QString &sentence, const SynthesisParams &params, const PcmSink &sink)
{
    VoiceState *s = voice(params.fliteVoice);
    if (!s)
        return QStringLiteral("flite has no voice '%1'").arg(params.fliteVoice);
    cst_voice *v = s->voice;
    // Pitch level and spread are flite's own intonation targets; speed is applied
    // afterwards (sonic) so that it scales duration exactly on every voice.
    flite_feat_set_float(v->features, "int_f0_target_mean", float(s->f0Mean * params.pitch));
    flite_feat_set_float(v->features, "int_f0_target_stddev", float(s->f0Stddev * params.pitch * params.pitchRange));

    StreamContext ctx;
    ctx.sink = &sink;
    cst_audio_streaming_info *asi = new_audio_streaming_info();
    asi->asc = streamChunk;
    asi->userdata = &ctx;
    asi->min_buffsize = 256;
    flite_feat_set(v->features, "streaming_info", audio_streaming_info_val(asi));

    const QByteArray text = sentence.toUtf8();
    cst_wave *w = flite_text_to_wave(text.constData(), v);
    feat_remove(v->features, "streaming_info");
    if (!w)
        return QStringLiteral("flite synthesis failed");
    // Voices that do not stream hand over the whole sentence at once.
    if (!ctx.gotAudio && w->num_samples > 0)
        sink(w->samples, w->num_samples);
    delete_wave(w);
    return {};
}
