// A local tool first: the desktop user's own speech, previews and project renders cost
// nothing unless the studio is set to meter them (Settings ▸ "Bill the studio's own
// speech to an account", kept in the data dir): no account picker, no price, no token
// count, the account's balance and ledger untouched. Metered, the picker and the price
// come back and the account pays. Previews are free either way and stay out of History.
// Money, where it is shown, is one format through the locale in English and German.
#include "accountservice.h"
#include "generatepage.h"
#include "historymodel.h"
#include "historypage.h"
#include "mainwindow.h"
#include "outlineactions.h"
#include "projectpage.h"
#include "studiolabels.h"
#include "studiosettings.h"
#include "uitestenv.h"
#include "voicespage.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QtTest>

namespace
{
const QString kText = QStringLiteral("The studio speaks this for its own user.");

// Where money shows: a price, a token count, a balance or an engine code.
bool mentionsMoney(const QString &text)
{
    for (const char *word : {"$", "credit", "token", "billed", "wallet", "CREDITS_BALANCE", "API_WALLET", "UNMETERED"})
        if (text.contains(QLatin1String(word), Qt::CaseInsensitive))
            return true;
    return false;
}

qint64 credits(UiTestEnv &env, qint64 account)
{
    return env.engine().services().accounts().find(account)->credits;
}

int ledgerRowsOf(UiTestEnv &env, qint64 account, const QString &generationId)
{
    int n = 0;
    for (const LedgerEntry &e : env.engine().services().accounts().ledger(account))
        n += e.generationId == generationId ? 1 : 0;
    return n;
}
}

class TestUiUnmetered : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { isolateSettings(); }
    void speakOnGenerate_data();
    void speakOnGenerate();
    void settingShowsThePicker_data();
    void settingShowsThePicker();
    void previewIsFree_data();
    void previewIsFree();
    void projectCostLine_data();
    void projectCostLine();
    void oneMoneyFormat_data();
    void oneMoneyFormat();
};

void TestUiUnmetered::speakOnGenerate_data()
{
    QTest::addColumn<bool>("metered");
    QTest::newRow("a local tool: free") << false;
    QTest::newRow("a shared studio: billed") << true;
}

// What Generate says before and after Speak, and what the account paid.
void TestUiUnmetered::speakOnGenerate()
{
    QFETCH(bool, metered);
    UiTestEnv env;
    QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
    const qint64 account = env.createAccount(QStringLiteral("kim"));
    env.context().setAccountId(account);
    env.context().setMeterDesktop(metered);
    const qint64 before = credits(env, account);
    GeneratePage page(env.context());
    QTRY_VERIFY_WITH_TIMEOUT(page.voiceBox()->count() > 0, 20000);
    page.editor()->setPlainText(kText);
    QCOMPARE(mentionsMoney(page.estimateLabel()->text()), metered);
    QVERIFY(page.estimateLabel()->text().contains(QString::number(kText.size())));
    page.speak();
    QTRY_COMPARE_WITH_TIMEOUT(page.lastStatus(), GenerationStatus::Completed, 30000);
    QVERIFY2(page.statusLabel()->text().startsWith(QStringLiteral("Done")), qPrintable(page.statusLabel()->text()));
    QCOMPARE(mentionsMoney(page.statusLabel()->text()), metered);
    const QString id = page.lastGenerationId();
    if (metered) {
        QVERIFY(credits(env, account) < before);
        QVERIFY(ledgerRowsOf(env, account, id) >= 2); // reserve, settle
    } else {
        QCOMPARE(credits(env, account), before);
        QCOMPARE(ledgerRowsOf(env, account, id), 0);
    }
}

void TestUiUnmetered::settingShowsThePicker_data()
{
    QTest::addColumn<bool>("turnOn");
    QTest::newRow("left off") << false;
    QTest::newRow("turned on") << true;
}

// The account picker is there only where the studio meters; the choice outlives the window.
void TestUiUnmetered::settingShowsThePicker()
{
    QFETCH(bool, turnOn);
    UiTestEnv env;
    QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
    {
        MainWindow window(env.context());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY_WITH_TIMEOUT(env.context().accountsSettled(), 20000);
        QVERIFY(!window.accountBox()->isVisible());
        QVERIFY(!window.meterAction()->isChecked());
        if (turnOn)
            window.meterAction()->trigger();
        QTRY_COMPARE(window.accountBox()->isVisible(), turnOn); // the toolbar lays out again
        QTRY_COMPARE_WITH_TIMEOUT(env.engine().services().studioSettings().meterDesktop(), turnOn, 5000);
    }
    env.context().setMeterDesktop(false); // as a new start's context is
    MainWindow again(env.context());
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QTRY_COMPARE_WITH_TIMEOUT(again.accountBox()->isVisible(), turnOn, 20000);
    QCOMPARE(again.meterAction()->isChecked(), turnOn);
}

