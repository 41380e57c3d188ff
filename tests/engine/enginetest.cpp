#include "enginetest.h"

#include "speechrequestcheck.h"
#include "voicecatalog.h"
#include "workerpool.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTimer>
#include <QtEndian>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace EngineTest
{

std::optional<SynthesisParams> plan(const RequestSpec &spec, QString *error)
{
    static const VoiceCatalog catalog;
    const auto voice = catalog.find(spec.voiceId);
    SpeechRequest request;
    request.text = spec.text;
    request.model = spec.model;
    request.languageCode = spec.language;
    request.speed = spec.speed;
    request.exaggeration = spec.exaggeration;
    request.cfgWeight = spec.cfgWeight;
    if (auto problem = SpeechRequestCheck::check(request, spec.voiceId, voice ? &*voice : nullptr)) {
        if (error)
            *error = QStringLiteral("request rejected: %1 %2").arg(problem->detail,
                                                                    problem->errors.isEmpty() ? QString()
                                                                                              : problem->errors.first().message);
        return std::nullopt;
    }
    auto params = SynthesisPlanner::plan(*voice, request);
    if (!params && error)
        *error = QStringLiteral("planner returned nothing for %1/%2/%3").arg(spec.voiceId, spec.model, spec.language);
    return params;
}

Recorder::Recorder(SynthesisTask *task, bool keepAudio)
    : m_out(std::make_shared<Outcome>())
    , m_task(task)
{
    std::shared_ptr<Outcome> out = m_out;
    QObject::connect(task, &SynthesisTask::started, task, [out] { out->started = true; });
    QObject::connect(task, &SynthesisTask::words, task, [out](const QList<WordTiming> &w) { out->words += w; });
    auto silentRun = std::make_shared<qint64>(0); // the current run, across chunk boundaries
    QObject::connect(task, &SynthesisTask::audio, task, [out, silentRun, keepAudio](const QByteArray &bytes) {
        const qsizetype n = bytes.size() / qsizetype(sizeof(float));
        out->streamedSamples += n;
        ++out->chunks;
        if (keepAudio)
            out->audio.reserve(out->audio.size() + size_t(n));
        for (qsizetype i = 0; i < n; ++i) {
            const float v = qFromLittleEndian<float>(bytes.constData() + i * qsizetype(sizeof(float)));
            out->sumSquares += double(v) * double(v);
            if (std::fabs(v) < 1e-3f) {
                out->longestSilentRun = std::max(out->longestSilentRun, ++*silentRun);
            } else {
                *silentRun = 0;
            }
            if (keepAudio)
                out->audio.push_back(v);
        }
    });
    QObject::connect(task, &SynthesisTask::finished, task, [out](qint64 samples) {
        out->finished = true;
        out->finishedSamples = samples;
    });
    QObject::connect(task, &SynthesisTask::failed, task, [out](const QString &message) {
        out->failed = true;
        out->error = message;
    });
}

bool waitAll(const QList<Recorder *> &recorders, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    auto allDone = [&] {
        return std::all_of(recorders.begin(), recorders.end(), [](Recorder *r) { return r->outcome().done(); });
    };
    while (!allDone() && !deadline.hasExpired())
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    // Let the pool's deleteLater()s run.
    QCoreApplication::processEvents();
    return allDone();
}

Outcome run(WorkerPool &pool, const SynthesisJob &job, int timeoutMs, bool keepAudio)
{
    Recorder recorder(pool.submit(job), keepAudio);
    waitAll({&recorder}, timeoutMs);
    return recorder.outcome();
}

SynthesisJob job(const SynthesisParams &params, const QString &outputPath, AudioFormat format, bool stream)
{
    SynthesisJob j;
    j.params = params;
    j.outputPath = outputPath;
    j.format = format;
    j.stream = stream;
    return j;
}

std::vector<float> WavFile::toFloat() const
{
    std::vector<float> out(samples.size());
    for (size_t i = 0; i < samples.size(); ++i)
        out[i] = float(samples[i]) / 32768.0f;
    return out;
}

WavFile readWav(const QString &path)
{
    WavFile w;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        w.error = QStringLiteral("cannot open %1").arg(path);
        return w;
    }
    const QByteArray d = f.readAll();
    w.fileSize = d.size();
    if (d.size() < 12) {
        w.error = QStringLiteral("file too short (%1 bytes)").arg(d.size());
        return w;
    }
    w.riff = d.left(4);
    w.riffSize = qFromLittleEndian<quint32>(d.constData() + 4);
    w.wave = d.mid(8, 4);
    qint64 pos = 12;
    bool haveFmt = false, haveData = false;
    while (pos + 8 <= d.size()) {
        const QByteArray id = d.mid(pos, 4);
        const quint32 size = qFromLittleEndian<quint32>(d.constData() + pos + 4);
        const qint64 body = pos + 8;
        if (id == "fmt " && size >= 16 && body + 16 <= d.size()) {
            const char *p = d.constData() + body;
            w.formatTag = qFromLittleEndian<quint16>(p);
            w.channels = qFromLittleEndian<quint16>(p + 2);
            w.sampleRate = qFromLittleEndian<quint32>(p + 4);
            w.byteRate = qFromLittleEndian<quint32>(p + 8);
            w.blockAlign = qFromLittleEndian<quint16>(p + 12);
            w.bitsPerSample = qFromLittleEndian<quint16>(p + 14);
            haveFmt = true;
        } else if (id == "data") {
            w.dataBytes = size;
            if (body + qint64(size) > d.size()) {
                w.error = QStringLiteral("data chunk says %1 bytes, file holds %2").arg(size).arg(d.size() - body);
                return w;
            }
            if (w.bitsPerSample == 16) {
                w.samples.resize(size_t(size / 2));
                for (size_t i = 0; i < w.samples.size(); ++i)
                    w.samples[i] = qFromLittleEndian<qint16>(d.constData() + body + qint64(i) * 2);
            }
            haveData = true;
        }
        pos = body + qint64(size) + (size & 1);
    }
    if (!haveFmt || !haveData) {
        w.error = QStringLiteral("missing %1 chunk").arg(haveFmt ? "data" : "fmt ");
        return w;
    }
    w.valid = true;
    return w;
}

