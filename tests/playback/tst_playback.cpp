// The studio plays what it streams: against a PulseAudio null sink, the sink
// processes the streamed audio's duration (±10%).
#include "audioplayer.h"
#include "engine.h"
#include "generatepage.h"
#include "studiocontext.h"

#include <QApplication>
#include <QAudioDevice>
#include <QComboBox>
#include <QMediaDevices>
#include <QPlainTextEdit>
#include <QTemporaryDir>
#include <QtTest>

class TestPlayback : public QObject
{
    Q_OBJECT

private slots:
    void playsWhatStreams();
};

void TestPlayback::playsWhatStreams()
{
    QVERIFY2(!QMediaDevices::defaultAudioOutput().isNull(), "no audio output: is the null sink running?");
    QTemporaryDir dir;
    Engine::Options o;
    o.dataDir = dir.path();
    o.workers = 1;
    Engine engine(o);
    QVERIFY(engine.open().isEmpty());
    const auto account = engine.accounts().create("player");
    QVERIFY(account.ok());
    engine.startRuntime();
    StudioContext context(engine.services(), nullptr);
    context.setAccountId(account->id);
    GeneratePage page(context);
    page.editor()->setPlainText("The studio plays speech while it streams. This sentence is long enough to measure.");
    QTRY_VERIFY_WITH_TIMEOUT(page.voiceBox()->count() > 0, 10000);

    AudioPlayer *player = page.findChild<AudioPlayer *>();
    QVERIFY(player);
    QSignalSpy finished(player, &AudioPlayer::finished);
    page.speak();
    QTRY_COMPARE_WITH_TIMEOUT(page.lastStatus(), QString("COMPLETED"), 30000);
    const double streamed = double(page.streamedSamples()) / 24000.0;
    QVERIFY(streamed > 2.0);
    // Playback runs in real time after the fast synthesis.
    QTRY_VERIFY_WITH_TIMEOUT(finished.count() > 0, int(streamed * 1000) + 10000);
    const double played = double(player->processedUs()) / 1e6;
    qInfo("streamed %.3f s, the sink processed %.3f s", streamed, played);
    QVERIFY2(qAbs(played - streamed) <= 0.10 * streamed, "played duration differs from the streamed duration");
    engine.shutdown(2000);
}

QTEST_MAIN(TestPlayback)
#include "tst_playback.moc"
