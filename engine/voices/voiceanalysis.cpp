#include "voiceanalysis.h"

#include "audiodecoder.h"
#include "audioformat.h"
#include "languages.h"
#include "synthesisjob.h"
#include "synthesisplanner.h"
#include "synthesistask.h"
#include "workerpool.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QMutex>
#include <QMutexLocker>
#include <QPointer>
#include <QThread>
#include <QWaitCondition>
#include <QtEndian>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>

namespace
{
constexpr double kPi = 3.14159265358979323846;
constexpr double kMinF0 = 60.0;
constexpr double kMaxF0 = 400.0;
constexpr double kFrameSec = 0.040;
constexpr double kHopSec = 0.010;
constexpr double kVoicedCorrelation = 0.5;   // normalised autocorrelation peak
constexpr double kOctaveTolerance = 0.85;    // shortest lag within 85 % of the best peak
constexpr double kVoicedRangeDb = 30.0;      // voiced frames: within 30 dB of the loud frames
constexpr double kSilenceRangeDb = 35.0;     // non-silent frames: within 35 dB of the loud frames
// Reference recordings: what docs/custom-voices.md promises to read (8 to 192 kHz).
constexpr quint32 kMinReferenceRate = 8000;
constexpr quint32 kMaxReferenceRate = 192000;
constexpr double kAbsoluteFloor = 0.001;     // -60 dBFS RMS: below this a frame is silent
constexpr double kNucleusRangeDb = 25.0;     // syllable peaks: within 25 dB of the loudest frames
constexpr double kMinDipDb = 2.0;            // a peak stands this far above the dip to its neighbour
constexpr double kMinReferenceSec = 1.0;
constexpr double kMinVoicedSec = 0.2;

double quantile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0;
    const size_t k = std::min(v.size() - 1, size_t(std::floor(q * double(v.size() - 1) + 0.5)));
    std::nth_element(v.begin(), v.begin() + qsizetype(k), v.end());
    return v[k];
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    const size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + qsizetype(mid), v.end());
    double m = v[mid];
    if (v.size() % 2 == 0) {
        const double lower = *std::max_element(v.begin(), v.begin() + qsizetype(mid));
        m = 0.5 * (m + lower);
    }
    return m;
}

// Low-pass (windowed sinc, cut-off at 90 % of the new Nyquist) and keep every
// factor-th sample: F0 and energy need no more than ~4 kHz of bandwidth.
std::vector<double> decimate(const float *x, qsizetype n, int factor)
{
    std::vector<double> out;
    if (factor <= 1) {
        out.assign(x, x + n);
        return out;
    }
    const int half = 8 * factor;
    const double fc = 0.45 / factor; // cycles per input sample
    std::vector<double> h(size_t(2 * half + 1));
    double sum = 0;
    for (int k = -half; k <= half; ++k) {
        const double sinc = k == 0 ? 2 * fc : std::sin(2 * kPi * fc * k) / (kPi * k);
        const double window = 0.54 + 0.46 * std::cos(kPi * k / half);
        h[size_t(k + half)] = sinc * window;
        sum += sinc * window;
    }
    for (double &v : h)
        v /= sum;
    out.resize(size_t(n / factor));
    for (size_t m = 0; m < out.size(); ++m) {
        const qsizetype centre = qsizetype(m) * factor;
        double acc = 0;
        for (int k = -half; k <= half; ++k) {
            const qsizetype i = centre + k;
            if (i >= 0 && i < n)
                acc += h[size_t(k + half)] * double(x[i]);
        }
        out[m] = acc;
    }
    return out;
}

struct FrameInfo
{
    double rms = 0;
    double correlation = 0; // best normalised autocorrelation in 60..400 Hz
    double f0 = 0;
};

