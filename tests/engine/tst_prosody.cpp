// Prosody controls as a listener perceives them: speed changes duration (not pitch),
// exaggeration widens the pitch movement of the advanced model, cfg_weight slows the
// pacing, the voice's pitch factor moves its pitch; the base model ignores the
// advanced controls. Measured on audio from real worker processes.

#include "enginetest.h"
#include "voicecatalog.h"
#include "workerpool.h"

#include <QJsonDocument>
#include <QtTest>

#include <cmath>

using namespace EngineTest;

namespace
{
const QString kEnglish = QStringLiteral(
    "I never expected to see you here again. Where have you been all these years? "
    "We looked for you everywhere, and nobody knew anything. Come inside, it is cold.");
const QString kGerman = QStringLiteral(
    "Ich hätte nie gedacht, dich hier wiederzusehen. Wo warst du all die Jahre? "
    "Wir haben dich überall gesucht, und niemand wusste etwas. Komm herein, es ist kalt.");
const QString kSpanish = QStringLiteral(
    "Nunca esperé volver a verte aquí. ¿Dónde has estado todos estos años? "
    "Te buscamos por todas partes y nadie sabía nada. Entra, hace frío.");

QString textFor(const QString &language)
{
    if (language == "de")
        return kGerman;
    if (language == "e" || language == "es")
        return kSpanish;
    return kEnglish;
}
}

class TestProsody : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void plannerMapping_data();
    void plannerMapping();
    void baseModelIgnoresAdvancedControls_data();
    void baseModelIgnoresAdvancedControls();

    void speedChangesDuration_data();
    void speedChangesDuration();
    void exaggerationWidensPitch_data();
    void exaggerationWidensPitch();
    void cfgWeightLengthensPacing_data();
    void cfgWeightLengthensPacing();
    void voicePitchFactorIsHeard_data();
    void voicePitchFactorIsHeard();

private:
    // Synthesizes and returns the streamed audio (fails the test on error).
    std::vector<float> speak(const RequestSpec &spec);

    WorkerPool *m_pool = nullptr;
};

void TestProsody::initTestCase()
{
    WorkerPool::Options options;
    options.workers = 2;
    m_pool = new WorkerPool(options, this);
    QVERIFY2(m_pool->waitUntilReady(60000), "workers did not get ready");
}

void TestProsody::cleanupTestCase()
{
    delete m_pool;
    m_pool = nullptr;
}

std::vector<float> TestProsody::speak(const RequestSpec &spec)
{
    QString error;
    const auto params = plan(spec, &error);
    if (!params) {
        QTest::qFail(qPrintable(error), __FILE__, __LINE__);
        return {};
    }
    const Outcome o = run(*m_pool, job(*params, {}, AudioFormat::Wav, true));
    if (!o.finished) {
        QTest::qFail(qPrintable(o.failed ? o.error : QStringLiteral("timed out")), __FILE__, __LINE__);
        return {};
    }
    return o.audio;
}

void TestProsody::plannerMapping_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::addColumn<QString>("model");
    QTest::addColumn<double>("exaggeration");
    QTest::addColumn<double>("cfgWeight");
    QTest::addColumn<double>("pitchRange");
    QTest::addColumn<int>("sentencePauseMs");
    QTest::addColumn<int>("wordGapMs");

    QTest::newRow("advanced ex=0 cfg=1") << "aria" << "advanced" << 0.0 << 1.0 << 0.2 << 60 << 0;
    QTest::newRow("advanced ex=0.5 cfg=2.5 (defaults)") << "aria" << "advanced" << 0.5 << 2.5 << 1.0 << 150 << 15;
    QTest::newRow("advanced ex=1 cfg=5") << "aria" << "advanced" << 1.0 << 5.0 << 1.8 << 300 << 40;
    QTest::newRow("advanced ex=0.25 cfg=3") << "marcus" << "advanced" << 0.25 << 3.0 << 0.6 << 180 << 20;
    QTest::newRow("base ex=0 cfg=1") << "af_sarah" << "base" << 0.0 << 1.0 << 1.0 << 150 << 0;
    QTest::newRow("base ex=1 cfg=5") << "ef_dora" << "base" << 1.0 << 5.0 << 1.0 << 150 << 0;
}

void TestProsody::plannerMapping()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, model);
    QFETCH(double, exaggeration);
    QFETCH(double, cfgWeight);
    QFETCH(double, pitchRange);
    QFETCH(int, sentencePauseMs);
    QFETCH(int, wordGapMs);
    RequestSpec spec{voiceId, model, {}, "Hello.", 1.0, exaggeration, cfgWeight};
    QString error;
    const auto p = plan(spec, &error);
    QVERIFY2(p, qPrintable(error));
    QVERIFY2(qAbs(p->pitchRange - pitchRange) < 1e-9, qPrintable(QString::number(p->pitchRange)));
    QCOMPARE(p->sentencePauseMs, sentencePauseMs);
    QCOMPARE(p->wordGapMs, wordGapMs);
}

