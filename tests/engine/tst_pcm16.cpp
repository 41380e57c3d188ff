// Float to 16-bit PCM (Pcm16::fromFloat, every WAV and PCM byte the engine writes): the
// same values as clamping, scaling by 32767 and lrintf, sample by sample, for every length
// (the vector body and its tail) and the edges: ties (rounded to even), out of range,
// infinities, NaN and negative zero.
#include "pcm16.h"

#include <QRandomGenerator>
#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

namespace
{
qint16 reference(float s)
{
    return qint16(std::lrintf(qBound(-1.0f, s, 1.0f) * 32767.0f));
}
}

class TestPcm16 : public QObject
{
    Q_OBJECT

private slots:
    void sameAsSampleBySample_data();
    void sameAsSampleBySample();
    void randomSamples();
};

void TestPcm16::sameAsSampleBySample_data()
{
    QTest::addColumn<float>("sample");
    QTest::addColumn<int>("expected");
    QTest::addColumn<bool>("tie"); // sample * 32767 is exactly k + 0.5
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    QTest::newRow("zero") << 0.0f << 0 << false;
    QTest::newRow("negative zero") << -0.0f << 0 << false;
    QTest::newRow("full scale") << 1.0f << 32767 << false;
    QTest::newRow("negative full scale") << -1.0f << -32767 << false;
    QTest::newRow("above full scale") << 1.7f << 32767 << false;
    QTest::newRow("below negative full scale") << -3.0f << -32767 << false;
    QTest::newRow("+inf") << inf << 32767 << false;
    QTest::newRow("-inf") << -inf << -32767 << false;
    QTest::newRow("NaN (qBound gives -1)") << nan << -32767 << false;
    // x * 32767 lands exactly on k + 0.5: ties go to the even neighbour.
    QTest::newRow("tie 0.5 → 0") << 0.5f / 32767.0f << 0 << true;
    QTest::newRow("tie 1.5 → 2") << 1.5f / 32767.0f << 2 << true;
    QTest::newRow("tie -2.5 → -2") << -2.5f / 32767.0f << -2 << true;
    QTest::newRow("just under a half") << 0.49f / 32767.0f << 0 << false;
    QTest::newRow("a third") << 1.0f / 3.0f << 10922 << false;
}

void TestPcm16::sameAsSampleBySample()
{
    QFETCH(float, sample);
    QFETCH(int, expected);
    QFETCH(bool, tie);
    if (tie) {
        const float scaled = sample * 32767.0f;
        QCOMPARE(std::fabs(scaled - std::trunc(scaled)), 0.5f);
    }
    QCOMPARE(int(reference(sample)), expected); // the rule itself
    // At every position of blocks of every length up to 19 (two vector bodies and a tail).
    for (int length = 1; length <= 19; ++length) {
        for (int at = 0; at < length; ++at) {
            std::vector<float> in(size_t(length), 0.25f);
            in[size_t(at)] = sample;
            std::vector<qint16> out(size_t(length), 1234);
            Pcm16::fromFloat(in.data(), out.data(), length);
            QCOMPARE(int(qFromLittleEndian(out[size_t(at)])), expected);
            for (int j = 0; j < length; ++j)
                if (j != at)
                    QCOMPARE(int(qFromLittleEndian(out[size_t(j)])), int(reference(0.25f)));
        }
    }
}

void TestPcm16::randomSamples()
{
    QRandomGenerator rng(7);
    std::vector<float> in(100003);
    for (float &s : in)
        s = float(rng.generateDouble() * 2.4 - 1.2);
    std::vector<qint16> out(in.size());
    Pcm16::fromFloat(in.data(), out.data(), qsizetype(in.size()));
    for (size_t i = 0; i < in.size(); ++i)
        QCOMPARE(qFromLittleEndian(out[i]), reference(in[i]));
}

QTEST_GUILESS_MAIN(TestPcm16)
#include "tst_pcm16.moc"
