// The Accounts & credits page inside the window: starting with the account the studio
// made for the desktop user, create one through the dialog (the toolbar lists it), top
// up its wallet, add credits, change its plan, and see balances and ledger rows follow.

#include "accountspage.h"
#include "historypage.h"
#include "historymodel.h"
#include "keyspage.h"
#include "mainwindow.h"
#include "uitestenv.h"

#include <QComboBox>
#include <QDialog>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QtTest>

class TestAccountsPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void startsWithTheDesktopAccount();
    void createAccount();
    void topUpWallet();
    void addCredits();
    void changePlan();
    void secondAccount();
    void cleanupTestCase();

private:
    // Clicks the button, waits for the dialog, lets fill() set its fields, accepts it.
    template <typename Fill>
    void throughDialog(QPushButton *button, const QString &dialogName, Fill fill);
    qint64 cellValue(QTableWidget *table, int row, int column) const;

    std::unique_ptr<UiTestEnv> m_env;
    std::unique_ptr<MainWindow> m_window;
    AccountsPage *m_page = nullptr;
    qint64 m_carol = 0;
    qint64 m_zoe = 0; // the desktop user's, made by the window
};

void TestAccountsPage::initTestCase()
{
    isolateSettings();
    // Money as an American English desktop writes it ("$12.50"; the locale places the sign).
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    qputenv("USER", "zoe");
    m_env = std::make_unique<UiTestEnv>();
    QVERIFY2(m_env->error().isEmpty(), qPrintable(m_env->error()));
    m_window = std::make_unique<MainWindow>(m_env->context());
    m_window->showPage(MainWindow::Accounts);
    m_window->show();
    m_page = m_window->accountsPage();
}

template <typename Fill>
void TestAccountsPage::throughDialog(QPushButton *button, const QString &dialogName, Fill fill)
{
    QVERIFY(button->isEnabled());
    QTest::mouseClick(button, Qt::LeftButton);
    QDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = findWindow<QDialog>(dialogName)) != nullptr);
    fill(dialog);
    dialog->accept();
}

qint64 TestAccountsPage::cellValue(QTableWidget *table, int row, int column) const
{
    return table->item(row, column)->data(AccountsPage::kValueRole).toLongLong();
}

void TestAccountsPage::startsWithTheDesktopAccount()
{
    // A new data dir: the window made an account for the desktop user and uses it.
    QTRY_VERIFY(m_page->isVisible());
    QTRY_COMPARE(m_page->accountTable()->rowCount(), 1);
    QCOMPARE(m_page->accountTable()->item(0, AccountsPage::Name)->text(), QStringLiteral("zoe"));
    const auto zoe = m_env->engine().accounts().findByName(QStringLiteral("zoe"));
    QVERIFY(zoe);
    m_zoe = zoe->id;
    QTRY_COMPARE(m_env->context().accountId(), m_zoe);
    QCOMPARE(m_window->accountBox()->count(), 1);
    QCOMPARE(m_window->accountBox()->currentText(), QStringLiteral("zoe"));
    QCOMPARE(cellValue(m_page->accountTable(), 0, AccountsPage::Credits), AccountService::kNewAccountCredits);
    QVERIFY(m_page->newAccountButton()->isEnabled());
    QTRY_VERIFY(m_page->creditsButton()->isEnabled());
    // The page says what credits are for, now that there is an account that spends them.
    QTRY_VERIFY([this] {
        for (QLabel *label : m_page->findChildren<QLabel *>())
            if (label->text().contains(QStringLiteral("Credits are spent first")))
                return true;
        return false;
    }());
    QTRY_VERIFY(m_window->keysPage()->nameEdit()->isEnabled()); // keys can be made for it
    QCOMPARE(m_window->historyPage()->model()->rowCount(), 0);
}

