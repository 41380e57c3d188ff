#include "rawstages.h"

#include "vectorstate.h"

#include <espeak-ng/speak_lib.h>
#include <lame/lame.h>
#include <soxr.h>

extern "C" {
#include <flite/flite.h>
cst_voice *register_cmu_us_slt(const char *voxdir);
cst_voice *register_cmu_us_rms(const char *voxdir);
cst_voice *register_cmu_us_awb(const char *voxdir);
cst_voice *register_cmu_us_kal16(const char *voxdir);
}

#include <QByteArray>
#include <QList>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <unistd.h>

using namespace Bench;

namespace
{
// ---- synthesis -------------------------------------------------------------------

struct Capture
{
    std::vector<short> pcm;
    double firstWall = -1.0;
};
Capture *g_capture = nullptr;

int espeakCallback(short *wav, int numsamples, espeak_EVENT *)
{
    if (wav && numsamples > 0) {
        if (g_capture->firstWall < 0)
            g_capture->firstWall = wallNow();
        g_capture->pcm.insert(g_capture->pcm.end(), wav, wav + numsamples);
    }
    return 0;
}

class RawSynth
{
public:
    virtual ~RawSynth() = default;
    virtual int rate() const = 0;
    virtual bool speak(const QByteArray &utf8, Capture &capture) = 0;
};

class RawEspeak final : public RawSynth
{
public:
    explicit RawEspeak(const QString &voice)
    {
        m_rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 20, nullptr, 0);
        if (m_rate <= 0)
            return;
        espeak_SetSynthCallback(espeakCallback);
        if (espeak_SetVoiceByName(voice.toLatin1().constData()) != EE_OK)
            m_rate = 0;
        // The project's values at speed/pitch/range 1.0 and no word gap.
        espeak_SetParameter(espeakRATE, 175, 0);
        espeak_SetParameter(espeakPITCH, 50, 0);
        espeak_SetParameter(espeakRANGE, 50, 0);
        espeak_SetParameter(espeakWORDGAP, 0, 0);
    }
    ~RawEspeak() override
    {
        if (m_rate > 0)
            espeak_Terminate();
    }
    int rate() const override { return m_rate; }
    bool speak(const QByteArray &utf8, Capture &capture) override
    {
        g_capture = &capture;
        VectorState::clearUpperHalves();
        return espeak_Synth(utf8.constData(), size_t(utf8.size()) + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8,
                            nullptr, nullptr)
               == EE_OK;
    }

private:
    int m_rate = 0;
};

class RawFlite final : public RawSynth
{
public:
    explicit RawFlite(const QString &name)
    {
        flite_init();
        if (name == QLatin1String("slt"))
            m_voice = register_cmu_us_slt(nullptr);
        else if (name == QLatin1String("rms"))
            m_voice = register_cmu_us_rms(nullptr);
        else if (name == QLatin1String("awb"))
            m_voice = register_cmu_us_awb(nullptr);
        else if (name == QLatin1String("kal16"))
            m_voice = register_cmu_us_kal16(nullptr);
        if (m_voice) {
            cst_wave *w = flite_text_to_wave("a", m_voice);
            if (w) {
                m_rate = w->sample_rate;
                delete_wave(w);
            }
        }
    }
    int rate() const override { return m_rate; }
    bool speak(const QByteArray &utf8, Capture &capture) override
    {
        VectorState::clearUpperHalves(); // as FliteBackend does: like for like
        cst_wave *w = flite_text_to_wave(utf8.constData(), m_voice);
        if (!w)
            return false;
        if (capture.firstWall < 0)
            capture.firstWall = wallNow(); // whole sentence at once: first audio = sentence done
        capture.pcm.insert(capture.pcm.end(), w->samples, w->samples + w->num_samples);
        delete_wave(w);
        return true;
    }

private:
    cst_voice *m_voice = nullptr;
    int m_rate = 0;
};

// ---- resampling ------------------------------------------------------------------

