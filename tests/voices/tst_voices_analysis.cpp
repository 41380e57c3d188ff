// engine/voiceanalysis: median F0 and speaking rate on synthetic signals and on real
// speech made by `tts-studio say`, WAV reading, reference checks and matching.
#include "studioprocess.h"
#include "voiceanalysis.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtEndian>
#include <QtTest>

#include <cmath>
#include <functional>
#include <random>

namespace
{
constexpr double kPi = 3.14159265358979323846;

// A harmonic-rich buzz (sawtooth-like: every harmonic below 4 kHz at 1/k), shaped
// by an envelope of time.
std::vector<float> buzz(double f0, double seconds, int rate, const std::function<double(double)> &envelope = {})
{
    std::vector<float> out(size_t(seconds * rate));
    const int harmonics = int(std::min(4000.0, 0.45 * rate) / f0);
    for (size_t i = 0; i < out.size(); ++i) {
        const double t = double(i) / rate;
        double v = 0;
        for (int k = 1; k <= harmonics; ++k)
            v += std::sin(2 * kPi * k * f0 * t) / k;
        out[i] = float(0.3 * v * (envelope ? envelope(t) : 1.0));
    }
    return out;
}

// Raised-cosine bursts of 110 ms at `perSecond` a second over a quiet floor.
std::function<double(double)> pulses(double perSecond)
{
    return [perSecond](double t) {
        const double period = 1.0 / perSecond;
        const double phase = std::fmod(t, period);
        const double width = 0.11;
        const double burst = phase < width ? 0.5 - 0.5 * std::cos(2 * kPi * phase / width) : 0.0;
        return 0.03 + 0.97 * burst;
    };
}

QByteArray wav16(const std::vector<float> &mono, int rate, int channels = 1)
{
    QByteArray pcm;
    pcm.resize(qsizetype(mono.size() * size_t(channels) * 2));
    auto *d = reinterpret_cast<uchar *>(pcm.data());
    for (size_t i = 0; i < mono.size(); ++i)
        for (int c = 0; c < channels; ++c)
            qToLittleEndian<qint16>(qint16(qBound(-32768.0, std::round(mono[i] * 32767.0), 32767.0)),
                                    d + (i * size_t(channels) + size_t(c)) * 2);
    QByteArray h("RIFF");
    uchar b[4];
    qToLittleEndian<quint32>(quint32(36 + pcm.size()), b);
    h.append(reinterpret_cast<char *>(b), 4);
    h.append("WAVEfmt ");
    const auto u32 = [&h](quint32 v) { uchar x[4]; qToLittleEndian(v, x); h.append(reinterpret_cast<char *>(x), 4); };
    const auto u16 = [&h](quint16 v) { uchar x[2]; qToLittleEndian(v, x); h.append(reinterpret_cast<char *>(x), 2); };
    u32(16);
    u16(1);
    u16(quint16(channels));
    u32(quint32(rate));
    u32(quint32(rate * channels * 2));
    u16(quint16(channels * 2));
    u16(16);
    h.append("data");
    u32(quint32(pcm.size()));
    return h + pcm;
}
}

class TestVoiceAnalysis : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void medianF0OfBuzz_data();
    void medianF0OfBuzz();
    void rateOfPulses_data();
    void rateOfPulses();
    void wavReading();
    void wavErrors_data();
    void wavErrors();
    void referenceChecks();
    void matchClampsAndRounds();
    void realSpeechRateOrdering();
    void realSpeechPitchOrdering();

private:
    VoiceAnalysis::Measurement speech(const QString &voice, double speed, const QString &text = {});
    QTemporaryDir m_dir;
};

void TestVoiceAnalysis::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFile::exists(StudioProcess::binary()), qPrintable(StudioProcess::binary()));
}

void TestVoiceAnalysis::medianF0OfBuzz_data()
{
    QTest::addColumn<int>("rate");
    for (int rate : {24000, 16000, 44100, 48000, 8000})
        QTest::addRow("%d Hz", rate) << rate;
}

