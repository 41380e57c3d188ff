// Speak on Generate is made as it is heard, and Esc keeps what was heard: played through
// the real player into a PulseAudio null sink (with-pulse.sh), synthesis stays within
// ~10 s and one sentence of the playhead, and Esc a few seconds into a ~3,000-character
// text keeps the audio through the end of the sentence being heard (at most 15 s), its
// file exactly that, its captions cut with it, and bills only the kept sentences' text.
// Save as… while it speaks makes the rest at full speed and saves the whole.
#include "audiodecoder.h"
#include "audioplayer.h"
#include "generatepage.h"
#include "keptsentences.h"
#include "playerbar.h"
#include "uitestenv.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QMediaDevices>
#include <QPlainTextEdit>
#include <QtTest>

namespace
{
constexpr qint64 kRate = 24000;
}

class TestUiListen : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void escKeepsTheSentenceHeard_data();
    void escKeepsTheSentenceHeard();
    void saveWhileSpeakingMakesTheRestAtOnce();
    // A stopped sink is deleted from the event loop 2 s later (AudioPlayer::closeSink);
    // one left at exit went with PulseAudio's own teardown and aborted in it.
    void cleanupTestCase() { QTest::qWait(2500); }

private:
    QTemporaryDir m_out;
};

void TestUiListen::initTestCase()
{
    isolateSettings();
    // Qt's own file dialog, whatever the desktop offers, so the test can type into it.
    QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
    QSettings().setValue(QStringLiteral("history/saveDir"), m_out.path());
    QVERIFY2(!QMediaDevices::defaultAudioOutput().isNull(), "no audio output: is the null sink running?");
}

void TestUiListen::escKeepsTheSentenceHeard_data()
{
    QTest::addColumn<int>("chars");
    QTest::addColumn<qint64>("escAtMs"); // of audio heard
    QTest::newRow("3 s into 3,000 characters") << 3000 << qint64(3000);
    QTest::newRow("12 s into 3,000 characters") << 3000 << qint64(12000);
}

void TestUiListen::escKeepsTheSentenceHeard()
{
    QFETCH(int, chars);
    QFETCH(qint64, escAtMs);
    UiTestEnv env;
    const qint64 account = env.createAccount(QStringLiteral("sam"));
    env.context().setAccountId(account);
    env.context().setMeterDesktop(true); // a shared studio: what is kept is billed
    GeneratePage page(env.context());
    page.show();
    page.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&page));
    QTRY_VERIFY_WITH_TIMEOUT(page.voiceBox()->count() > 0, 20000);
    const QString text = KeptSentences::text(chars);
    const qsizetype sentences = text.size() / KeptSentences::sentenceLength();
    page.editor()->setPlainText(text);
    page.editor()->setFocus();
    const qint64 creditsBefore = env.engine().accounts().find(account)->credits;

    AudioPlayer *player = page.playerBar()->player();
    QTest::keyClick(page.editor(), Qt::Key_Return, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(page.streamedSamples() > 0, 20000);
    // Listen, measuring how far synthesis is ahead of the playhead.
    qint64 maxAhead = 0;
    qint64 heard = 0;
    while (heard < escAtMs * kRate / 1000) {
        QVERIFY2(page.isSpeaking(), "the whole text was made before Esc");
        heard = player->positionUs() * kRate / 1000000;
        maxAhead = qMax(maxAhead, page.streamedSamples() - heard);
        QTest::qWait(20);
    }
    QTest::keyClick(page.editor(), Qt::Key_Escape);
    QTRY_VERIFY_WITH_TIMEOUT(!page.isSpeaking(), 20000);

    const Generation g = page.lastGeneration();
    QCOMPARE(g.status, GenerationStatus::Completed);
    QVERIFY(g.stopped);
    const AudioDecoder::Decoded audio = AudioDecoder::decodeFile(g.audioPath, g.audioFormat);
    QVERIFY(audio.ok());
    const qint64 kept = audio.float32.size() / 4;
    QCOMPARE(kept, page.streamedSamples());
    QCOMPARE(player->durationUs(), kept * 1000000 / kRate);

    // The kept sentences, from the captions: whole sentences, the one heard the last.
    const QList<WordTiming> words = env.engine().generations().readCaptions(g.id).value_or(QList<WordTiming>{});
    QVERIFY(!words.isEmpty());
    const qint64 keptSentences = KeptSentences::count(words);
    QVERIFY(keptSentences > 0);
    const qint64 sentenceSamples = kept / keptSentences;
    qInfo("Esc %.1f s in: kept %.1f s (%lld of %lld sentences), at most %.1f s made ahead of the playhead; billed %lld of %lld tokens",
          double(heard) / kRate, double(kept) / kRate, keptSentences, sentences, double(maxAhead) / kRate, g.billedTokens,
          g.tokens);
    QVERIFY2(kept >= heard, "the audio heard is kept");
    QVERIFY2(kept - heard <= sentenceSamples + kRate, "no more than the rest of the sentence heard");
    if (escAtMs <= 3000)
        QVERIFY(kept <= 15 * kRate);
    QVERIFY2(maxAhead <= 10 * kRate + sentenceSamples, qPrintable(QString::number(double(maxAhead) / kRate)));
    for (const WordTiming &w : words)
        QVERIFY(w.endSample <= kept);

    // Billed for the kept sentences' text only, and the account paid just that.
    QVERIFY2(qAbs(g.billedTokens - keptSentences * KeptSentences::sentenceLength()) <= 1,
             qPrintable(QStringLiteral("%1 tokens for %2 sentences").arg(g.billedTokens).arg(keptSentences)));
    QCOMPARE(creditsBefore - env.engine().accounts().find(account)->credits, g.billedTokens);
    QVERIFY(env.engine().accounts().ledgerConsistent(account));
}

