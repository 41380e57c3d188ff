#include "accountspage.h"

#include "services.h"
#include "generationservice.h"
#include "studiolabels.h"
#include "accountservice.h"
#include "pricing.h"
#include "studiocontext.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHash>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <utility>

namespace
{
QString displayTime(qint64 ms, const QString &format = QStringLiteral("yyyy-MM-dd HH:mm:ss"))
{
    return QLocale().toString(QDateTime::fromMSecsSinceEpoch(ms), format);
}

QString usd(qint64 micros, bool sign = false)
{
    return sign ? StudioLabels::signedMoney(micros) : StudioLabels::money(micros);
}

QString signedCount(qint64 n)
{
    const QString digits = QLocale().toString(qAbs(n));
    return n < 0 ? QStringLiteral("−") + digits : QStringLiteral("+") + digits;
}

QString planName(const QString &plan)
{
    return plan == QLatin1String("pro") ? QCoreApplication::translate("AccountsPage", "Pro")
                                        : QCoreApplication::translate("AccountsPage", "Free");
}

QTableWidgetItem *numberItem(const QString &text, qint64 value)
{
    auto *item = new QTableWidgetItem(text);
    item->setData(AccountsPage::kValueRole, value);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QTableWidget *makeTable(int columns, const QStringList &headers, const QString &objectName)
{
    auto *table = new QTableWidget(0, columns);
    table->setObjectName(objectName);
    table->setHorizontalHeaderLabels(headers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    table->verticalHeader()->setVisible(false);
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 10);
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    return table;
}

// A small form dialog: intro text, the caller's rows, OK/Cancel. Opened with open()
// so the window keeps running while it is up.
struct FormDialog
{
    QDialog *dialog = nullptr;
    QFormLayout *form = nullptr;
    QPushButton *ok = nullptr;
};

FormDialog formDialog(QWidget *parent, const QString &objectName, const QString &title, const QString &intro,
                      const QString &okText)
{
    FormDialog d;
    d.dialog = new QDialog(parent);
    d.dialog->setObjectName(objectName);
    d.dialog->setAttribute(Qt::WA_DeleteOnClose);
    d.dialog->setWindowTitle(title);
    d.dialog->setMinimumWidth(420);
    auto *layout = new QVBoxLayout(d.dialog);
    if (!intro.isEmpty()) {
        auto *label = new QLabel(intro);
        label->setWordWrap(true);
        layout->addWidget(label);
    }
    d.form = new QFormLayout;
    layout->addLayout(d.form);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    d.ok = buttons->button(QDialogButtonBox::Ok);
    d.ok->setText(okText);
    layout->addWidget(buttons);
    QObject::connect(buttons, &QDialogButtonBox::accepted, d.dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, d.dialog, &QDialog::reject);
    return d;
}

QComboBox *planBox(const QString &current)
{
    auto *box = new QComboBox;
    box->setObjectName(QStringLiteral("accountPlan"));
    box->addItem(QCoreApplication::translate("AccountsPage", "Free"), QStringLiteral("free"));
    box->addItem(QCoreApplication::translate("AccountsPage", "Pro"), QStringLiteral("pro"));
    box->setCurrentIndex(qMax(0, box->findData(current)));
    return box;
}

QLineEdit *noteEdit()
{
    auto *note = new QLineEdit;
    note->setObjectName(QStringLiteral("note"));
    note->setPlaceholderText(QCoreApplication::translate("AccountsPage", "Optional, shown in the ledger"));
    note->setMaxLength(200);
    return note;
}

struct LedgerSnapshot
{
    QList<LedgerEntry> entries;
    bool consistent = false;
};
}

AccountsPage::AccountsPage(StudioContext &context, QWidget *parent)
    : QWidget(parent)
    , m_context(context)
{
    buildUi();
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(300);
    connect(&m_coalesce, &QTimer::timeout, this, [this] {
        if (isVisible())
            reload();
        else
            m_stale = true;
    });
    connect(&m_context, &StudioContext::dataChanged, this, [this] {
        if (!m_coalesce.isActive())
            m_coalesce.start();
    });
    // The toolbar's account is the one shown here unless the user picks another row.
    connect(&m_context, &StudioContext::accountChanged, this, [this](qint64 id) { selectAccount(id); });
    reload();
}

void AccountsPage::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->setChildrenCollapsible(false);