Mp3FrameInfo readFirstMp3Frame(const QString &path)
{
    Mp3FrameInfo info;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        info.error = QStringLiteral("cannot open %1").arg(path);
        return info;
    }
    const QByteArray d = f.read(64 * 1024);
    qint64 pos = 0;
    if (d.startsWith("ID3") && d.size() >= 10) {
        const auto b = [&](int i) { return quint32(quint8(d.at(i))); };
        pos = 10 + ((b(6) << 21) | (b(7) << 14) | (b(8) << 7) | b(9));
    }
    // The file must start with a frame (after any ID3 tag): no garbage before it.
    if (pos + 4 > d.size() || quint8(d.at(pos)) != 0xFF || (quint8(d.at(pos + 1)) & 0xE0) != 0xE0) {
        info.error = QStringLiteral("no MPEG frame sync at offset %1").arg(pos);
        return info;
    }
    const quint8 h1 = quint8(d.at(pos + 1)), h2 = quint8(d.at(pos + 2)), h3 = quint8(d.at(pos + 3));
    const int versionBits = (h1 >> 3) & 3;
    const int layerBits = (h1 >> 1) & 3;
    const int bitrateIndex = (h2 >> 4) & 15;
    const int rateIndex = (h2 >> 2) & 3;
    const int channelMode = (h3 >> 6) & 3;
    info.mpegVersion = versionBits == 3 ? 1 : versionBits == 2 ? 2 : versionBits == 0 ? 25 : 0;
    info.layer = layerBits == 1 ? 3 : layerBits == 2 ? 2 : layerBits == 3 ? 1 : 0;
    static const int rates1[] = {44100, 48000, 32000, 0};
    const int base = rateIndex < 3 ? rates1[rateIndex] : 0;
    info.sampleRate = info.mpegVersion == 1 ? base : info.mpegVersion == 2 ? base / 2 : base / 4;
    static const int brV1L3[] = {0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0};
    static const int brV2L3[] = {0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0};
    info.bitrateKbps = info.mpegVersion == 1 ? brV1L3[bitrateIndex] : brV2L3[bitrateIndex];
    info.mono = channelMode == 3;
    info.offset = pos;
    // Layer III frame length: 144 * bitrate / rate (MPEG-1) or 72 * bitrate / rate (MPEG-2/2.5).
    int frameBytes = 0;
    if (info.sampleRate > 0 && info.bitrateKbps > 0)
        frameBytes = (info.mpegVersion == 1 ? 144 : 72) * info.bitrateKbps * 1000 / info.sampleRate + ((h2 >> 1) & 1);
    const QByteArray frame = d.mid(pos, frameBytes > 0 ? frameBytes : 512);
    info.hasInfoTag = frame.contains("Info") || frame.contains("Xing");
    info.hasLameTag = frame.contains("LAME") || frame.contains("Lavc");
    info.valid = info.mpegVersion != 0 && info.layer != 0 && info.sampleRate > 0;
    if (!info.valid)
        info.error = QStringLiteral("bad frame header %1").arg(QString::fromLatin1(d.mid(pos, 4).toHex()));
    return info;
}

