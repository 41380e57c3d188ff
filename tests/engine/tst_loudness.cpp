// Every system voice comes out of the pipeline at the same loudness (EBU R128,
// libebur128): the same text, spoken by each voice through real worker processes,
// lands within +-1 LU of VoiceLevels::kTargetLufs and within 1.5 dB of the voices' mean,
// streamed and written to a file alike.
// Prints the table (the voice's own level before levelling, and after).

#include "enginetest.h"
#include "espeakbackend.h"
#include "flitebackend.h"
#include "loudnessmeter.h"
#include "voicecatalog.h"
#include "voicelevels.h"
#include "workerpool.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <numeric>

using namespace EngineTest;

namespace
{
// One text per language the voices are tested in: every voice of a language reads the same.
QString textFor(const QString &language)
{
    static const QHash<QString, QString> texts{
        {"en", "The storm had passed by the time we reached the harbour. Fishing boats rocked gently on the "
               "grey water, and a few gulls argued over the remains of the morning catch. Nobody spoke for a while."},
        {"de", "Der Sturm war vorüber, als wir den Hafen erreichten. Die Fischerboote schaukelten sanft auf dem "
               "grauen Wasser, und ein paar Möwen stritten sich um die Reste des Morgenfangs."},
        {"j", "嵐は私たちが港に着いた時には過ぎ去っていました。漁船は灰色の水の上で静かに揺れていました。"},
        {"z", "我们到达港口的时候，暴风雨已经过去了。渔船在灰色的水面上轻轻摇晃，几只海鸥在争抢早上剩下的鱼。"},
        {"h", "जब हम बंदरगाह पहुँचे, तब तक तूफ़ान गुज़र चुका था। मछली पकड़ने वाली नावें भूरे पानी पर धीरे धीरे हिल रही थीं।"},
        {"e", "La tormenta había pasado cuando llegamos al puerto. Los barcos de pesca se mecían suavemente sobre "
              "el agua gris, y algunas gaviotas discutían por los restos de la pesca de la mañana."},
        {"f", "La tempête était passée quand nous sommes arrivés au port. Les bateaux de pêche se balançaient "
              "doucement sur l'eau grise, et quelques mouettes se disputaient les restes de la pêche du matin."},
        {"i", "La tempesta era passata quando arrivammo al porto. Le barche da pesca dondolavano dolcemente "
              "sull'acqua grigia, e alcuni gabbiani litigavano per i resti della pesca del mattino."},
        {"p", "A tempestade já tinha passado quando chegamos ao porto. Os barcos de pesca balançavam suavemente "
              "na água cinzenta, e algumas gaivotas disputavam os restos da pesca da manhã."},
    };
    return texts.value(language, texts.value("en"));
}

double loudnessOf(const std::vector<float> &audio)
{
    LoudnessMeter meter;
    meter.add(audio.data(), qsizetype(audio.size()));
    return meter.integratedLufs();
}

double truePeakOf(const std::vector<float> &audio)
{
    LoudnessMeter meter;
    meter.add(audio.data(), qsizetype(audio.size()));
    return meter.truePeakDb();
}
}

class TestLoudness : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void everyVoiceAtTheTarget_data();
    void everyVoiceAtTheTarget();
    void voicesWithinOneAndAHalfDb();
    void fileMatchesStream();

private:
    WorkerPool *m_pool = nullptr;
    EspeakBackend m_espeak;
    FliteBackend m_flite;
    VoiceLevels m_rawLevels; // the voices' own levels, measured here for the table
    QList<double> m_levels;
};

void TestLoudness::initTestCase()
{
    WorkerPool::Options options;
    options.workers = 2;
    m_pool = new WorkerPool(options, this);
    QVERIFY2(m_pool->waitUntilReady(60000), "workers did not get ready");
    qInfo("%-12s %-9s %-4s %10s %10s %10s", "voice", "model", "lang", "own LUFS", "out LUFS", "out dBTP");
}