    auto *accountsBox = new QGroupBox(tr("Accounts"));
    auto *accountsLayout = new QVBoxLayout(accountsBox);
    m_hint = new QLabel;
    m_hint->setWordWrap(true);
    accountsLayout->addWidget(m_hint);
    m_accounts = makeTable(AccountColumnCount, {tr("Name"), tr("Plan"), tr("Credits"), tr("Wallet"), tr("Created")},
                           QStringLiteral("accountsTable"));
    m_accounts->horizontalHeader()->setSectionResizeMode(Name, QHeaderView::Stretch);
    m_accounts->setColumnWidth(Plan, 80);
    m_accounts->setColumnWidth(Credits, 120);
    m_accounts->setColumnWidth(Wallet, 130);
    m_accounts->setColumnWidth(Created, 150);
    m_accounts->setAccessibleName(tr("Accounts"));
    accountsLayout->addWidget(m_accounts, 1);
    auto *buttons = new QHBoxLayout;
    m_newAccount = new QPushButton(tr("New account…"));
    m_newAccount->setObjectName(QStringLiteral("newAccount"));
    m_plan = new QPushButton(tr("Change plan…"));
    m_plan->setObjectName(QStringLiteral("changePlan"));
    m_credits = new QPushButton(tr("Add credits…"));
    m_credits->setObjectName(QStringLiteral("addCredits"));
    m_topUp = new QPushButton(tr("Top up wallet…"));
    m_topUp->setObjectName(QStringLiteral("topUpWallet"));
    buttons->addWidget(m_newAccount);
    buttons->addStretch(1);
    buttons->addWidget(m_plan);
    buttons->addWidget(m_credits);
    buttons->addWidget(m_topUp);
    accountsLayout->addLayout(buttons);
    splitter->addWidget(accountsBox);

    m_ledgerBox = new QGroupBox(tr("Ledger"));
    auto *ledgerLayout = new QVBoxLayout(m_ledgerBox);
    m_ledger = makeTable(LedgerColumnCount,
                         {tr("Time"), tr("Kind"), tr("Source"), tr("Credits"), tr("Wallet"), tr("Generation"), tr("Note")},
                         QStringLiteral("ledgerTable"));
    m_ledger->setSelectionMode(QAbstractItemView::NoSelection);
    m_ledger->horizontalHeader()->setSectionResizeMode(Note, QHeaderView::Stretch);
    // Sized to what they show, so that 800×600 needs no horizontal scrolling.
    const QFontMetrics fm = m_ledger->fontMetrics();
    m_ledger->setColumnWidth(Time, fm.horizontalAdvance(QStringLiteral("2026-12-31 23:59:59")) + 14);
    m_ledger->setColumnWidth(Kind, 75);
    m_ledger->setColumnWidth(Source, 75);
    m_ledger->setColumnWidth(CreditsDelta, 70);
    m_ledger->setColumnWidth(UsdDelta, 80);
    m_ledger->setColumnWidth(GenerationId, fm.horizontalAdvance(QStringLiteral("0000000000")) + 10);
    m_ledger->setAccessibleName(tr("Ledger"));
    ledgerLayout->addWidget(m_ledger, 1);
    m_ledgerNote = new QLabel;
    m_ledgerNote->setWordWrap(true);
    ledgerLayout->addWidget(m_ledgerNote);
    splitter->addWidget(m_ledgerBox);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    layout->addWidget(splitter, 1);

    m_status = new QLabel;
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);

    connect(m_newAccount, &QPushButton::clicked, this, &AccountsPage::newAccount);
    connect(m_plan, &QPushButton::clicked, this, &AccountsPage::changePlan);
    connect(m_credits, &QPushButton::clicked, this, &AccountsPage::addCredits);
    connect(m_topUp, &QPushButton::clicked, this, &AccountsPage::topUpWallet);
    connect(m_accounts, &QTableWidget::itemSelectionChanged, this, [this] {
        updateButtons();
        reloadLedger();
    });
    updateButtons();
}

void AccountsPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        reload();
}

void AccountsPage::reload()
{
    m_stale = false;
    AccountService *accounts = &m_context.services().accounts();
    m_context.run(this, [accounts] { return accounts->list(); },
                  [this](const QList<Account> &list) { fillAccounts(list); });
}