void TestVoiceAnalysis::medianF0OfBuzz()
{
    QFETCH(int, rate);
    const auto low = VoiceAnalysis::analyze(VoiceAnalysis::Pcm{buzz(150, 2.0, rate), rate, 1});
    const auto high = VoiceAnalysis::analyze(VoiceAnalysis::Pcm{buzz(220, 2.0, rate), rate, 1});
    qInfo("%d Hz: 150 Hz buzz -> %.1f Hz, 220 Hz buzz -> %.1f Hz", rate, low.medianF0Hz, high.medianF0Hz);
    QVERIFY2(std::abs(low.medianF0Hz - 150) < 0.05 * 150, qPrintable(QString::number(low.medianF0Hz)));
    QVERIFY2(std::abs(high.medianF0Hz - 220) < 0.05 * 220, qPrintable(QString::number(high.medianF0Hz)));
    QVERIFY(low.voicedFrames > 150);
    // Extremes of the range still work.
    const auto deep = VoiceAnalysis::analyze(VoiceAnalysis::Pcm{buzz(70, 2.0, rate), rate, 1});
    const auto shrill = VoiceAnalysis::analyze(VoiceAnalysis::Pcm{buzz(380, 2.0, rate), rate, 1});
    QVERIFY2(std::abs(deep.medianF0Hz - 70) < 0.05 * 70, qPrintable(QString::number(deep.medianF0Hz)));
    QVERIFY2(std::abs(shrill.medianF0Hz - 380) < 0.05 * 380, qPrintable(QString::number(shrill.medianF0Hz)));
}

void TestVoiceAnalysis::rateOfPulses_data()
{
    QTest::addColumn<double>("f0");
    QTest::addColumn<int>("rate");
    QTest::newRow("150 Hz, 24 kHz") << 150.0 << 24000;
    QTest::newRow("220 Hz, 16 kHz") << 220.0 << 16000;
    QTest::newRow("110 Hz, 44.1 kHz") << 110.0 << 44100;
}

void TestVoiceAnalysis::rateOfPulses()
{
    QFETCH(double, f0);
    QFETCH(int, rate);
    const auto three = VoiceAnalysis::analyze(VoiceAnalysis::Pcm{buzz(f0, 4.0, rate, pulses(3)), rate, 1});
    const auto five = VoiceAnalysis::analyze(VoiceAnalysis::Pcm{buzz(f0, 4.0, rate, pulses(5)), rate, 1});
    qInfo("3/s -> %d nuclei, %.2f/s; 5/s -> %d nuclei, %.2f/s", three.syllables, three.syllablesPerSec, five.syllables,
          five.syllablesPerSec);
    QVERIFY(three.syllablesPerSec > 0);
    QVERIFY2(five.syllablesPerSec > three.syllablesPerSec * 1.3, "5/s must measure clearly faster than 3/s");
    QVERIFY2(std::abs(three.syllablesPerSec - 3) < 0.6, qPrintable(QString::number(three.syllablesPerSec)));
    QVERIFY2(std::abs(five.syllablesPerSec - 5) < 1.0, qPrintable(QString::number(five.syllablesPerSec)));
    QVERIFY2(std::abs(three.medianF0Hz - f0) < 0.05 * f0, qPrintable(QString::number(three.medianF0Hz)));
}

void TestVoiceAnalysis::wavReading()
{
    const std::vector<float> signal = buzz(200, 1.5, 22050);
    const auto mono = VoiceAnalysis::readWav(wav16(signal, 22050, 1));
    QVERIFY2(mono.ok(), qPrintable(mono.error().detail));
    QCOMPARE(mono->sampleRate, 22050);
    QCOMPARE(mono->channels, 1);
    QCOMPARE(qsizetype(mono->samples.size()), qsizetype(signal.size()));
    QVERIFY(std::abs(mono->samples[100] - signal[100]) < 1e-4);

    const auto stereo = VoiceAnalysis::readWav(wav16(signal, 22050, 2));
    QVERIFY2(stereo.ok(), qPrintable(stereo.error().detail));
    QCOMPARE(stereo->channels, 2);
    QCOMPARE(qsizetype(stereo->samples.size()), qsizetype(signal.size()));
    QVERIFY(std::abs(stereo->samples[100] - signal[100]) < 1e-4);
    const auto m = VoiceAnalysis::analyze(*stereo);
    QVERIFY(std::abs(m.medianF0Hz - 200) < 10);

    // Extra chunks (LIST) before data, odd-sized chunk with padding; a data size left
    // unset by a streaming writer.
    QByteArray withList = wav16(signal, 22050, 1);
    QByteArray list("LIST");
    uchar sz[4];
    qToLittleEndian<quint32>(3, sz);
    list.append(reinterpret_cast<char *>(sz), 4);
    list.append("abc");
    list.append('\0');
    withList.insert(36, list);
    const auto listed = VoiceAnalysis::readWav(withList);
    QVERIFY2(listed.ok(), qPrintable(listed.error().detail));
    QCOMPARE(qsizetype(listed->samples.size()), qsizetype(signal.size()));
    QByteArray unset = wav16(signal, 22050, 1);
    qToLittleEndian<quint32>(0xFFFFFFFFu, reinterpret_cast<uchar *>(unset.data()) + 40);
    const auto streamed = VoiceAnalysis::readWav(unset);
    QVERIFY2(streamed.ok(), qPrintable(streamed.error().detail));
    QCOMPARE(qsizetype(streamed->samples.size()), qsizetype(signal.size()));
}

