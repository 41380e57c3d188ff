// A maximum-length request (50,000 characters) streams to the end: many chunks, a
// duration that fits the text, no long silent stall, and the host keeps only running
// totals (nothing accumulates). Through a real worker, no output file.

#include "enginetest.h"
#include "speechrequestcheck.h"
#include "voicecatalog.h"
#include "workerpool.h"

#include <QtTest>

#include <cmath>

using namespace EngineTest;

namespace
{
QString textOfLength(const QString &paragraph, int characters)
{
    QString s = paragraph.repeated(characters / int(paragraph.size()) + 1).left(characters);
    // End on a letter so the cut does not leave half a surrogate or trailing space.
    s[s.size() - 1] = u'x';
    return s;
}

const QString kEnglish = QStringLiteral(
    "Chapter one begins on a cold morning in late November. The harbour was quiet, and the boats "
    "rocked gently against the pier; nobody had gone out since the storm. At 7.45 the ferry sounded "
    "its horn twice! Was anyone waiting for it? Only an old man with a basket of apples, who paid "
    "three pounds and fifty pence for his ticket and sat by the window, watching the grey water. ");
const QString kSpanish = QStringLiteral(
    "El primer capítulo empieza una mañana fría de finales de noviembre. El puerto estaba tranquilo y "
    "los barcos se mecían contra el muelle; nadie había salido desde la tormenta. ¡A las siete y cuarto "
    "sonó la sirena del transbordador! ¿Esperaba alguien? Solo un anciano con una cesta de manzanas, "
    "que pagó su billete y se sentó junto a la ventana, mirando el agua gris. ");
}

class TestLongText : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void lengthLimit();
    void maximumLengthStreams_data();
    void maximumLengthStreams();

private:
    WorkerPool *m_pool = nullptr;
};

void TestLongText::initTestCase()
{
    WorkerPool::Options options;
    options.workers = 2;
    m_pool = new WorkerPool(options, this);
    QVERIFY2(m_pool->waitUntilReady(60000), "workers did not get ready");
}

void TestLongText::cleanupTestCase()
{
    delete m_pool;
    m_pool = nullptr;
}

void TestLongText::lengthLimit()
{
    const VoiceCatalog catalog;
    const auto voice = catalog.find("af_sarah");
    QVERIFY(voice);
    SpeechRequest r;
    r.text = textOfLength(kEnglish, SpeechRequestCheck::kMaxTextLength);
    QCOMPARE(SpeechRequestCheck::kMaxTextLength, 50000);
    QVERIFY(!SpeechRequestCheck::check(r, voice->id, &*voice));
    r.text += u'x';
    const auto problem = SpeechRequestCheck::check(r, voice->id, &*voice);
    QVERIFY(problem);
    QCOMPARE(problem->kind, ServiceError::Kind::InvalidInput);
    // Characters are code points: 50,000 emoji-free CJK-extension characters (two UTF-16
    // units each) are still within the limit (for a voice that reads them).
    const auto mandarin = catalog.find("zf_xiaobei");
    QVERIFY(mandarin);
    r.text = QString(QStringLiteral("𠮷")).repeated(50000);
    const auto cjk = SpeechRequestCheck::check(r, mandarin->id, &*mandarin);
    QVERIFY2(!cjk, cjk ? qPrintable(cjk->detail) : "");
}

void TestLongText::maximumLengthStreams_data()
{
    QTest::addColumn<QString>("voiceId");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("paragraph");
    QTest::addColumn<int>("characters");

    QTest::newRow("espeak Spanish, 50,000 chars") << "ef_dora" << "e" << kSpanish << 50000;
    QTest::newRow("flite kal16 English, 50,000 chars") << "am_adam" << "a" << kEnglish << 50000;
}

void TestLongText::maximumLengthStreams()
{
    QFETCH(QString, voiceId);
    QFETCH(QString, language);
    QFETCH(QString, paragraph);
    QFETCH(int, characters);
    const QString text = textOfLength(paragraph, characters);
    QCOMPARE(text.size(), qsizetype(characters));
    QString error;
    const auto params = plan({voiceId, "base", language, text}, &error);
    QVERIFY2(params, qPrintable(error));

    // No output file; keep running totals only (keepAudio = false).
    const Outcome o = run(*m_pool, job(*params, {}, AudioFormat::Wav, true), 280000, false);
    QVERIFY2(o.finished, qPrintable(o.failed ? o.error : QStringLiteral("timed out")));
    QVERIFY(o.audio.empty());
    QCOMPARE(o.finishedSamples, o.streamedSamples);
    const double secs = seconds(o.streamedSamples);
    const double level = std::sqrt(o.sumSquares / double(qMax<qint64>(1, o.streamedSamples)));
    const double charsPerSecond = characters / secs;
    qInfo("%s: %d chunks, %.1f s of audio (%.1f min), %.1f characters/s, RMS %.3f, longest silence %.2f s",
          qPrintable(voiceId), o.chunks, secs, secs / 60, charsPerSecond, level, seconds(o.longestSilentRun));
    QVERIFY2(o.chunks >= 1000, qPrintable(QString::number(o.chunks)));
    // Speech at speed 1.0 reads roughly 10-20 characters per second.
    QVERIFY2(charsPerSecond >= 8 && charsPerSecond <= 25, qPrintable(QString::number(charsPerSecond)));
    QVERIFY2(level >= 0.02, qPrintable(QString::number(level)));
    // Nothing dropped or stalled into a long gap: sentence pauses are 150 ms.
    QVERIFY2(seconds(o.longestSilentRun) < 2.0, qPrintable(QString::number(seconds(o.longestSilentRun))));
}

QTEST_GUILESS_MAIN(TestLongText)
#include "tst_longtext.moc"