void AccountsPage::fillAccounts(const QList<Account> &accounts)
{
    qint64 wanted = selectedAccountId();
    if (m_selectAfterLoad)
        wanted = std::exchange(m_selectAfterLoad, 0);
    if (!wanted)
        wanted = m_context.accountId();
    {
        // Refilling is not a change of selection; the ledger reloads once, below.
        QSignalBlocker block(m_accounts);
        m_accounts->clearSelection();
        m_accounts->setRowCount(int(accounts.size()));
        for (int row = 0; row < accounts.size(); ++row) {
            const Account &a = accounts.at(row);
            auto *name = new QTableWidgetItem(a.name);
            name->setData(kValueRole, a.id);
            m_accounts->setItem(row, Name, name);
            auto *plan = new QTableWidgetItem(planName(a.plan));
            plan->setData(kValueRole, a.plan);
            m_accounts->setItem(row, Plan, plan);
            m_accounts->setItem(row, Credits, numberItem(QLocale().toString(a.credits), a.credits));
            m_accounts->setItem(row, Wallet, numberItem(usd(a.walletMicros), a.walletMicros));
            m_accounts->setItem(row, Created, new QTableWidgetItem(displayTime(a.createdAt, QStringLiteral("yyyy-MM-dd HH:mm"))));
        }
        if (!selectAccount(wanted) && !accounts.isEmpty())
            m_accounts->selectRow(0);
    }
    m_hint->setText(accounts.isEmpty()
                        ? tr("No accounts yet. Create the first one to generate speech and issue API keys; a new "
                             "account starts with %1 credits.").arg(QLocale().toString(AccountService::kNewAccountCredits))
                        : tr("Credits are spent first (%1 per token on the base model, %2 on advanced); when they run "
                             "out, the prepaid wallet pays. Balances here are local bookkeeping.")
                              .arg(m_context.services().generations().pricing().creditsPerTokenBase)
                              .arg(m_context.services().generations().pricing().creditsPerTokenAdvanced));
    updateButtons();
    reloadLedger();
    emit accountsLoaded();
}

bool AccountsPage::selectAccount(qint64 accountId)
{
    for (int row = 0; accountId && row < m_accounts->rowCount(); ++row)
        if (m_accounts->item(row, Name)->data(kValueRole).toLongLong() == accountId) {
            m_accounts->selectRow(row);
            return true;
        }
    return false;
}

qint64 AccountsPage::selectedAccountId() const
{
    const QList<QTableWidgetItem *> items = m_accounts->selectedItems();
    return items.isEmpty() ? 0 : m_accounts->item(items.first()->row(), Name)->data(kValueRole).toLongLong();
}

QString AccountsPage::selectedAccountName() const
{
    const QList<QTableWidgetItem *> items = m_accounts->selectedItems();
    return items.isEmpty() ? QString() : m_accounts->item(items.first()->row(), Name)->text();
}

void AccountsPage::updateButtons()
{
    const bool selected = selectedAccountId() != 0;
    for (QPushButton *b : {m_plan, m_credits, m_topUp})
        b->setEnabled(selected);
}

void AccountsPage::reloadLedger()
{
    const qint64 id = selectedAccountId();
    const quint64 serial = ++m_ledgerSerial;
    if (id == 0) {
        m_ledgerBox->setTitle(tr("Ledger"));
        fillLedger({}, true);
        return;
    }
    m_ledgerBox->setTitle(tr("Ledger — %1").arg(selectedAccountName()));
    AccountService *accounts = &m_context.services().accounts();
    m_context.run(
        this,
        [accounts, id] { return LedgerSnapshot{accounts->ledger(id, kLedgerLimit), accounts->ledgerConsistent(id)}; },
        [this, serial](const LedgerSnapshot &snapshot) {
            // A later selection (or reload) owns the table now.
            if (serial == m_ledgerSerial)
                fillLedger(snapshot.entries, snapshot.consistent);
        });
}

