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
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStatusBar>
#include <QToolBar>

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
    m_account->setMinimumContentsLength(18);
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
        m_context.setAccountPlan(m_account->currentData(Qt::UserRole + 1).toString());
        m_context.setAccountId(id);
        if (id)
            QSettings().setValue(QStringLiteral("window/account"), id);
    });
    connect(&m_context, &StudioContext::dataChanged, this, [this] {
        // Reload the selector only when accounts or plans changed (read off the GUI thread).
        const Services *engine = &m_context.services();
        m_context.run(this, [engine] { return engine->accounts().list(); }, [this](const QList<Account> &accounts) {
            QStringList shown, stored; // the placeholder (data 0) is not an account
            for (int i = 0; i < m_account->count(); ++i)
                if (m_account->itemData(i).toLongLong())
                    shown << m_account->itemText(i);
            for (const Account &a : accounts)
                stored << QStringLiteral("%1 (%2)").arg(a.name, a.plan);
            if (shown != stored)
                reloadAccounts();
        });
    });
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
}

void MainWindow::showPage(Page page)
{
    m_nav->setCurrentRow(int(page));
}

void MainWindow::reloadAccounts()
{
    const Services *engine = &m_context.services();
    m_context.run(this, [engine] { return engine->accounts().list(); }, [this](const QList<Account> &accounts) {
        const qint64 wanted = m_context.accountId() ? m_context.accountId()
                                                    : QSettings().value(QStringLiteral("window/account")).toLongLong();
        QSignalBlocker block(m_account);
        m_account->clear();
        int index = 0;
        for (const Account &a : accounts) {
            m_account->addItem(QStringLiteral("%1 (%2)").arg(a.name, a.plan), a.id);
            m_account->setItemData(m_account->count() - 1, a.plan, Qt::UserRole + 1);
            if (a.id == wanted)
                index = m_account->count() - 1;
        }
        if (accounts.isEmpty()) {
            m_account->addItem(tr("No account yet — create one on the Accounts page"), 0);
        }
        m_account->setCurrentIndex(index);
        block.unblock();
        m_context.setAccountPlan(m_account->currentData(Qt::UserRole + 1).toString());
        m_context.setAccountId(m_account->currentData().toLongLong());
    });
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