double seconds(qint64 samples)
{
    return double(samples) / double(kRate);
}

double rms(const std::vector<float> &x)
{
    if (x.empty())
        return 0;
    double s = 0;
    for (float v : x)
        s += double(v) * double(v);
    return std::sqrt(s / double(x.size()));
}

double correlation(const std::vector<float> &a, const std::vector<float> &b)
{
    const size_t n = std::min(a.size(), b.size());
    if (n == 0)
        return 0;
    double ma = 0, mb = 0;
    for (size_t i = 0; i < n; ++i) {
        ma += a[i];
        mb += b[i];
    }
    ma /= double(n);
    mb /= double(n);
    double sab = 0, saa = 0, sbb = 0;
    for (size_t i = 0; i < n; ++i) {
        const double da = a[i] - ma, db = b[i] - mb;
        sab += da * db;
        saa += da * da;
        sbb += db * db;
    }
    return saa > 0 && sbb > 0 ? sab / std::sqrt(saa * sbb) : 0;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

std::vector<double> trackF0(const std::vector<float> &input, int rate)
{
    // Halve the rate (pairwise mean is a crude low-pass; enough for F0 below 400 Hz).
    std::vector<double> x(input.size() / 2);
    for (size_t i = 0; i < x.size(); ++i)
        x[i] = 0.5 * (double(input[2 * i]) + double(input[2 * i + 1]));
    const double fs = rate / 2.0;
    const int frame = int(std::lround(0.040 * fs)); // 40 ms
    const int hop = int(std::lround(0.010 * fs));   // 10 ms
    const int minLag = int(std::floor(fs / 400.0));
    const int maxLag = int(std::ceil(fs / 50.0));
    // Normalised cross-correlation (RAPT style): a full 40 ms analysis window compared
    // with the same length starting `lag` samples later.
    const int span = frame + maxLag + 2;
    if (int(x.size()) < span)
        return {};

    const int frames = (int(x.size()) - span) / hop + 1;
    std::vector<double> frameRms(static_cast<size_t>(frames), 0.0);
    for (int f = 0; f < frames; ++f) {
        double s = 0;
        for (int i = 0; i < frame; ++i)
            s += x[size_t(f * hop + i)] * x[size_t(f * hop + i)];
        frameRms[size_t(f)] = std::sqrt(s / frame);
    }
    const double loudest = *std::max_element(frameRms.begin(), frameRms.end());

    std::vector<double> track(static_cast<size_t>(frames), 0.0); // 0 = unvoiced
    std::vector<double> r(size_t(maxLag + 2), 0.0);
    std::vector<double> seg(static_cast<size_t>(span));
    for (int f = 0; f < frames; ++f) {
        if (frameRms[size_t(f)] < 0.15 * loudest || frameRms[size_t(f)] < 0.005)
            continue;
        double mean = 0;
        for (int i = 0; i < frame; ++i)
            mean += x[size_t(f * hop + i)];
        mean /= frame;
        for (int i = 0; i < span; ++i)
            seg[size_t(i)] = x[size_t(f * hop + i)] - mean;
        double e0 = 0;
        for (int i = 0; i < frame; ++i)
            e0 += seg[size_t(i)] * seg[size_t(i)];
        double best = 0;
        for (int lag = minLag - 1; lag <= maxLag + 1; ++lag) {
            double c = 0, e1 = 0;
            for (int i = 0; i < frame; ++i) {
                c += seg[size_t(i)] * seg[size_t(i + lag)];
                e1 += seg[size_t(i + lag)] * seg[size_t(i + lag)];
            }
            r[size_t(lag)] = (e0 > 0 && e1 > 0) ? c / std::sqrt(e0 * e1) : 0;
            if (lag >= minLag && lag <= maxLag)
                best = std::max(best, r[size_t(lag)]);
        }
        if (best < 0.7)
            continue;
        // The shortest lag whose local peak is close to the best one: avoids picking
        // a multiple of the period (an octave too low).
        int chosen = -1;
        for (int lag = minLag; lag <= maxLag; ++lag) {
            if (r[size_t(lag)] >= r[size_t(lag - 1)] && r[size_t(lag)] >= r[size_t(lag + 1)]
                && r[size_t(lag)] >= 0.9 * best) {
                chosen = lag;
                break;
            }
        }
        if (chosen < 0)
            continue;
        // Parabolic interpolation around the peak.
        const double a = r[size_t(chosen - 1)], b = r[size_t(chosen)], c = r[size_t(chosen + 1)];
        const double denom = a - 2 * b + c;
        const double delta = std::fabs(denom) > 1e-12 ? 0.5 * (a - c) / denom : 0.0;
        track[size_t(f)] = fs / (double(chosen) + qBound(-0.5, delta, 0.5));
    }

    // Median-smooth (5 frames) inside voiced runs of at least 3 frames.
    std::vector<double> out;
    int f = 0;
    while (f < frames) {
        if (track[size_t(f)] <= 0) {
            ++f;
            continue;
        }
        int end = f;
        while (end < frames && track[size_t(end)] > 0)
            ++end;
        if (end - f >= 3) {
            for (int i = f; i < end; ++i) {
                std::vector<double> w;
                for (int j = std::max(f, i - 2); j <= std::min(end - 1, i + 2); ++j)
                    w.push_back(track[size_t(j)]);
                out.push_back(median(w));
            }
        }
        f = end;
    }
    return out;
}

double semitoneSpread(const std::vector<double> &f0)
{
    if (f0.size() < 2)
        return 0;
    std::vector<double> st;
    st.reserve(f0.size());
    for (double v : f0)
        st.push_back(12.0 * std::log2(v / 100.0));
    const double mean = std::accumulate(st.begin(), st.end(), 0.0) / double(st.size());
    double var = 0;
    for (double v : st)
        var += (v - mean) * (v - mean);
    return std::sqrt(var / double(st.size() - 1));
}

QStringList words(const QString &text)
{
    QString t = text.toLower();
    static const QRegularExpression notWord(QStringLiteral("[^\\p{L}\\p{N}']+"));
    t.replace(notWord, QStringLiteral(" "));
    QStringList out;
    for (QString w : t.split(u' ', Qt::SkipEmptyParts)) {
        while (w.startsWith(u'\''))
            w.remove(0, 1);
        while (w.endsWith(u'\''))
            w.chop(1);
        if (!w.isEmpty())
            out << w;
    }
    return out;
}

double wordErrorRate(const QString &reference, const QString &hypothesis)
{
    const QStringList ref = words(reference), hyp = words(hypothesis);
    if (ref.isEmpty())
        return hyp.isEmpty() ? 0.0 : 1.0;
    std::vector<int> prev(size_t(hyp.size()) + 1), cur(size_t(hyp.size()) + 1);
    std::iota(prev.begin(), prev.end(), 0);
    for (qsizetype i = 1; i <= ref.size(); ++i) {
        cur[0] = int(i);
        for (qsizetype j = 1; j <= hyp.size(); ++j) {
            const int sub = prev[size_t(j - 1)] + (ref.at(i - 1) == hyp.at(j - 1) ? 0 : 1);
            cur[size_t(j)] = std::min({sub, prev[size_t(j)] + 1, cur[size_t(j - 1)] + 1});
        }
        std::swap(prev, cur);
    }
    return double(prev[size_t(hyp.size())]) / double(ref.size());
}

int runProgram(const QString &program, const QStringList &args, QByteArray *out, QByteArray *err, int timeoutMs)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForStarted(10000))
        return -1;
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(2000);
        return -1;
    }
    if (out)
        *out = p.readAllStandardOutput();
    if (err)
        *err = p.readAllStandardError();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