void AccountsPage::fillLedger(const QList<LedgerEntry> &entries, bool consistent)
{
    const QHash<QString, QString> kinds{
        {QStringLiteral("grant"), tr("Credits added")},
        {QStringLiteral("topup"), tr("Wallet top-up")},
        {QStringLiteral("reserve"), tr("Held when a generation was created")},
        {QStringLiteral("settle"), tr("Charged when the generation completed")},
        {QStringLiteral("release"), tr("Returned: the generation failed or was cancelled")},
    };
    const QColor negative(0xb0, 0x20, 0x20);
    const QColor positive(0x1b, 0x7f, 0x3b);
    m_ledger->setRowCount(int(entries.size()));
    for (int row = 0; row < entries.size(); ++row) {
        const LedgerEntry &e = entries.at(row);
        auto *kind = new QTableWidgetItem(StudioLabels::ledgerKind(e.kind));
        kind->setToolTip(kinds.value(e.kind));
        auto *source = new QTableWidgetItem(e.source == PaymentSource::Wallet ? tr("Wallet") : tr("Credits"));
        source->setToolTip(e.source == PaymentSource::Wallet ? tr("The prepaid wallet, in dollars")
                                                             : tr("The monthly credits"));
        // Zero deltas stay blank, as in a paper ledger: only movements stand out.
        auto *credits = numberItem(e.creditsDelta ? signedCount(e.creditsDelta) : QString(), e.creditsDelta);
        auto *dollars = numberItem(e.microsDelta ? usd(e.microsDelta, true) : QString(), e.microsDelta);
        for (QTableWidgetItem *item : {credits, dollars}) {
            const qint64 v = item->data(kValueRole).toLongLong();
            if (v)
                item->setForeground(v < 0 ? negative : positive);
        }
        m_ledger->setItem(row, Time, new QTableWidgetItem(displayTime(e.createdAt)));
        m_ledger->setItem(row, Kind, kind);
        m_ledger->setItem(row, Source, source);
        m_ledger->setItem(row, CreditsDelta, credits);
        m_ledger->setItem(row, UsdDelta, dollars);
        // The id's first block tells rows apart; the whole id is in the tooltip.
        auto *generation = new QTableWidgetItem(e.generationId.section(u'-', 0, 0));
        generation->setToolTip(e.generationId);
        auto *note = new QTableWidgetItem(StudioLabels::ledgerNote(e.note));
        note->setToolTip(note->text());
        m_ledger->setItem(row, GenerationId, generation);
        m_ledger->setItem(row, Note, note);
    }
    QStringList notes;
    if (selectedAccountId() == 0)
        notes << tr("Select an account to see every movement of its credits and wallet.");
    else if (entries.isEmpty())
        notes << tr("No movements yet.");
    if (entries.size() >= kLedgerLimit)
        notes << tr("Showing the latest %1 movements.").arg(kLedgerLimit);
    if (selectedAccountId() != 0 && !entries.isEmpty())
        notes << (consistent ? tr("The ledger adds up to the balances.")
                             : tr("Warning: the ledger does not add up to the balances."));
    m_ledgerNote->setText(notes.join(u' '));
    m_ledgerNote->setStyleSheet(consistent ? QString() : QStringLiteral("color: #b02020;"));
    emit ledgerLoaded();
}

void AccountsPage::afterChange(const QString &message)
{
    m_status->setText(message);
    reload();
    // Other pages (and the toolbar's account list) show accounts and balances too.
    m_context.notifyDataChanged();
}

void AccountsPage::newAccount()
{
    FormDialog d = formDialog(this, QStringLiteral("newAccountDialog"), tr("New account"),
                              tr("An account owns API keys, generations and balances."), tr("Create"));
    auto *name = new QLineEdit;
    name->setObjectName(QStringLiteral("accountName"));
    name->setMaxLength(100);
    name->setPlaceholderText(tr("e.g. alice or my-app"));
    QComboBox *plan = planBox(QStringLiteral("free"));
    auto *credits = new QSpinBox;
    credits->setObjectName(QStringLiteral("startingCredits"));
    credits->setRange(0, 1000000000);
    credits->setGroupSeparatorShown(true);
    credits->setValue(int(AccountService::kNewAccountCredits));
    auto *wallet = new QDoubleSpinBox;
    wallet->setObjectName(QStringLiteral("startingWallet"));
    wallet->setRange(0, 1000000);
    wallet->setDecimals(2);
    wallet->setPrefix(QStringLiteral("$"));
    d.form->addRow(tr("&Name:"), name);
    d.form->addRow(tr("&Plan:"), plan);
    d.form->addRow(tr("Starting &credits:"), credits);
    d.form->addRow(tr("Starting &wallet:"), wallet);
    d.ok->setEnabled(false);
    connect(name, &QLineEdit::textChanged, d.ok, [ok = d.ok](const QString &text) { ok->setEnabled(!text.trimmed().isEmpty()); });
    connect(d.dialog, &QDialog::accepted, this, [this, name, plan, credits, wallet] {
        const QString n = name->text().trimmed();
        const QString p = plan->currentData().toString();
        const qint64 c = credits->value();
        const qint64 micros = Money::microsFromUsd(wallet->value());
        AccountService *accounts = &m_context.services().accounts();
        m_context.run(this, [accounts, n, p, c, micros] { return accounts->create(n, p, c, micros); },
                      [this](const Result<Account> &created) {
                          if (!created) {
                              m_status->setText(tr("The account was not created: %1").arg(created.error().detail));
                              return;
                          }
                          m_selectAfterLoad = created->id;
                          afterChange(tr("Account “%1” created (%2 plan, %3 credits, %4 in the wallet).")
                                          .arg(created->name, planName(created->plan),
                                               QLocale().toString(created->credits), usd(created->walletMicros)));
                      });
    });
    name->setFocus(); // the name is what is asked first (taken when the dialog shows)
    d.dialog->open();
}

