// The studio as a new user meets it, in the real window against a PulseAudio null sink:
// an empty data dir, type, Ctrl+Return, and speech reaches the player with no other
// step (the studio makes the desktop user's account and remembers it with the data
// dir); the New account dialog asks for the name first; and Esc keeps what was heard: a
// COMPLETED, stopped generation whose file decodes and ends with the sentence heard,
// free (the desktop user's own speech is not metered), in History as stopped, its
// captions cut with it. The speech is heard:
// what plays is recorded back from the null sink's monitor. A voice preview played on
// the Voices page is not in History until its filter asks for previews.
#include "accountspage.h"
#include "audiodecoder.h"
#include "audioplayer.h"
#include "generatepage.h"
#include "historymodel.h"
#include "historypage.h"
#include "playerbar.h"
#include "mainwindow.h"
#include "uitestenv.h"
#include "voicespage.h"

#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QAudioDevice>
#include <QProcess>
#include <QCheckBox>
#include <QTableView>
#include <QMediaDevices>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QToolButton>
#include <QPushButton>
#include <QSettings>
#include <QtTest>

namespace
{
// A few minutes of speech, to stop in the middle.
const QString kLongText = QStringLiteral("The studio keeps what was spoken when you stop it halfway. ").repeated(40);
}

class TestFirstLaunch : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void typeAndSpeak();
    void secondStartReusesTheAccount();
    void newAccountDialogAsksForTheName();
    void stopKeepsWhatWasSpoken();
    void previewStaysOutOfHistory();

private:
    QTemporaryDir m_dataDir;
    qint64 m_account = 0;
};

namespace
{
// Listens to what the PulseAudio sink plays (its monitor source, through parec: Qt lists
// no monitor sources), as a loudspeaker would be heard: the loudest sample so far.
class SinkMonitor : public QObject
{
public:
    ~SinkMonitor() override
    {
        m_parec.kill();
        m_parec.waitForFinished(2000);
    }
    bool start()
    {
        connect(&m_parec, &QProcess::readyReadStandardOutput, this, [this] {
            m_pending += m_parec.readAllStandardOutput();
            const qsizetype whole = m_pending.size() / 4 * 4;
            const auto *x = reinterpret_cast<const float *>(m_pending.constData());
            for (qsizetype i = 0; i < whole / 4; ++i)
                m_peak = qMax(m_peak, qAbs(x[i]));
            m_samples += whole / 4;
            m_pending.remove(0, whole);
        });
        m_parec.start(QStringLiteral("parec"), {QStringLiteral("--device=ci_null.monitor"), QStringLiteral("--format=float32le"),
                                                QStringLiteral("--rate=24000"), QStringLiteral("--channels=1"),
                                                QStringLiteral("--raw")});
        return m_parec.waitForStarted(5000);
    }
    float peak() const { return m_peak; }
    qint64 samples() const { return m_samples; }
    QString problem()
    {
        m_errors += QString::fromUtf8(m_parec.readAllStandardError());
        return m_parec.errorString() + u' ' + m_errors;
    }

private:
    QProcess m_parec;
    QByteArray m_pending;
    float m_peak = 0;
    qint64 m_samples = 0;
    QString m_errors;
};
}

void TestFirstLaunch::initTestCase()
{
    isolateSettings();
    qputenv("USER", "zoe");
    QVERIFY2(!QMediaDevices::defaultAudioOutput().isNull(), "no audio output: is the null sink running?");
}