void TestLoudness::cleanupTestCase()
{
    delete m_pool;
    m_pool = nullptr;
    if (!m_levels.isEmpty()) {
        const auto [lo, hi] = std::minmax_element(m_levels.cbegin(), m_levels.cend());
        qInfo("%lld voice/language pairs: %.2f .. %.2f LUFS (target %.1f)", qlonglong(m_levels.size()), *lo, *hi,
              VoiceLevels::kTargetLufs);
    }
}

void TestLoudness::everyVoiceAtTheTarget_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("language");
    const VoiceCatalog catalog;
    QVERIFY(catalog.systemVoices().size() >= 29);
    for (const Voice &v : catalog.systemVoices()) {
        if (v.model == QLatin1String("base")) {
            QTest::addRow("%s", qPrintable(v.id)) << v.id << v.model << v.language;
        } else {
            // Premium voices: English (flite) and a language espeak-ng speaks.
            QTest::addRow("%s-en", qPrintable(v.id)) << v.id << v.model << QStringLiteral("en");
            QTest::addRow("%s-de", qPrintable(v.id)) << v.id << v.model << QStringLiteral("de");
        }
    }
}

void TestLoudness::everyVoiceAtTheTarget()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, model);
    QFETCH(QString, language);
    RequestSpec spec;
    spec.voiceId = voiceId;
    spec.model = model;
    spec.language = language;
    spec.text = textFor(language);
    QString error;
    const auto params = plan(spec, &error);
    QVERIFY2(params, qPrintable(error));
    const Outcome out = run(*m_pool, job(*params, {}, AudioFormat::Wav, true));
    QVERIFY2(out.finished, qPrintable(out.error));

    SpeechBackend *backend = params->backend == SpeechBackendKind::Flite ? static_cast<SpeechBackend *>(&m_flite)
                                                                          : &m_espeak;
    const double own = m_rawLevels.measuredLufs(backend, *params);
    const double level = loudnessOf(out.audio);
    const double peak = truePeakOf(out.audio);
    m_levels.append(level);
    qInfo("%-12s %-9s %-4s %10.2f %10.2f %10.2f", qPrintable(voiceId), qPrintable(model), qPrintable(language), own,
          level, peak);
    QVERIFY2(std::abs(level - VoiceLevels::kTargetLufs) <= 1.0,
             qPrintable(QStringLiteral("%1 (%2) at %3 LUFS, target %4 +- 1 LU")
                            .arg(voiceId, language).arg(level, 0, 'f', 2).arg(VoiceLevels::kTargetLufs)));
}

// Across voices, every one within 1.5 dB of their mean loudness.
void TestLoudness::voicesWithinOneAndAHalfDb()
{
    QVERIFY(m_levels.size() >= 29);
    const double mean = std::accumulate(m_levels.cbegin(), m_levels.cend(), 0.0) / double(m_levels.size());
    for (double level : std::as_const(m_levels))
        QVERIFY2(std::abs(level - mean) <= 1.5, qPrintable(QStringLiteral("%1 LUFS against a mean of %2")
                                                               .arg(level, 0, 'f', 2).arg(mean, 0, 'f', 2)));
}

// Files are levelled like streams: the WAV a worker writes has the streamed loudness.
void TestLoudness::fileMatchesStream()
{
    QTemporaryDir dir;
    RequestSpec spec;
    spec.voiceId = QStringLiteral("am_adam"); // kal16, by far the quietest voice of its own
    spec.text = textFor("en");
    QString error;
    const auto params = plan(spec, &error);
    QVERIFY2(params, qPrintable(error));
    const QString path = dir.filePath("adam.wav");
    const Outcome out = run(*m_pool, job(*params, path, AudioFormat::Wav, false));
    QVERIFY2(out.finished, qPrintable(out.error));
    const WavFile wav = readWav(path);
    QVERIFY2(wav.valid, qPrintable(wav.error));
    const double level = loudnessOf(wav.toFloat());
    QVERIFY2(std::abs(level - VoiceLevels::kTargetLufs) <= 1.0, qPrintable(QString::number(level)));
}

QTEST_GUILESS_MAIN(TestLoudness)
#include "tst_loudness.moc"
