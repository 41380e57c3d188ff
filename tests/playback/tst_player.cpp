// The studio's player (PlayerBar), on Generate and on History, against a PulseAudio
// null sink: speech plays as it streams and reaches the sink; pause keeps the position
// and play goes on from there; a click on the waveform seeks; the audio plays again
// without a second generation; the editor marks the sentence being heard; after the end
// Stop is off; a new Speak clears the last waveform; History plays a row in its own bar.
#include "audioplayer.h"
#include "generatepage.h"
#include "historymodel.h"
#include "historypage.h"
#include "mainwindow.h"
#include "playerbar.h"
#include "uitestenv.h"
#include "waveformview.h"

#include <QAudioDevice>
#include <QComboBox>
#include <QLabel>
#include <QMediaDevices>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QTableView>
#include <QToolButton>
#include <QtTest>

namespace
{
// Several sentences of a few seconds each, so the marked sentence moves.
const QString kText = QStringLiteral("The first sentence is about the weather today. "
                                     "The second sentence talks about a long walk by the river. "
                                     "The third sentence ends the story with a quiet evening at home. "
                                     "A fourth one says goodbye.");
}

class TestPlayer : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void playPauseSeekReplay();
    void historyPlaysInItsBar();
    void settingsStayWithTheDataDir();

private:
    QTemporaryDir m_dataDir;
};

void TestPlayer::initTestCase()
{
    isolateSettings();
    QVERIFY2(!QMediaDevices::defaultAudioOutput().isNull(), "no audio output: is the null sink running?");
}