QString findProgram(const QString &name)
{
    return QStandardPaths::findExecutable(name);
}
}

QString EngineTest::SpeechTools::problem() const
{
    if (sox.isEmpty())
        return QStringLiteral("sox is needed (Debian package sox)");
    if (recognizer.isEmpty())
        return QStringLiteral("pocketsphinx_continuous is needed (Debian packages pocketsphinx, pocketsphinx-en-us)");
    return {};
}

EngineTest::SpeechTools EngineTest::findSpeechTools()
{
    return {findProgram(QStringLiteral("sox")), findProgram(QStringLiteral("pocketsphinx_continuous"))};
}

WorkerPool *EngineTest::warmPool(QObject *parent)
{
    WorkerPool::Options options;
    options.workers = 2;
    auto *pool = new WorkerPool(options, parent);
    if (pool->waitUntilReady(60000))
        return pool;
    delete pool;
    return nullptr;
}

QString EngineTest::listeningSetUp(QObject *parent, SpeechTools *tools, WorkerPool **pool)
{
    *tools = findSpeechTools();
    if (!tools->problem().isEmpty())
        return tools->problem();
    *pool = warmPool(parent);
    return *pool ? QString() : QStringLiteral("workers did not get ready");
}

EngineTest::Outcome EngineTest::runWithWords(WorkerPool &pool, const SynthesisParams &params, int timeoutMs)
{
    SynthesisJob j = job(params, {}, AudioFormat::Wav, true);
    j.wordTimings = true;
    return run(pool, j, timeoutMs, false);
}
