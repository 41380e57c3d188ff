#include "mainwindow.h"

#include "accountspage.h"
#include "services.h"
#include "accountservice.h"
#include "generatepage.h"
#include "historypage.h"
#include "keyspage.h"
#include "servercontrol.h"
#include "studiocontext.h"
#include "voicespage.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>

#include <utility>

MainWindow::MainWindow(StudioContext &context, QWidget *parent)
    : QMainWindow(parent)
    , m_context(context)
{
    setWindowTitle(tr("TTS Studio"));
    setObjectName(QStringLiteral("MainWindow"));

    auto *bar = addToolBar(tr("Studio"));
    bar->setObjectName(QStringLiteral("StudioToolBar"));
    bar->setMovable(false);
    bar->addWidget(new QLabel(tr(" Account: ")));
    m_account = new QComboBox;
    m_account->setObjectName(QStringLiteral("accountBox"));
    // As wide as the longest name, never clipped; names are short, the toolbar is not.
    m_account->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_account->setMinimumContentsLength(8);
    m_account->setAccessibleName(tr("Account"));
    bar->addWidget(m_account);
    bar->addSeparator();
    m_serverLabel = new QLabel;
    m_serverLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(m_serverLabel);
    m_serverToggle = new QPushButton;
    bar->addWidget(m_serverToggle);
    auto *serverSettings = new QPushButton(tr("Server settings…"));
    bar->addWidget(serverSettings);

    auto *central = new QWidget;
    auto *layout = new QHBoxLayout(central);
    m_nav = new QListWidget;
    m_nav->setFixedWidth(150);
    m_nav->addItems({tr("Generate"), tr("History"), tr("Voices"), tr("API keys"), tr("Accounts & credits")});
    m_stack = new QStackedWidget;
    m_generate = new GeneratePage(context);
    m_history = new HistoryPage(context);
    m_voices = new VoicesPage(context);
    m_keys = new KeysPage(context);
    m_accounts = new AccountsPage(context);
    for (QWidget *page : {static_cast<QWidget *>(m_generate), static_cast<QWidget *>(m_history),
                          static_cast<QWidget *>(m_voices), static_cast<QWidget *>(m_keys),
                          static_cast<QWidget *>(m_accounts)})
        m_stack->addWidget(page);
    layout->addWidget(m_nav);
    layout->addWidget(m_stack, 1);
    setCentralWidget(central);
    connect(m_nav, &QListWidget::currentRowChanged, m_stack, &QStackedWidget::setCurrentIndex);
    connect(m_history, &HistoryPage::openInGenerate, this, [this](const Generation &g) {
        m_generate->openGeneration(g);
        showPage(Generate);
    });
    m_nav->setCurrentRow(0);

    connect(m_account, &QComboBox::currentIndexChanged, this, [this] {
        const qint64 id = m_account->currentData().toLongLong();
        applySelectedAccount();
        if (!id)
            return;
        // Remembered with the data dir: an id means nothing in another one.
        AccountService *accounts = &m_context.services().accounts();
        m_context.run(this, [accounts, id] {
            accounts->setLastStudioAccount(id);
            return true;
        }, [](bool) {});
    });
    connect(&m_context, &StudioContext::dataChanged, this, [this] {
        // Reload the selector only when accounts or plans changed (read off the GUI thread);
        // balances are refreshed in place.
        const Services *engine = &m_context.services();
        m_context.run(this, [engine] { return engine->accounts().list(); }, [this](const QList<Account> &accounts) {
            QList<qint64> shown, stored; // the placeholder (data 0) is not an account
            for (int i = 0; i < m_account->count(); ++i)
                if (m_account->itemData(i).toLongLong())
                    shown << m_account->itemData(i).toLongLong();
            for (const Account &a : accounts)
                stored << a.id;
            if (shown != stored) {
                reloadAccounts();
                return;
            }
            for (const Account &a : accounts)
                describeAccount(m_account->findData(a.id), a);
            applySelectedAccount();
        });
    });
    connect(&m_context, &StudioContext::accountsPageRequested, this, [this] { showPage(Accounts); });
    if (ServerControl *server = m_context.server()) {
        connect(server, &ServerControl::stateChanged, this, &MainWindow::updateServerState);
        connect(m_serverToggle, &QPushButton::clicked, this, [this, server] {
            if (server->isRunning())
                server->stop();
            else if (!server->start(server->host(), server->port()))
                QMessageBox::warning(this, tr("Server"), server->lastError());
        });
    }
    connect(serverSettings, &QPushButton::clicked, this, &MainWindow::editServerSettings);
    updateServerState();
    reloadAccounts();

    QSettings s;
    if (!restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1100, 760);
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    m_nav->setCurrentRow(s.value(QStringLiteral("window/page"), 0).toInt());
    // Typing is the first thing to do: the text goes where the keys go.
    if (m_nav->currentRow() == Generate)
        m_generate->editor()->setFocus();
}

void MainWindow::showPage(Page page)
{
    m_nav->setCurrentRow(int(page));
}