void TestUiListen::saveWhileSpeakingMakesTheRestAtOnce()
{
    UiTestEnv env;
    env.context().setAccountId(env.createAccount(QStringLiteral("sam")));
    GeneratePage page(env.context());
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTRY_VERIFY_WITH_TIMEOUT(page.voiceBox()->count() > 0, 20000);
    page.editor()->setPlainText(KeptSentences::text(3000)); // minutes of speech
    page.speak();
    QTRY_VERIFY_WITH_TIMEOUT(page.saveButton()->isEnabled(), 20000);
    QVERIFY(page.isSpeaking());

    QElapsedTimer sinceSave;
    sinceSave.start();
    QSignalSpy saved(&page, &GeneratePage::speechSaved);
    page.saveButton()->click();
    QFileDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = findWindow<QFileDialog>(QStringLiteral("speechSaveDialog"))) != nullptr);
    const QString target = m_out.filePath(QStringLiteral("whole.wav"));
    saveInFileDialog(dialog, target);
    QVERIFY(saved.wait(90000));
    QCOMPARE(saved.first().at(0).toString(), target);
    QVERIFY(saved.first().at(1).toBool());
    QCOMPARE(page.lastStatus(), GenerationStatus::Completed);
    QVERIFY(!page.lastGeneration().stopped);

    // The whole speech, made long before it could have been heard.
    const AudioDecoder::Decoded audio = AudioDecoder::decodeFile(target, QStringLiteral("wav"));
    QVERIFY(audio.ok());
    const qint64 samples = audio.float32.size() / 4;
    qInfo("saved %.1f s of speech %.1f s after Save as…", double(samples) / kRate, double(sinceSave.elapsed()) / 1000);
    QCOMPARE(samples, page.streamedSamples());
    QVERIFY(samples > 120 * kRate);
    QVERIFY(sinceSave.elapsed() < samples * 1000 / kRate / 2);
    page.playerBar()->player()->stop();
}

QTEST_MAIN(TestUiListen)
#include "tst_ui_listen.moc"