void TestPlayer::playPauseSeekReplay()
{
    UiTestEnv env({m_dataDir.path()});
    QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
    MainWindow window(env.context());
    window.resize(1000, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    GeneratePage *page = window.generatePage();
    PlayerBar *bar = page->playerBar();
    AudioPlayer *player = bar->player();
    QTRY_VERIFY_WITH_TIMEOUT(page->voiceBox()->count() > 0, 20000);
    // The device list offers the null sink beside the default.
    QVERIFY(bar->deviceBox()->count() >= 2);
    QVERIFY(bar->volumeSlider()->isEnabled());

    page->editor()->setPlainText(kText);
    page->speak();
    QTRY_COMPARE_WITH_TIMEOUT(page->lastStatus(), GenerationStatus::Completed, 30000);
    const QString id = page->lastGenerationId();
    const qint64 duration = player->durationUs();
    QCOMPARE(duration, page->streamedSamples() * 1000000 / 24000);
    QVERIFY2(duration > 6000000, qPrintable(QString::number(duration)));

    // It plays and the sink takes it: the position moves, the first sentence is marked.
    QTRY_VERIFY_WITH_TIMEOUT(player->isPlaying() && player->positionUs() > 300000, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(page->highlightedSentence(), 0, 5000);
    QVERIFY(!page->editor()->extraSelections().isEmpty());
    QVERIFY(page->stopButton()->isEnabled()); // playing: Stop stops it

    // Pause keeps the position; play goes on from there.
    QTest::mouseClick(bar->playButton(), Qt::LeftButton);
    QCOMPARE(player->state(), AudioPlayer::State::Paused);
    const qint64 pausedAt = player->positionUs();
    QVERIFY(pausedAt > 0);
    QTest::qWait(400);
    QCOMPARE(player->positionUs(), pausedAt);
    QCOMPARE(page->highlightedSentence(), 0); // still marked while paused
    QTest::mouseClick(bar->playButton(), Qt::LeftButton);
    QVERIFY(player->isPlaying());
    QVERIFY(player->positionUs() >= pausedAt - 1000);
    QTRY_VERIFY_WITH_TIMEOUT(player->positionUs() > pausedAt + 200000, 5000);

    // A click at 3/4 of the audio's width plays from there, and marks a later sentence.
    QTest::mouseClick(bar->playButton(), Qt::LeftButton); // pause, so the position is exact
    WaveformView *wave = bar->waveform();
    const int spanBuckets = qMax<int>(int(duration / 10000), 1000);
    const int x = int(double(duration) * 0.75 / 10000.0 / spanBuckets * wave->width());
    QTest::mouseClick(wave, Qt::LeftButton, {}, QPoint(x, wave->height() / 2));
    const qint64 sought = player->positionUs();
    QVERIFY2(qAbs(sought - duration * 3 / 4) < duration / 20,
             qPrintable(QStringLiteral("%1 of %2").arg(sought).arg(duration)));
    QTest::mouseClick(bar->playButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(page->highlightedSentence() >= 2, 3000);
    QTRY_VERIFY_WITH_TIMEOUT(player->positionUs() > sought + 100000, 5000);

    // The end: Stop is off, nothing is marked, the position label shows the length.
    QTRY_COMPARE_WITH_TIMEOUT(player->state(), AudioPlayer::State::Stopped, int(duration / 1000) + 5000);
    QVERIFY(!page->stopButton()->isEnabled());
    QCOMPARE(page->highlightedSentence(), -1);
    QVERIFY(page->editor()->extraSelections().isEmpty());

    // Play again: the same audio from the start, no new generation.
    const int rows = int(env.engine().generations().history(env.context().accountId(), {}, 100, 0).size());
    QVERIFY(bar->playButton()->isEnabled());
    QTest::mouseClick(bar->playButton(), Qt::LeftButton);
    QVERIFY(player->isPlaying());
    QTRY_VERIFY_WITH_TIMEOUT(player->positionUs() > 200000, 5000);
    QVERIFY(player->positionUs() < duration / 2);
    QCOMPARE(page->lastGenerationId(), id);
    QCOMPARE(int(env.engine().generations().history(env.context().accountId(), {}, 100, 0).size()), rows);
    QTest::keyClick(page->editor(), Qt::Key_Escape);
    QCOMPARE(player->state(), AudioPlayer::State::Stopped);
    QVERIFY(player->processedUs() > 200000); // heard

    // A new Speak starts a new waveform: the old audio is gone at once.
    page->editor()->setPlainText(QStringLiteral("Short."));
    page->speak();
    QVERIFY(player->durationUs() < duration / 4);
    QTRY_COMPARE_WITH_TIMEOUT(page->lastStatus(), GenerationStatus::Completed, 30000);
    QVERIFY(page->lastGenerationId() != id);
    QTRY_COMPARE_WITH_TIMEOUT(player->state(), AudioPlayer::State::Stopped, 10000);
    QVERIFY(!page->stopButton()->isEnabled());
}

void TestPlayer::historyPlaysInItsBar()
{
    UiTestEnv env({m_dataDir.path()});
    MainWindow window(env.context());
    window.resize(1000, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.showPage(MainWindow::History);
    HistoryPage *history = window.historyPage();
    QTRY_VERIFY_WITH_TIMEOUT(history->model()->rowCount() >= 2, 20000);
    const QString id = history->model()->index(1, 0).data(HistoryModel::IdRole).toString(); // the long one
    QVERIFY(history->selectGeneration(id));
    // The player's own button plays the selected row (the page has no second Play).
    QToolButton *play = history->playerBar()->playButton();
    QVERIFY(play->isVisible() && play->isEnabled());
    QVERIFY(!history->playButton()->isVisible());
    QTest::mouseClick(play, Qt::LeftButton);
    AudioPlayer *player = history->playerBar()->player();
    QTRY_VERIFY_WITH_TIMEOUT(player->isPlaying(), 10000);
    QVERIFY(player->durationUs() > 6000000);
    QCOMPARE(play->text(), QStringLiteral("Pause"));
    QTRY_VERIFY_WITH_TIMEOUT(player->positionUs() > 300000, 5000);
    // Play again pauses and resumes the same audio.
    QTest::mouseClick(play, Qt::LeftButton);
    QCOMPARE(player->state(), AudioPlayer::State::Paused);
    const qint64 at = player->positionUs();
    QCOMPARE(play->text(), QStringLiteral("Play"));
    QTest::mouseClick(play, Qt::LeftButton);
    QTRY_VERIFY(player->isPlaying());
    QVERIFY(player->positionUs() >= at - 1000);
    QVERIFY(player->positionUs() < at + 1000000);
    history->stopPlaying();
    QCOMPARE(player->state(), AudioPlayer::State::Stopped);
}

// The model and voice last used belong to the data dir: the same one gets them back, a
// fresh one starts from the defaults, and the user's QSettings hold neither.
void TestPlayer::settingsStayWithTheDataDir()
{
    QTemporaryDir dir;
    QString voice;
    {
        UiTestEnv env({dir.path()});
        env.context().setAccountId(env.createAccount(QStringLiteral("sam")));
        GeneratePage page(env.context());
        QTRY_VERIFY_WITH_TIMEOUT(page.voiceBox()->count() > 1, 20000);
        page.modelBox()->setCurrentIndex(page.modelBox()->findData(QStringLiteral("advanced")));
        // The advanced list is there once a premium voice shows.
        QTRY_VERIFY_WITH_TIMEOUT(page.voiceBox()->itemText(0).contains(QStringLiteral("premium")), 20000);
        page.voiceBox()->setCurrentIndex(2);
        voice = page.voiceBox()->currentText();
        env.engine().storePool()->waitForDone(); // the writes are store work
    }
    {
        UiTestEnv env({dir.path()});
        GeneratePage page(env.context());
        QTRY_COMPARE_WITH_TIMEOUT(page.modelBox()->currentData().toString(), QStringLiteral("advanced"), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(page.voiceBox()->currentText(), voice, 20000);
    }
    {
        UiTestEnv fresh;
        GeneratePage page(fresh.context());
        QTRY_VERIFY_WITH_TIMEOUT(page.voiceBox()->count() > 0, 20000);
        QCOMPARE(page.modelBox()->currentData().toString(), QStringLiteral("base"));
        QCOMPARE(page.voiceBox()->currentIndex(), 0);
    }
    const QSettings user;
    for (const QString &key : user.allKeys())
        QVERIFY2(!key.startsWith(QStringLiteral("generate/")), qPrintable(key));
}

QTEST_MAIN(TestPlayer)
#include "tst_player.moc"