void TestVoiceAnalysis::wavErrors_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    const QByteArray good = wav16(buzz(200, 1.2, 16000), 16000);
    QTest::newRow("empty") << QByteArray() << "empty";
    QTest::newRow("text") << QByteArray("hello, this is not audio at all") << "not a WAV";
    QTest::newRow("header only") << good.left(12) << "no format";
    QByteArray eightBit = good;
    qToLittleEndian<quint16>(8, reinterpret_cast<uchar *>(eightBit.data()) + 34);
    QTest::newRow("8-bit") << eightBit << "16-bit PCM";
    QByteArray floatFormat = good;
    qToLittleEndian<quint16>(3, reinterpret_cast<uchar *>(floatFormat.data()) + 20);
    QTest::newRow("float") << floatFormat << "16-bit PCM";
    QByteArray sixChannels = good;
    qToLittleEndian<quint16>(6, reinterpret_cast<uchar *>(sixChannels.data()) + 22);
    QTest::newRow("6 channels") << sixChannels << "mono or stereo";
    QByteArray noData = good.left(36);
    QTest::newRow("no data chunk") << noData << "no data";
    QByteArray truncatedFmt = good.left(24);
    QTest::newRow("truncated fmt") << truncatedFmt << "truncated";
    // The rate is an unsigned 32-bit field: reported as written, never clamped or wrapped.
    const auto withRate = [&good](quint32 rate) {
        QByteArray b = good;
        qToLittleEndian<quint32>(rate, reinterpret_cast<uchar *>(b.data()) + 24);
        return b;
    };
    QTest::newRow("rate 4,000,000,000") << withRate(4000000000u) << "(it is 4000000000 Hz)";
    QTest::newRow("rate 0xFFFFFFFF") << withRate(0xFFFFFFFFu) << "(it is 4294967295 Hz)";
    QTest::newRow("rate 2^31") << withRate(0x80000000u) << "(it is 2147483648 Hz)";
    QTest::newRow("rate 0") << withRate(0) << "(it is 0 Hz)";
    QTest::newRow("rate 7999") << withRate(7999) << "8000 to 192000 Hz (it is 7999 Hz)";
    QTest::newRow("rate 192001") << withRate(192001) << "8000 to 192000 Hz (it is 192001 Hz)";
}

void TestVoiceAnalysis::wavErrors()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    const auto r = VoiceAnalysis::readWav(bytes);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().kind, ServiceError::Kind::InvalidInput);
    QVERIFY2(r.error().detail.contains(expected, Qt::CaseInsensitive), qPrintable(r.error().detail));
    QCOMPARE(r.error().errors.value(0).field, QStringLiteral("reference"));
}