bool resampleOnce(const std::vector<short> &pcm, int inRate, unsigned long recipe, std::vector<float> &in, std::vector<float> &out)
{
    in.resize(pcm.size());
    for (size_t i = 0; i < pcm.size(); ++i)
        in[i] = float(pcm[i]) / 32768.0f;
    out.resize(size_t(double(pcm.size()) * kOutRate / inRate) + 4096);
    const soxr_quality_spec_t q = soxr_quality_spec(recipe, 0);
    const soxr_io_spec_t io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I);
    const soxr_runtime_spec_t rt = soxr_runtime_spec(1);
    size_t made = 0;
    if (soxr_oneshot(inRate, kOutRate, 1, in.data(), in.size(), nullptr, out.data(), out.size(), &made, &io, &q, &rt))
        return false;
    out.resize(made);
    return true;
}

// ---- encoding --------------------------------------------------------------------

void le32(unsigned char *p, unsigned v) { p[0] = v & 0xff; p[1] = (v >> 8) & 0xff; p[2] = (v >> 16) & 0xff; p[3] = v >> 24; }
void le16(unsigned char *p, unsigned v) { p[0] = v & 0xff; p[1] = (v >> 8) & 0xff; }

void wavHeader(unsigned char *h, unsigned dataBytes)
{
    std::memcpy(h, "RIFF", 4);
    le32(h + 4, 36 + dataBytes);
    std::memcpy(h + 8, "WAVEfmt ", 8);
    le32(h + 16, 16);
    le16(h + 20, 1);
    le16(h + 22, 1);
    le32(h + 24, kOutRate);
    le32(h + 28, kOutRate * 2);
    le16(h + 32, 2);
    le16(h + 34, 16);
    std::memcpy(h + 36, "data", 4);
    le32(h + 40, dataBytes);
}

// Returns the wall time spent in fsync (ms), or a negative value on failure.
double finishFile(FILE *f)
{
    std::fflush(f);
    const double t0 = wallNow();
    ::fsync(fileno(f));
    const double ms = (wallNow() - t0) * 1000.0;
    std::fclose(f);
    return ms;
}

double encodeWav(const std::vector<float> &samples, const QString &path)
{
    FILE *f = std::fopen(path.toLocal8Bit().constData(), "wb");
    if (!f)
        return -1;
    unsigned char h[44];
    wavHeader(h, 0);
    std::fwrite(h, 1, 44, f);
    // float -> 16-bit little-endian (x86), converted through one small buffer.
    short pcm[8192];
    for (size_t off = 0; off < samples.size(); off += 8192) {
        const size_t n = std::min<size_t>(8192, samples.size() - off);
        for (size_t i = 0; i < n; ++i) {
            float s = samples[off + i];
            s = s < -1.0f ? -1.0f : (s > 1.0f ? 1.0f : s);
            pcm[i] = short(std::lrintf(s * 32767.0f));
        }
        std::fwrite(pcm, 2, n, f);
    }
    std::fseek(f, 0, SEEK_SET);
    wavHeader(h, unsigned(samples.size() * 2));
    std::fwrite(h, 1, 44, f);
    return finishFile(f);
}

double encodeMp3(const std::vector<float> &samples, const QString &path)
{
    lame_global_flags *lame = lame_init();
    lame_set_in_samplerate(lame, kOutRate);
    lame_set_out_samplerate(lame, kOutRate);
    lame_set_num_channels(lame, 1);
    lame_set_mode(lame, MONO);
    lame_set_brate(lame, 64);
    lame_set_quality(lame, 5);
    lame_set_bWriteVbrTag(lame, 1);
    lame_set_write_id3tag_automatic(lame, 0);
    if (lame_init_params(lame) < 0) {
        lame_close(lame);
        return -1;
    }
    FILE *f = std::fopen(path.toLocal8Bit().constData(), "wb");
    if (!f) {
        lame_close(lame);
        return -1;
    }
    std::vector<unsigned char> buf(samples.size() * 5 / 4 + 7200);
    int bytes = lame_encode_buffer_ieee_float(lame, samples.data(), samples.data(), int(samples.size()), buf.data(),
                                              int(buf.size()));
    if (bytes > 0)
        std::fwrite(buf.data(), 1, size_t(bytes), f);
    bytes = lame_encode_flush(lame, buf.data(), int(buf.size()));
    if (bytes > 0)
        std::fwrite(buf.data(), 1, size_t(bytes), f);
    unsigned char tag[2880];
    const size_t tagBytes = lame_get_lametag_frame(lame, tag, sizeof tag);
    if (tagBytes > 0 && tagBytes <= sizeof tag) {
        std::fseek(f, 0, SEEK_SET);
        std::fwrite(tag, 1, tagBytes, f);
    }
    lame_close(lame);
    return finishFile(f);
}
}

