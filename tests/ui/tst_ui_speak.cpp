// Speak never hangs on Generate: with no voice in the Voice box (a search that matches
// none) Speak is disabled and says why, and neither the button nor Ctrl+Return starts
// anything, then or later; a Speak pressed before the account is there waits, can be
// called off with Esc or Stop, and starts only with the settings it was pressed with.
#include "generatepage.h"
#include "uitestenv.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QtTest>

namespace
{
const QString kText = QStringLiteral("A short text to speak.");

QLineEdit *voiceSearch(GeneratePage &page)
{
    for (QLineEdit *e : page.findChildren<QLineEdit *>())
        if (e->placeholderText().startsWith(QStringLiteral("Search voices")))
            return e;
    return nullptr;
}

// The page with its voices listed; the account is set only when `account` is.
struct Studio
{
    UiTestEnv env;
    qint64 account = 0;
    std::unique_ptr<GeneratePage> page;

    explicit Studio(bool withAccount)
    {
        account = env.createAccount(QStringLiteral("sam"));
        if (withAccount)
            env.context().setAccountId(account);
        page = std::make_unique<GeneratePage>(env.context());
        page->show();
        page->activateWindow();
        page->editor()->setPlainText(kText);
        page->editor()->setFocus();
    }
};
}

class TestUiSpeak : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { isolateSettings(); }
    void speakNeedsAVoice_data();
    void speakNeedsAVoice();
    void waitingSpeakCanBeCalledOff_data();
    void waitingSpeakCanBeCalledOff();
    void waitingSpeakKeepsItsSettings_data();
    void waitingSpeakKeepsItsSettings();
};

void TestUiSpeak::speakNeedsAVoice_data()
{
    QTest::addColumn<QString>("search");
    QTest::addColumn<bool>("blocked");
    QTest::newRow("a search that matches nothing") << QStringLiteral("zzz no such voice") << true;
    QTest::newRow("a search that matches") << QStringLiteral("female") << false;
    QTest::newRow("no search") << QString() << false;
}

void TestUiSpeak::speakNeedsAVoice()
{
    QFETCH(QString, search);
    QFETCH(bool, blocked);
    Studio s(true);
    GeneratePage &page = *s.page;
    QVERIFY(QTest::qWaitForWindowActive(&page));
    QTRY_VERIFY_WITH_TIMEOUT(page.voiceBox()->count() > 0, 20000);
    QLineEdit *filter = voiceSearch(page);
    QVERIFY(filter);
    QTest::keyClicks(filter, search);

    QCOMPARE(page.voiceBox()->count() == 0, blocked);
    QCOMPARE(page.speakButton()->isEnabled(), !blocked);
    QCOMPARE(page.speakReasonLabel()->isVisible(), blocked);
    QCOMPARE(page.speakBlockedReason().isEmpty(), !blocked);
    if (!blocked)
        return;
    QVERIFY2(page.speakReasonLabel()->text().contains(search), qPrintable(page.speakReasonLabel()->text()));
    QCOMPARE(page.speakButton()->toolTip(), page.speakReasonLabel()->text());

    // Ctrl+Return says why, and starts nothing: not now, not after the next model change.
    QTest::keyClick(page.editor(), Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(!page.isSpeaking());
    QVERIFY(!page.isSpeakPending());
    QCOMPARE(page.statusLabel()->text(), page.speakBlockedReason());
    page.modelBox()->setCurrentIndex(1 - page.modelBox()->currentIndex());
    QTest::qWait(1500);
    QVERIFY(!page.isSpeaking());
    QVERIFY(page.lastGenerationId().isEmpty());

    // Clearing the search gives Speak back.
    filter->clear();
    QTRY_VERIFY(page.speakButton()->isEnabled());
    QVERIFY(!page.speakReasonLabel()->isVisible());
}

void TestUiSpeak::waitingSpeakCanBeCalledOff_data()
{
    QTest::addColumn<bool>("withEsc");
    QTest::newRow("Esc") << true;
    QTest::newRow("Stop") << false;
}

void TestUiSpeak::waitingSpeakCanBeCalledOff()
{
    QFETCH(bool, withEsc);
    Studio s(false);
    GeneratePage &page = *s.page;
    QVERIFY(QTest::qWaitForWindowActive(&page));
    QTest::keyClick(page.editor(), Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(page.isSpeakPending());
    QVERIFY(page.statusLabel()->text().startsWith(QStringLiteral("Getting ready to speak")));
    QVERIFY(page.stopButton()->isEnabled());
    if (withEsc)
        QTest::keyClick(page.editor(), Qt::Key_Escape);
    else
        QTest::mouseClick(page.stopButton(), Qt::LeftButton);
    QVERIFY(!page.isSpeakPending());
    QCOMPARE(page.statusLabel()->text(), QStringLiteral("Speak cancelled."));

    // The account and the voices arrive: nothing starts.
    s.env.context().setAccountId(s.account);
    QTRY_VERIFY_WITH_TIMEOUT(page.voiceBox()->count() > 0, 20000);
    QTest::qWait(1000);
    QVERIFY(!page.isSpeaking());
    QVERIFY(page.lastGenerationId().isEmpty());
    QVERIFY(page.speakButton()->isEnabled());
}

void TestUiSpeak::waitingSpeakKeepsItsSettings_data()
{
    QTest::addColumn<double>("speedChangedTo"); // 0: left alone
    QTest::newRow("unchanged: it speaks once ready") << 0.0;
    QTest::newRow("speed changed: it does not") << 1.5;
}

void TestUiSpeak::waitingSpeakKeepsItsSettings()
{
    QFETCH(double, speedChangedTo);
    Studio s(false);
    GeneratePage &page = *s.page;
    QVERIFY(QTest::qWaitForWindowActive(&page));
    QDoubleSpinBox *speed = nullptr;
    for (QDoubleSpinBox *box : page.findChildren<QDoubleSpinBox *>())
        if (box->suffix() == QStringLiteral("×"))
            speed = box;
    QVERIFY(speed);
    const double pressedSpeed = speed->value();
    QTest::keyClick(page.editor(), Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(page.isSpeakPending());
    if (speedChangedTo > 0)
        speed->setValue(speedChangedTo);

    s.env.context().setAccountId(s.account);
    if (speedChangedTo > 0) {
        QTRY_VERIFY_WITH_TIMEOUT(!page.isSpeakPending(), 20000);
        QVERIFY(!page.isSpeaking());
        QVERIFY2(page.statusLabel()->text().startsWith(QStringLiteral("Not spoken: the settings changed")),
                 qPrintable(page.statusLabel()->text()));
        QTest::qWait(1000);
        QVERIFY(page.lastGenerationId().isEmpty());
        return;
    }
    QTRY_VERIFY_WITH_TIMEOUT(!page.lastGenerationId().isEmpty(), 20000);
    QCOMPARE(page.lastGeneration().speed, pressedSpeed);
    QCOMPARE(page.lastGeneration().inputText, kText);
    QTRY_VERIFY_WITH_TIMEOUT(!page.isSpeaking(), 60000);
}

QTEST_MAIN(TestUiSpeak)
#include "tst_ui_speak.moc"
