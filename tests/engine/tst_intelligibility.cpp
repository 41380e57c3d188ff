// Intelligibility of every English voice, judged by a speech recognizer: synthesize
// plain sentences to a WAV file (what a user downloads), resample to 16 kHz for
// pocketsphinx (Debian's en-us model), and bound the word error rate at 30%.
// The per-voice WER is printed (qInfo) so that it shows in the ctest log.

#include "enginetest.h"
#include "languages.h"
#include "voicecatalog.h"
#include "workerpool.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace EngineTest;

namespace
{
const QStringList kSentences = {
    QStringLiteral("Please turn off the lights when you leave the room."),
    QStringLiteral("We will meet at the station tomorrow morning."),
    QStringLiteral("The weather is warm and sunny today."),
    QStringLiteral("My brother bought a new car last week."),
    QStringLiteral("She reads the newspaper every evening after dinner."),
};
constexpr double kMaxWer = 0.30;
}

class TestIntelligibility : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void werMeasurement_data();
    void werMeasurement();
    void englishVoice_data();
    void englishVoice();

private:
    WorkerPool *m_pool = nullptr;
    QTemporaryDir m_dir;
    QString m_sox, m_recognizer;
    QStringList m_summary;
};

void TestIntelligibility::initTestCase()
{
    QVERIFY(m_dir.isValid());
    SpeechTools tools;
    const QString problem = listeningSetUp(this, &tools, &m_pool);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    m_sox = tools.sox;
    m_recognizer = tools.recognizer;
}

void TestIntelligibility::cleanupTestCase()
{
    delete m_pool;
    m_pool = nullptr;
    if (!m_summary.isEmpty())
        qInfo("WER summary (bound %.0f%%):\n%s", kMaxWer * 100, qPrintable(m_summary.join('\n')));
}

// The measuring stick itself.
void TestIntelligibility::werMeasurement_data()
{
    QTest::addColumn<QString>("reference");
    QTest::addColumn<QString>("hypothesis");
    QTest::addColumn<double>("wer");
    QTest::newRow("identical, case and punctuation ignored") << "Hello, World!" << "hello world" << 0.0;
    QTest::newRow("one substitution") << "the cat sat down" << "the hat sat down" << 0.25;
    QTest::newRow("one deletion") << "the cat sat down" << "the cat down" << 0.25;
    QTest::newRow("one insertion") << "the cat sat down" << "the cat sat right down" << 0.25;
    QTest::newRow("all wrong") << "a b" << "c d e" << 1.5;
    QTest::newRow("apostrophes kept") << "It's John's car." << "its johns car" << 2.0 / 3.0;
    QTest::newRow("nothing heard") << "one two three" << "" << 1.0;
}

void TestIntelligibility::werMeasurement()
{
    QFETCH(QString, reference);
    QFETCH(QString, hypothesis);
    QFETCH(double, wer);
    QVERIFY2(qAbs(wordErrorRate(reference, hypothesis) - wer) < 1e-9, qPrintable(QString::number(wordErrorRate(reference, hypothesis))));
}

void TestIntelligibility::englishVoice_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("language");

    // Every voice that flite speaks English with: base voices of a/b, advanced voices in en.
    const VoiceCatalog catalog;
    for (const Voice &v : catalog.systemVoices()) {
        if (v.model == "base" && Languages::find("base", v.language) && Languages::find("base", v.language)->english)
            QTest::addRow("%s (%s, flite %s)", qPrintable(v.id), qPrintable(v.language), qPrintable(v.fliteVoice))
                << v.id << v.model << v.language;
        else if (v.model == "advanced")
            QTest::addRow("%s (en, flite %s)", qPrintable(v.id), qPrintable(v.fliteVoice)) << v.id << v.model << "en";
    }
}

void TestIntelligibility::englishVoice()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, model);
    QFETCH(QString, language);
    const QString reference = kSentences.join(u' ');

    QString error;
    const auto params = plan({voiceId, model, language, reference}, &error);
    QVERIFY2(params, qPrintable(error));
    QCOMPARE(params->backend, SpeechBackendKind::Flite);

    const QString wav = m_dir.filePath(voiceId + ".wav");
    const QString wav16 = m_dir.filePath(voiceId + "-16k.wav");
    const Outcome o = run(*m_pool, job(*params, wav, AudioFormat::Wav, false), 120000, false);
    QVERIFY2(o.finished, qPrintable(o.failed ? o.error : QStringLiteral("timed out")));

    QByteArray out, err;
    QVERIFY2(runProgram(m_sox, {wav, "-r", "16000", "-c", "1", "-b", "16", wav16}, &out, &err) == 0,
             qPrintable("sox failed: " + QString::fromLocal8Bit(err)));
    QVERIFY2(runProgram(m_recognizer, {"-infile", wav16, "-logfn", "/dev/null"}, &out, &err, 180000) == 0,
             qPrintable("pocketsphinx_continuous failed: " + QString::fromLocal8Bit(err)));
    const QString hypothesis = QString::fromUtf8(out).simplified();
    const double wer = wordErrorRate(reference, hypothesis);
    const QString line = QStringLiteral("%1 (%2 %3, flite %4): WER %5% (%6 words, %7 s)")
                             .arg(voiceId, -10).arg(model, language, params->fliteVoice)
                             .arg(wer * 100, 0, 'f', 1).arg(words(reference).size()).arg(seconds(o.finishedSamples), 0, 'f', 1);
    m_summary << line;
    qInfo("%s", qPrintable(line));
    qInfo("  heard: %s", qPrintable(hypothesis));
    QVERIFY2(wer <= kMaxWer, qPrintable(QStringLiteral("%1: WER %2% exceeds %3% by %4 points")
                                            .arg(voiceId).arg(wer * 100, 0, 'f', 1).arg(kMaxWer * 100, 0, 'f', 0)
                                            .arg((wer - kMaxWer) * 100, 0, 'f', 1)));
}

QTEST_GUILESS_MAIN(TestIntelligibility)
#include "tst_intelligibility.moc"