QJsonObject RawStages::run(const ChildOptions &options)
{
    QJsonObject result;
    const QStringList sents = sentences(readText(options.textPath));
    QList<QByteArray> utf8;
    for (const QString &s : sents)
        utf8 << s.toUtf8();
    if (utf8.isEmpty())
        return {{"error", "no text"}};

    std::unique_ptr<RawSynth> synth;
    if (options.voice.isEspeak())
        synth = std::make_unique<RawEspeak>(options.voice.voice);
    else
        synth = std::make_unique<RawFlite>(options.voice.voice);
    const int rate = synth->rate();
    if (rate <= 0)
        return {{"error", "raw synthesizer failed to start"}};
    result["rate"] = rate;

    // Warm-up (page in voice data, lexicon), not timed.
    Capture capture;
    synth->speak(utf8.first(), capture);

    std::vector<double> synthCpu, firstMs;
    for (int r = 0; r < options.repeats; ++r) {
        capture.pcm.clear();
        capture.firstWall = -1;
        const double w0 = wallNow();
        const double c0 = cpuNow();
        for (const QByteArray &s : std::as_const(utf8))
            if (!synth->speak(s, capture))
                return {{"error", "raw synthesis failed"}};
        synthCpu.push_back(cpuNow() - c0);
        firstMs.push_back((capture.firstWall - w0) * 1000.0);
    }
    const std::vector<short> pcm = capture.pcm;
    putSamples(result, QStringLiteral("synth_cpu"), synthCpu);
    result["synth_audio"] = double(pcm.size()) / rate;
    putSamples(result, QStringLiteral("first_audio_ms"), firstMs);

    std::vector<float> in, out, out24;
    // The keys name the project's Resampler::Quality: medium = soxr HQ, fastest = soxr MQ.
    const struct { const char *key; unsigned long type; } qualities[] = {{"medium", SOXR_HQ}, {"fastest", SOXR_MQ}};
    for (const auto &q : qualities) {
        std::vector<double> cpu;
        for (int r = 0; r < options.repeats; ++r) {
            const double c0 = cpuNow();
            if (!resampleOnce(pcm, rate, q.type, in, out))
                return {{"error", "soxr_oneshot failed"}};
            cpu.push_back(cpuNow() - c0);
        }
        putSamples(result, QStringLiteral("resample_%1_cpu").arg(q.key), cpu);
        if (out24.empty())
            out24 = out; // encode the HQ output, as the pipeline does by default
    }
    result["resample_audio"] = double(pcm.size()) / rate;
    result["out_audio"] = double(out24.size()) / kOutRate;

    const struct { const char *key; double (*encode)(const std::vector<float> &, const QString &); } encoders[] = {
        {"wav", encodeWav}, {"mp3", encodeMp3}};
    for (const auto &e : encoders) {
        std::vector<double> cpu, syncMs;
        for (int r = 0; r < options.repeats; ++r) {
            const double c0 = cpuNow();
            const double ms = e.encode(out24, tempPath(QStringLiteral("raw.%1").arg(e.key)));
            if (ms < 0)
                return {{"error", "raw encoder failed"}};
            cpu.push_back(cpuNow() - c0);
            syncMs.push_back(ms);
        }
        putSamples(result, QStringLiteral("%1_cpu").arg(e.key), cpu);
        putSamples(result, QStringLiteral("%1_sync_ms").arg(e.key), syncMs);
    }
    return result;
}