void TestFirstLaunch::typeAndSpeak()
{
    UiTestEnv env({m_dataDir.path()});
    QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
    QVERIFY(env.engine().accounts().list().isEmpty()); // a new data dir
    MainWindow window(env.context());
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));

    // The keys go to the text at once: no click, no account to create first.
    GeneratePage *page = window.generatePage();
    QCOMPARE(QApplication::focusWidget(), page->editor());
    AudioPlayer *player = page->findChild<AudioPlayer *>();
    QVERIFY(player);
    QSignalSpy played(player, &AudioPlayer::finished);
    SinkMonitor heard;
    QVERIFY2(heard.start(), qPrintable("cannot listen to the null sink: " + heard.problem()));
    QTRY_VERIFY2(heard.samples() > 2400, qPrintable("nothing recorded from the null sink: " + heard.problem()));
    QCOMPARE(heard.peak(), 0.0f); // silence before Speak
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("Hello! This is my first sentence in the studio."));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return, Qt::ControlModifier);

    QTRY_COMPARE_WITH_TIMEOUT(page->lastStatus(), GenerationStatus::Completed, 30000);
    QVERIFY(page->streamedSamples() > 24000);
    QVERIFY2(page->statusLabel()->text().startsWith(QStringLiteral("Done")), qPrintable(page->statusLabel()->text()));
    // Heard: the sink played the speech through.
    QTRY_VERIFY_WITH_TIMEOUT(played.count() > 0, 20000);
    QVERIFY2(player->processedUs() > 1000000, qPrintable(QString::number(player->processedUs())));
    // And the sink played it: speech, not silence, came out of it.
    qInfo("the sink's monitor: %lld samples, peak %.3f", heard.samples(), double(heard.peak()));
    QVERIFY2(heard.peak() > 0.05f, qPrintable(QString::number(double(heard.peak()))));

    // It was recorded for the desktop user's account, made for them; the window shows
    // no account picker (nothing is billed to it).
    const QList<Account> accounts = env.engine().accounts().list();
    QCOMPARE(accounts.size(), 1);
    QCOMPARE(accounts.first().name, QStringLiteral("zoe"));
    m_account = accounts.first().id;
    QCOMPARE(env.context().accountId(), m_account);
    QCOMPARE(window.accountBox()->currentText(), QStringLiteral("zoe"));
    QVERIFY(!window.accountBox()->isVisible());
    const auto row = env.engine().generations().get(m_account, page->lastGenerationId());
    QVERIFY(row.ok());
    QCOMPARE(row->accountId, m_account);
    // Remembered with the data dir, never in the user's settings (shared by every data dir).
    QVERIFY(!QSettings().contains(QStringLiteral("window/account")));
}

void TestFirstLaunch::secondStartReusesTheAccount()
{
    UiTestEnv env({m_dataDir.path()});
    QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
    MainWindow window(env.context());
    window.show();
    QTRY_COMPARE(env.context().accountId(), m_account);
    QCOMPARE(env.engine().accounts().list().size(), 1);

    // Another data dir starts with its own account, not this one's id.
    QTemporaryDir other;
    UiTestEnv fresh({other.path()});
    MainWindow second(fresh.context());
    second.show();
    QTRY_VERIFY(fresh.context().accountId() != 0);
    QCOMPARE(fresh.engine().accounts().list().size(), 1);
    QCOMPARE(fresh.engine().accounts().list().first().name, QStringLiteral("zoe"));
}

void TestFirstLaunch::newAccountDialogAsksForTheName()
{
    UiTestEnv env({m_dataDir.path()});
    MainWindow window(env.context());
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    window.showPage(MainWindow::Accounts);
    QTest::mouseClick(window.accountsPage()->newAccountButton(), Qt::LeftButton);
    QDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = findWindow<QDialog>(QStringLiteral("newAccountDialog"))) != nullptr);
    QVERIFY(QTest::qWaitForWindowActive(dialog));
    auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("accountName"));
    QTRY_COMPARE(QApplication::focusWidget(), name);
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("bob"));
    QCOMPARE(name->text(), QStringLiteral("bob"));
    dialog->reject();
}

