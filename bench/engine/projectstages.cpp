#include "projectstages.h"

#include "audioencoder.h"
#include "espeakbackend.h"
#include "flitebackend.h"
#include "resampler.h"
#include "synthesispipeline.h"

#include <QFile>

#include <memory>

using namespace Bench;

namespace
{
// Resident set size of this process in MiB (for a leak check over many runs).
double rssMiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').first().toDouble() / 1024.0;
    return 0;
}

SynthesisParams paramsFor(const VoiceSpec &voice)
{
    SynthesisParams p;
    if (voice.isEspeak()) {
        p.backend = SpeechBackendKind::Espeak;
        p.espeakVoice = voice.voice;
    } else {
        p.backend = SpeechBackendKind::Flite;
        p.fliteVoice = voice.voice;
    }
    return p;
}

Resampler::Quality parseQuality(const QString &q)
{
    return q == QLatin1String("fastest") ? Resampler::Quality::Fastest : Resampler::Quality::Medium;
}

std::optional<AudioFormat> parseFormat(const QString &f)
{
    if (f == QLatin1String("wav"))
        return AudioFormat::Wav;
    if (f == QLatin1String("mp3"))
        return AudioFormat::Mp3;
    return std::nullopt;
}
}

QJsonObject ProjectStages::runClasses(const ChildOptions &options)
{
    QJsonObject result;
    const QStringList sents = sentences(readText(options.textPath));
    if (sents.isEmpty())
        return {{"error", "no text"}};

    std::unique_ptr<SpeechBackend> backend;
    if (options.voice.isEspeak()) {
        auto espeak = std::make_unique<EspeakBackend>();
        if (!espeak->isReady())
            return {{"error", "EspeakBackend failed to initialize"}};
        backend = std::move(espeak);
    } else {
        backend = std::make_unique<FliteBackend>();
    }
    const SynthesisParams params = paramsFor(options.voice);
    const int rate = backend->sampleRate(params);
    result["rate"] = rate;

    // Samples and the chunk sizes the backend delivered them in, so that the next
    // stages are fed exactly as the pipeline feeds them.
    std::vector<qint16> pcm;
    std::vector<int> chunks;
    const SpeechBackend::PcmSink sink = [&](const qint16 *s, int n) {
        pcm.insert(pcm.end(), s, s + n);
        chunks.push_back(n);
        return true;
    };
    if (QString err = backend->speak(sents.first(), params, sink); !err.isEmpty()) // warm-up
        return {{"error", err}};

    std::vector<double> synthCpu;
    for (int r = 0; r < options.repeats; ++r) {
        pcm.clear();
        chunks.clear();
        const double c0 = cpuNow();
        for (const QString &s : sents)
            if (QString err = backend->speak(s, params, sink); !err.isEmpty())
                return {{"error", err}};
        synthCpu.push_back(cpuNow() - c0);
    }
    putSamples(result, QStringLiteral("synth_cpu"), synthCpu);
    result["synth_audio"] = double(pcm.size()) / rate;
    result["synth_chunks"] = int(chunks.size());
    result["synth_chunk_avg_ms"] = chunks.empty() ? 0.0 : 1000.0 * double(pcm.size()) / rate / double(chunks.size());

    // Resampler: int16 -> float per chunk as the pipeline does, then process().
    std::vector<float> out24;
    std::vector<int> outChunks;
    for (const char *q : {"medium", "fastest"}) {
        std::vector<double> cpu;
        for (int r = 0; r < options.repeats; ++r) {
            std::vector<float> in, out, all;
            std::vector<int> sizes;
            all.reserve(size_t(double(pcm.size()) * kOutRate / rate) + 4096);
            const double c0 = cpuNow();
            Resampler resampler(rate, kOutRate, parseQuality(QString::fromLatin1(q)));
            size_t off = 0;
            for (int n : chunks) {
                in.resize(size_t(n));
                for (int i = 0; i < n; ++i)
                    in[size_t(i)] = float(pcm[off + size_t(i)]) / 32768.0f;
                off += size_t(n);
                out.clear();
                resampler.process(in.data(), n, false, out);
                all.insert(all.end(), out.begin(), out.end());
                sizes.push_back(int(out.size()));
            }
            // Flush with a valid pointer, as the pipeline does.
            out.clear();
            static const float kNothing = 0.0f;
            resampler.process(&kNothing, 0, true, out);
            all.insert(all.end(), out.begin(), out.end());
            sizes.push_back(int(out.size()));
            cpu.push_back(cpuNow() - c0);
            if (out24.empty()) {
                out24 = std::move(all);
                outChunks = std::move(sizes);
            }
        }
        putSamples(result, QStringLiteral("resample_%1_cpu").arg(QLatin1String(q)), cpu);
    }
    result["resample_audio"] = double(pcm.size()) / rate;
    result["out_audio"] = double(out24.size()) / kOutRate;

    for (const char *f : {"wav", "mp3"}) {
        std::vector<double> cpu, finishMs;
        for (int r = 0; r < options.repeats; ++r) {
            const double c0 = cpuNow();
            auto encoder = AudioEncoder::create(*parseFormat(QString::fromLatin1(f)));
            QString err = encoder->open(tempPath(QStringLiteral("classes.%1").arg(QLatin1String(f))));
            size_t off = 0;
            for (int n : outChunks) {
                if (err.isEmpty() && n > 0)
                    err = encoder->write(out24.data() + off, n);
                off += size_t(n);
            }
            const double w0 = wallNow();
            if (err.isEmpty())
                err = encoder->finish();
            finishMs.push_back((wallNow() - w0) * 1000.0);
            cpu.push_back(cpuNow() - c0);
            if (!err.isEmpty())
                return {{"error", err}};
        }
        putSamples(result, QStringLiteral("%1_cpu").arg(QLatin1String(f)), cpu);
        putSamples(result, QStringLiteral("%1_finish_ms").arg(QLatin1String(f)), finishMs);
    }
    return result;
}