void TestVoiceAnalysis::referenceChecks()
{
    const auto tooShort = VoiceAnalysis::measureReference(VoiceAnalysis::Pcm{buzz(150, 0.6, 24000), 24000, 1});
    QVERIFY(!tooShort.ok());
    QVERIFY2(tooShort.error().detail.contains("too short"), qPrintable(tooShort.error().detail));

    const auto silent = VoiceAnalysis::measureReference(VoiceAnalysis::Pcm{std::vector<float>(48000, 0.0f), 24000, 1});
    QVERIFY(!silent.ok());
    QVERIFY2(silent.error().detail.contains("silent"), qPrintable(silent.error().detail));

    std::mt19937 rng(7);
    std::normal_distribution<float> noise(0.0f, 0.2f);
    std::vector<float> hiss(48000);
    for (float &s : hiss)
        s = noise(rng);
    const auto unvoiced = VoiceAnalysis::measureReference(VoiceAnalysis::Pcm{hiss, 24000, 1});
    QVERIFY(!unvoiced.ok());
    QVERIFY2(unvoiced.error().detail.contains("voiced"), qPrintable(unvoiced.error().detail));

    const auto ok = VoiceAnalysis::measureReference(VoiceAnalysis::Pcm{buzz(150, 2.0, 24000, pulses(4)), 24000, 1});
    QVERIFY2(ok.ok(), qPrintable(ok.error().detail));
}

void TestVoiceAnalysis::matchClampsAndRounds()
{
    VoiceAnalysis::Measurement base, ref;
    base.medianF0Hz = 200;
    base.syllablesPerSec = 4;
    ref.medianF0Hz = 100;
    ref.syllablesPerSec = 5;
    auto m = VoiceAnalysis::match(ref, base);
    QCOMPARE(m.pitch, 0.5);
    QCOMPARE(m.rate, 1.25);
    ref.medianF0Hz = 50; // below range: clamped
    ref.syllablesPerSec = 12;
    m = VoiceAnalysis::match(ref, base);
    QCOMPARE(m.pitch, 0.5);
    QCOMPARE(m.rate, 2.0);
    ref.medianF0Hz = 233;
    ref.syllablesPerSec = 3.3;
    m = VoiceAnalysis::match(ref, base);
    QCOMPARE(m.pitch, 1.17);
    QCOMPARE(m.rate, 0.83);
}

VoiceAnalysis::Measurement TestVoiceAnalysis::speech(const QString &voice, double speed, const QString &text)
{
    const QString path = m_dir.filePath(QStringLiteral("%1_%2.wav").arg(voice).arg(speed));
    const QString sentence = text.isEmpty()
        ? QStringLiteral("Every morning the baker opens his little shop, and the smell of fresh bread fills the whole street.")
        : text;
    QProcess p;
    p.start(StudioProcess::binary(), {"say", sentence, "--voice", voice, "--speed", QString::number(speed), "-o", path});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        qWarning() << "say failed:" << p.readAllStandardError();
        return {};
    }
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const auto pcm = VoiceAnalysis::readWav(f.readAll());
    if (!pcm)
        return {};
    return VoiceAnalysis::analyze(*pcm);
}

void TestVoiceAnalysis::realSpeechRateOrdering()
{
    for (const QString voice : {"af_sarah", "am_michael", "ef_dora"}) {
        const auto slow = speech(voice, 0.7);
        const auto fast = speech(voice, 1.4);
        qInfo("%s: speed 0.7 -> %d nuclei in %.2f s = %.2f/s (F0 %.0f Hz); speed 1.4 -> %d nuclei in %.2f s = %.2f/s (F0 %.0f Hz)",
              qPrintable(voice), slow.syllables, slow.speechSec, slow.syllablesPerSec, slow.medianF0Hz, fast.syllables,
              fast.speechSec, fast.syllablesPerSec, fast.medianF0Hz);
        QVERIFY(slow.syllablesPerSec > 0);
        QVERIFY2(fast.syllablesPerSec > slow.syllablesPerSec * 1.3,
                 qPrintable(QStringLiteral("%1: fast speech must measure clearly faster").arg(voice)));
        // Speed does not move the pitch much.
        QVERIFY(std::abs(fast.medianF0Hz / slow.medianF0Hz - 1.0) < 0.2);
    }
}

void TestVoiceAnalysis::realSpeechPitchOrdering()
{
    const auto female = speech("af_sarah", 1.0);
    const auto male = speech("am_michael", 1.0);
    qInfo("af_sarah %.0f Hz, am_michael %.0f Hz", female.medianF0Hz, male.medianF0Hz);
    QVERIFY(male.medianF0Hz > 60 && male.medianF0Hz < 180);
    QVERIFY(female.medianF0Hz > 130 && female.medianF0Hz < 320);
    QVERIFY(female.medianF0Hz > male.medianF0Hz * 1.3);
}

QTEST_GUILESS_MAIN(TestVoiceAnalysis)
#include "tst_voices_analysis.moc"