// Normalised autocorrelation pitch estimate of one frame (mean removed).
FrameInfo analyzeFrame(const double *data, int length, double rate, std::vector<double> &buf, std::vector<double> &prefix,
                       std::vector<double> &r)
{
    FrameInfo info;
    double mean = 0;
    for (int i = 0; i < length; ++i)
        mean += data[i];
    mean /= length;
    buf.resize(size_t(length));
    prefix.assign(size_t(length) + 1, 0.0);
    for (int i = 0; i < length; ++i) {
        buf[size_t(i)] = data[i] - mean;
        prefix[size_t(i) + 1] = prefix[size_t(i)] + buf[size_t(i)] * buf[size_t(i)];
    }
    info.rms = std::sqrt(prefix[size_t(length)] / length);
    if (info.rms <= 0)
        return info;

    const int minLag = std::max(2, int(std::floor(rate / kMaxF0)));
    const int maxLag = std::min(length - 2, int(std::ceil(rate / kMinF0)));
    if (maxLag <= minLag + 1)
        return info;
    r.assign(size_t(maxLag) + 2, 0.0);
    for (int lag = minLag - 1; lag <= maxLag + 1; ++lag) {
        double c = 0;
        const int m = length - lag;
        for (int i = 0; i < m; ++i)
            c += buf[size_t(i)] * buf[size_t(i + lag)];
        const double e0 = prefix[size_t(m)];
        const double e1 = prefix[size_t(length)] - prefix[size_t(lag)];
        r[size_t(lag)] = e0 > 0 && e1 > 0 ? c / std::sqrt(e0 * e1) : 0.0;
    }
    double best = 0;
    for (int lag = minLag; lag <= maxLag; ++lag)
        best = std::max(best, r[size_t(lag)]);
    info.correlation = best;
    if (best <= 0)
        return info;
    // The shortest lag that is a local peak close to the best one: a period, not a
    // multiple of it (which correlates as well on a steady signal).
    for (int lag = minLag; lag <= maxLag; ++lag) {
        const double v = r[size_t(lag)];
        if (v < kOctaveTolerance * best || v < r[size_t(lag - 1)] || v < r[size_t(lag + 1)])
            continue;
        const double a = r[size_t(lag - 1)], c = r[size_t(lag + 1)];
        const double denom = a - 2 * v + c;
        double delta = denom < 0 ? 0.5 * (a - c) / denom : 0.0;
        if (std::abs(delta) > 1)
            delta = 0;
        info.correlation = v;
        info.f0 = rate / (lag + delta);
        break;
    }
    return info;
}

double toDb(double rms)
{
    return 20.0 * std::log10(std::max(rms, 1e-9));
}
}

Result<VoiceAnalysis::Pcm> VoiceAnalysis::readWav(const QByteArray &bytes, const QString &field)
{
    const auto fail = [&field](const QString &message) -> Result<Pcm> {
        return ServiceError::invalid(field, message);
    };
    if (bytes.isEmpty())
        return fail(QStringLiteral("The reference recording is empty"));
    using Layout = AudioDecoder::WavLayout;
    const Layout w = AudioDecoder::parseWav(bytes);
    switch (w.problem) {
    case Layout::Problem::NotWav:
        return fail(QStringLiteral("The reference recording is not a WAV file (RIFF/WAVE header missing)"));
    case Layout::Problem::TruncatedFormat:
        return fail(QStringLiteral("The reference WAV has a truncated format chunk"));
    case Layout::Problem::NoFormat:
        return fail(QStringLiteral("The reference WAV has no format chunk"));
    case Layout::Problem::NoData:
    case Layout::Problem::None:
        break;
    }
    if (w.formatTag != 1 || w.bitsPerSample != 16)
        return fail(QStringLiteral("The reference WAV must be 16-bit PCM (it is %1-bit, format %2)").arg(w.bitsPerSample).arg(w.formatTag));
    if (w.channels != 1 && w.channels != 2)
        return fail(QStringLiteral("The reference WAV must be mono or stereo (it has %1 channels)").arg(w.channels));
    if (w.sampleRate < kMinReferenceRate || w.sampleRate > kMaxReferenceRate)
        return fail(QStringLiteral("The reference WAV sample rate must be %1 to %2 Hz (it is %3 Hz)")
                        .arg(kMinReferenceRate).arg(kMaxReferenceRate).arg(w.sampleRate));
    if (w.blockAlign != w.channels * 2)
        return fail(QStringLiteral("The reference WAV has an inconsistent block alignment"));
    if (w.problem == Layout::Problem::NoData)
        return fail(QStringLiteral("The reference WAV has no data chunk"));
    const QByteArray mono = AudioDecoder::pcm16ToMonoFloat32(bytes, w);
    if (mono.isEmpty())
        return fail(QStringLiteral("The reference WAV holds no audio"));

    Pcm pcm;
    pcm.sampleRate = int(w.sampleRate); // within the range above
    pcm.channels = w.channels;
    const auto *samples = reinterpret_cast<const float *>(mono.constData());
    pcm.samples.assign(samples, samples + mono.size() / qsizetype(sizeof(float)));
    return pcm;
}

