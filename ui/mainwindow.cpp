#include "mainwindow.h"

#include "accountspage.h"
#include "services.h"
#include "accountservice.h"
#include "generatepage.h"
#include "historypage.h"
#include "keyspage.h"
#include "pronunciationspage.h"
#include "projectpage.h"
#include "servercontrol.h"
#include "studiocontext.h"
#include "studioicons.h"
#include "studiosettings.h"
#include "voicespage.h"

#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QMenuBar>
#include <QUrl>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
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
    m_accountActions << bar->addWidget(new QLabel(tr(" Account: ")));
    m_account = new QComboBox;
    m_account->setObjectName(QStringLiteral("accountBox"));
    // As wide as the longest name, never clipped; names are short, the toolbar is not.
    m_account->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_account->setMinimumContentsLength(8);
    m_account->setAccessibleName(tr("Account"));
    m_accountActions << bar->addWidget(m_account) << bar->addSeparator();
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
    m_nav->setObjectName(QStringLiteral("pageList"));
    m_nav->setIconSize(QSize(22, 22));
    const std::pair<QString, std::pair<QString, QStyle::StandardPixmap>> pages[] = {
        {tr("Generate"), {QStringLiteral("media-playback-start"), QStyle::SP_MediaPlay}},
        {tr("History"), {QStringLiteral("document-open-recent"), QStyle::SP_FileDialogDetailedView}},
        {tr("Voices"), {QStringLiteral("audio-input-microphone"), QStyle::SP_MediaVolume}},
        {tr("Pronunciations"), {QStringLiteral("accessories-dictionary"), QStyle::SP_FileDialogContentsView}},
        {tr("API keys"), {QStringLiteral("dialog-password"), QStyle::SP_DriveNetIcon}},
        {tr("Accounts & credits"), {QStringLiteral("wallet-open"), QStyle::SP_DirHomeIcon}},
        {tr("Projects"), {QStringLiteral("x-office-document"), QStyle::SP_FileDialogListView}},
    };
    int navWidth = 0;
    for (const auto &[label, icon] : pages) {
        m_nav->addItem(new QListWidgetItem(StudioIcons::themed(icon.first, icon.second), label));
        navWidth = qMax(navWidth, m_nav->fontMetrics().horizontalAdvance(label));
    }
    // As wide as the longest label (German ones are longer), no wider.
    m_nav->setFixedWidth(navWidth + m_nav->iconSize().width() + 36);
    m_stack = new QStackedWidget;
    m_generate = new GeneratePage(context);
    m_history = new HistoryPage(context);
    m_voices = new VoicesPage(context);
    m_pronunciations = new PronunciationsPage(context);
    m_keys = new KeysPage(context);
    m_accounts = new AccountsPage(context);
    m_projects = new ProjectPage(context);
    for (QWidget *page : {static_cast<QWidget *>(m_generate), static_cast<QWidget *>(m_history),
                          static_cast<QWidget *>(m_voices), static_cast<QWidget *>(m_pronunciations),
                          static_cast<QWidget *>(m_keys),
                          static_cast<QWidget *>(m_accounts), static_cast<QWidget *>(m_projects)})
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
    connect(&m_context, &StudioContext::meteringChanged, this, &MainWindow::showMetering);
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
    buildMenus();
    showMetering(m_context.meterDesktop());
    updateServerState();
    reloadAccounts();
    m_projects->loadRecentProjects(true);

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
    bool meterDesktop = false;
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
    const StudioSettings settings = m_context.services().studioSettings();
    m_context.run(this, [service, starting, user, chosen, settings] {
        AccountsAtStart start;
        start.starting = starting;
        start.meterDesktop = settings.meterDesktop();
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
            m_context.setMeterDesktop(start.meterDesktop); // before a waiting Speak starts
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

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(StudioIcons::themed(QStringLiteral("document-open"), QStyle::SP_DialogOpenButton),
                                    tr("&Open text…"), this, [this] {
                                        showPage(Generate);
                                        m_generate->openTextFile();
                                    });
    open->setShortcut(QKeySequence::Open);
    QAction *save = file->addAction(StudioIcons::themed(QStringLiteral("document-save-as"), QStyle::SP_DialogSaveButton),
                                    tr("&Save speech as…"), m_generate, &GeneratePage::saveAs);
    save->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    file->addAction(tr("Export &captions…"), this, [this] {
        showPage(Generate);
        m_generate->exportCaptions();
    });
    m_recentMenu = file->addMenu(tr("Recent &projects"));
    m_recentMenu->setObjectName(QStringLiteral("recentProjectsMenu"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentProjects);
    connect(m_projects, &ProjectPage::recentProjectsChanged, this, &MainWindow::fillRecentProjects);
    fillRecentProjects();
    file->addSeparator();
    QAction *quit = file->addAction(StudioIcons::themed(QStringLiteral("application-exit"), QStyle::SP_DialogCloseButton),
                                    tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    // The page's own shortcuts; here so they can be found.
    QAction *paste = edit->addAction(StudioIcons::themed(QStringLiteral("edit-paste"), QStyle::SP_FileDialogContentsView),
                                     tr("Text from &clipboard"), this, [this] {
                                         showPage(Generate);
                                         m_generate->pasteClipboard();
                                     });
    paste->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V));
    paste->setShortcutVisibleInContextMenu(true);
    paste->setShortcutContext(Qt::WidgetShortcut); // Generate's own shortcut does the work
    QAction *speak = edit->addAction(StudioIcons::themed(QStringLiteral("media-playback-start"), QStyle::SP_MediaPlay),
                                     tr("S&peak"), this, [this] {
                                         showPage(Generate);
                                         m_generate->speak();
                                     });
    speak->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    speak->setShortcutContext(Qt::WidgetShortcut);
    QAction *stop = edit->addAction(StudioIcons::themed(QStringLiteral("media-playback-stop"), QStyle::SP_MediaStop),
                                    tr("S&top"), m_generate, &GeneratePage::stopSpeaking);
    stop->setShortcut(QKeySequence(Qt::Key_Escape));
    stop->setShortcutContext(Qt::WidgetShortcut);

    QMenu *settings = menuBar()->addMenu(tr("Se&ttings"));
    m_meter = settings->addAction(tr("&Bill the studio's own speech to an account"));
    m_meter->setObjectName(QStringLiteral("meterDesktop"));
    m_meter->setCheckable(true);
    m_meter->setStatusTip(tr("For a studio shared by several people: speech and project renders made here are billed "
                             "to the account chosen at the top. Previews stay free."));
    connect(m_meter, &QAction::toggled, this, &MainWindow::setMeterDesktop);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *keys = help->addAction(tr("&Keyboard shortcuts"), this, &MainWindow::showShortcuts);
    keys->setShortcut(QKeySequence::HelpContents);
    help->addAction(StudioIcons::themed(QStringLiteral("help-browser"), QStyle::SP_DialogHelpButton),
                    tr("&API documentation"), this, &MainWindow::openApiDocs);
    help->addAction(StudioIcons::themed(QStringLiteral("network-server"), QStyle::SP_DriveNetIcon),
                    tr("API &server address…"), this, &MainWindow::showServerUrl);
    help->addSeparator();
    help->addAction(StudioIcons::themed(QStringLiteral("help-about"), QStyle::SP_MessageBoxInformation),
                    tr("&About TTS Studio"), this, &MainWindow::showAbout);
}

void MainWindow::fillRecentProjects()
{
    m_recentMenu->clear();
    const QStringList recent = m_projects->recentProjects();
    for (const QString &path : recent)
        m_recentMenu->addAction(QFileInfo(path).completeBaseName(), this, [this, path] {
            showPage(Projects);
            m_projects->openProject(path);
        })->setToolTip(QDir::toNativeSeparators(path));
    m_recentMenu->setToolTipsVisible(true);
    if (recent.isEmpty())
        m_recentMenu->addAction(tr("No projects yet"))->setEnabled(false);
}

// Saved with the data dir, off the GUI thread; the pages follow the context at once.
void MainWindow::setMeterDesktop(bool on)
{
    m_context.setMeterDesktop(on);
    const StudioSettings settings = m_context.services().studioSettings();
    m_context.run(this, [settings, on] {
        StudioSettings s = settings;
        s.setMeterDesktop(on);
        return true;
    }, [](bool) {});
}

// Unmetered, no account is chosen for the desktop user's work: the picker goes.
void MainWindow::showMetering(bool meterDesktop)
{
    for (QAction *a : std::as_const(m_accountActions))
        a->setVisible(meterDesktop);
    const QSignalBlocker block(m_meter);
    m_meter->setChecked(meterDesktop);
}

QList<std::pair<QString, QString>> MainWindow::shortcutRows()
{
    const auto keys = [](const QKeySequence &k) { return k.toString(QKeySequence::NativeText); };
    return {
        {keys(QKeySequence(Qt::CTRL | Qt::Key_Return)) + QStringLiteral(", ") + keys(QKeySequence(Qt::CTRL | Qt::Key_Enter)),
         tr("Speak the text")},
        {keys(QKeySequence(Qt::Key_Escape)), tr("Stop generating and playing")},
        {keys(QKeySequence(Qt::CTRL | Qt::Key_Space)), tr("Pause or play again")},
        {keys(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V)),
         tr("Replace the text with the clipboard's")},
        {keys(QKeySequence(QKeySequence::Open)), tr("Open a text file")},
        {keys(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)), tr("Save the speech as WAV or MP3")},
        {keys(QKeySequence(QKeySequence::Save)), tr("History: save the selected generation's audio")},
        {keys(QKeySequence(QKeySequence::Delete)),
         tr("History, Voices: delete the selected generation or custom voice")},
        {keys(QKeySequence(Qt::CTRL | Qt::Key_R)), tr("Projects: render the project")},
        {keys(QKeySequence(Qt::CTRL | Qt::Key_Z)), tr("Projects: undo the last edit")},
        {keys(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)) + QStringLiteral(", ") + keys(QKeySequence(Qt::CTRL | Qt::Key_Y)),
         tr("Projects: redo")},
        {keys(QKeySequence::HelpContents), tr("Show these shortcuts")},
        {keys(QKeySequence(Qt::CTRL | Qt::Key_Q)), tr("Quit")},
    };
}