namespace
{
// What the window starts with: the accounts, and the one to select.
struct AccountsAtStart
{
    QList<Account> accounts;
    bool starting = false;
    qint64 selected = 0;
    QString problem; // the desktop account could not be made
};

// The desktop user's name, for the account the studio makes for them.
QString desktopUserName()
{
    for (const char *variable : {"USER", "LOGNAME", "USERNAME"})
        if (const QString name = qEnvironmentVariable(variable).trimmed(); !name.isEmpty())
            return name;
    return QDir::home().dirName();
}
}

void MainWindow::reloadAccounts()
{
    AccountService *service = &m_context.services().accounts();
    // The first time, the account to start with: the last one chosen on this data dir,
    // else the desktop user's own (made now in a new data dir), so that Speak works at once.
    // An account chosen before the window (by whoever made the context) is kept.
    const bool starting = !std::exchange(m_startAsked, true);
    const QString user = starting ? desktopUserName() : QString();
    const qint64 chosen = m_context.accountId();
    m_context.run(this, [service, starting, user, chosen] {
        AccountsAtStart start;
        start.starting = starting;
        if (starting && chosen) {
            start.selected = chosen;
        } else if (starting) {
            if (const auto last = service->lastStudioAccount()) {
                start.selected = last->id;
            } else if (const auto own = service->desktopAccount(user)) {
                start.selected = own->id;
                service->setLastStudioAccount(own->id);
            } else {
                start.problem = own.error().detail;
            }
        }
        start.accounts = service->list();
        return start;
    }, [this](const AccountsAtStart &start) {
        const qint64 wanted = start.selected ? start.selected : m_context.accountId();
        QSignalBlocker block(m_account);
        m_account->clear();
        int index = 0;
        for (const Account &a : start.accounts) {
            m_account->addItem(a.name, a.id);
            describeAccount(m_account->count() - 1, a);
            if (a.id == wanted)
                index = m_account->count() - 1;
        }
        if (start.accounts.isEmpty())
            m_account->addItem(tr("No account"), 0);
        m_account->setCurrentIndex(index);
        block.unblock();
        applySelectedAccount();
        if (start.starting) {
            m_context.setAccountsSettled();
            m_context.notifyDataChanged(); // the pages read before the desktop account was made
        }
        if (!start.problem.isEmpty())
            statusBar()->showMessage(tr("No account could be made for you: %1. Create one on the Accounts & credits page.")
                                         .arg(start.problem));
    });
}

// The pages follow the account chosen here.
void MainWindow::applySelectedAccount()
{
    m_account->setToolTip(m_account->currentData(Qt::ToolTipRole).toString());
    m_context.setAccountPlan(m_account->currentData(kRolePlan).toString());
    m_context.setAccountBalance(m_account->currentData(kRoleCredits).toLongLong(),
                                m_account->currentData(kRoleWallet).toLongLong());
    m_context.setAccountId(m_account->currentData().toLongLong());
}

// The item's plan and balances (for the pages) and a tooltip that says what they mean.
void MainWindow::describeAccount(int index, const Account &a)
{
    if (index < 0)
        return;
    m_account->setItemData(index, a.plan, kRolePlan);
    m_account->setItemData(index, a.credits, kRoleCredits);
    m_account->setItemData(index, a.walletMicros, kRoleWallet);
    m_account->setItemData(index,
                           tr("Speech made in the studio is billed to %1: %2 credits left. "
                              "Details on the Accounts & credits page.")
                               .arg(a.name, QLocale().toString(a.credits)),
                           Qt::ToolTipRole);
}

void MainWindow::updateServerState()
{
    ServerControl *server = m_context.server();
    if (!server) {
        m_serverLabel->setText(tr(" API server: not available "));
        m_serverToggle->setEnabled(false);
        return;
    }
    if (server->isRunning()) {
        m_serverLabel->setText(tr(" API server: running at %1 ").arg(server->baseUrl()));
        m_serverToggle->setText(tr("Stop server"));
    } else {
        const QString error = server->lastError();
        m_serverLabel->setText(error.isEmpty() ? tr(" API server: stopped ") : tr(" API server: stopped (%1) ").arg(error));
        m_serverToggle->setText(tr("Start server"));
    }
    statusBar()->showMessage(m_serverLabel->text().trimmed());
}

void MainWindow::editServerSettings()
{
    ServerControl *server = m_context.server();
    if (!server)
        return;
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Server settings"));
    auto *form = new QFormLayout(&dialog);
    auto *host = new QLineEdit(server->host().toString());
    auto *port = new QSpinBox;
    port->setRange(0, 65535);
    port->setValue(server->port());
    form->addRow(tr("Listen address:"), host);
    form->addRow(tr("Port (0 = any free port):"), port);
    form->addRow(new QLabel(tr("127.0.0.1 keeps the API on this machine; 0.0.0.0 opens it to the network.")));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QHostAddress address;
    if (!address.setAddress(host->text().trimmed())) {
        QMessageBox::warning(this, tr("Server settings"), tr("'%1' is not an IP address.").arg(host->text()));
        return;
    }
    server->stop();
    if (!server->start(address, quint16(port->value())))
        QMessageBox::warning(this, tr("Server settings"), server->lastError());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings s;
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    s.setValue(QStringLiteral("window/page"), m_nav->currentRow());
    event->accept();
}