void TestProsody::baseModelIgnoresAdvancedControls_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::newRow("af_sarah (flite)") << "af_sarah";
    QTest::newRow("ef_dora (espeak)") << "ef_dora";
    QTest::newRow("jm_kumo (espeak, kana)") << "jm_kumo";
}

void TestProsody::baseModelIgnoresAdvancedControls()
{
    QFETCH(QString, voiceId);
    QString error;
    const auto reference = plan({voiceId, "base", {}, "Hello there.", 1.0, 0.5, 2.5}, &error);
    QVERIFY2(reference, qPrintable(error));
    for (double ex : {0.0, 1.0}) {
        for (double cfg : {1.0, 5.0}) {
            const auto p = plan({voiceId, "base", {}, "Hello there.", 1.0, ex, cfg}, &error);
            QVERIFY2(p, qPrintable(error));
            QCOMPARE(QJsonDocument(p->toJson()).toJson(), QJsonDocument(reference->toJson()).toJson());
        }
    }
}

void TestProsody::speedChangesDuration_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("language");

    QTest::newRow("flite slt (af_sarah, English)") << "af_sarah" << "base" << "a";
    QTest::newRow("flite kal16 (am_adam, English)") << "am_adam" << "base" << "a";
    QTest::newRow("espeak (ef_dora, Spanish)") << "ef_dora" << "base" << "e";
    QTest::newRow("espeak (marcus, German)") << "marcus" << "advanced" << "de";
}

void TestProsody::speedChangesDuration()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, model);
    QFETCH(QString, language);
    const QString text = textFor(language);
    QMap<double, double> duration, pitch;
    for (double speed : {0.5, 1.0, 2.0}) {
        const std::vector<float> audio = speak({voiceId, model, language, text, speed});
        if (QTest::currentTestFailed())
            return;
        duration[speed] = seconds(qint64(audio.size()));
        pitch[speed] = median(trackF0(audio));
        qInfo("%s speed %.1f: %.2f s, median F0 %.0f Hz", qPrintable(voiceId), speed, duration[speed], pitch[speed]);
    }
    QVERIFY2(duration[0.5] > duration[1.0] && duration[1.0] > duration[2.0], "duration not monotonic in speed");
    const double ratio = duration[0.5] / duration[2.0];
    qInfo("%s: speed 0.5 / speed 2.0 duration ratio %.2f", qPrintable(voiceId), ratio);
    QVERIFY2(ratio >= 3.0, qPrintable(QStringLiteral("ratio %1 < 3").arg(ratio)));
    // Speed must not turn into a pitch change (no chipmunk / slowed-tape effect).
    const double pitchRatio = pitch[2.0] / pitch[0.5];
    QVERIFY2(pitchRatio > 0.85 && pitchRatio < 1.18,
             qPrintable(QStringLiteral("median F0 %1 Hz at 0.5x vs %2 Hz at 2x").arg(pitch[0.5]).arg(pitch[2.0])));
}

void TestProsody::exaggerationWidensPitch_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::addColumn<QString>("language");

    QTest::newRow("aria English (flite slt)") << "aria" << "en";
    QTest::newRow("marcus English (flite kal16)") << "marcus" << "en";
    QTest::newRow("fergus English (flite awb)") << "fergus" << "en";
    QTest::newRow("orion English (flite kal16)") << "orion" << "en";
    QTest::newRow("aria German (espeak)") << "aria" << "de";
    QTest::newRow("marcus Spanish (espeak)") << "marcus" << "es";
}