VoiceAnalysis::Measurement VoiceAnalysis::analyze(const float *samples, qsizetype count, int sampleRate)
{
    Measurement m;
    if (sampleRate <= 0 || count <= 0)
        return m;
    m.durationSec = double(count) / sampleRate;
    const int factor = std::max(1, sampleRate / 8000);
    const std::vector<double> y = decimate(samples, count, factor);
    const double rate = double(sampleRate) / factor;
    const int length = std::max(8, int(std::lround(kFrameSec * rate)));
    const int hop = std::max(1, int(std::lround(kHopSec * rate)));
    if (qsizetype(y.size()) < length)
        return m;
    const int frames = int((qsizetype(y.size()) - length) / hop) + 1;
    m.frames = frames;

    std::vector<FrameInfo> info(static_cast<size_t>(frames));
    std::vector<double> buf, prefix, r;
    std::vector<double> rmsValues(static_cast<size_t>(frames));
    for (int f = 0; f < frames; ++f) {
        info[size_t(f)] = analyzeFrame(y.data() + qsizetype(f) * hop, length, rate, buf, prefix, r);
        rmsValues[size_t(f)] = info[size_t(f)].rms;
    }
    m.peakRms = *std::max_element(rmsValues.begin(), rmsValues.end());
    // "Loud" is the 95th percentile, so a click does not set the scale.
    const double loud = quantile(rmsValues, 0.95);
    if (loud < kAbsoluteFloor)
        return m; // silent
    const double loudDb = toDb(loud);

    std::vector<bool> voiced(size_t(frames), false);
    std::vector<double> f0s;
    int first = -1, last = -1;
    for (int f = 0; f < frames; ++f) {
        const FrameInfo &fi = info[size_t(f)];
        const double db = toDb(fi.rms);
        if (fi.rms >= kAbsoluteFloor && db >= loudDb - kSilenceRangeDb) {
            if (first < 0)
                first = f;
            last = f;
        }
        if (fi.rms >= kAbsoluteFloor && db >= loudDb - kVoicedRangeDb && fi.f0 > 0
            && fi.correlation >= kVoicedCorrelation) {
            voiced[size_t(f)] = true;
            f0s.push_back(fi.f0);
        }
    }
    m.voicedFrames = int(f0s.size());
    m.voicedSec = m.voicedFrames * double(hop) / rate;
    m.medianF0Hz = median(f0s);
    if (first >= 0)
        m.speechSec = (double(last - first) * hop + length) / rate;

    // Syllable nuclei: peaks of the smoothed energy envelope (dB, 3-frame mean).
    std::vector<double> env(static_cast<size_t>(frames));
    for (int f = 0; f < frames; ++f) {
        double sum = 0;
        int n = 0;
        for (int k = std::max(0, f - 1); k <= std::min(frames - 1, f + 1); ++k, ++n)
            sum += toDb(info[size_t(k)].rms);
        env[size_t(f)] = sum / n;
    }
    const double threshold = toDb(quantile(rmsValues, 0.99)) - kNucleusRangeDb;
    std::vector<int> peaks;
    for (int f = 1; f + 1 < frames; ++f) {
        const double v = env[size_t(f)];
        if (v < threshold || v <= env[size_t(f - 1)] || v < env[size_t(f + 1)])
            continue;
        if (peaks.empty()) {
            peaks.push_back(f);
            continue;
        }
        const int prev = peaks.back();
        const double dip = *std::min_element(env.begin() + prev, env.begin() + f + 1);
        if (env[size_t(prev)] - dip >= kMinDipDb && v - dip >= kMinDipDb)
            peaks.push_back(f);
        else if (v > env[size_t(prev)])
            peaks.back() = f; // the same nucleus, higher
    }
    for (int p : peaks) {
        bool isVoiced = false;
        for (int k = std::max(0, p - 1); k <= std::min(frames - 1, p + 1); ++k)
            isVoiced |= voiced[size_t(k)];
        m.syllables += isVoiced ? 1 : 0;
    }
    if (m.speechSec > 0 && m.voicedFrames > 0)
        m.syllablesPerSec = m.syllables / m.speechSec;
    return m;
}

