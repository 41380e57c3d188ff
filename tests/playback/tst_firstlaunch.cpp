// The studio as a new user meets it, in the real window against a PulseAudio null sink:
// an empty data dir, type, Ctrl+Return, and speech reaches the player with no other
// step (the studio makes the desktop user's account and remembers it with the data
// dir); the New account dialog asks for the name first; and Stop halfway keeps what was
// spoken: a COMPLETED, stopped generation whose file decodes and is shorter than the
// whole text, billed for the part only, in History as stopped.
#include "accountspage.h"
#include "audiodecoder.h"
#include "audioplayer.h"
#include "generatepage.h"
#include "historymodel.h"
#include "historypage.h"
#include "playerbar.h"
#include "mainwindow.h"
#include "uitestenv.h"

#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QAudioDevice>
#include <QMediaDevices>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QToolButton>
#include <QPushButton>
#include <QSettings>
#include <QtTest>

namespace
{
// A few minutes of speech: synthesis takes seconds, long enough to stop in the middle.
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

private:
    QTemporaryDir m_dataDir;
    qint64 m_account = 0;
};

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
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("Hello! This is my first sentence in the studio."));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return, Qt::ControlModifier);

    QTRY_COMPARE_WITH_TIMEOUT(page->lastStatus(), GenerationStatus::Completed, 30000);
    QVERIFY(page->streamedSamples() > 24000);
    QVERIFY2(page->statusLabel()->text().startsWith(QStringLiteral("Done")), qPrintable(page->statusLabel()->text()));
    // Heard: the sink played the speech through.
    QTRY_VERIFY_WITH_TIMEOUT(played.count() > 0, 20000);
    QVERIFY2(player->processedUs() > 1000000, qPrintable(QString::number(player->processedUs())));

    // It was billed to the desktop user's account, made for them and shown, not clipped.
    const QList<Account> accounts = env.engine().accounts().list();
    QCOMPARE(accounts.size(), 1);
    QCOMPARE(accounts.first().name, QStringLiteral("zoe"));
    m_account = accounts.first().id;
    QCOMPARE(env.context().accountId(), m_account);
    QCOMPARE(window.accountBox()->currentText(), QStringLiteral("zoe"));
    QVERIFY(window.accountBox()->width() >= window.accountBox()->sizeHint().width());
    QVERIFY(window.accountBox()->isVisible());
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

    // The whole text once, to know what half of it is.
    page->speak();
    QTRY_COMPARE_WITH_TIMEOUT(page->lastStatus(), GenerationStatus::Completed, 120000);
    const qint64 whole = page->streamedSamples();
    const qint64 wholeTokens = page->lastGeneration().tokens;
    qInfo("the whole text: %.1f s", double(whole) / 24000);
    QVERIFY(whole > 24000 * 60);

    // Again, and Esc once half of it has arrived.
    const qint64 creditsBefore = env.engine().accounts().find(m_account)->credits;
    page->editor()->setFocus();
    page->speak();
    QTRY_VERIFY_WITH_TIMEOUT(page->streamedSamples() >= whole / 2 || !page->isSpeaking(), 120000);
    QVERIFY2(page->isSpeaking(), "synthesis ended before half of it had arrived");
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
    qInfo("stopped: %.1f s kept of %.1f s, %lld of %lld tokens billed", double(kept) / 24000, double(whole) / 24000,
          g.billedTokens, g.tokens);
    QCOMPARE(kept, page->streamedSamples());
    QVERIFY(kept >= whole / 2);
    QVERIFY(kept < whole);

    // Billed for the part: fewer tokens than the text, and the account paid just that.
    QCOMPARE(g.tokens, wholeTokens);
    QVERIFY(g.billedTokens > 0 && g.billedTokens < g.tokens);
    const qint64 spent = creditsBefore - env.engine().accounts().find(m_account)->credits;
    QCOMPARE(spent, g.billedTokens);
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
    QVERIFY(status.data(Qt::ToolTipRole).toString().contains(QLocale().toString(g.billedTokens)));
}

QTEST_MAIN(TestFirstLaunch)
#include "tst_firstlaunch.moc"
