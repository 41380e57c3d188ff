// Intelligibility of every English voice, judged by a speech recognizer as an outside
// check judges it: each sentence of bench/intelligibility/sentences-plain.txt synthesized
// on its own to a WAV file (what a user downloads), converted to 16 kHz without dither
// (sox -D: the same audio always gives the same transcript), transcribed by pocketsphinx
// (Debian's en-us model). A voice's word error rate (errors over the set's words) may be
// at most kMargin above its figure of record in bench/intelligibility/baseline.tsv: a
// change that costs a voice words fails here. The per-voice WER and the words misheard
// are printed (qInfo) so that they show in the ctest log.

#include "enginetest.h"
#include "languages.h"
#include "voicecatalog.h"
#include "workerpool.h"

#include <QCryptographicHash>
#include <QFile>
#include <QHash>
#include <QMutex>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <thread>

using namespace EngineTest;

namespace
{
// Points of WER above the figure of record a voice may reach (20 sentences of ~180 words:
// one word is ~0.6 points).
constexpr double kMargin = 2.0;
// At most this many recognizers at once.
constexpr int kDecoders = 2;

QStringList lines(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QStringList out;
    for (const QString &line : QString::fromUtf8(f.readAll()).split(u'\n')) {
        if (!line.trimmed().isEmpty() && !line.startsWith(u'#'))
            out << line;
    }
    return out;
}

// voice id -> WER in percent on the plain set (the baseline's first figure column).
QHash<QString, double> baseline()
{
    QHash<QString, double> out;
    for (const QString &line : lines(QStringLiteral(TTS_WER_DIR "/baseline.tsv"))) {
        const QStringList cells = line.split(u'\t');
        if (cells.size() >= 2)
            out.insert(cells.at(0).trimmed(), cells.at(1).toDouble());
    }
    return out;
}
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
    QStringList transcribe(const QStringList &wavs);

    WorkerPool *m_pool = nullptr;
    QTemporaryDir m_dir;
    QString m_sox, m_recognizer;
    QStringList m_sentences;
    QHash<QString, double> m_baseline;
    QHash<QByteArray, QString> m_heard; // SHA-1 of the 16 kHz audio -> transcript
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
    m_sentences = lines(QStringLiteral(TTS_WER_DIR "/sentences-plain.txt"));
    QCOMPARE(m_sentences.size(), 20);
    m_baseline = baseline();
    QVERIFY(!m_baseline.isEmpty());
}

void TestIntelligibility::cleanupTestCase()
{
    delete m_pool;
    m_pool = nullptr;
    if (!m_summary.isEmpty())
        qInfo("WER summary (bound: figure of record + %.1f points):\n%s", kMargin, qPrintable(m_summary.join('\n')));
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

// Each WAV converted to 16 kHz without dither and transcribed, kDecoders at a time; the
// same audio (two voice ids share one) is transcribed once.
QStringList TestIntelligibility::transcribe(const QStringList &wavs)
{
    QStringList heard(wavs.size());
    std::atomic<qsizetype> next{0};
    QMutex lock;
    auto work = [&] {
        for (qsizetype i = next++; i < wavs.size(); i = next++) {
            const QString wav16 = wavs.at(i) + ".16k.wav";
            if (runProgram(m_sox, {wavs.at(i), "-D", "-r", "16000", "-c", "1", "-b", "16", wav16}) != 0)
                continue;
            QFile f(wav16);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            const QByteArray key = QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1);
            {
                QMutexLocker locked(&lock);
                if (m_heard.contains(key)) {
                    heard[i] = m_heard.value(key);
                    continue;
                }
            }
            QByteArray out;
            if (runProgram(m_recognizer, {"-infile", wav16, "-logfn", "/dev/null"}, &out, nullptr, 180000) != 0)
                continue;
            QMutexLocker locked(&lock);
            heard[i] = QString::fromUtf8(out).simplified();
            m_heard.insert(key, heard[i]);
        }
    };
    std::vector<std::thread> decoders;
    for (int d = 0; d < kDecoders; ++d)
        decoders.emplace_back(work);
    for (std::thread &t : decoders)
        t.join();
    return heard;
}

void TestIntelligibility::englishVoice()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, model);
    QFETCH(QString, language);
    QVERIFY2(m_baseline.contains(voiceId), qPrintable(voiceId + " has no figure of record in baseline.tsv"));

    QStringList wavs;
    QString fliteVoice;
    for (qsizetype i = 0; i < m_sentences.size(); ++i) {
        QString error;
        const auto params = plan({voiceId, model, language, m_sentences.at(i)}, &error);
        QVERIFY2(params, qPrintable(error));
        QCOMPARE(params->backend, SpeechBackendKind::Flite);
        fliteVoice = params->fliteVoice;
        wavs << m_dir.filePath(QStringLiteral("%1-%2.wav").arg(voiceId).arg(i));
        const Outcome o = run(*m_pool, job(*params, wavs.last(), AudioFormat::Wav, false), 120000, false);
        QVERIFY2(o.finished, qPrintable(o.failed ? o.error : QStringLiteral("timed out")));
    }
    const QStringList heard = transcribe(wavs);
    int errors = 0, total = 0;
    for (qsizetype i = 0; i < m_sentences.size(); ++i) {
        QVERIFY2(!heard.at(i).isNull(), qPrintable("sox or pocketsphinx_continuous failed on " + wavs.at(i)));
        const int n = int(words(m_sentences.at(i)).size());
        const int e = int(std::lround(wordErrorRate(m_sentences.at(i), heard.at(i)) * n));
        total += n;
        errors += e;
        if (e > 0)
            qInfo("  %d: \"%s\" heard \"%s\"", e, qPrintable(m_sentences.at(i)), qPrintable(heard.at(i)));
    }
    const double wer = 100.0 * errors / total;
    const double bound = m_baseline.value(voiceId) + kMargin;
    const QString line = QStringLiteral("%1 (%2 %3, flite %4): WER %5% (%6 of %7 words), of record %8%")
                             .arg(voiceId, -10).arg(model, language, fliteVoice).arg(wer, 0, 'f', 1).arg(errors).arg(total)
                             .arg(m_baseline.value(voiceId), 0, 'f', 1);
    m_summary << line;
    qInfo("%s", qPrintable(line));
    QVERIFY2(wer <= bound, qPrintable(QStringLiteral("%1: WER %2% is above its bound %3% (of record %4%)")
                                          .arg(voiceId).arg(wer, 0, 'f', 1).arg(bound, 0, 'f', 1)
                                          .arg(m_baseline.value(voiceId), 0, 'f', 1)));
}

QTEST_GUILESS_MAIN(TestIntelligibility)
#include "tst_intelligibility.moc"