void TestAccountsPage::createAccount()
{
    throughDialog(m_page->newAccountButton(), QStringLiteral("newAccountDialog"), [](QDialog *d) {
        d->findChild<QLineEdit *>(QStringLiteral("accountName"))->setText(QStringLiteral("carol"));
        auto *plan = d->findChild<QComboBox *>(QStringLiteral("accountPlan"));
        plan->setCurrentIndex(plan->findData(QStringLiteral("pro")));
    });
    QTRY_COMPARE(m_page->accountTable()->rowCount(), 2);
    const auto carol = m_env->engine().accounts().findByName(QStringLiteral("carol"));
    QVERIFY(carol);
    m_carol = carol->id;
    QCOMPARE(carol->plan, QStringLiteral("pro"));
    QTableWidget *table = m_page->accountTable();
    QCOMPARE(table->item(0, AccountsPage::Name)->text(), QStringLiteral("carol"));
    QCOMPARE(table->item(0, AccountsPage::Plan)->text(), QStringLiteral("Pro"));
    QCOMPARE(cellValue(table, 0, AccountsPage::Credits), AccountService::kNewAccountCredits);
    QCOMPARE(cellValue(table, 0, AccountsPage::Wallet), 0);
    QCOMPARE(m_page->selectedAccountId(), m_carol);

    // The toolbar's account list refreshed; it keeps the account in use until one is chosen.
    QTRY_COMPARE(m_window->accountBox()->count(), 2);
    QCOMPARE(m_env->context().accountId(), m_zoe);
    m_window->accountBox()->setCurrentIndex(m_window->accountBox()->findData(m_carol));
    QCOMPARE(m_env->context().accountId(), m_carol);
    QCOMPARE(m_window->accountBox()->currentText(), QStringLiteral("carol"));
    QCOMPARE(m_env->context().auth().plan, QStringLiteral("pro"));
    QTRY_VERIFY(m_window->keysPage()->nameEdit()->isEnabled());

    // The ledger shows the grant of a new account.
    QTRY_COMPARE(m_page->ledgerTable()->rowCount(), 1);
    QCOMPARE(m_page->ledgerTable()->item(0, AccountsPage::Kind)->text(), QStringLiteral("Grant"));
    QCOMPARE(cellValue(m_page->ledgerTable(), 0, AccountsPage::CreditsDelta), AccountService::kNewAccountCredits);
}

void TestAccountsPage::topUpWallet()
{
    throughDialog(m_page->topUpButton(), QStringLiteral("topUpDialog"), [](QDialog *d) {
        d->findChild<QDoubleSpinBox *>(QStringLiteral("amount"))->setValue(12.5);
        d->findChild<QLineEdit *>(QStringLiteral("note"))->setText(QStringLiteral("invoice 42"));
    });
    QTRY_COMPARE(cellValue(m_page->accountTable(), 0, AccountsPage::Wallet), 12500000);
    QCOMPARE(m_page->accountTable()->item(0, AccountsPage::Wallet)->text(), QStringLiteral("$12.50"));
    QCOMPARE(m_env->engine().accounts().find(m_carol)->walletMicros, 12500000);
    QTRY_COMPARE(m_page->ledgerTable()->rowCount(), 2);
    QTableWidget *ledger = m_page->ledgerTable();
    // Newest first.
    QCOMPARE(ledger->item(0, AccountsPage::Kind)->text(), QStringLiteral("Top-up"));
    QCOMPARE(cellValue(ledger, 0, AccountsPage::UsdDelta), 12500000);
    QCOMPARE(ledger->item(0, AccountsPage::UsdDelta)->text(), QStringLiteral("+$12.50"));
    QCOMPARE(ledger->item(0, AccountsPage::Note)->text(), QStringLiteral("invoice 42"));
    QCOMPARE(ledger->item(0, AccountsPage::Source)->toolTip(), QStringLiteral("The prepaid wallet, in dollars"));
    QVERIFY(m_env->engine().accounts().ledgerConsistent(m_carol));
}

