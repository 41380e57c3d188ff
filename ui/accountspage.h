#pragma once

#include <QTimer>
#include <QWidget>

class QGroupBox;
class QLabel;
class QPushButton;
class QTableWidget;
class StudioContext;
struct Account;
struct LedgerEntry;

// Accounts, their plans and balances (local bookkeeping: credits and a prepaid
// wallet), and the ledger of every movement of the selected account.
class AccountsPage : public QWidget
{
    Q_OBJECT

public:
    enum AccountColumn { Name, Plan, Credits, Wallet, Created, AccountColumnCount };
    enum LedgerColumn { Time, Kind, Source, CreditsDelta, UsdDelta, GenerationId, Note, LedgerColumnCount };
    // Item data: the account id on the Name column, the plan (free/pro) on Plan, and
    // raw numbers (credits, micro-USD) on the Credits/Wallet and delta columns.
    static constexpr int kValueRole = Qt::UserRole + 1;
    static constexpr int kLedgerLimit = 500;

    explicit AccountsPage(StudioContext &context, QWidget *parent = nullptr);

    // For tests and shortcuts.
    QTableWidget *accountTable() const { return m_accounts; }
    QTableWidget *ledgerTable() const { return m_ledger; }
    QPushButton *newAccountButton() const { return m_newAccount; }
    QPushButton *planButton() const { return m_plan; }
    QPushButton *creditsButton() const { return m_credits; }
    QPushButton *topUpButton() const { return m_topUp; }
    bool selectAccount(qint64 accountId);
    qint64 selectedAccountId() const;

public slots:
    // Each opens a small window-modal dialog without blocking (open(), not exec()) and
    // acts when it is accepted.
    void newAccount();
    void changePlan();
    void addCredits();
    void topUpWallet();
    void reload();

signals:
    void accountsLoaded();
    void ledgerLoaded();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void buildUi();
    void fillAccounts(const QList<Account> &accounts);
    void reloadLedger();
    void fillLedger(const QList<LedgerEntry> &entries, bool consistent);
    void updateButtons();
    // Shows the outcome of an account change and refreshes what depends on it.
    void afterChange(const QString &message);
    QString selectedAccountName() const;

    StudioContext &m_context;
    QLabel *m_hint = nullptr;
    QTableWidget *m_accounts = nullptr;
    QPushButton *m_newAccount = nullptr;
    QPushButton *m_plan = nullptr;
    QPushButton *m_credits = nullptr;
    QPushButton *m_topUp = nullptr;
    QGroupBox *m_ledgerBox = nullptr;
    QTableWidget *m_ledger = nullptr;
    QLabel *m_ledgerNote = nullptr;
    QLabel *m_status = nullptr;
    // Generations change balances often; one reload per burst, and none while hidden.
    QTimer m_coalesce;
    bool m_stale = false;
    qint64 m_selectAfterLoad = 0;
    quint64 m_ledgerSerial = 0;
};