QJsonObject ProjectStages::runPipeline(const ChildOptions &options)
{
    QJsonObject result;
    const QString text = readText(options.textPath);
    const QStringList sents = sentences(text);
    if (sents.isEmpty())
        return {{"error", "no text"}};

    SynthesisPipeline pipeline(parseQuality(options.quality));
    const double w0 = wallNow();
    pipeline.warmUp();
    result["warmup_ms"] = (wallNow() - w0) * 1000.0;

    SynthesisParams params = paramsFor(options.voice);
    int runs = 0;

    // Time to the first 24 kHz chunk, as a worker sees it after warm-up; the sink stops
    // the run at the first chunk. The very first run is reported separately.
    params.text = text;
    std::vector<double> ttfa, ttfaCpu;
    double first = -1, firstCpu = -1;
    for (int r = 0; r < 6; ++r) {
        double at = -1, atCpu = -1;
        const double t0 = wallNow();
        const double c0 = cpuNow();
        const QString err = pipeline.run(params, [&](const float *, qsizetype) {
            at = wallNow();
            atCpu = cpuNow();
            return false;
        });
        ++runs;
        if (!err.isEmpty())
            return {{"error", err}};
        if (at < 0)
            return {{"error", "pipeline produced no audio"}};
        if (r == 0) {
            first = (at - t0) * 1000.0;
            firstCpu = (atCpu - c0) * 1000.0;
        } else {
            ttfa.push_back((at - t0) * 1000.0);
            ttfaCpu.push_back((atCpu - c0) * 1000.0);
        }
    }
    // Wall time is what a listener waits; CPU time shows what the engine itself spent
    // (the difference is time the machine gave to other processes).
    putSamples(result, QStringLiteral("ttfa_ms"), ttfa);
    putSamples(result, QStringLiteral("ttfa_cpu_ms"), ttfaCpu);
    putSamples(result, QStringLiteral("ttfa_first_run_ms"), {first});
    putSamples(result, QStringLiteral("ttfa_first_run_cpu_ms"), {firstCpu});
    // Leak check from here on (the process is warm now).
    const double rssStart = rssMiB();
    const int runsBefore = runs;

    // espeak-ng loads a voice (and its dictionary) when the language changes: the first
    // chunk after a switch, alternating with another language as a shared worker does.
    if (options.voice.isEspeak()) {
        SynthesisParams other = params;
        other.espeakVoice = options.voice.voice == QLatin1String("de") ? QStringLiteral("es") : QStringLiteral("de");
        std::vector<double> switched;
        for (int r = 0; r < 5; ++r) {
            for (const SynthesisParams *p : {&other, &params}) {
                double at = -1;
                const double t0 = wallNow();
                const QString err = pipeline.run(*p, [&](const float *, qsizetype) {
                    at = wallNow();
                    return false;
                });
                if (!err.isEmpty() || at < 0)
                    return {{"error", err.isEmpty() ? QStringLiteral("pipeline produced no audio") : err}};
                ++runs;
                if (p == &params)
                    switched.push_back((at - t0) * 1000.0);
            }
        }
        putSamples(result, QStringLiteral("ttfa_switch_ms"), switched);
    }

    // Whole pipeline + encoder; no pause between sentences so that the audio is the
    // same as the raw reference's (sentence by sentence, nothing added).
    params.sentencePauseMs = 0;
    for (const QString &fmt : options.formats) {
        std::vector<double> cpu;
        double audio = 0;
        for (int r = 0; r < options.repeats; ++r) {
            qint64 samples = 0;
            const double c0 = cpuNow();
            std::unique_ptr<AudioEncoder> encoder;
            QString encErr;
            if (auto f = parseFormat(fmt)) {
                encoder = AudioEncoder::create(*f);
                encErr = encoder->open(tempPath(QStringLiteral("pipeline.%1").arg(fmt)));
            }
            const QString err = pipeline.run(params, [&](const float *data, qsizetype n) {
                samples += n;
                if (encoder && encErr.isEmpty())
                    encErr = encoder->write(data, n);
                return encErr.isEmpty();
            });
            ++runs;
            if (encoder && encErr.isEmpty())
                encErr = encoder->finish();
            cpu.push_back(cpuNow() - c0);
            if (!err.isEmpty() || !encErr.isEmpty())
                return {{"error", err.isEmpty() ? encErr : err}};
            audio = double(samples) / kOutRate;
        }
        putSamples(result, QStringLiteral("%1_cpu").arg(fmt), cpu);
        result[QStringLiteral("%1_audio").arg(fmt)] = audio;
    }
    result["rss_start_mib"] = rssStart;
    result["rss_end_mib"] = rssMiB();
    result["runs"] = runs - runsBefore;
    return result;
}