void TestAccountsPage::addCredits()
{
    throughDialog(m_page->creditsButton(), QStringLiteral("addCreditsDialog"),
                  [](QDialog *d) { d->findChild<QSpinBox *>(QStringLiteral("amount"))->setValue(500); });
    QTRY_COMPARE(cellValue(m_page->accountTable(), 0, AccountsPage::Credits), AccountService::kNewAccountCredits + 500);
    QTRY_COMPARE(m_page->ledgerTable()->rowCount(), 3);
    QCOMPARE(m_page->ledgerTable()->item(0, AccountsPage::Kind)->text(), QStringLiteral("Grant"));
    QCOMPARE(cellValue(m_page->ledgerTable(), 0, AccountsPage::CreditsDelta), 500);
    QCOMPARE(m_env->engine().accounts().find(m_carol)->credits, AccountService::kNewAccountCredits + 500);
}

void TestAccountsPage::changePlan()
{
    QCOMPARE(m_env->context().auth().plan, QStringLiteral("pro"));
    throughDialog(m_page->planButton(), QStringLiteral("changePlanDialog"), [](QDialog *d) {
        auto *plan = d->findChild<QComboBox *>(QStringLiteral("accountPlan"));
        QCOMPARE(plan->currentData().toString(), QStringLiteral("pro"));
        plan->setCurrentIndex(plan->findData(QStringLiteral("free")));
    });
    QTRY_COMPARE(m_page->accountTable()->item(0, AccountsPage::Plan)->text(), QStringLiteral("Free"));
    QCOMPARE(m_env->engine().accounts().find(m_carol)->plan, QStringLiteral("free"));
    // Generations made in the window are now made on the free plan.
    QCOMPARE(m_env->context().auth().plan, QStringLiteral("free"));
}

void TestAccountsPage::secondAccount()
{
    throughDialog(m_page->newAccountButton(), QStringLiteral("newAccountDialog"), [](QDialog *d) {
        d->findChild<QLineEdit *>(QStringLiteral("accountName"))->setText(QStringLiteral("dave"));
        d->findChild<QSpinBox *>(QStringLiteral("startingCredits"))->setValue(0);
        d->findChild<QDoubleSpinBox *>(QStringLiteral("startingWallet"))->setValue(3);
    });
    QTRY_COMPARE(m_page->accountTable()->rowCount(), 3);
    const auto dave = m_env->engine().accounts().findByName(QStringLiteral("dave"));
    QVERIFY(dave);
    QCOMPARE(dave->credits, 0);
    QCOMPARE(dave->walletMicros, 3000000);
    // The new account is selected here, and its ledger shown; the toolbar keeps carol.
    QTRY_COMPARE(m_page->selectedAccountId(), dave->id);
    QTRY_COMPARE(m_page->ledgerTable()->rowCount(), 1);
    QCOMPARE(m_page->ledgerTable()->item(0, AccountsPage::Kind)->text(), QStringLiteral("Top-up"));
    QTRY_COMPARE(m_window->accountBox()->count(), 3);
    QCOMPARE(m_env->context().accountId(), m_carol);

    // A duplicate name is refused and nothing changes.
    throughDialog(m_page->newAccountButton(), QStringLiteral("newAccountDialog"), [](QDialog *d) {
        d->findChild<QLineEdit *>(QStringLiteral("accountName"))->setText(QStringLiteral("dave"));
    });
    QTest::qWait(300);
    QCOMPARE(m_env->engine().accounts().list().size(), 3);
    QCOMPARE(m_page->accountTable()->rowCount(), 3);

    // The page follows the account chosen in the toolbar.
    m_window->accountBox()->setCurrentIndex(m_window->accountBox()->findData(dave->id));
    QCOMPARE(m_env->context().accountId(), dave->id);
    m_window->accountBox()->setCurrentIndex(m_window->accountBox()->findData(m_carol));
    QCOMPARE(m_env->context().accountId(), m_carol);
    QTRY_COMPARE(m_page->selectedAccountId(), m_carol);
    QTRY_COMPARE(m_page->ledgerTable()->rowCount(), 3);
}

void TestAccountsPage::cleanupTestCase()
{
    m_window.reset();
    m_env.reset();
}

QTEST_MAIN(TestAccountsPage)
#include "tst_ui_accounts.moc"