void AccountsPage::changePlan()
{
    const qint64 id = selectedAccountId();
    if (!id)
        return;
    const int row = m_accounts->selectedItems().first()->row();
    const QString current = m_accounts->item(row, Plan)->data(kValueRole).toString();
    FormDialog d = formDialog(this, QStringLiteral("changePlanDialog"), tr("Change plan"),
                              tr("The plan of “%1”. The v3 API serves every voice on either plan; the legacy v2 API "
                                 "keeps premium voices for Pro.").arg(selectedAccountName()),
                              tr("Change"));
    QComboBox *plan = planBox(current);
    d.form->addRow(tr("&Plan:"), plan);
    connect(d.dialog, &QDialog::accepted, this, [this, id, plan] {
        const QString p = plan->currentData().toString();
        AccountService *accounts = &m_context.services().accounts();
        m_context.run(this, [accounts, id, p] { return accounts->setPlan(id, p); }, [this](const Result<Account> &changed) {
            if (!changed) {
                m_status->setText(tr("The plan was not changed: %1").arg(changed.error().detail));
                return;
            }
            // Generations made in the window are checked against the plan of their account.
            if (changed->id == m_context.accountId())
                m_context.setAccountPlan(changed->plan);
            afterChange(tr("“%1” is now on the %2 plan.").arg(changed->name, planName(changed->plan)));
        });
    });
    d.dialog->open();
}

void AccountsPage::addCredits()
{
    const qint64 id = selectedAccountId();
    if (!id)
        return;
    FormDialog d = formDialog(this, QStringLiteral("addCreditsDialog"), tr("Add credits"),
                              tr("Credits for “%1”: one pays for a token of base speech, two for advanced.")
                                  .arg(selectedAccountName()),
                              tr("Add"));
    auto *amount = new QSpinBox;
    amount->setObjectName(QStringLiteral("amount"));
    amount->setRange(1, 100000000);
    amount->setGroupSeparatorShown(true);
    amount->setValue(10000);
    QLineEdit *note = noteEdit();
    d.form->addRow(tr("&Credits:"), amount);
    d.form->addRow(tr("N&ote:"), note);
    connect(d.dialog, &QDialog::accepted, this, [this, id, amount, note] {
        const qint64 credits = amount->value();
        const QString text = note->text().trimmed();
        AccountService *accounts = &m_context.services().accounts();
        m_context.run(this, [accounts, id, credits, text] { return accounts->addCredits(id, credits, text); },
                      [this, credits](const Result<Account> &changed) {
                          if (!changed) {
                              m_status->setText(tr("No credits were added: %1").arg(changed.error().detail));
                              return;
                          }
                          afterChange(tr("Added %1 credits to “%2”: %3 now.")
                                          .arg(QLocale().toString(credits), changed->name,
                                               QLocale().toString(changed->credits)));
                      });
    });
    d.dialog->open();
}

void AccountsPage::topUpWallet()
{
    const qint64 id = selectedAccountId();
    if (!id)
        return;
    FormDialog d = formDialog(this, QStringLiteral("topUpDialog"), tr("Top up wallet"),
                              tr("Money for “%1” when its credits run out. This is local bookkeeping: no payment "
                                 "is taken.").arg(selectedAccountName()),
                              tr("Top up"));
    auto *amount = new QDoubleSpinBox;
    amount->setObjectName(QStringLiteral("amount"));
    amount->setRange(0.01, 100000);
    amount->setDecimals(2);
    amount->setPrefix(QStringLiteral("$"));
    amount->setValue(10);
    QLineEdit *note = noteEdit();
    d.form->addRow(tr("&Amount:"), amount);
    d.form->addRow(tr("N&ote:"), note);
    connect(d.dialog, &QDialog::accepted, this, [this, id, amount, note] {
        const qint64 micros = Money::microsFromUsd(amount->value());
        const QString text = note->text().trimmed();
        AccountService *accounts = &m_context.services().accounts();
        m_context.run(this, [accounts, id, micros, text] { return accounts->topUpWallet(id, micros, text); },
                      [this, micros](const Result<Account> &changed) {
                          if (!changed) {
                              m_status->setText(tr("The wallet was not topped up: %1").arg(changed.error().detail));
                              return;
                          }
                          afterChange(tr("Added %1 to the wallet of “%2”: %3 now.")
                                          .arg(usd(micros), changed->name, usd(changed->walletMicros)));
                      });
    });
    d.dialog->open();
}