void MainWindow::showShortcuts()
{
    const auto rows = shortcutRows();
    QString html = QStringLiteral("<table cellspacing='6'>");
    for (const auto &[key, what] : rows)
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(key.toHtmlEscaped(), what.toHtmlEscaped());
    html += QStringLiteral("</table><p>%1</p>").arg(tr("Click the waveform to play from that point.").toHtmlEscaped());
    QMessageBox box(QMessageBox::NoIcon, tr("Keyboard shortcuts"), html, QMessageBox::Close, this);
    box.setObjectName(QStringLiteral("shortcutsDialog"));
    box.setTextFormat(Qt::RichText);
    box.exec();
}

void MainWindow::showServerUrl()
{
    ServerControl *server = m_context.server();
    if (!server || !server->isRunning()) {
        QMessageBox::information(this, tr("API server"),
                                 tr("The API server is not running. Start it with the button at the top of the window."));
        return;
    }
    const QString url = server->baseUrl();
    QMessageBox box(QMessageBox::Information, tr("API server"),
                    tr("The API server listens at:\n%1\n\nClients send an API key (API keys page) in the x-api-key header.")
                        .arg(url),
                    QMessageBox::Close, this);
    QPushButton *copy = box.addButton(tr("Copy address"), QMessageBox::ActionRole);
    box.exec();
    if (box.clickedButton() == copy)
        QApplication::clipboard()->setText(url);
}

// The API's description (OpenAPI) as the running server serves it.
void MainWindow::openApiDocs()
{
    ServerControl *server = m_context.server();
    if (!server || !server->isRunning()) {
        showServerUrl();
        return;
    }
    QDesktopServices::openUrl(QUrl(server->baseUrl() + QStringLiteral("/openapi.json")));
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About TTS Studio"),
                       tr("<h3>TTS Studio %1</h3><p>Text to speech on this computer: the studio, an HTTP and "
                          "WebSocket API and the command line, on one engine.</p>")
                           .arg(QApplication::applicationVersion().toHtmlEscaped()));
}