void TestProsody::exaggerationWidensPitch()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, language);
    const QString text = textFor(language);
    QMap<double, double> spread;
    for (double ex : {0.0, 0.5, 1.0}) {
        const std::vector<float> audio = speak({voiceId, "advanced", language, text, 1.0, ex, 2.5});
        if (QTest::currentTestFailed())
            return;
        const std::vector<double> f0 = trackF0(audio);
        QVERIFY2(f0.size() >= 50, qPrintable(QStringLiteral("only %1 voiced frames").arg(f0.size())));
        spread[ex] = semitoneSpread(f0);
        std::vector<double> sorted = f0;
        std::sort(sorted.begin(), sorted.end());
        auto pct = [&](double q) { return sorted[size_t(q * double(sorted.size() - 1))]; };
        qInfo("%s/%s exaggeration %.1f: F0 spread %.2f semitones (%d voiced frames; F0 5/50/95%%: %.0f/%.0f/%.0f Hz)",
              qPrintable(voiceId), qPrintable(language), ex, spread[ex], int(f0.size()), pct(0.05), pct(0.5), pct(0.95));
    }
    QVERIFY2(spread[1.0] > 1.5 * spread[0.0] && spread[1.0] - spread[0.0] > 1.0,
             qPrintable(QStringLiteral("spread %1 st at exaggeration 1 vs %2 st at 0").arg(spread[1.0]).arg(spread[0.0])));
    QVERIFY2(spread[0.5] > spread[0.0] && spread[0.5] < spread[1.0],
             qPrintable(QStringLiteral("exaggeration 0.5 spread %1 st not between %2 and %3")
                            .arg(spread[0.5]).arg(spread[0.0]).arg(spread[1.0])));
}

void TestProsody::cfgWeightLengthensPacing_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::addColumn<QString>("language");

    QTest::newRow("aria English (flite)") << "aria" << "en";
    QTest::newRow("marcus Spanish (espeak)") << "marcus" << "es";
}

void TestProsody::cfgWeightLengthensPacing()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, language);
    const QString text = textFor(language); // four sentences: three pauses between them
    const std::vector<float> fast = speak({voiceId, "advanced", language, text, 1.0, 0.5, 1.0});
    const std::vector<float> slow = speak({voiceId, "advanced", language, text, 1.0, 0.5, 5.0});
    if (QTest::currentTestFailed())
        return;
    const double t1 = seconds(qint64(fast.size())), t5 = seconds(qint64(slow.size()));
    qInfo("%s/%s: cfg_weight 1: %.2f s, cfg_weight 5: %.2f s (+%.2f s)", qPrintable(voiceId), qPrintable(language),
          t1, t5, t5 - t1);
    // Three sentence pauses grow from 60 to 300 ms each: at least 0.72 s longer.
    QVERIFY2(t5 - t1 >= 0.72 * 0.9, qPrintable(QStringLiteral("only %1 s longer").arg(t5 - t1)));
}

void TestProsody::voicePitchFactorIsHeard_data()
{
    QTest::addColumn<QString>("higherVoice");
    QTest::addColumn<QString>("lowerVoice");
    QTest::addColumn<QString>("language");

    // Pairs of catalog voices on the same backend voice whose pitch factors differ.
    // English for both (empty language: each voice's default, a/b or en).
    QTest::newRow("flite slt: nova 1.18 vs luna 0.9") << "nova" << "luna" << "";
    QTest::newRow("flite slt: af_nicole 1.14 vs bf_emma 0.93") << "af_nicole" << "bf_emma" << "";
    QTest::newRow("flite awb: fergus 1.0 vs atlas 0.86") << "fergus" << "atlas" << "";
    QTest::newRow("flite awb: ember 1.45 vs fergus 1.0") << "ember" << "fergus" << "";
    QTest::newRow("flite kal16: am_adam 1.0 vs orion 0.95") << "am_adam" << "orion" << "";
}

void TestProsody::voicePitchFactorIsHeard()
{
    QFETCH(QString, higherVoice);
    QFETCH(QString, lowerVoice);
    QFETCH(QString, language);
    static const VoiceCatalog catalog;
    const auto hv = catalog.find(higherVoice), lv = catalog.find(lowerVoice);
    QVERIFY(hv && lv);
    const std::vector<float> high = speak({higherVoice, hv->model, language, textFor(language)});
    const std::vector<float> low = speak({lowerVoice, lv->model, language, textFor(language)});
    if (QTest::currentTestFailed())
        return;
    const double fHigh = median(trackF0(high)), fLow = median(trackF0(low));
    const double expected = hv->pitch / lv->pitch;
    qInfo("%s median F0 %.0f Hz, %s %.0f Hz: ratio %.3f, pitch factors say %.3f", qPrintable(higherVoice), fHigh,
          qPrintable(lowerVoice), fLow, fHigh / fLow, expected);
    // At least 60% of the intended shift (in log terms) must be heard.
    QVERIFY2(std::log(fHigh / fLow) >= 0.6 * std::log(expected),
             qPrintable(QStringLiteral("%1 at %2 Hz vs %3 at %4 Hz: ratio %5, expected about %6")
                            .arg(higherVoice).arg(fHigh).arg(lowerVoice).arg(fLow).arg(fHigh / fLow).arg(expected)));
}

QTEST_GUILESS_MAIN(TestProsody)
#include "tst_prosody.moc"