void TestUiUnmetered::previewIsFree_data()
{
    QTest::addColumn<bool>("metered");
    QTest::newRow("a local tool") << false;
    QTest::newRow("a shared studio") << true;
}

// A voice's preview costs nothing, says nothing of money and stays out of History.
void TestUiUnmetered::previewIsFree()
{
    QFETCH(bool, metered);
    UiTestEnv env;
    QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
    const qint64 account = env.createAccount(QStringLiteral("lee"));
    env.context().setAccountId(account);
    env.context().setMeterDesktop(metered);
    const qint64 before = credits(env, account);
    VoicesPage voices(env.context());
    voices.show();
    QSignalSpy finished(&voices, &VoicesPage::previewFinished);
    const QString voice = env.engine().services().catalog().systemVoices().first().id;
    QTRY_VERIFY_WITH_TIMEOUT(voices.rowOf(voice) >= 0, 20000);
    voices.togglePreview(voice);
    QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
    QCOMPARE(finished.first().at(1).toString(), GenerationStatus::Completed);
    QVERIFY2(!mentionsMoney(voices.statusLabel()->text()), qPrintable(voices.statusLabel()->text()));
    QCOMPARE(credits(env, account), before);
    const QList<Generation> made = env.engine().services().generations().history(account, {}, 10, 0, true);
    QCOMPARE(made.size(), 1);
    QVERIFY(made.first().preview);
    QCOMPARE(ledgerRowsOf(env, account, made.first().id), 0);

    HistoryPage history(env.context());
    history.show();
    QVERIFY(!history.previewsBox()->isChecked());
    QTest::qWait(500); // its read lands
    QCOMPARE(history.model()->rowCount(), 0);
    history.previewsBox()->setChecked(true);
    QTRY_COMPARE_WITH_TIMEOUT(history.model()->rowCount(), 1, 10000);
}

void TestUiUnmetered::projectCostLine_data()
{
    QTest::addColumn<bool>("metered");
    QTest::newRow("a local tool") << false;
    QTest::newRow("a shared studio") << true;
}

// The Projects page says what is left to render; a price only where the studio meters.
void TestUiUnmetered::projectCostLine()
{
    QFETCH(bool, metered);
    UiTestEnv env;
    QVERIFY2(env.error().isEmpty(), qPrintable(env.error()));
    env.context().setAccountId(env.createAccount(QStringLiteral("ana")));
    env.context().setMeterDesktop(metered);
    QTemporaryDir dir;
    ProjectPage page(env.context());
    QSignalSpy estimated(&page, &ProjectPage::estimated);
    page.newProject(dir.filePath(QStringLiteral("book.ttsproject")));
    QVERIFY(page.outline()->paste(QStringLiteral("The first paragraph of the book."), 0));
    QTRY_VERIFY_WITH_TIMEOUT(estimated.size() > 0, 20000);
    QTRY_VERIFY_WITH_TIMEOUT(page.costLabel()->text().contains(QStringLiteral("1 block")), 20000);
    const QString line = page.costLabel()->text();
    QVERIFY2(line.contains(QStringLiteral("1 block")), qPrintable(line));
    QCOMPARE(mentionsMoney(line), metered);
}

void TestUiUnmetered::oneMoneyFormat_data()
{
    QTest::addColumn<qint64>("micros");
    QTest::addColumn<QString>("english");
    QTest::addColumn<QString>("german");
    QTest::newRow("whole cents") << qint64(1500000) << QStringLiteral("$1.50") << QStringLiteral("1,50\u00a0$");
    QTest::newRow("a wallet") << qint64(25000000) << QStringLiteral("$25.00") << QStringLiteral("25,00\u00a0$");
    QTest::newRow("a short text") << qint64(495) << QStringLiteral("$0.000495") << QStringLiteral("0,000495\u00a0$");
    QTest::newRow("a round price") << qint64(800) << QStringLiteral("$0.000800") << QStringLiteral("0,000800\u00a0$");
}

// The same amount has the same decimals in both languages; only the locale's marks differ.
void TestUiUnmetered::oneMoneyFormat()
{
    QFETCH(qint64, micros);
    QFETCH(QString, english);
    QFETCH(QString, german);
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCOMPARE(StudioLabels::money(micros), english);
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QCOMPARE(StudioLabels::money(micros), german);
    QLocale::setDefault(QLocale::c());
}

QTEST_MAIN(TestUiUnmetered)
#include "tst_ui_unmetered.moc"