void TestFirstLaunch::stopKeepsWhatWasSpoken()
{
    UiTestEnv env({m_dataDir.path()});
    MainWindow window(env.context());
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTRY_COMPARE(env.context().accountId(), m_account);
    GeneratePage *page = window.generatePage();
    QTRY_VERIFY(page->voiceBox()->count() > 0);
    page->editor()->setPlainText(kLongText);

    // Esc once a few seconds were heard (synthesis follows the playhead: tst_ui_listen).
    const qint64 creditsBefore = env.engine().accounts().find(m_account)->credits;
    page->editor()->setFocus();
    page->speak();
    AudioPlayer *player = page->playerBar()->player();
    QTRY_VERIFY_WITH_TIMEOUT(player->positionUs() >= 6000000 || !page->isSpeaking(), 60000);
    QVERIFY2(page->isSpeaking(), "synthesis ended before Esc");
    const qint64 heard = player->positionUs() * 24000 / 1000000;
    QTest::keyClick(page->editor(), Qt::Key_Escape);
    QTRY_VERIFY_WITH_TIMEOUT(!page->isSpeaking(), 20000);

    // Kept: a COMPLETED generation, marked stopped, whose audio is what arrived.
    const Generation g = page->lastGeneration();
    QCOMPARE(g.status, GenerationStatus::Completed);
    QVERIFY(g.stopped);
    QVERIFY2(page->statusLabel()->text().startsWith(QStringLiteral("Stopped")), qPrintable(page->statusLabel()->text()));
    QVERIFY(page->saveButton()->isEnabled());
    QVERIFY(QFileInfo::exists(g.audioPath));
    const AudioDecoder::Decoded audio = AudioDecoder::decodeFile(g.audioPath, g.audioFormat);
    QVERIFY(audio.ok());
    const qint64 kept = audio.float32.size() / 4;
    qInfo("stopped %.1f s in: %.1f s kept, %lld of %lld tokens", double(heard) / 24000, double(kept) / 24000,
          g.billedTokens, g.tokens);
    QCOMPARE(kept, page->streamedSamples());
    QVERIFY(kept >= heard);
    QVERIFY(kept < heard + 10 * 24000);
    // Its captions end where its audio does: words up to the cut, none after it.
    QVERIFY(g.captions);
    const QList<WordTiming> words = env.engine().generations().readCaptions(g.id).value_or(QList<WordTiming>{});
    QVERIFY(words.size() > 10);
    QVERIFY(words.size() < kLongText.split(u' ', Qt::SkipEmptyParts).size());
    for (const WordTiming &w : words)
        QVERIFY2(w.startSample < kept && w.endSample <= kept,
                 qPrintable(QStringLiteral("a word at %1–%2 of %3 kept samples").arg(w.startSample).arg(w.endSample).arg(kept)));
    // The last words heard are in them (at most a sentence's pause short of the cut).
    QVERIFY2(kept - words.last().endSample < 24000, qPrintable(QString::number(kept - words.last().endSample)));

    // The part kept: fewer tokens than the text; the account paid nothing.
    QCOMPARE(g.tokens, qint64(kLongText.size()));
    QVERIFY(g.billedTokens > 0 && g.billedTokens < g.tokens);
    QCOMPARE(env.engine().accounts().find(m_account)->credits, creditsBefore);
    QVERIFY(env.engine().accounts().ledgerConsistent(m_account));

    // History lists it as stopped (what its page shows), with the rest.
    const QList<Generation> history = env.engine().generations().history(m_account, {}, 10, 0);
    QVERIFY(!history.isEmpty());
    QCOMPARE(history.first().id, g.id);
    QVERIFY(history.first().stopped);
    QCOMPARE(history.first().status, GenerationStatus::Completed);

    // The bar ends where the text was cut, and says it stopped.
    QVERIFY2(page->progressBar()->value() > 0 && page->progressBar()->value() < 100,
             qPrintable(QString::number(page->progressBar()->value())));
    QVERIFY2(page->progressBar()->text().startsWith(QStringLiteral("Stopped")), qPrintable(page->progressBar()->text()));
    // The kept part plays again from the player.
    QVERIFY(page->playerBar()->playButton()->isEnabled());

    // History's page says "Stopped", not Completed or Failed.
    window.showPage(MainWindow::History);
    HistoryModel *model = window.historyPage()->model();
    QTRY_VERIFY(model->rowOf(g.id) >= 0);
    const QModelIndex status = model->index(model->rowOf(g.id), HistoryModel::Status);
    QTRY_COMPARE(status.data().toString(), QStringLiteral("Stopped"));
    QVERIFY(status.data(Qt::ToolTipRole).toString().contains(QStringLiteral("kept")));
    QVERIFY(!status.data(Qt::ToolTipRole).toString().contains(QStringLiteral("billed")));
}

void TestFirstLaunch::previewStaysOutOfHistory()
{
    UiTestEnv env({m_dataDir.path()});
    MainWindow window(env.context());
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTRY_COMPARE(env.context().accountId(), m_account);
    window.showPage(MainWindow::Voices);
    VoicesPage *voices = window.voicesPage();
    QTRY_VERIFY_WITH_TIMEOUT(voices->rowOf(QStringLiteral("af_sarah")) >= 0, 20000);
    // The ▶ of a voice's row plays its sample.
    QSignalSpy finished(voices, &VoicesPage::previewFinished);
    const QRect cell = voices->table()->visualRect(
        voices->table()->model()->index(voices->rowOf(QStringLiteral("af_sarah")), VoicesPage::ColPreview));
    QTest::mouseClick(voices->table()->viewport(), Qt::LeftButton, {}, cell.center());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
    QCOMPARE(finished.at(0).at(1).toString(), GenerationStatus::Completed);
    const QString preview = voices->lastPreviewGenerationId();
    QVERIFY(!preview.isEmpty());

    // History lists the work (the earlier tests' generations), not the preview...
    window.showPage(MainWindow::History);
    HistoryPage *history = window.historyPage();
    HistoryModel *model = history->model();
    QTRY_VERIFY_WITH_TIMEOUT(!model->isLoading() && model->rowCount() >= 1, 20000);
    QVERIFY(!history->previewsBox()->isChecked());
    QCOMPARE(model->rowOf(preview), -1);
    // ... until its filter asks for previews.
    QTest::mouseClick(history->previewsBox(), Qt::LeftButton);
    QTRY_VERIFY(model->rowOf(preview) >= 0);
    QTest::mouseClick(history->previewsBox(), Qt::LeftButton);
    QTRY_COMPARE(model->rowOf(preview), -1);
}

QTEST_MAIN(TestFirstLaunch)
#include "tst_firstlaunch.moc"