Result<VoiceAnalysis::Measurement> VoiceAnalysis::measureReference(const Pcm &pcm, const QString &field)
{
    if (pcm.seconds() < kMinReferenceSec)
        return ServiceError::invalid(field, QStringLiteral("The reference recording is too short (%1 s): at least 1 s of speech is needed")
                                                .arg(pcm.seconds(), 0, 'f', 2));
    const Measurement m = analyze(pcm);
    if (m.peakRms < kAbsoluteFloor)
        return ServiceError::invalid(field, QStringLiteral("The reference recording is silent"));
    if (m.voicedSec < kMinVoicedSec || m.medianF0Hz <= 0 || m.syllables < 1)
        return ServiceError::invalid(field, QStringLiteral("No voiced speech found in the reference recording: its pitch and pace cannot be measured"));
    return m;
}

VoiceAnalysis::Match VoiceAnalysis::match(const Measurement &reference, const Measurement &base)
{
    const auto factor = [](double ref, double baseValue) {
        if (!(ref > 0) || !(baseValue > 0))
            return 1.0;
        return std::round(qBound(0.5, ref / baseValue, 2.0) * 100.0) / 100.0;
    };
    Match out;
    out.reference = reference;
    out.base = base;
    out.pitch = factor(reference.medianF0Hz, base.medianF0Hz);
    out.rate = factor(reference.syllablesPerSec, base.syllablesPerSec);
    return out;
}

QString VoiceMatcher::referenceSentence(const QString &languageCode)
{
    static const QHash<QString, QString> sentences = {
        {"en", QStringLiteral("The quick brown fox jumps over the lazy dog, and then it runs back home before the evening rain begins.")},
        {"es", QStringLiteral("El rápido zorro marrón salta sobre el perro perezoso y vuelve a casa antes de que empiece la lluvia.")},
        {"fr", QStringLiteral("Le renard brun rapide saute par-dessus le chien paresseux, puis il rentre avant la pluie du soir.")},
        {"hi", QStringLiteral("तेज़ भूरी लोमड़ी आलसी कुत्ते के ऊपर से कूदती है और शाम की बारिश से पहले घर लौट आती है।")},
        {"it", QStringLiteral("La volpe marrone salta sopra il cane pigro e poi torna a casa prima che cominci la pioggia.")},
        {"ja", QStringLiteral("素早い茶色の狐は怠けた犬を飛び越えて、夕方の雨の前に家に帰ります。")},
        {"pt", QStringLiteral("A rápida raposa marrom pula sobre o cão preguiçoso e volta para casa antes da chuva da noite.")},
        {"zh", QStringLiteral("敏捷的棕色狐狸跳过了懒狗，然后在傍晚下雨之前跑回了家。")},
    };
    static const QHash<QString, QString> baseCodes = {{"a", "en"}, {"b", "en"}, {"e", "es"}, {"f", "fr"}, {"h", "hi"},
                                                      {"i", "it"}, {"j", "ja"}, {"p", "pt"}, {"z", "zh"}};
    const QString code = baseCodes.value(languageCode, languageCode);
    return sentences.value(code, sentences.value(QStringLiteral("en")));
}

