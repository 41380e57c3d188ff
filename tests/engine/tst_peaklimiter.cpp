// PeakLimiter (exports): every input sample comes out once, in order (flush() hands out
// what the look-ahead holds); and neither the
// samples nor the signal between them (true peak, libebur128's 4x oversampling) pass the
// ceiling, also for tones up to 11 kHz (0.46 of the rate) whose samples miss their crests.
#include "loudnessmeter.h"
#include "peaklimiter.h"

#include <QtTest>

#include <cmath>
#include <vector>

namespace
{
constexpr int kRate = 24000;

std::vector<float> tone(double hz, double phase, float amplitude, double seconds)
{
    std::vector<float> out(size_t(seconds * kRate));
    for (size_t i = 0; i < out.size(); ++i)
        out[i] = amplitude * float(std::sin(2 * M_PI * hz * double(i) / kRate + phase));
    return out;
}
}

class TestPeakLimiter : public QObject
{
    Q_OBJECT

private slots:
    void underTheCeiling_data();
    void underTheCeiling();
    void quietInputPassesUnchanged();
};

void TestPeakLimiter::underTheCeiling_data()
{
    QTest::addColumn<double>("hz");
    QTest::addColumn<double>("phase");
    QTest::addRow("1 kHz") << 1000.0 << 0.0;
    QTest::addRow("6 kHz, samples off the crests") << 6000.0 << M_PI / 4;
    QTest::addRow("11 kHz") << 11000.0 << 0.3;
}

void TestPeakLimiter::underTheCeiling()
{
    QFETCH(double, hz);
    QFETCH(double, phase);
    const float ceiling = float(LoudnessMeter::dbToGain(-1.5));
    const std::vector<float> in = tone(hz, phase, 0.99f, 1.0);
    PeakLimiter limiter(ceiling, kRate);
    std::vector<float> out;
    limiter.process(in.data(), qsizetype(in.size()), out);
    limiter.flush(out);
    QCOMPARE(out.size(), in.size());
    float samplePeak = 0;
    for (float v : out)
        samplePeak = qMax(samplePeak, std::abs(v));
    LoudnessMeter meter;
    meter.add(out.data(), qsizetype(out.size()));
    qInfo("%.0f Hz: sample peak %.2f dBFS, true peak %.2f dBTP (ceiling -1.5)", hz, 20 * std::log10(samplePeak),
          meter.truePeakDb());
    QVERIFY(samplePeak <= ceiling + 1e-6f);
    QVERIFY2(meter.truePeakDb() <= -1.5 + 0.1, qPrintable(QString::number(meter.truePeakDb())));
}

void TestPeakLimiter::quietInputPassesUnchanged()
{
    const std::vector<float> in = tone(440, 0.0, 0.25f, 0.5);
    PeakLimiter limiter(0.9f, kRate);
    std::vector<float> out;
    limiter.process(in.data(), qsizetype(in.size()), out);
    limiter.flush(out);
    QCOMPARE(out.size(), in.size());
    for (size_t i = 0; i < in.size(); ++i)
        QCOMPARE(out[i], in[i]);
    QCOMPARE(limiter.limitedSamples(), 0);
}

QTEST_GUILESS_MAIN(TestPeakLimiter)
#include "tst_peaklimiter.moc"