Result<VoiceAnalysis::Measurement> VoiceMatcher::measureVoice(WorkerPool *pool, const Voice &voice, int timeoutMs)
{
    static QMutex cacheMutex;
    static QHash<QString, VoiceAnalysis::Measurement> cache;
    const QString key = voice.id + QLatin1Char('|') + QString::number(voice.pitch) + QLatin1Char('|') + QString::number(voice.rate);
    {
        QMutexLocker lock(&cacheMutex);
        if (cache.contains(key))
            return cache.value(key);
    }
    if (!pool)
        return ServiceError::make(ServiceError::Kind::Unavailable,
                                  QStringLiteral("Voice analysis needs the synthesis workers, which are not running"));
    if (QThread::currentThread() == pool->thread())
        return ServiceError::make(ServiceError::Kind::Internal, QStringLiteral("voice analysis called on the engine thread"));

    SpeechRequest request;
    request.model = voice.model;
    request.text = referenceSentence(Languages::defaultCode(voice.model, voice.language));
    const auto params = SynthesisPlanner::plan(voice, request);
    if (!params)
        return ServiceError::make(ServiceError::Kind::Internal, QStringLiteral("cannot plan the reference sentence"));
    SynthesisJob job;
    job.params = *params;
    job.stream = true; // samples come back as frames; no file is written

    struct State
    {
        QMutex mutex;
        QWaitCondition done;
        std::vector<float> samples;
        bool finished = false;
        QString error;
        QPointer<SynthesisTask> task; // touched on the engine thread only
    };
    auto state = std::make_shared<State>();
    // The pool lives on the engine thread: submit there and collect the frames there.
    QMetaObject::invokeMethod(pool, [pool, job, state] {
        SynthesisTask *task = pool->submit(job);
        state->task = task;
        QObject::connect(task, &SynthesisTask::audio, task, [state](const QByteArray &pcm) {
            QMutexLocker lock(&state->mutex);
            const auto *f = reinterpret_cast<const float *>(pcm.constData());
            state->samples.insert(state->samples.end(), f, f + pcm.size() / qsizetype(sizeof(float)));
        });
        QObject::connect(task, &SynthesisTask::finished, task, [state] {
            QMutexLocker lock(&state->mutex);
            state->finished = true;
            state->done.wakeAll();
        });
        QObject::connect(task, &SynthesisTask::failed, task, [state](const QString &message) {
            QMutexLocker lock(&state->mutex);
            state->finished = true;
            state->error = message.isEmpty() ? QStringLiteral("synthesis failed") : message;
            state->done.wakeAll();
        });
    }, Qt::QueuedConnection);

    std::vector<float> samples;
    {
        QMutexLocker lock(&state->mutex);
        QDeadlineTimer deadline(timeoutMs);
        while (!state->finished && !deadline.hasExpired())
            state->done.wait(&state->mutex, deadline);
        if (!state->finished) {
            lock.unlock();
            QMetaObject::invokeMethod(pool, [state] {
                if (state->task)
                    state->task->cancel();
            }, Qt::QueuedConnection);
            ServiceError e = ServiceError::make(ServiceError::Kind::Unavailable,
                                                QStringLiteral("The synthesis workers are busy: the voice could not be analysed in time. Please retry shortly."));
            e.retryAfterSeconds = 5;
            return e;
        }
        if (!state->error.isEmpty())
            return ServiceError::make(ServiceError::Kind::Internal,
                                      QStringLiteral("Could not synthesize the base voice for analysis: %1").arg(state->error));
        samples.swap(state->samples);
    }
    const VoiceAnalysis::Measurement m = VoiceAnalysis::analyze(samples.data(), qsizetype(samples.size()), AudioFormats::kSampleRate);
    if (m.medianF0Hz <= 0 || m.syllablesPerSec <= 0)
        return ServiceError::make(ServiceError::Kind::Internal,
                                  QStringLiteral("The base voice '%1' could not be measured").arg(voice.id));
    QMutexLocker lock(&cacheMutex);
    cache.insert(key, m);
    return m;
}

Result<VoiceAnalysis::Match> VoiceMatcher::matchReference(WorkerPool *pool, const Voice &voice, const QByteArray &wav,
                                                          const QString &field)
{
    const auto pcm = VoiceAnalysis::readWav(wav, field);
    if (!pcm)
        return pcm.error();
    const auto reference = VoiceAnalysis::measureReference(*pcm, field);
    if (!reference)
        return reference.error();
    const auto base = measureVoice(pool, voice);
    if (!base)
        return base.error();
    return VoiceAnalysis::match(*reference, *base);
}
